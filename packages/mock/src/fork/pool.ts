// At most a few reads of the upstream at a time: a call may name a thousand addresses, a fork of
// mainnet starts with a thousand validators, and an upstream is a server someone else runs.

/** Requests in flight to the upstream from one batch of reads. */
const MAX_PARALLEL_READS = 8;

/** `fn` over `items`, at most `limit` at once, results in the items' order; the first failure is thrown once all started ones settle. */
export async function mapLimited<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>, limit = MAX_PARALLEL_READS): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
