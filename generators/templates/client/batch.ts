// JSON-RPC batches (loaded on first use): calls grouped by endpoint, split at `maxBatchSize`,
// answers matched by id, one result or error per call, in the order of the calls.
import type { AvanodeError } from './errors.js';
import { ResponseParseError } from './errors.js';
import { toJson } from './json.js';
import type { BatchItem, CoreParts, RequestOptions } from './client.js';

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
      const requests: Array<{ index: number; id: number; method: string; params: unknown }> = [];
      for (const index of indexes.slice(start, start + size)) {
        const { method, params } = calls[index]!;
        try {
          requests.push({ index, id: parts.nextId(), method, params: await parts.prepare(method, params) });
        } catch (error) {
          items[index] = { ok: false, error: error as AvanodeError };
        }
      }
      if (requests.length === 0) continue;
      const once = requests.some((r) => parts.mutating.includes(r.method));
      try {
        const body = await toJson(requests.map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, params })));
        const { text } = await parts.retrying(() => parts.exchange(url, { method: 'POST', headers: parts.headers, body }, undefined, options, (s) => s >= 200 && s < 300), once, options?.signal);
        const answers = await parts.parse(text, undefined);
        if (!Array.isArray(answers)) throw new ResponseParseError('a batch must be answered with a list', text.slice(0, 512), undefined);
        const byId = new Map(answers.map((answer) => [(answer as { id?: unknown } | null)?.id, answer]));
        for (const { index, id, method } of requests) {
          try {
            if (!byId.has(id)) throw new ResponseParseError(`no answer with id ${id} in the batch`, text.slice(0, 512), method);
            items[index] = { ok: true, result: await parts.finish(method, parts.envelope(byId.get(id), id, method, text)) };
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
