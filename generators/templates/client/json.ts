import { AvanodeError } from './errors.js';

// JSON that never rounds. Integers beyond 2^53 arrive as decimal strings instead of being
// silently rounded by JSON.parse; bigints are sent as exact JSON numbers.

// A number token of 16 or more digits (where unsafe integers start) right after `:`, `,` or `[`.
// Rare in node answers (uint64s come as strings), so the common case is one native parse and
// the rewriting parser is loaded only when a body needs it.
const LONG_NUMBER = /[:,[]\s*-?\d{16}/;

/** Parses JSON; an integer token that is not a safe integer becomes its decimal string. */
export async function parseJson(text: string): Promise<unknown> {
  return JSON.parse(LONG_NUMBER.test(text) ? (await import('./lossless.js')).quoteUnsafeIntegers(text) : text);
}

/** JSON.stringify, or (when the value holds a bigint, which JSON.stringify refuses) the exact writer. */
export async function toJson(value: unknown): Promise<string> {
  try {
    return JSON.stringify(value);
  } catch {
    try {
      return (await import('./lossless.js')).stringifyJson(value);
    } catch (error) {
      throw new AvanodeError(`params cannot be written as JSON: ${(error as Error).message}`);
    }
  }
}
