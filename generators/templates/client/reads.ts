// @about
// Template of the client's generated/reads.ts (client plugin). Hole: the reads, one per line.
// @end about
// The methods a retry may send twice: every method of the document not marked `x-mutating`.
// An allow-list, so that a name the document does not know (another letter case, a method the
// server has and the document lacks) is never retried. Loaded on the first failure only.

export const reads: ReadonlySet<string> = new Set([
  // @hole reads
  'ledger.getBalance',
  'shard_height',
  // @end reads
]);
