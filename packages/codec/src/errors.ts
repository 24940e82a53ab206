/**
 * The one error this package throws for bad input: bytes that do not parse, strings that are
 * not valid IDs, addresses or amounts, values that cannot be encoded, and arguments or options
 * of the wrong type or out of range.
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

/** How many characters of an input an error message quotes. */
const EXCERPT_LENGTH = 32;
const HUGE = 1n << 128n;

/**
 * A value as an error message names it: a string quoted, cut to its first 32 characters and
 * `…` (an input may be megabytes, or a secret the caller did not mean to print whole); other
 * values by their type or short form.
 */
export function excerpt(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > EXCERPT_LENGTH ? `${value.slice(0, EXCERPT_LENGTH)}…` : value);
  // Printing a huge bigint in decimal takes time quadratic in its size: name its size instead.
  if (typeof value === 'bigint') return value > HUGE || value < -HUGE ? `a ${value.toString(16).length * 4}-bit bigint` : `${value}n`;
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  return value === null || (typeof value !== 'object' && typeof value !== 'function') ? String(value) : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
