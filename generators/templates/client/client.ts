// The client's core: one JSON-RPC call over fetch, with a timeout per request. It knows no
// method by name: the generated definition says where each one lives.
//
// This file and errors.ts are all an app ships up front, so they hold only the common case: a
// 2xx answer whose envelope is right and whose numbers are safe. Anything else (an error to
// classify, a retry, a long integer, validation, bigints, batches, the health GET) is handed to
// a module loaded on first use. Those modules take what they share with the core from `parts`
// rather than importing it, so that a bundler keeps the core in one chunk of its own.
import { AvanodeError, HttpError, NetworkError, ParamsValidationError, ResponseParseError, ResponseValidationError, RpcError, TimeoutError, type ValidationIssue } from './errors.js';

// Handed to the lazily loaded modules (see above). A plain object: a module namespace would cost a bundler helper.
const errors = { AvanodeError, HttpError, NetworkError, ParamsValidationError, ResponseParseError, ResponseValidationError, RpcError, TimeoutError };

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** Delay before the first retry, doubled each time (default 250 ms). */
  baseDelayMs?: number;
  /** Longest wait between attempts; a longer `Retry-After` ends the retries (default 5000 ms). */
  maxDelayMs?: number;
}

export interface ClientConfig {
  /** The node's base address, e.g. `http://127.0.0.1:9650`; each method's path is appended. */
  url: string;
  /** A fetch implementation (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** Headers sent with every request (an API key for a hosted node, say). */
  headers?: Record<string, string>;
  /** Time allowed for each request (each attempt), answer body included (default 30 000 ms). */
  timeoutMs?: number;
  /**
   * Retries of idempotent reads after a network error or HTTP 408, 429 or 5xx, with
   * exponential backoff and `Retry-After`. On by default, conservatively (3 attempts): reads
   * cannot do harm twice, and public nodes sit behind proxies that shed load with 502/503/429.
   * Never for state-changing methods (`platform.issueTx`), never after an abort. `false` turns it off.
   */
  retry?: false | RetryOptions;
  /** Validate params before sending and results after receiving (loads `@avanode/validators` on first use). */
  validate?: boolean;
  /** Return every 64-bit integer of a result as a `bigint` (loads the paths on first use). */
  bigint?: boolean;
  /** Largest JSON-RPC batch sent in one HTTP request; bigger batches are split (default 100). */
  maxBatchSize?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this request. */
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

/** One route: whole method name, or name prefix ending in `.`/`_`; the path (with `{variables}`); positional params. */
export type Route = readonly [prefix: string, path: string, byPosition: boolean];

/** What the generated modules know about the document, handed to the core. */
export interface ClientDefinition {
  routes: readonly Route[];
  /** Methods that change state: never retried. */
  mutating: readonly string[];
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
  readonly config: Readonly<ClientConfig>;
  /** One JSON-RPC call by wire name. */
  call(method: string, params: unknown, options?: RequestOptions): Promise<unknown>;
  /** Several calls in JSON-RPC batches (split at `maxBatchSize`), one result or error per call, in order. */
  batch(calls: ReadonlyArray<{ method: string; params?: unknown }>, options?: RequestOptions): Promise<BatchItem[]>;
  /** A plain HTTP GET endpoint by name (`health.get`); `options.endpoint` picks the path, the other options hold the query. Resolves to `{ status, ...body }`. */
  get(name: string, options?: Record<string, unknown> & Omit<RequestOptions, 'blockchainID'>): Promise<{ status: number }>;
}

/** What one HTTP exchange gave: an answer with its body read, or why none came. */
export type Exchange = { timeoutMs: number } & ({ response: Response; text: string } | { response?: undefined; error: unknown; timedOut: boolean });

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
  errors: typeof errors;
  base: string;
  headers: Record<string, string>;
  /** Whether parsed JSON holds a number beyond ±(2^53 − 1), which JSON.parse may have rounded (it may throw on very deep values). */
  unsafe(value: unknown): boolean;
  nextId(): number;
  route(method: string): Route;
  /** The params as sent: the caller's, or an empty object or list (by the method's param structure). */
  params(method: string, params: unknown): unknown;
  url(method: string, options: RequestOptions | undefined): string;
  /** One fetch with the timeout and the caller's signal; never rejects. */
  exchange(url: string, init: RequestInit, options: RequestOptions | undefined): Promise<Exchange>;
  /** The JSON-RPC request text. */
  body(id: number, method: string, paramsJson: string): string;
}

