// Several calls at once (loaded on first use), one result or error per call, in the order of the
// calls. Calls are grouped by endpoint. An endpoint that takes JSON-RPC batch arrays (the
// document says which) gets them, split at `maxBatchSize`, answers matched by id. The others
// (many JSON-RPC servers decode a body as one request object and answer an array with an error)
// get their calls as single requests, a few at a time.
import { call } from './call.js';
import type { AvanodeError } from './errors.js';
import { answerText, at, envelope, finish, parse, prepare, retrying, send, unreadable, urlOf } from './steps.js';
import type { BatchItem, CoreParts, RequestOptions } from './types.js';

/** Single requests in flight at once for an endpoint without batches: a browser allows about 6 connections per origin. */
const CONCURRENCY = 6;

type Call = { method: string; params?: unknown };

export async function batch(parts: CoreParts, calls: ReadonlyArray<Call>, options?: RequestOptions): Promise<BatchItem[]> {
  const items: BatchItem[] = new Array(calls.length);
  const fail = (index: number, error: unknown) => (items[index] = { ok: false, error: error as AvanodeError });
  const groups = new Map<string, { batches: boolean; indexes: number[] }>();
  for (const [index, { method }] of calls.entries()) {
    try {
      const url = urlOf(parts, method, options);
      const group = groups.get(url) ?? { batches: parts.route(method)[3] === true, indexes: [] };
      group.indexes.push(index);
      groups.set(url, group);
    } catch (error) {
      fail(index, error);
    }
  }
  const work: Array<Promise<void>> = [];
  for (const [url, { batches, indexes }] of groups) {
    if (!batches) {
      let next = 0;
      const worker = async () => {
        while (next < indexes.length) {
          const index = indexes[next++]!;
          const { method, params } = calls[index]!;
          try {
            items[index] = { ok: true, result: await call(parts, method, params, options) };
          } catch (error) {
            fail(index, error);
          }
        }
      };
      for (let i = 0; i < Math.min(CONCURRENCY, indexes.length); i++) work.push(worker());
      continue;
    }
    const size = parts.config.maxBatchSize ?? 100;
    for (let start = 0; start < indexes.length; start += size) work.push(sendBatch(parts, url, calls, indexes.slice(start, start + size), items, options));
  }
  await Promise.all(work);
  // An abort rejects the whole batch, as it would a single call.
  if (options?.signal?.aborted) throw options.signal.reason;
  return items;
}

/** One JSON-RPC batch array: the answers matched to the calls by id. */
async function sendBatch(parts: CoreParts, url: string, calls: ReadonlyArray<Call>, indexes: number[], items: BatchItem[], options: RequestOptions | undefined): Promise<void> {
  const requests: Array<{ index: number; id: number; method: string; paramsJson: string }> = [];
  for (const index of indexes) {
    const { method, params } = calls[index]!;
    try {
      requests.push({ index, id: parts.nextId(), method, paramsJson: await prepare(parts, method, params) });
    } catch (error) {
      items[index] = { ok: false, error: error as AvanodeError };
    }
  }
  if (requests.length === 0) return;
  try {
    const body = `[${requests.map(({ id, method, paramsJson }) => parts.body(id, method, paramsJson)).join(',')}]`;
    const methods = requests.map((r) => r.method);
    const count = { n: 0 };
    const { text, byId } = await retrying(
      parts,
      async (_n, base) => {
        const exchange = await send(parts, at(parts, url, base), { method: 'POST', headers: parts.headers, body }, options, methods.join(), count);
        const text = answerText(parts, exchange, undefined, options, (s) => s >= 200 && s < 300);
        return { text, byId: matchAnswers(parse(parts, text, undefined), requests, text) };
      },
      methods,
      options?.signal,
    );
    for (const { index, id, method } of requests) {
      try {
        if (!byId.has(id)) throw unreadable(`no answer with id ${id} in the batch`, text, method);
        items[index] = { ok: true, result: await finish(parts, method, envelope(byId.get(id), id, method, text)) };
      } catch (error) {
        items[index] = { ok: false, error: error as AvanodeError };
      }
    }
  } catch (error) {
    for (const { index } of requests) items[index] = { ok: false, error: error as AvanodeError };
  }
}

/**
 * The answers by id. A batch refused as a whole comes back as one error object (each call gets
 * it); an answer whose id is not one of the batch's, or that repeats one, makes the whole answer
 * untrustworthy: no result is taken from it.
 */
function matchAnswers(answers: unknown, requests: ReadonlyArray<{ id: number; method: string }>, text: string): Map<unknown, unknown> {
  if (!Array.isArray(answers)) {
    if ((answers as { error?: unknown } | null)?.error != null) envelope(answers, NaN, requests[0]!.method, text);
    throw unreadable('a batch must be answered with a list', text, undefined);
  }
  const sent = new Set(requests.map((r) => r.id));
  const byId = new Map<unknown, unknown>();
  for (const answer of answers) {
    const id = (answer as { id?: unknown } | null)?.id;
    if (!sent.has(id as number)) throw unreadable(`the batch answer holds id ${JSON.stringify(id)}, which no call of the batch had`, text, undefined);
    if (byId.has(id)) throw unreadable(`the batch answer holds id ${id} twice`, text, undefined);
    byId.set(id, answer);
  }
  return byId;
}
