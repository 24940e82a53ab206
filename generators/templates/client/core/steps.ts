// The steps of a call beyond the core's common case, shared by single calls, batches and the
// HTTP GET endpoints: exact JSON for bigints and long integers, params validation, the hooks
// around each request, telling each failure apart (HTTP status, bad body, wrong envelope,
// timeout, network), retries, fail-over between several URLs, result validation and bigint
// decoding. Part of the complete path (loaded on first use, complete.ts).
import type { CoreParts, Exchange, ExchangeInit, RequestOptions } from './types.js';
import { AvanodeError, ConfigError, HookError, HttpError, NetworkError, ResponseParseError, ResponseTooLargeError, RpcError, TimeoutError } from './errors.js';
import { walk } from './failover.js';
import { quoteUnsafeIntegers, stringifyJson } from './lossless.js';
import { retryDelay, sleep } from './retry.js';
import { checkParams, checkResult } from './validation.js';

/** Bodies are quoted in errors up to this many characters: enough to tell a proxy's page from a node's answer. */
const EXCERPT = 512;

/** The URL of a method, its path variables (`{chainID}`) filled from the options of the same names. */
export function urlOf(parts: CoreParts, method: string, options: RequestOptions | undefined): string {
  return (
    parts.base +
    parts.route(method)[1].replace(/\{(\w+)\}/g, (_match, name: string) => {
      const value = (options as Record<string, unknown> | undefined)?.[name];
      // A value that would leave its path segment (empty, `.`, `..`, `/`, `?`, `#`, an escape, a
      // backslash, a tab the URL parser drops) would send the call elsewhere: refused. What
      // remains (an alias with a space, say) the URL parser escapes.
      if (typeof value !== 'string' || !/^(?!\.\.?$)[^/?#%\\\s]+$/.test(value)) {
        throw new ConfigError(`options.${name} is not a path segment: ${JSON.stringify(value)}`, method, { option: name });
      }
      return value;
    })
  );
}

/** JSON text of params: JSON.stringify, or the exact writer when they hold a bigint. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    try {
      return stringifyJson(value);
    } catch (error) {
      throw new AvanodeError(`params cannot be written as JSON: ${(error as Error).message}`);
    }
  }
}

/**
 * Params as sent, in JSON. With `validate`, what is checked is the JSON as sent, read back
 * exactly: a bigint is checked as the integer it is written as (beyond 2^53, as its decimal
 * string, which the uint64 pattern bounds exactly).
 */
export async function prepare(parts: CoreParts, method: string, params: unknown): Promise<string> {
  const json = toJson(parts.params(method, params));
  if (parts.config.validate) await checkParams(parts, method, JSON.parse(quoteUnsafeIntegers(json)));
  return json;
}

/** Whether fetch failed on a redirect it was told to refuse (`redirect: 'error'`; undici names it in the cause). */
export const refusedRedirect = (exchange: Exchange | undefined): boolean => !!exchange && 'error' in exchange && (exchange.error as { cause?: { message?: unknown } } | undefined)?.cause?.message === 'unexpected redirect';

/** The body of an answer whose status `accept`s, or the error that says why there is none. */
export function answerText(parts: CoreParts, exchange: Exchange, name: string | undefined, options: RequestOptions | undefined, accept: (status: number) => boolean): string {
  if (options?.signal?.aborted) throw options.signal.reason;
  const { url } = exchange;
  if (exchange.response) {
    const { status, headers, type } = exchange.response;
    if (accept(status)) {
      const limit = parts.config.maxResponseBytes ?? 2 ** 26;
      if (exchange.over) throw new ResponseTooLargeError(`the answer is larger than maxResponseBytes (${limit} bytes); reading stopped there`, name, { limit, url });
      return exchange.text;
    }
    const body = exchange.text.slice(0, EXCERPT);
    const location = headers.get('location');
    // A browser hides a redirect it was told not to follow behind status 0 and type `opaqueredirect`.
    const redirect = (status >= 300 && status < 400) || type === 'opaqueredirect';
    const message = redirect ? `HTTP ${status} redirect to ${location ?? '(a location the browser hides)'}, not followed` : `HTTP ${status} ${body.slice(0, 100)}`;
    throw new HttpError(message, name, { status, body, retryAfter: headers.get('retry-after'), location, url });
  }
  if (refusedRedirect(exchange)) {
    const message = 'redirect, not followed; where it pointed is not known, as a call that is not a known read is not sent twice';
    throw new HttpError(message, name, { status: 0, body: '', retryAfter: null, location: null, url });
  }
  if (exchange.timedOut) throw new TimeoutError(`no answer from ${url} within ${exchange.timeoutMs} ms`, name, { timeoutMs: exchange.timeoutMs, url });
  const { error } = exchange;
  if (error instanceof AvanodeError) throw error;
  // undici says only "fetch failed"; the reason (ECONNREFUSED…) is in its cause.
  const reason = (error as { cause?: { message?: unknown } })?.cause?.message ?? (error as Error)?.message ?? error;
  throw new NetworkError(`network error at ${url}: ${String(reason)}`, name, { url }, error);
}

/** A body that is not the answer it should be: why, and its start. */
export const unreadable = (reason: string, text: string, name: string | undefined) =>
  new ResponseParseError(`unreadable response: ${reason}`, name, { reason, body: text.slice(0, EXCERPT) });

/** The JSON pointer of the first number that is not finite (`1e400` parses to Infinity), walking without recursion. */
function infiniteAt(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return path || '/';
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    }
  }
  return undefined;
}

