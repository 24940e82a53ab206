// The client's core: one JSON-RPC call over fetch, with a timeout per request. It knows no
// method by name: the generated definition says where each one lives.
//
// This file (with the two error classes it throws) is all an app ships up front, so it holds
// only the common case: a 2xx answer whose envelope is right and whose numbers are safe, and the
// checks of options and path variables, which must throw at once. Anything else (an error to
// classify, a retry, a long integer, validation, bigints, batches, the health GET) is handed to
// a module loaded on first use. Those modules take what they share with the core from `parts`
// rather than importing it, so that a bundler keeps the core in one chunk of its own; they import
// the other error classes themselves, so an app that never fails never loads them.
import { AvanodeError, ConfigError, type ValidationIssue } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included: an integer ≥ 1 (default 3). */
  attempts?: number;
  /** Delay before the first retry, doubled each time: 0 to 2^31 − 1 ms (default 250 ms). */
  baseDelayMs?: number;
  /** Longest wait between attempts, 0 to 2^31 − 1 ms; a longer `Retry-After` ends the retries (default 5000 ms). */
  maxDelayMs?: number;
}

export interface ClientConfig {
  /**
   * The node's base address, e.g. `http://127.0.0.1:9650`; each method's path is appended. Or
   * several: a read moves on to the next one when the transport fails (no answer, a timeout,
   * HTTP 408, 429 or 5xx), and the client stays with the one that answered until `cooldownMs`
   * has passed. A call not known as a read is sent to one of them only, once.
   */
  url: string | readonly string[];
  /** With several URLs: how long the client stays on a backup before trying the first URL again, 0 to 2^31 − 1 ms (default 60 000 ms). */
  cooldownMs?: number;
  /**
   * Runs before each HTTP request (each retry, each URL of a fail-over), awaited; it may change
   * `request.url` and `request.headers` for that request. Throwing fails the call with a `HookError`.
   */
  onRequest?: (request: HookRequest) => void | Promise<void>;
  /** Runs after each HTTP request, awaited: for logs and metrics. Throwing fails the call with a `HookError`. */
  onResponse?: (response: HookResponse) => void | Promise<void>;
  /** A fetch implementation (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** Headers sent with every request (an API key for a hosted node, say). */
  headers?: Record<string, string>;
  /**
   * Time allowed for each request (each attempt), answer body included: up to 2^31 − 1 ms, the
   * longest a timer waits; `0` or `Infinity` for none (default 30 000 ms).
   */
  timeoutMs?: number;
  /**
   * Retries of reads after a network error or HTTP 408, 429 or 5xx, with exponential backoff
   * and `Retry-After`. On by default, conservatively (3 attempts): reads cannot do harm twice,
   * and public nodes sit behind proxies that shed load with 502/503/429. Only methods the
   * document knows as reads are retried (an allow-list: `platform.issueTx`, a name the document
   * lacks or spells otherwise, an unknown `eth_` method never are), never after an abort.
   * `false` turns it off.
   */
  retry?: false | RetryOptions;
  /** Validate params before sending and results after receiving (loads `@avanode/validators` on first use). */
  validate?: boolean;
  /** Return every 64-bit integer of a result as a `bigint` (loads the paths on first use). */
  bigint?: boolean;
  /** Largest JSON-RPC batch sent in one HTTP request; bigger batches are split (default 100). */
  maxBatchSize?: number;
  /**
   * Largest answer body read, in bytes after decompression (default 64 MiB, many times a
   * mainnet validator set); past it the call rejects with `ResponseTooLargeError` and reading stops.
   */
  maxResponseBytes?: number;
}

/** What `onRequest` sees of one HTTP request; `url` and `headers` may be changed. */
export interface HookRequest {
  /** The JSON-RPC method, the GET endpoint (`health.get`), or a batch array's methods joined with `,`. */
  readonly method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON-RPC request text (undefined for a GET). */
  readonly body: string | undefined;
  /** This request's number within the call, from 1 (each retry and each fallback URL counts). */
  readonly attempt: number;
}

