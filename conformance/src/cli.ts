// `pnpm conformance [--corpus dir …]`: replays every recording, prints the tables and the
// total, and exits 1 when a current (not historical) recording fails.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultCorpora } from './corpus.ts';
import { formatReport, runConformance } from './report.ts';

const { values } = parseArgs({ options: { corpus: { type: 'string', multiple: true } } });
const corpora = [...defaultCorpora(), ...(values.corpus ?? []).map((dir) => resolve(dir))];
const reports = await runConformance(corpora);
console.log(formatReport(reports));
process.exitCode = reports.some((r) => r.failed && !r.recording.historical) ? 1 : 0;
