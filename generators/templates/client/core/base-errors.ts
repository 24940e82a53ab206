// The two error classes the client's core throws (an unknown method, a bad option): the base of
// every error and ConfigError. The others (errors.ts) are imported by the lazily loaded path
// only, so an app that splits chunks loads them on its first failure, not up front.

/** The base of every error this client throws. `method` is the JSON-RPC method, when there is one. */
export class AvanodeError extends Error {
  override name = 'AvanodeError';
  declare method: string | undefined;
  /**
   * With several URLs (`url: [primary, backup, …]`): the errors of the URLs a read tried before
   * this one, in order, each with its `url` (like an AggregateError's list). Absent otherwise.
   */
  declare errors?: AvanodeError[];
  /** `fields` are the subclass's own members (`code`, `status`…), assigned to the error as they are. */
  constructor(message: string, method?: string, fields?: object, cause?: unknown) {
    super(method ? `${method}: ${message}` : message, { cause });
    this.method = method;
    Object.assign(this, fields);
  }
}

/**
 * An option cannot be used: a `createClient` option out of range (thrown by `createClient` at
 * once), a request's `timeoutMs` or path variable (`blockchainID`) that would change the
 * path, or `validate: true` without the validators package installed; nothing was sent.
 */
export class ConfigError extends AvanodeError {
  override name = 'ConfigError';
  /** The option at fault, e.g. `timeoutMs`, `attempts` (of `retry`), `blockchainID`, `url`, `validate`. */
  declare option: string;
}
