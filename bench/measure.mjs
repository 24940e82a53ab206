// Small helpers shared by the benchmarks: timing of child processes and gzip sizes.
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

export const gzipBytes = (text) => gzipSync(text, { level: 9 }).length;

export const verdict = (ok) => (ok ? 'goal met' : 'GOAL MISSED');
