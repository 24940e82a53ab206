// The types the client's modules share: the config, the options of a request, what the generated
// modules hand the core (routes, lazy tables), and the core's parts that its lazily loaded
// modules use. The bottom layer: it imports only the error types (types only), and every other
// module of the core may import it.
import type { AvanodeError, ValidationIssue } from './errors.js';

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
   * document knows as reads are retried (an allow-list: a method marked `x-mutating`, a name the
   * document lacks or spells otherwise never are), never after an abort.
   * `false` turns it off.
   */
  retry?: false | RetryOptions;
  /**
   * Validate params before sending and results after receiving, with the validators module
   * (`import * as validators from` the generated validators package, `@avanode/validators` for the
   * node's API, then `validate: validators`: what works in every bundler), or `true` to load that
   * package on first use at run time (Node; bundlers leave that import alone, so a bundled app
   * passes the module).
   */
  validate?: boolean | ValidatorsModule;
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

/**
 * What every request takes. A method whose path has variables (`/chains/{chainID}`) takes their
 * values as options of the same names: the generated `RequestOptions` adds those of the document.
 */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this request (same range). */
  timeoutMs?: number;
}

type Verdict = { ok: true } | { ok: false; errors: ValidationIssue[] };

/** The part of a generated validators package the client uses. */
export interface ValidatorsModule {
  validateParams(method: string, value: unknown): Verdict;
  validateResult(method: string, value: unknown): Verdict;
}

/**
 * One route: whole method name, or name prefix ending in `.`/`_`; the path (with `{variables}`);
 * positional params; whether the endpoint takes JSON-RPC batch arrays (the document says which:
 * many JSON-RPC servers answer an array with an error).
 */
export type Route = readonly [prefix: string, path: string, byPosition?: boolean, batches?: boolean];

/**
 * Where a result holds 64-bit integers: `1` at each one (`1` alone: the result itself), under
 * member names, `'*'` for every element of a list or value of a map, and `''` (with `1`) for a
 * value that is an integer itself as well as an object with some below it.
 */
export type Uint64Tree = 1 | { readonly [member: string]: Uint64Tree };

/** What the generated modules know about the document, handed to the core. */
export interface ClientDefinition {
  routes: readonly Route[];
  /** The methods marked `x-mutating`: sent telling a redirect apart from the first attempt (ExchangeInit), since they are never sent twice. */
  mutating: readonly string[];
  /** The methods safe to send twice (the document's methods not marked `x-mutating`): only these are retried. */
  loadReads: () => Promise<{ reads: ReadonlySet<string> }>;
  loadBigint: () => Promise<{ uint64Paths: Readonly<Record<string, Uint64Tree>>; toBigints: <T>(value: T, tree: Uint64Tree) => T }>;
  loadValidators: () => Promise<ValidatorsModule>;
  /** The validators package `loadValidators` loads (`@avanode/validators`, or a foreign API's `<scope>/validators`), for the error when it is not installed. */
  validatorsPackage: string;
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

/**
 * The core every namespace and standalone function calls through. `O` is the options a request
 * takes: the generated client's add the document's path variables.
 */
export interface CoreClient<O extends RequestOptions = RequestOptions> {
  /**
   * The config given, except that `url` is the first URL when several were given (the list stays
   * with the client): one address names the client, e.g. in query keys.
   */
  readonly config: Readonly<ClientConfig> & { readonly url: string };
  /** One JSON-RPC call by wire name. `T` is what the caller knows the answer to be (the generated client's types): the core does not check it. */
  call<T = unknown>(method: string, params?: unknown, options?: O): Promise<T>;
  /** Several calls in JSON-RPC batches (split at `maxBatchSize`), one result or error per call, in order. */
  batch<T extends readonly BatchItem[] = BatchItem[]>(calls: ReadonlyArray<{ method: string; params?: unknown }>, options?: O): Promise<T>;
  /** A plain HTTP GET endpoint by name (`health.get`); `options.endpoint` picks the path, the other options hold the query. Resolves to `{ status, ...body }`. */
  get<T extends { status: number } = { status: number }>(name: string, options?: Record<string, unknown> & RequestOptions): Promise<T>;
  /** The same with an endpoint's own options (the generated `…Options` of its namespace member). */
  get<T extends { status: number } = { status: number }>(name: string, options?: RequestOptions): Promise<T>;
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

/**
 * What one exchange sends. Redirects are never followed: the body and headers (an API key) must
 * not reach another origin. `manual` tells one apart (an HttpError with its Location); `error`,
 * which the core asks for on a first attempt, makes fetch fail on one but spares it the copy of
 * the body that a redirect it might follow needs: 5–13% of a small call over loopback on Node 20,
 * 22 and 24 (bench/client-http.mjs, "floor + redirect: 'error'").
 */
export type ExchangeInit = RequestInit & { redirect: 'manual' | 'error' };

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
   * error's excerpt keeps). Rejects only on a bad `options.timeoutMs`. `init` must be a fresh
   * object: its `signal` is set in place.
   */
  exchange(url: string, init: ExchangeInit, options: RequestOptions | undefined, accept?: (status: number) => boolean): Promise<Exchange>;
  /** The JSON-RPC request text. */
  body(id: number, method: string, paramsJson: string): string;
}
