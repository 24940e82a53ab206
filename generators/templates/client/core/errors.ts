// Every error the client rejects with. One base class, so `catch (e) { if (e instanceof
// AvanodeError) … }` covers all of them. An abort is not one of them: it rejects with the
// signal's own reason (`signal.reason`, a DOMException named AbortError unless you gave one).
//
// These classes are data only: the base constructor assigns each subclass's members, and the
// messages are written by the lazily loaded module that detects the failure (complete.ts).
//
// The base class and ConfigError live in base-errors.ts: the core throws only those two, so a
// bundler that splits the lazily loaded path into a chunk of its own can share just them up
// front. rolldown (Vite 8) does: createBareClient + getHeight loads 1,926 B up front, where all
// eleven in one module made 2,036 B. esbuild still shares the whole module (bench/README.md).
import { AvanodeError } from './base-errors.js';

export { AvanodeError, ConfigError } from './base-errors.js';

/** The node answered with a JSON-RPC error object. */
export class RpcError extends AvanodeError {
  override name = 'RpcError';
  /** The JSON-RPC error code the node sent. */
  declare code: number;
  /** The node's own message (the error's `message` also names the method and the code). */
  declare rpcMessage: string;
  declare data: unknown;
}

/**
 * The HTTP status was not a success (a proxy's 502 page, a 429 from a rate limiter…), or it was
 * a redirect, which the client never follows (`location` says where it pointed).
 */
export class HttpError extends AvanodeError {
  override name = 'HttpError';
  declare status: number;
  /** The start of the body (at most 512 characters), to tell a proxy page from a node; only that much is read. */
  declare body: string;
  /** The `Retry-After` header, if any. */
  declare retryAfter: string | null;
  /** The `Location` header of a redirect (null when there is none, or a browser hides it). */
  declare location: string | null;
  declare url: string;
}

/** The request never got an HTTP answer (connection refused or reset, DNS failure…); `url` says where to, `cause` says why. */
export class NetworkError extends AvanodeError {
  override name = 'NetworkError';
  declare url: string;
}

/** The answer's body was longer than `maxResponseBytes` (counted after decompression); reading stopped there. */
export class ResponseTooLargeError extends AvanodeError {
  override name = 'ResponseTooLargeError';
  /** The limit in bytes. */
  declare limit: number;
  declare url: string;
}

/** The body was not a JSON-RPC answer to this request: not JSON, truncated, wrong envelope, wrong id. */
export class ResponseParseError extends AvanodeError {
  override name = 'ResponseParseError';
  /** What was wrong with the body. */
  declare reason: string;
  /** The start of the body (at most 512 characters). */
  declare body: string;
}

/** No complete answer within `timeoutMs`. */
export class TimeoutError extends AvanodeError {
  override name = 'TimeoutError';
  declare timeoutMs: number;
  /** Where the request went (undefined for a wait over several requests, `waitForTx`'s). */
  declare url: string | undefined;
}

/** `onRequest` or `onResponse` threw or rejected (`cause` holds what); never retried, never sent elsewhere. */
export class HookError extends AvanodeError {
  override name = 'HookError';
  declare hook: 'onRequest' | 'onResponse';
}

export interface ValidationIssue {
  /** JSON pointer into the params or the result. */
  path: string;
  /** What was expected there. */
  message: string;
}

/** With `validate: true`, the params did not match the spec; nothing was sent. */
export class ParamsValidationError extends AvanodeError {
  override name = 'ParamsValidationError';
  declare issues: ValidationIssue[];
  /** Where the first issue is (a JSON pointer into the params). */
  declare path: string;
}

/**
 * The result did not match the spec (with `validate: true`), or not the shape a helper walks
 * (`paginateUTXOs`: a missing list or `endIndex`); `result` holds what came.
 */
export class ResponseValidationError extends AvanodeError {
  override name = 'ResponseValidationError';
  declare issues: ValidationIssue[];
  /** Where the first issue is (a JSON pointer into the result). */
  declare path: string;
  declare result: unknown;
}
