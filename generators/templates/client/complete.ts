// Everything a call needs beyond the core's common case, loaded on first use: exact JSON for
// bigints and long integers, params validation, telling each failure apart (HTTP status, bad
// body, wrong envelope, timeout, network), retries, result validation and bigint decoding.
// Batches and the HTTP GET endpoints use the same steps.
import type { CoreParts, Exchange, HandedOver, RequestOptions } from './client.js';
import type { AvanodeError } from './errors.js';
import { quoteUnsafeIntegers, stringifyJson } from './lossless.js';
import { retryDelay, sleep } from './retry.js';
import { checkParams, checkResult } from './validation.js';

/** Bodies are quoted in errors up to this many characters: enough to tell a proxy's page from a node's answer. */
const EXCERPT = 512;

/** JSON text of params: JSON.stringify, or the exact writer when they hold a bigint. */
export function toJson(parts: CoreParts, value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    try {
      return stringifyJson(value);
    } catch (error) {
      throw new parts.errors.AvanodeError(`params cannot be written as JSON: ${(error as Error).message}`);
    }
  }
}

/** Params as sent (validated first with `validate`), in JSON. */
export async function prepare(parts: CoreParts, method: string, params: unknown): Promise<string> {
  const value = parts.params(method, params);
  if (parts.config.validate) await checkParams(parts, method, value);
  return toJson(parts, value);
}

/** The body of an answer whose status `accept`s, or the error that says why there is none. */
export function answerText(parts: CoreParts, exchange: Exchange, name: string | undefined, options: RequestOptions | undefined, accept: (status: number) => boolean): string {
  const { HttpError, NetworkError, TimeoutError, AvanodeError } = parts.errors;
  if (options?.signal?.aborted) throw options.signal.reason;
  if (exchange.response) {
    const { status } = exchange.response;
    if (accept(status)) return exchange.text;
    const body = exchange.text.slice(0, EXCERPT);
    throw new HttpError(`HTTP ${status} ${body.slice(0, 100)}`, name, { status, body, retryAfter: exchange.response.headers.get('retry-after') });
  }
  if (exchange.timedOut) throw new TimeoutError(`no answer within ${exchange.timeoutMs} ms`, name, { timeoutMs: exchange.timeoutMs });
  const { error } = exchange;
  if (error instanceof AvanodeError) throw error;
  throw new NetworkError(`network error: ${(error as Error)?.message ?? error}`, name, {}, error);
}

/** A body that is not the answer it should be: why, and its start. */
export const unreadable = (parts: CoreParts, reason: string, text: string, name: string | undefined) =>
  new parts.errors.ResponseParseError(`unreadable response: ${reason}`, name, { reason, body: text.slice(0, EXCERPT) });

/** Parses JSON; an integer token that is not a safe integer becomes its decimal string instead of being rounded. */
export function parse(parts: CoreParts, text: string, name: string | undefined): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw unreadable(parts, `not JSON (${(error as Error).message})`, text, name);
  }
  let unsafe = true;
  try {
    unsafe = parts.unsafe(value);
  } catch {
    // Too deep to walk: take the exact path.
  }
  return unsafe ? JSON.parse(quoteUnsafeIntegers(text)) : value;
}

/** The result of a JSON-RPC response object, or the error it holds or is. */
export function envelope(parts: CoreParts, answer: unknown, id: number, method: string, text: string): unknown {
  const fail = (reason: string) => unreadable(parts, reason, text, method);
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) throw fail('not a JSON-RPC response object');
  const { id: gotId, error } = answer as { id?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } | null };
  const hasResult = 'result' in answer;
  if (error != null && hasResult) throw fail('both `result` and `error`');
  // An error about the request itself (unparseable, say) may come back with a null id.
  if (gotId !== id && !(error != null && gotId === null)) throw fail(`id ${JSON.stringify(gotId)} does not match the request's ${id}`);
  if (error != null) {
    if (typeof error !== 'object' || typeof error.code !== 'number') throw fail('malformed `error` member');
    const rpcMessage = String(error.message ?? '');
    throw new parts.errors.RpcError(`node error ${error.code}: ${rpcMessage}`, method, { code: error.code, rpcMessage, data: error.data });
  }
  if (!hasResult) throw fail('no `result` member');
  return (answer as { result: unknown }).result;
}

/** Validates (with `validate`) and decodes bigints (with `bigint`); `validator` names an HTTP answer's validator. */
export async function finish(parts: CoreParts, name: string, value: unknown, validator?: string): Promise<unknown> {
  if (parts.config.validate) await checkResult(parts, name, value, validator);
  if (!parts.config.bigint) return value;
  const { uint64Paths, toBigints } = await parts.definition.loadBigint();
  const paths = uint64Paths[name];
  return paths ? toBigints(value, paths) : value;
}

/** Runs `attempt` (given its number, from 1) until it succeeds, or fails in a way a retry cannot mend. */
export async function retrying<T>(parts: CoreParts, attempt: (n: number) => Promise<T>, once: boolean, signal: AbortSignal | undefined): Promise<T> {
  const retry = parts.config.retry === false ? { attempts: 1 } : (parts.config.retry ?? {});
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (once || signal?.aborted || !(error instanceof parts.errors.AvanodeError)) throw error;
      const wait = retryDelay(parts.errors, error as AvanodeError, n, retry);
      if (wait < 0) throw error;
      await sleep(wait, signal);
    }
  }
}

/** A whole call, or the rest of one the core began (`handedOver`: its first attempt). */
export async function call(parts: CoreParts, method: string, params: unknown, options: RequestOptions | undefined, handedOver?: HandedOver): Promise<unknown> {
  const url = handedOver?.url ?? parts.url(method, options);
  const paramsJson = handedOver?.paramsJson ?? (await prepare(parts, method, params));
  const result = await retrying(
    parts,
    async (n) => {
      const first = n === 1 ? handedOver : undefined;
      const id = first?.id ?? parts.nextId();
      const exchange = first?.exchange ?? (await parts.exchange(url, { method: 'POST', headers: parts.headers, body: parts.body(id, method, paramsJson) }, options));
      const text = answerText(parts, exchange, method, options, (status) => status >= 200 && status < 300);
      return envelope(parts, parse(parts, text, method), id, method, text);
    },
    parts.definition.mutating.includes(method),
    options?.signal,
  );
  return finish(parts, method, result);
}
