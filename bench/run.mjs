// `pnpm bench [--quick] [--only codec,sizes]`: every benchmark in turn; a full run writes its
// figures as data (bench/results.json), then renders docs/benchmarks.md and the README's open
// goals from it (bench/report.mjs). --quick is the smoke test CI runs: tiny iteration counts,
// failing only on errors, writing nothing. --only runs the named ones (file names without .mjs)
// and replaces their sections in bench/results.json, keeping the others as the last run wrote them.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { quick } from './measure.mjs';
import { problemsOf, RESULTS, readResults, rowLine, writeReports } from './report.mjs';

const all = ['generate.mjs', 'generate-large.mjs', 'sizes.mjs', 'client-overhead.mjs', 'client-http.mjs', 'validators.mjs', 'mock-throughput.mjs', 'codec.mjs', 'codec-crafted.mjs', 'wallet.mjs', 'cchain.mjs', 'fork-upstream.mjs'];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',').map((name) => `${name}.mjs`) : undefined;
const unknown = only?.filter((file) => !all.includes(file)) ?? [];
if (only && (only.length === 0 || unknown.length > 0)) {
  console.error(`--only takes benchmark names, comma-separated, from: ${all.map((f) => f.replace('.mjs', '')).join(', ')}${unknown.length ? ` (not: ${unknown.join(', ')})` : ''}`);
  process.exit(2);
}
const sections = [];
for (const file of only ?? all) {
  const { run } = await import(`./${file}`);
  const section = await run();
  console.log(`\n${section.title}`);
  for (const row of section.rows) console.log(`  ${rowLine(row)}`);
  sections.push(section);
}

const cpu = cpus();
const run = {
  machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}`,
  node: process.version,
  date: new Date().toISOString().slice(0, 10),
};
// Each section replaces the one of the same id (the machine, Node and date stay those of the last
// full run); a full run replaces them all.
// A section the file does not have yet (a new benchmark) is added after the others.
const previous = only ? readResults().sections : [];
const kept = previous.map((old) => sections.find((s) => s.id === old.id) ?? old);
const results = only ? { ...readResults(), sections: [...kept, ...sections.filter((s) => !kept.includes(s))] } : { ...run, sections };
const problems = problemsOf(results);
if (problems.length) throw new Error(`the benchmarks' results are not well formed:\n${problems.join('\n')}`);

if (quick) console.log('\nquick run: figures well formed, nothing written');
else {
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  writeReports(results);
  console.log(`\nwrote bench/results.json (${only ? `sections ${sections.map((s) => s.id).join(', ')}` : 'every section'}), docs/benchmarks.md and README.md's open goals`);
}
