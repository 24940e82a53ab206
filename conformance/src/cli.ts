// `avanode conformance [--corpus dir …]` (and `pnpm conformance`): replays every recording, prints
// the tables and the total, and exits 1 when a current (not historical) recording fails.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultCorpora } from './corpus.ts';
import { formatReport, runConformance } from './report.ts';

const usage = `usage: avanode conformance [--corpus <dir> …]
  Replays every recorded exchange (../shared/recordings, conformance/recordings, $AVANODE_CORPORA and
  each --corpus) through the validators, the client and the mock node; exit 1 when a current
  recording fails.`;

function parseFlags(argv: string[]) {
  return parseArgs({ args: argv, options: { corpus: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h', default: false } } }).values;
}

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseFlags>;
  try {
    values = parseFlags(argv);
  } catch (error) {
    console.error(`avanode conformance: ${(error as Error).message.split('\n')[0]}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const corpora = [...defaultCorpora(), ...(values.corpus ?? []).map((dir) => resolve(dir))];
  const reports = await runConformance(corpora);
  console.log(formatReport(reports));
  return reports.some((r) => r.failed && !r.recording.historical) ? 1 : 0;
}

// Run directly (`tsx src/cli.ts`, what `pnpm conformance` does) rather than imported by the avanode CLI.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
