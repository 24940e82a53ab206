/**
 * The one error this package throws for bad input: bytes that do not parse, strings that are
 * not valid IDs, addresses or amounts, and values that cannot be encoded.
 * `offset` is the byte offset in the input where reading failed (-1 for text input and for
 * encoding); `field` is the path of the field being read (`unsignedTx.inputs[1].input.amount`).
 */
export class CodecError extends Error {
  override readonly name = 'CodecError';
  readonly offset: number;
  readonly field: string;
  readonly reason: string;

  constructor(reason: string, options: { offset?: number; field?: string; cause?: unknown } = {}) {
    const offset = options.offset ?? -1;
    const field = options.field ?? '';
    super(reason + (field || offset >= 0 ? ` at ${field || 'input'}${offset >= 0 ? ` (offset ${offset})` : ''}` : ''), options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.offset = offset;
    this.field = field;
  }

  /** The same error with `segment` prepended to its field path (used while unwinding). */
  within(segment: string): CodecError {
    const field = this.field === '' ? segment : this.field.startsWith('[') ? `${segment}${this.field}` : `${segment}.${this.field}`;
    return new CodecError(this.reason, { offset: this.offset, field });
  }
}
