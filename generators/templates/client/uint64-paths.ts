// @about
// Template of the client's generated/uint64-paths.ts (client plugin). Hole: one entry per method
// or HTTP endpoint whose answer holds 64-bit integers.
// @end about
// Where each result holds 64-bit integers (schemas marked x-uint64), for `bigint: true`: a tree
// of member names with `1` at each integer (`1` alone: the result itself), `'*'` for every
// element of a list or value of a map. A tree, not dot paths: prefixes shared by many paths (a
// tx's `unsignedTx`) are written once: this module is 1.5 kB min+gzip, where the paths were 2.15 kB.
// Loaded on first use only, so clients without bigint do not carry it.
import type { Uint64Tree } from './core/types.js';

export { toBigints } from './core/bigint.js';

export const uint64Paths: Readonly<Record<string, Uint64Tree>> = {
  // @hole paths
  'ledger.getBalance': { amount: 1, holds: { '*': 1 } },
  'shard_height': 1,
  // @end paths
};
