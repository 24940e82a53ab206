// Helpers shared by the benchmarks: timing, gzip sizes, and the quick (smoke) mode.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const quick = process.argv.includes('--quick');

/** Median wall time in ms of running `node args…` `runs` times. */
export function medianRunMs(args, runs, options = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    execFileSync(process.execPath, args, { stdio: 'ignore', ...options });
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Median time per call (ms) of an async function, over rounds of `iterations` calls. */
export const timePerCall = async (fn, iterations, rounds = quick ? 1 : 7) => median((await alternatingRounds([fn], rounds, iterations))[0]);

/**
 * Median time per call (ms) of each function, timed in alternating rounds (a round of each, then
 * again), so that drift during the run (CPU clock, heap growth, a neighbour's load) falls on all
 * of them alike rather than on whichever ran last.
 */
export const timeAlternating = async (fns, iterations, rounds = quick ? 1 : 9) => (await alternatingRounds(fns, rounds, iterations)).map(median);

/**
 * Time per call (ms) of each function in each of `rounds` short rounds of `perRound` calls,
 * taken in turn (a round of each, then again) after a warm-up: `times[k][r]`. Compare two
 * functions with `medianRatio`, round by round, so that drift during the run (CPU clock, heap
 * growth, garbage collection, a neighbour's load) falls on both sides of each ratio alike.
 */
export async function alternatingRounds(fns, rounds, perRound) {
  for (const fn of fns) for (let i = 0; i < Math.min(perRound, 50); i++) await fn();
  const times = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [k, fn] of fns.entries()) {
      const started = performance.now();
      for (let i = 0; i < perRound; i++) await fn();
      times[k].push((performance.now() - started) / perRound);
    }
  }
  return times;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median over the rounds of `a`'s time against `b`'s in the same round. */
export const medianRatio = (a, b) => median(a.map((t, r) => t / b[r]));

export const gzipBytes = (text) => gzipSync(text, { level: 9 }).length;

export const fixed = (n, digits = 2) => Number(n).toFixed(digits);

/** A figure rounded as the results keep it (`digits` decimals), a number again. */
export const rounded = (n, digits = 0) => Number(Number(n).toFixed(digits));

/** Marks the JSON a `--child` run prints for its parent (`onNode`). */
const CHILD_MARK = 'avanode-bench-child:';

/** What a benchmark run with `--child` prints: its rows, for the parent that ran it. */
const childOutput = (rows) => CHILD_MARK + JSON.stringify({ rows });

/**
 * The benchmark at `moduleUrl` run again under Node `major` (the registry's `node` package
 * through npx, as CI gets it) with `--child`; its rows (each naming that Node version), or none
 * when that Node cannot be had (said on stderr).
 */
function onNode(major, moduleUrl) {
  const result = spawnSync('npx', ['-y', '-p', `node@${major}`, 'node', fileURLToPath(moduleUrl), '--child'], { encoding: 'utf8', timeout: 600_000 });
  const start = result.stdout?.indexOf(CHILD_MARK) ?? -1;
  if (result.status !== 0 || start < 0) {
    console.error(`on Node ${major}: not measured (${(result.stderr || result.error?.message || 'no output').trim().split('\n').pop()})`);
    return [];
  }
  return JSON.parse(result.stdout.slice(start + CHILD_MARK.length)).rows;
}

/**
 * The rows of the benchmark at `moduleUrl` measured again on the other Node lines (a full run of
 * the parent only: not in --quick, not inside a child run).
 */
export function onOtherNodes(moduleUrl) {
  if (quick || process.argv.includes('--child')) return [];
  const major = Number(process.versions.node.split('.')[0]);
  return [20, 22, 24, 26].filter((v) => v !== major).flatMap((other) => onNode(other, moduleUrl));
}

/** Deterministic pseudo-random bytes (xorshift32 from `seed`), so every run measures the same data. */
export function seededBytes(seed) {
  let state = seed;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      out[i] = state & 0xff;
    }
    return out;
  };
}

/**
 * `node bench/<file>.mjs [--quick] [--child]`: one benchmark alone (after `pnpm build`), its
 * rows printed, nothing written; with `--child`, as JSON for the parent run (`onNode`).
 */
export async function runAlone(moduleUrl, run) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const section = await run();
  if (process.argv.includes('--child')) console.log(childOutput(section.rows));
  else {
    const { rowLine } = await import('./report.mjs');
    console.log(section.title);
    for (const row of section.rows) console.log(`  ${rowLine(row)}`);
  }
}
