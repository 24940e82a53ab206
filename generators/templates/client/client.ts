// The client's core: one JSON-RPC call over fetch, with a timeout per request, retries for
// reads, lossless numbers, optional validation and bigint decoding. It knows no method by
// name: the generated definition says where each one lives. What a successful plain call
// never needs (retry decisions, validation, bigint paths, batches, the health GET, the
// lossless slow path) is loaded on first use, so an app ships little more than this file.
import { AvanodeError, HttpError, NetworkError, ResponseParseError, RpcError, TimeoutError, type ValidationIssue } from './errors.js';
import { parseJson, toJson } from './json.js';

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

/** What the generated modules know about the document, handed to the core. */
export interface ClientDefinition {
  /** Whole method name, or name prefix ending in `.`/`_`, → path (with `{variables}`) and positional params. */
  routes: ReadonlyArray<readonly [prefix: string, path: string, byPosition: boolean]>;
  /** Methods that change state: never retried. */
  mutating: readonly string[];
  loadBigint: () => Promise<{ uint64Paths: Readonly<Record<string, readonly string[]>>; toBigints: <T>(value: T, paths: readonly string[]) => T }>;
  loadValidators: () => Promise<ValidatorsModule>;
}

export type BatchItem<T = unknown> = { ok: true; result: T } | { ok: false; error: AvanodeError };

export interface HttpEndpointRef {
  /** Name of the endpoint in the spec (keys its 64-bit paths), e.g. `health.get`. */
  name: string;
  /** Validator export, to which the status is appended, e.g. `validateHealthGetResponse`. */
  validator: string;
  path: string;
}

/** The core every namespace and standalone function calls through. */
export interface CoreClient {
  readonly config: Readonly<ClientConfig>;
  /** One JSON-RPC call by wire name. */
  call(method: string, params: unknown, options?: RequestOptions): Promise<unknown>;
  /** Several calls in JSON-RPC batches (split at `maxBatchSize`), one result or error per call, in order. */
  batch(calls: ReadonlyArray<{ method: string; params?: unknown }>, options?: RequestOptions): Promise<BatchItem[]>;
  /** A plain HTTP GET that takes each status in `accept` as an answer, not an error. */
  get(endpoint: HttpEndpointRef, query: Record<string, readonly string[] | undefined>, accept: readonly number[], options?: Omit<RequestOptions, 'blockchainID'>): Promise<{ status: number; body: unknown }>;
}

/** The core's parts that its lazily loaded modules (batch, GET) share. */
export interface CoreParts {
  config: ClientConfig;
  base: string;
  headers: Record<string, string>;
  mutating: readonly string[];
  url(method: string, options: RequestOptions | undefined): string;
  exchange(url: string, init: RequestInit, method: string | undefined, options: RequestOptions | undefined, accept: (status: number) => boolean): Promise<{ status: number; text: string }>;
  retrying<T>(attempt: () => Promise<T>, once: boolean, signal: AbortSignal | undefined): Promise<T>;
  parse(text: string, method: string | undefined): unknown;
  prepare(method: string, params: unknown): unknown;
  envelope(envelope: unknown, id: number, method: string, text: string): unknown;
  /** Validates (with `validate`) and decodes bigints (with `bigint`); `validator` names an HTTP answer's validator. */
  finish(name: string, value: unknown, validator?: string): unknown;
  nextId(): number;
}

const EXCERPT = 512;
let lastId = 0;

