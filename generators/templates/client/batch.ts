// JSON-RPC batches (loaded on first use): calls grouped by endpoint, split at `maxBatchSize`,
// answers matched by id, one result or error per call, in the order of the calls.
import type { BatchItem, CoreParts, RequestOptions } from './client.js';
import { answerText, envelope, finish, parse, prepare, retrying, unreadable } from './complete.js';
import type { AvanodeError } from './errors.js';

export async function batch(parts: CoreParts, calls: ReadonlyArray<{ method: string; params?: unknown }>, options?: RequestOptions): Promise<BatchItem[]> {
  const items: BatchItem[] = new Array(calls.length);
  const groups = new Map<string, number[]>();
  for (const [index, { method }] of calls.entries()) {
    try {
      const url = parts.url(method, options);
      groups.set(url, [...(groups.get(url) ?? []), index]);
    } catch (error) {
      items[index] = { ok: false, error: error as AvanodeError };
    }
  }
  const size = Math.max(1, parts.config.maxBatchSize ?? 100);
  for (const [url, indexes] of groups) {
    for (let start = 0; start < indexes.length; start += size) {
      const requests: Array<{ index: number; id: number; method: string; paramsJson: string }> = [];
      for (const index of indexes.slice(start, start + size)) {
        const { method, params } = calls[index]!;
        try {
          requests.push({ index, id: parts.nextId(), method, paramsJson: await prepare(parts, method, params) });
        } catch (error) {
          items[index] = { ok: false, error: error as AvanodeError };
        }
      }
      if (requests.length === 0) continue;
      const once = requests.some((r) => parts.definition.mutating.includes(r.method));
      try {
        const body = `[${requests.map(({ id, method, paramsJson }) => parts.body(id, method, paramsJson)).join(',')}]`;
        const text = await retrying(
          parts,
          async () => answerText(parts, await parts.exchange(url, { method: 'POST', headers: parts.headers, body }, options), undefined, options, (s) => s >= 200 && s < 300),
          once,
          options?.signal,
        );
        const answers = parse(parts, text, undefined);
        if (!Array.isArray(answers)) throw unreadable(parts, 'a batch must be answered with a list', text, undefined);
        const byId = new Map(answers.map((answer) => [(answer as { id?: unknown } | null)?.id, answer]));
        for (const { index, id, method } of requests) {
          try {
            if (!byId.has(id)) throw unreadable(parts, `no answer with id ${id} in the batch`, text, method);
            items[index] = { ok: true, result: await finish(parts, method, envelope(parts, byId.get(id), id, method, text)) };
          } catch (error) {
            items[index] = { ok: false, error: error as AvanodeError };
          }
        }
      } catch (error) {
        if (options?.signal?.aborted) throw error;
        for (const { index } of requests) items[index] = { ok: false, error: error as AvanodeError };
      }
    }
  }
  return items;
}