/** What `onResponse` sees of one HTTP request's outcome. */
export interface HookResponse {
  readonly method: string;
  readonly url: string;
  readonly attempt: number;
  /** The HTTP status, or undefined when no answer came (a network error, a timeout, an abort). */
  readonly status: number | undefined;
  /** From sending until the body was read. */
  readonly durationMs: number;
  /** The body's length in UTF-8 bytes, as read (after decompression; reading stops at the caps). */
  readonly size: number;
  /** No answer within `timeoutMs`. */
  readonly timedOut: boolean;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this request (same range). */
  timeoutMs?: number;
  /** For methods of a chain (`/ext/bc/{blockchainID}/…`): the chain's ID or alias. */
  blockchainID?: string;
}

type Verdict = { ok: true } | { ok: false; errors: ValidationIssue[] };

/** The part of a generated validators package the client uses. */
export interface ValidatorsModule {
  validateParams(method: string, value: unknown): Verdict;
  validateResult(method: string, value: unknown): Verdict;
}

/**
 * One route: whole method name, or name prefix ending in `.`/`_`; the path (with `{variables}`);
 * positional params; whether the endpoint takes JSON-RPC batch arrays (gorilla's json2 endpoints
 * do not: they answer an array with -32700).
 */
export type Route = readonly [prefix: string, path: string, byPosition?: boolean, batches?: boolean];

/** What the generated modules know about the document, handed to the core. */
export interface ClientDefinition {
  routes: readonly Route[];
  /** The methods safe to send twice (the document's methods not marked `x-mutating`): only these are retried. */
  loadReads: () => Promise<{ reads: ReadonlySet<string> }>;
  loadBigint: () => Promise<{ uint64Paths: Readonly<Record<string, readonly string[]>>; toBigints: <T>(value: T, paths: readonly string[]) => T }>;
  loadValidators: () => Promise<ValidatorsModule>;
  /** The HTTP GET endpoints, by name (`health.get`). */
  loadHttpEndpoints: () => Promise<{ httpEndpoints: Readonly<Record<string, HttpEndpoint>> }>;
}

export type BatchItem<T = unknown> = { ok: true; result: T } | { ok: false; error: AvanodeError };

/** A plain HTTP GET endpoint of the spec (`x-http-endpoints`), as the generated client calls it. */
export interface HttpEndpoint {
  /** Validator export, to which the status is appended, e.g. `validateHealthGetResponse`. */
  validator: string;
  /** Its paths by option value; the first is the default. */
  paths: Readonly<Record<string, string>>;
  /** Query parameter → the option that holds its values. */
  query: Readonly<Record<string, string>>;
  /** The statuses that are answers, not errors. */
  accept: readonly number[];
}

/** The core every namespace and standalone function calls through. */
export interface CoreClient {
  /**
   * The config given, except that `url` is the first URL when several were given (the list stays
   * with the client): one address names the client, e.g. in query keys.
   */
  readonly config: Readonly<ClientConfig> & { readonly url: string };
  /** One JSON-RPC call by wire name. */
  call(method: string, params: unknown, options?: RequestOptions): Promise<unknown>;
  /** Several calls in JSON-RPC batches (split at `maxBatchSize`), one result or error per call, in order. */
  batch(calls: ReadonlyArray<{ method: string; params?: unknown }>, options?: RequestOptions): Promise<BatchItem[]>;
  /** A plain HTTP GET endpoint by name (`health.get`); `options.endpoint` picks the path, the other options hold the query. Resolves to `{ status, ...body }`. */
  get(name: string, options?: Record<string, unknown> & Omit<RequestOptions, 'blockchainID'>): Promise<{ status: number }>;
}

/**
 * What one HTTP exchange gave: an answer with its body read (`over`: it was longer than the cap,
 * and `text` holds only its start), or why none came.
 */
