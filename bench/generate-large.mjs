// Generation from large foreign documents (`avanode-gen --spec`), each run in a process of its
// own on a throwaway copy of the generator whose disk cache is emptied first (cold), its wall time
// and peak RSS taken, against the floor of starting Node (`node -e 0`) in the same run:
// - Filecoin's Lotus API (generators/test/real-documents/filecoin-lotus: 240 methods), every
//   package and the docs reference written; goal < 3 s;
// - the synthetic document of large-document.mjs at the most methods a document may have
//   (MAX_METHODS in generators/src/model.ts), goal < 60 s and < 1 GB;
// - the same document at 10,000 methods, which is refused in one line, goal: at once, < 1 GB.
// `--quick` (the suite's smoke test) takes 10 and 3,000 methods, and a 16-method real document once.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectCopy } from './generate.mjs';
import { largeDocument } from './large-document.mjs';
import { fixed, median, medianRunMs, quick, rounded, runAlone } from './measure.mjs';

const root = join(import.meta.dirname, '..');
/** The largest document a run generates (generators/src/model.ts MAX_METHODS). */
const MAX_METHODS = 2500;

// Prints the process's peak RSS and CPU time when it exits, for the parent to read from stderr
// (CPU time says what wall time means on a machine whose cores other work shares).
const PEAK_RSS = `data:text/javascript,${encodeURIComponent('process.on("exit", () => { const u = process.resourceUsage(); process.stderr.write("\\npeak-rss-kb " + u.maxRSS + " cpu-us " + (u.userCPUTime + u.systemCPUTime) + "\\n"); });')}`;

/** Wall ms, peak RSS (MB), exit status and stderr of one cold `avanode-gen --spec <spec> --out <out>` of the copy at `dir`. */
function coldRun(dir, spec, out) {
  rmSync(join(dir, 'generators', 'dist', 'avanode-gen', 'cache'), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', PEAK_RSS, join(dir, 'generators', 'bin', 'avanode-gen.mjs'), '--spec', spec, '--out', out, '--scope', '@large'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 600_000 });
  const ms = performance.now() - started;
  const rss = /peak-rss-kb (\d+) cpu-us (\d+)/.exec(result.stderr ?? '');
  if (!rss) throw new Error(`bench/generate-large: no peak RSS from ${spec}: ${result.error?.message ?? result.stderr}`);
  return { ms, cpuMs: Number(rss[2]) / 1000, rssMb: Number(rss[1]) / 1024, status: result.status, stderr: result.stderr.replace(/\npeak-rss-kb .*\n/, '').trim() };
}

export async function run() {
  const dir = projectCopy();
  const work = mkdtempSync(join(tmpdir(), 'avanode-bench-large-'));
  try {
    const floor = medianRunMs(['-e', '0'], quick ? 1 : 5);
    // The first run bundles the copy's sources (bin/avanode-gen.mjs): not part of any figure.
    execFileSync(process.execPath, [join(dir, 'generators', 'bin', 'avanode-gen.mjs'), '--help'], { stdio: 'ignore' });
    const startUp = { name: 'node start-up (`node -e 0`)', value: rounded(floor), unit: 'ms' };

    // --quick (the suite's smoke test) takes a small real document instead: it checks the benchmark runs, not the figure.
    const filecoin = join(root, 'generators', 'test', 'real-documents', quick ? 'jam' : 'filecoin-lotus', 'openrpc.json');
    const filecoinRuns = Array.from({ length: quick ? 1 : 3 }, () => coldRun(dir, filecoin, join(work, 'filecoin')));
    for (const r of filecoinRuns) if (r.status !== 0) throw new Error(`bench/generate-large: Filecoin's document did not generate:\n${r.stderr}`);
    const filecoinMs = median(filecoinRuns.map((r) => r.ms));

    const accepted = quick ? 10 : MAX_METHODS;
    const acceptedSpec = join(work, `synthetic-${accepted}.json`);
    writeFileSync(acceptedSpec, JSON.stringify(largeDocument(accepted)));
    const big = coldRun(dir, acceptedSpec, join(work, 'accepted'));
    if (big.status !== 0) throw new Error(`bench/generate-large: the ${accepted}-method document did not generate:\n${big.stderr}`);

    const refused = quick ? 3000 : 10_000;
    const refusedSpec = join(work, `synthetic-${refused}.json`);
    writeFileSync(refusedSpec, JSON.stringify(largeDocument(refused)));
    const over = coldRun(dir, refusedSpec, join(work, 'refused'));
    const lines = over.stderr.split('\n').filter(Boolean);
    if (over.status !== 1 || lines.length !== 1 || !lines[0].includes(`${refused} methods`) || !lines[0].includes(`at most ${MAX_METHODS}`)) throw new Error(`bench/generate-large: the ${refused}-method document was not refused in one line:\n${over.stderr}`);

    return {
      id: 'generate-large',
      title: 'Generation from large documents',
      about: 'avanode-gen --spec in a process of its own, cold (its disk cache emptied), every package and the docs reference written; peak RSS from the process itself.',
      rows: [
        {
          figure: quick ? 'JAM RPC document (16 methods; cold, once)' : `Filecoin's Lotus API document (240 methods, 1.2 MB; cold, median of ${filecoinRuns.length})`,
          value: rounded(filecoinMs), unit: 'ms', detail: `CPU ${fixed(median(filecoinRuns.map((r) => r.cpuMs)), 0)} ms; peak RSS ${fixed(Math.max(...filecoinRuns.map((r) => r.rssMb)), 0)} MB`,
          baseline: startUp, ratio: { value: rounded(filecoinMs / floor, 1), of: 'the start-up' },
          goal: { op: '<', value: 3000, unit: 'ms' }, met: filecoinMs < 3000,
        },
        {
          figure: `synthetic document of ${accepted.toLocaleString('en-US')} methods${quick ? '' : ', the most a document may have'} (cold, once)`,
          value: rounded(big.ms), unit: 'ms', detail: `CPU ${fixed(big.cpuMs, 0)} ms; peak RSS ${fixed(big.rssMb, 0)} MB (goal < 1,024 MB: ${big.rssMb < 1024 ? 'met' : 'missed'})`,
          baseline: startUp, ratio: { value: rounded(big.ms / floor, 1), of: 'the start-up' },
          goal: { op: '<', value: 60_000, unit: 'ms' }, met: big.ms < 60_000 && big.rssMb < 1024,
        },
        {
          figure: `synthetic document of ${refused.toLocaleString('en-US')} methods: refused in one line (once)`,
          value: rounded(over.ms), unit: 'ms', detail: `CPU ${fixed(over.cpuMs, 0)} ms; peak RSS ${fixed(over.rssMb, 0)} MB; "${lines[0].replace(/^.*?#\/methods: /, '#/methods: ')}"`,
          baseline: startUp, ratio: { value: rounded(over.ms / floor, 1), of: 'the start-up' },
          goal: { op: '<', value: 60_000, unit: 'ms' }, met: over.ms < 60_000 && over.rssMb < 1024,
        },
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/generate-large.mjs [--quick]` runs this benchmark alone (`pnpm bench` runs them all).
await runAlone(import.meta.url, run);