/**
 * Parses JSON; an integer token that is not a safe integer becomes its decimal string instead of
 * being rounded, and a number too large for a double (which JSON.parse makes Infinity) is an error.
 */
export function parse(parts: CoreParts, text: string, name: string | undefined): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw unreadable(`not JSON (${(error as Error).message})`, text, name);
  }
  let unsafe = true;
  try {
    unsafe = parts.unsafe(value);
  } catch {
    // Too deep to walk: take the exact path.
  }
  if (!unsafe) return value;
  value = JSON.parse(quoteUnsafeIntegers(text));
  const at = infiniteAt(value);
  if (at !== undefined) throw unreadable(`a number at ${at} is beyond the range of a double`, text, name);
  return value;
}

/** The result of a JSON-RPC response object, or the error it holds or is. */
export function envelope(answer: unknown, id: number, method: string, text: string): unknown {
  const fail = (reason: string) => unreadable(reason, text, method);
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) throw fail('not a JSON-RPC response object');
  const { jsonrpc, id: gotId, error } = answer as { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } | null };
  if (jsonrpc !== '2.0') throw fail(`\`jsonrpc\` is ${JSON.stringify(jsonrpc) ?? 'missing'}, not "2.0"`);
  const hasResult = 'result' in answer;
  if (error != null && hasResult) throw fail('both `result` and `error`');
  // An error about the request itself (unparseable, say) may come back with a null id.
  if (gotId !== id && !(error != null && gotId === null)) throw fail(`id ${JSON.stringify(gotId)} does not match the request's ${id}`);
  if (error != null) {
    if (typeof error !== 'object' || !Number.isInteger(error.code)) throw fail('malformed `error` member: `error.code` is not an integer');
    if (typeof error.message !== 'string') throw fail(`malformed \`error\` member: \`error.message\` is ${typeof error.message}, not a string`);
    const rpcMessage = error.message;
    throw new RpcError(`node error ${error.code}: ${rpcMessage}`, method, { code: error.code, rpcMessage, data: error.data });
  }
  if (!hasResult) throw fail('no `result` member');
  return (answer as { result: unknown }).result;
}

/** Validates (with `validate`) and decodes bigints (with `bigint`); `validator` names an HTTP answer's validator. */
export async function finish(parts: CoreParts, name: string, value: unknown, validator?: string): Promise<unknown> {
  if (parts.config.validate) await checkResult(parts, name, value, validator);
  if (!parts.config.bigint) return value;
  const { uint64Paths, toBigints } = await parts.definition.loadBigint();
  const tree = Object.hasOwn(uint64Paths, name) ? uint64Paths[name] : undefined;
  return tree ? toBigints(value, tree) : value;
}

/** Whether every one of `methods` is a read the document knows (an allow-list: anything else is never sent twice). */
export async function reads(parts: CoreParts, methods: readonly string[]): Promise<boolean> {
  const { reads } = await parts.definition.loadReads();
  return methods.every((method) => reads.has(method));
}

/** Runs a hook; what it throws becomes a HookError of the call. */
async function hook(name: 'onRequest' | 'onResponse', method: string, run: () => unknown): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new HookError(`${name} failed: ${(error as Error)?.message ?? String(error)}`, method, { hook: name }, error);
  }
}

/**
 * One HTTP request of a call, between `onRequest` (which may change its URL and headers) and
 * `onResponse`; `count` numbers the call's requests. `method` names the call for the hooks.
 */
export async function send(
  parts: CoreParts,
  url: string,
  init: RequestInit & { headers: Record<string, string>; redirect?: ExchangeInit['redirect'] },
  options: RequestOptions | undefined,
  method: string,
  count: { n: number },
  accept?: (status: number) => boolean,
): Promise<Exchange> {
  const { onRequest, onResponse } = parts.config;
  const attempt = ++count.n;
  const request = { method, url, headers: { ...init.headers }, body: init.body as string | undefined, attempt };
  if (onRequest) await hook('onRequest', method, () => onRequest(request));
  const started = performance.now();
  const exchange = await parts.exchange(request.url, { ...init, headers: request.headers, redirect: init.redirect ?? 'manual' }, options, accept);
  if (onResponse) {
    const { response } = exchange;
    const report = { method, url: request.url, attempt, status: response?.status, durationMs: performance.now() - started, size: response ? new TextEncoder().encode(exchange.text).length : 0, timedOut: !response && exchange.timedOut && !options?.signal?.aborted };
    await hook('onResponse', method, () => onResponse(report));
  }
  return exchange;
}

/** `url` (made with the first URL) at another of the client's URLs. */
export const at = (parts: CoreParts, url: string, base: string) => base + url.slice(parts.base.length);

/**
 * Runs `attempt` (given its number, from 1, and the base URL to use) until it succeeds, or fails
 * in a way a retry cannot mend; only when `methods` are all reads (no method: a GET, a read by
 * nature). With several URLs, each attempt walks them (failover.ts).
 */
export async function retrying<T>(parts: CoreParts, attempt: (n: number, base: string) => Promise<T>, methods: readonly string[], signal: AbortSignal | undefined): Promise<T> {
  const retry = parts.config.retry === false ? { attempts: 1 } : (parts.config.retry ?? {});
  const several = typeof parts.config.url !== 'string';
  for (let n = 1; ; n++) {
    try {
      return await (several ? walk(parts, await reads(parts, methods), signal, (base) => attempt(n, base)) : attempt(n, parts.base));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof AvanodeError)) throw error;
      const wait = retryDelay(error, n, retry);
      if (wait < 0 || !(await reads(parts, methods))) throw error;
      await sleep(wait, signal);
    }
  }
}
