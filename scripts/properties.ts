// Settings shared by the property-based tests: a fixed seed and a stated number of cases in
// CI; `pnpm fuzz` (AVANODE_FUZZ=20) runs twenty times as many, and AVANODE_FUZZ_SEED picks
// another seed to explore.
import type fc from 'fast-check';

const multiplier = Number(process.env.AVANODE_FUZZ ?? 1) || 1;
export const SEED = Number(process.env.AVANODE_FUZZ_SEED ?? 20261121);

/** fast-check parameters for a property run `ciRuns` times in CI. */
export const runs = (ciRuns: number): fc.Parameters<unknown> => ({ numRuns: ciRuns * multiplier, seed: SEED, endOnFailure: true });

/** Case counts per property, printed at the end of a run for docs/robustness.md. */
export const caseCounts = new Map<string, number>();
export function counted<T>(name: string, ciRuns: number): fc.Parameters<T> {
  caseCounts.set(name, ciRuns * multiplier);
  return runs(ciRuns) as fc.Parameters<T>;
}
