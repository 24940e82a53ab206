// `pnpm bench [--quick] [--only codec,sizes]`: every benchmark in turn; a full run also writes
// docs/benchmarks.md. --quick is the smoke test CI runs: tiny iteration counts, failing only on
// errors. --only runs the named ones (file names without .mjs) and replaces their sections in
// docs/benchmarks.md, keeping the others as the last full run wrote them.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { quick } from './measure.mjs';

const all = ['generate.mjs', 'sizes.mjs', 'client-overhead.mjs', 'client-http.mjs', 'validators.mjs', 'mock-throughput.mjs', 'codec.mjs', 'wallet.mjs'];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',').map((name) => `${name}.mjs`) : undefined;
const unknown = only?.filter((file) => !all.includes(file)) ?? [];
if (only && (only.length === 0 || unknown.length > 0)) {
  console.error(`--only takes benchmark names, comma-separated, from: ${all.map((f) => f.replace('.mjs', '')).join(', ')}${unknown.length ? ` (not: ${unknown.join(', ')})` : ''}`);
  process.exit(2);
}
const modules = only ?? all;
const sections = [];
for (const file of modules) {
  const { run } = await import(`./${file}`);
  const section = await run();
  console.log(`\n${section.title}`);
  for (const line of section.lines) console.log(`  ${line}`);
  sections.push(section);
}

/** A section as docs/benchmarks.md holds it: lines indented by two spaces are nested items. */
const sectionText = (s) => [`## ${s.title}`, '', ...s.lines.map((l) => (l.startsWith('  ') ? `  - ${l.trim()}` : `- ${l}`)), ''].join('\n');
const target = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');

if (!quick && only) {
  // Each new section replaces the one of the same title (the text up to the next `## `).
  let text = readFileSync(target, 'utf8');
  for (const section of sections) {
    const start = text.indexOf(`## ${section.title}\n`);
    if (start < 0) throw new Error(`docs/benchmarks.md has no section '${section.title}': run the full \`pnpm bench\``);
    const next = text.indexOf('\n## ', start + 3);
    text = text.slice(0, start) + sectionText(section) + (next < 0 ? '' : `\n${text.slice(next + 1)}`);
  }
  writeFileSync(target, text.endsWith('\n') ? text : `${text}\n`);
  console.log(`\nreplaced ${sections.map((s) => `'${s.title}'`).join(', ')} in docs/benchmarks.md`);
} else if (!quick) {
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
    ...sections.map(sectionText),
  ].join('\n');
  writeFileSync(target, text);
  console.log('\nwrote docs/benchmarks.md');
}