export function createCoreClient(definition: ClientDefinition, config: ClientConfig): CoreClient {
  if (!/^https?:\/\//.test(config?.url)) throw new AvanodeError(`url must be an http(s) address, got ${JSON.stringify(config?.url)}`);
  const retry = config.retry === false ? { attempts: 1 } : (config.retry ?? {});
  let bigint: ReturnType<ClientDefinition['loadBigint']> | undefined;

  // Exact names first, then prefixes (they end in `.` or `_`).
  const route = (method: string) => {
    const found = definition.routes.find(([prefix]) => method === prefix || (method.startsWith(prefix) && (prefix.endsWith('.') || prefix.endsWith('_'))));
    if (!found) throw new AvanodeError('unknown method', method);
    return found;
  };

  const parts: CoreParts = {
    config,
    base: config.url.replace(/\/+$/, ''),
    headers: { 'content-type': 'application/json', accept: 'application/json', ...config.headers },
    mutating: definition.mutating,
    nextId: () => ++lastId,

    url(method, options) {
      return (
        parts.base +
        route(method)[1].replace(/\{(\w+)\}/g, (_match, name: string) => {
          const value = (options as Record<string, unknown> | undefined)?.[name];
          if (typeof value !== 'string' || !value) throw new AvanodeError(`needs options.${name}`, method);
          return encodeURIComponent(value);
        })
      );
    },

    async exchange(url, init, method, options, accept) {
      const timeoutMs = options?.timeoutMs ?? config.timeoutMs ?? 30_000;
      const controller = new AbortController();
      const signal = options?.signal;
      const onAbort = () => controller.abort(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        const response = await (config.fetch ?? fetch)(url, { ...init, signal: controller.signal });
        const text = await response.text();
        if (!accept(response.status)) throw new HttpError(response.status, text.slice(0, EXCERPT), method, response.headers.get('retry-after'));
        return { status: response.status, text };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timedOut) throw new TimeoutError(timeoutMs, method);
        throw error instanceof AvanodeError ? error : new NetworkError(method, error);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },

    async retrying(attempt, once, signal) {
      for (let n = 1; ; n++) {
        try {
          return await attempt();
        } catch (error) {
          if (once || signal?.aborted || !(error instanceof AvanodeError)) throw error;
          const { retryDelay, sleep } = await import('./retry.js');
          const wait = retryDelay(error, n, retry);
          if (wait < 0) throw error;
          await sleep(wait, signal);
        }
      }
    },

    // Synchronous when it can be (the common case), a promise otherwise: callers await it.
    parse(text, method) {
      const fail = (error: unknown) => {
        throw new ResponseParseError(`not JSON (${(error as Error).message})`, text.slice(0, EXCERPT), method);
      };
      try {
        const value = parseJson(text);
        return value instanceof Promise ? value.catch(fail) : value;
      } catch (error) {
        return fail(error);
      }
    },

    prepare(method, params) {
      const value = params ?? (route(method)[2] ? [] : {});
      return config.validate ? import('./validation.js').then((m) => m.checkParams(definition, method, value)).then(() => value) : value;
    },

    envelope(envelope, id, method, text) {
      const fail = (reason: string) => new ResponseParseError(reason, text.slice(0, EXCERPT), method);
      if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) throw fail('not a JSON-RPC response object');
      const { id: gotId, error } = envelope as { id?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } | null };
      const hasResult = 'result' in envelope;
      if (error != null && hasResult) throw fail('both `result` and `error`');
      // An error about the request itself (unparseable, say) may come back with a null id.
      if (gotId !== id && !(error != null && gotId === null)) throw fail(`id ${JSON.stringify(gotId)} does not match the request's ${id}`);
      if (error != null) {
        if (typeof error !== 'object' || typeof error.code !== 'number') throw fail('malformed `error` member');
        throw new RpcError(error.code, String(error.message ?? ''), error.data, method);
      }
      if (!hasResult) throw fail('no `result` member');
      return (envelope as { result: unknown }).result;
    },

    finish(name, value, validator) {
      if (!config.validate && !config.bigint) return value;
      return (async () => {
        if (config.validate) await (await import('./validation.js')).checkResult(definition, name, value, validator);
        if (!config.bigint) return value;
        const { uint64Paths, toBigints } = await (bigint ??= definition.loadBigint());
        const paths = uint64Paths[name];
        return paths ? toBigints(value, paths) : value;
      })();
    },
  };

  return {
    config,
    async call(method, params, options) {
      const url = parts.url(method, options);
      const prepared = await parts.prepare(method, params);
      const result = await parts.retrying(
        async () => {
          const id = parts.nextId();
          const body = await toJson({ jsonrpc: '2.0', id, method, params: prepared });
          const { text } = await parts.exchange(url, { method: 'POST', headers: parts.headers, body }, method, options, (s) => s >= 200 && s < 300);
          return parts.envelope(await parts.parse(text, method), id, method, text);
        },
        definition.mutating.includes(method),
        options?.signal,
      );
      return parts.finish(method, result);
    },
    batch: async (calls, options) => (await import('./batch.js')).batch(parts, calls, options),
    get: async (endpoint, query, accept, options) => (await import('./http-get.js')).httpGet(parts, endpoint, query, accept, options),
  };
}
