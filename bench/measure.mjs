// Helpers shared by the benchmarks: timing, gzip sizes, and the quick (smoke) mode.
import { execFileSync } from 'node:child_process';
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
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Median time per call (ms) of an async function, over rounds of `iterations` calls. */
export async function timePerCall(fn, iterations, rounds = quick ? 1 : 7) {
  for (let i = 0; i < Math.min(50, iterations); i++) await fn();
  const results = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await fn();
    results.push((performance.now() - started) / iterations);
  }
  results.sort((a, b) => a - b);
  return results[Math.floor(results.length / 2)];
}

/**
 * Median time per call (ms) of each function, timed in alternating rounds (a round of each, then
 * again), so that drift during the run (CPU clock, heap growth, a neighbour's load) falls on all
 * of them alike rather than on whichever ran last.
 */
export async function timeAlternating(fns, iterations, rounds = quick ? 1 : 9) {
  for (const fn of fns) for (let i = 0; i < Math.min(20, iterations); i++) await fn();
  const results = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [k, fn] of fns.entries()) {
      const started = performance.now();
      for (let i = 0; i < iterations; i++) await fn();
      results[k].push((performance.now() - started) / iterations);
    }
  }
  return results.map((times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]);
}

export const gzipBytes = (text) => gzipSync(text, { level: 9 }).length;

export const verdict = (ok) => (ok ? 'goal met' : 'GOAL MISSED');

export const fixed = (n, digits = 2) => Number(n).toFixed(digits);