export type Exchange = { url: string; timeoutMs: number } & ({ response: Response; text: string; over?: boolean } | { response?: undefined; error: unknown; timedOut: boolean });

/** A call the core began and hands over: where and what it sent, and what came back. */
export interface HandedOver {
  url: string;
  id: number;
  paramsJson: string;
  exchange: Exchange;
}

/** The core's parts that its lazily loaded modules share. */
export interface CoreParts {
  config: ClientConfig;
  definition: ClientDefinition;
  /** The first URL, without a trailing slash. */
  base: string;
  headers: Record<string, string>;
  /** Whether parsed JSON holds a number beyond ±(2^53 − 1), which JSON.parse may have rounded (it may throw on very deep values). */
  unsafe(value: unknown): boolean;
  nextId(): number;
  route(method: string): Route;
  /** The params as sent: the caller's, or an empty object or list (by the method's param structure). */
  params(method: string, params: unknown): unknown;
  /**
   * One fetch with the timeout and the caller's signal, redirects not followed, the body read up
   * to `maxResponseBytes` (or, when `accept` (default: 2xx) refuses the status, up to what an
   * error's excerpt keeps). Rejects only on a bad `options.timeoutMs`.
   */
  exchange(url: string, init: RequestInit, options: RequestOptions | undefined, accept?: (status: number) => boolean): Promise<Exchange>;
  /** The JSON-RPC request text. */
  body(id: number, method: string, paramsJson: string): string;
}

let lastId = 0;

/**
 * Throws a ConfigError for a numeric option out of range (NaN included). Every numeric option is
 * an integer up to 2^31 − 1 (the longest a timer waits: a longer setTimeout fires at once), from
 * 0 for a delay (`timeoutMs`, `baseDelayMs`, `maxDelayMs`), from 1 for a count (`attempts`,
 * `maxBatchSize`, `maxResponseBytes`); `timeoutMs` also takes Infinity (0 and Infinity: none).
 */
function checkOptions(options: object): void {
  for (const [key, value] of Object.entries(options)) {
    if (typeof value == 'number' && !(Number.isInteger(value) && value >= +!key.endsWith('Ms') && value < 2 ** 31) && !(key == 'timeoutMs' && value == Infinity)) {
      throw new ConfigError(`${key} is out of range: ${value}`, undefined, { option: key });
    }
  }
}

/**
 * Whether parsed JSON holds a number beyond ±(2^53 − 1). An integer token beyond it parses to a
 * number beyond it, so walking the parsed value finds every one (a huge float, Infinity
 * included, is a false alarm: the complete path sorts it out). Measured: three times faster
 * than scanning the text for long digit runs, and four times faster than Object.values().some().
 */
