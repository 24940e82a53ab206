// @about
// Template of the client's generated/uint64-paths.ts (client plugin). Hole: one entry per method
// or HTTP endpoint whose answer holds 64-bit integers.
// @end about
// Where each result holds 64-bit integers (schemas marked x-uint64), for `bigint: true`: dot
// paths, `*` for every element of a list or value of a map, `''` for the result itself.
// Loaded on first use only, so clients without bigint do not carry it.

export { toBigints } from './core/bigint.js';

export const uint64Paths: Readonly<Record<string, readonly string[]>> = {
  // @hole paths
  'ledger.getBalance': ['amount', 'holds.*'],
  'shard_height': [''],
  // @end paths
};
