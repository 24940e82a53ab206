// Every error the client rejects with. One base class, so `catch (e) { if (e instanceof
// AvanodeError) … }` covers all of them; an abort rejects with the signal's own reason.
// Plain assignments rather than parameter properties keep the shipped code small.

/** The base of every error this client throws. `method` is the JSON-RPC method, when there is one. */
export class AvanodeError extends Error {
  override name = 'AvanodeError';
  method: string | undefined;
  constructor(message: string, method?: string, cause?: unknown) {
    super(method ? `${method}: ${message}` : message, cause === undefined ? undefined : { cause });
    this.method = method;
  }
}

/** The node answered with a JSON-RPC error object. */
export class RpcError extends AvanodeError {
  override name = 'RpcError';
  code: number;
  rpcMessage: string;
  data: unknown;
  constructor(code: number, rpcMessage: string, data: unknown, method?: string) {
    super(`node error ${code}: ${rpcMessage}`, method);
    this.code = code;
    this.rpcMessage = rpcMessage;
    this.data = data;
  }
}

/** The HTTP status was not a success (a proxy's 502 page, a 429 from a rate limiter…). */
export class HttpError extends AvanodeError {
  override name = 'HttpError';
  status: number;
  /** The start of the body (at most 512 characters), to tell a proxy page from a node. */
  body: string;
  /** The `Retry-After` header, if any. */
  retryAfter: string | null;
  constructor(status: number, body: string, method?: string, retryAfter: string | null = null) {
    super(`HTTP ${status} ${body.slice(0, 100)}`, method);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** The request never got an HTTP answer (connection refused or reset, DNS failure…); `cause` says why. */
export class NetworkError extends AvanodeError {
  override name = 'NetworkError';
  constructor(method: string | undefined, cause: unknown) {
    super(`network error: ${(cause as Error)?.message ?? cause}`, method, cause);
  }
}

/** The body was not a JSON-RPC answer to this request: not JSON, truncated, wrong envelope, wrong id. */
export class ResponseParseError extends AvanodeError {
  override name = 'ResponseParseError';
  reason: string;
  /** The start of the body (at most 512 characters). */
  body: string;
  constructor(reason: string, body: string, method?: string) {
    super(`unreadable response: ${reason}`, method);
    this.reason = reason;
    this.body = body;
  }
}

/** No complete answer within `timeoutMs`. */
export class TimeoutError extends AvanodeError {
  override name = 'TimeoutError';
  timeoutMs: number;
  constructor(timeoutMs: number, method?: string) {
    super(`no answer within ${timeoutMs} ms`, method);
    this.timeoutMs = timeoutMs;
  }
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
  issues: ValidationIssue[];
  path: string;
  constructor(issues: ValidationIssue[], method: string) {
    super(`invalid params at ${issues[0]?.path || '/'}: ${issues[0]?.message}`, method);
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
  }
}

/** With `validate: true`, the result did not match the spec; `result` holds what came. */
export class ResponseValidationError extends AvanodeError {
  override name = 'ResponseValidationError';
  issues: ValidationIssue[];
  path: string;
  result: unknown;
  constructor(issues: ValidationIssue[], method: string, result: unknown) {
    super(`unexpected result at ${issues[0]?.path || '/'}: ${issues[0]?.message}`, method);
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
    this.result = result;
  }
}