let lastId = 0;

export function createCoreClient(definition: ClientDefinition, config: ClientConfig): CoreClient {
  if (!/^https?:\/\//.test(config?.url)) throw new AvanodeError(`url must be an http(s) address, got ${JSON.stringify(config?.url)}`);
  const complete = () => import('./complete.js');

  const parts: CoreParts = {
    config,
    definition,
    errors,
    base: config.url.replace(/\/+$/, ''),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...config.headers },
    // An integer token beyond 2^53 − 1 parses to a number beyond it, so walking the parsed value
    // finds every one (a huge float is a false alarm: it only costs the complete path). Measured:
    // three times faster than scanning the text for long digit runs.
    unsafe: (value) => {
      if (typeof value === 'number') return Math.abs(value) > Number.MAX_SAFE_INTEGER;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (parts.unsafe(value[i])) return true;
      } else if (value !== null && typeof value === 'object') {
        for (const key in value) if (parts.unsafe((value as Record<string, unknown>)[key])) return true;
      }
      return false;
    },
    nextId: () => ++lastId,

    // Exact names first, then prefixes (they end in `.` or `_`).
    route(method) {
      const found = definition.routes.find(([prefix]) => method === prefix || (method.startsWith(prefix) && /[._]$/.test(prefix)));
      if (!found) throw new AvanodeError('unknown method', method);
      return found;
    },

    params: (method, params) => params ?? (parts.route(method)[2] ? [] : {}),

    url(method, options) {
      return (
        parts.base +
        parts.route(method)[1].replace(/\{(\w+)\}/g, (_match, name: string) => {
          const value = (options as Record<string, unknown> | undefined)?.[name];
          if (typeof value !== 'string' || !value) throw new AvanodeError(`needs options.${name}`, method);
          return encodeURIComponent(value);
        })
      );
    },

    async exchange(url, init, options) {
      const timeoutMs = options?.timeoutMs ?? config.timeoutMs ?? 30_000;
      const controller = new AbortController();
      const signal = options?.signal;
      const onAbort = () => controller.abort(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await (config.fetch ?? fetch)(url, { ...init, signal: controller.signal });
        return { timeoutMs, response, text: await response.text() };
      } catch (error) {
        // Aborted while the caller's signal is not: the timer did it.
        return { timeoutMs, error, timedOut: controller.signal.aborted };
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },

    body: (id, method, paramsJson) => `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsJson}}`,
  };

  return {
    config,
    async call(method, params, options) {
      const url = parts.url(method, options);
      let paramsJson: string | undefined;
      // JSON.stringify throws on a bigint; the complete path writes those exactly.
      try {
        if (!config.validate && !config.bigint) paramsJson = JSON.stringify(parts.params(method, params));
      } catch {}
      if (paramsJson === undefined) return (await complete()).call(parts, method, params, options);
      const id = parts.nextId();
      const exchange = await parts.exchange(url, { method: 'POST', headers: parts.headers, body: parts.body(id, method, paramsJson) }, options);
      if (exchange.response?.ok) {
        try {
          const answer = JSON.parse(exchange.text);
          if (answer?.id === id && answer.error == null && 'result' in answer && !parts.unsafe(answer.result)) return answer.result;
        } catch {}
      }
      return (await complete()).call(parts, method, params, options, { url, id, paramsJson, exchange });
    },
    batch: async (calls, options) => (await import('./batch.js')).batch(parts, calls, options),
    get: async (name, options) => (await import('./http-get.js')).httpGet(parts, name, options),
  };
}
