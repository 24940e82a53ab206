// `pnpm bench [--quick]`: every benchmark in turn; a full run also writes docs/benchmarks.md.
// --quick is the smoke test CI runs: tiny iteration counts, failing only on errors.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { quick } from './measure.mjs';

const modules = ['generate.mjs', 'sizes.mjs', 'client-overhead.mjs', 'client-http.mjs', 'validators.mjs', 'mock-throughput.mjs', 'codec.mjs'];
const sections = [];
for (const file of modules) {
  const { run } = await import(`./${file}`);
  const section = await run();
  console.log(`\n${section.title}`);
  for (const line of section.lines) console.log(`  ${line}`);
  sections.push(section);
}

if (!quick) {
  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}`;
  const text = [
    '# Benchmarks',
    '',
    'Written by `pnpm bench`. Every figure is set against a baseline measured in the same run.',
    '',
    `- Machine: ${machine}`,
    `- Node: ${process.version}`,
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    '',
    // Lines indented by two spaces are the details of the line before: nested items.
    ...sections.flatMap((s) => [`## ${s.title}`, '', ...s.lines.map((l) => (l.startsWith('  ') ? `  - ${l.trim()}` : `- ${l}`)), '']),
  ].join('\n');
  writeFileSync(join(import.meta.dirname, '..', 'docs', 'benchmarks.md'), text);
  console.log('\nwrote docs/benchmarks.md');
}