function unsafe(value: unknown): boolean {
  if (typeof value === 'number') return Math.abs(value) > Number.MAX_SAFE_INTEGER;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (unsafe(value[i])) return true;
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) if (unsafe((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export function createCoreClient(definition: ClientDefinition, config: ClientConfig): CoreClient {
  const urls = [config?.url].flat() as [string, ...string[]];
  // `/./.test` is RegExp.prototype.test, called on the pattern for each URL. An empty list throws
  // a TypeError at the first URL's `replace` below, also at once (naming it would cost bytes here).
  if (!urls.every(/./.test, /^https?:\/\//)) throw new ConfigError(`url is not an http(s) address: ${JSON.stringify(config?.url)}`, undefined, { option: 'url' });
  const { maxResponseBytes = 2 ** 26 } = config;
  // The retry options' names are the config's own: one pass checks both.
  checkOptions({ ...config, ...config.retry });
  const complete = () => import('./complete.js');

  const parts: CoreParts = {
    config,
    definition,
    base: urls[0].replace(/\/+$/, ''),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...config.headers },
    unsafe,
    nextId: () => ++lastId,

    // Exact names come first, then prefixes (ending in `.` or `_`). A name that merely starts with
    // an exact one goes to its endpoint, where the node says it has no such method.
    route(method) {
      const found = definition.routes.find(([prefix]) => method.startsWith(prefix));
      if (!found) throw new AvanodeError('unknown method', method);
      return found;
    },

    params: (method, params) => params ?? (parts.route(method)[2] ? [] : {}),


    async exchange(url, init, options, accept) {
      if (options) checkOptions(options);
      const timeoutMs = options?.timeoutMs ?? config.timeoutMs ?? 30_000;
      const controller = new AbortController();
      const signal = options?.signal;
      const onAbort = () => controller.abort(signal!.reason);
      signal?.addEventListener('abort', onAbort);
      if (signal?.aborted) onAbort();
      const timer = timeoutMs < Infinity && timeoutMs && setTimeout(() => controller.abort(), timeoutMs);
      try {
        // Redirects are not followed: the body and headers (an API key) must not reach another origin.
        const response = await (config.fetch ?? fetch)(url, { ...init, redirect: 'manual', signal: controller.signal });
        // The body is read as a stream, counted after decompression (fetch inflates as it goes),
        // so that a huge or compressed-bomb answer stops at the cap, and an error's body at what
        // its excerpt keeps (2048 bytes: 512 characters of up to 4 bytes). Past it, the stream is
        // cancelled (the connection let go) and `over` set: the call cannot take that text for the answer.
        const max = (accept ? accept(response.status) : response.ok) ? maxResponseBytes : 2048;
        const reader = response.body?.getReader();
        const chunks: Uint8Array[] = [];
        let size = 0;
        for (let chunk; reader && size <= max && !(chunk = await reader.read()).done; chunks.push(chunk.value)) size += chunk.value.length;
        const over = size > max;
        if (over) reader!.cancel().catch(() => {});
        // Decoded once, whole: a streaming TextDecoder misses Node's fast UTF-8 path (20% of a
        // 2.4 MB answer on Node 20), and so does a Blob.
        const bytes = new Uint8Array(size);
        size = 0;
        for (const chunk of chunks) bytes.set(chunk, size), (size += chunk.length);
        return { url, timeoutMs, response, text: new TextDecoder().decode(bytes), over };
      } catch (error) {
        // Aborted while the caller's signal is not: the timer did it.
        return { url, timeoutMs, error, timedOut: controller.signal.aborted };
      } finally {
        // false and 0 are no timer: clearing them does nothing.
        clearTimeout(timer as number);
        signal?.removeEventListener('abort', onAbort);
      }
    },

    body: (id, method, paramsJson) => `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsJson}}`,
  };

  return {
    config: { ...config, url: urls[0] },
    async call(method, params, options) {
      const url = parts.base + parts.route(method)[1];
      let paramsJson: string | undefined;
      // JSON.stringify throws on a bigint; the complete path writes those exactly. A path with a
      // variable (`{blockchainID}`) is checked and filled there too, and so are the calls of a
      // client with several URLs or hooks.
      try {
        if (!config.validate && !config.bigint && !urls[1] && !config.onRequest && !config.onResponse && !url.includes('{')) paramsJson = JSON.stringify(parts.params(method, params));
      } catch {}
      if (paramsJson === undefined) return (await complete()).call(parts, method, params, options);
      const id = parts.nextId();
      const exchange = await parts.exchange(url, { method: 'POST', headers: parts.headers, body: parts.body(id, method, paramsJson) }, options);
      if (exchange.response?.ok && !exchange.over) {
        try {
          const answer = JSON.parse(exchange.text);
          if (answer.jsonrpc === '2.0' && answer.id === id && answer.error == null && 'result' in answer && !parts.unsafe(answer.result)) return answer.result;
        } catch {}
      }
      return (await complete()).call(parts, method, params, options, { url, id, paramsJson, exchange });
    },
    // Batches and the GET endpoints are part of the complete path's chunk (they need all of it).
    batch: async (calls, options) => (await complete()).batch(parts, calls, options),
    get: async (name, options) => (await complete()).httpGet(parts, name, options),
  };
}
