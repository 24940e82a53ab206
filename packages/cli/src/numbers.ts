// Numbers on the command line, read as the user typed them: whole numbers in decimal digits
// (a minus sign allowed, so `--height -5` is read and refused for its range, not taken for a
// flag), exactly (no rounding beyond 2^53), each checked against its range, the flag named.
import { usageError } from './errors.js';

/** The longest a timer waits (setTimeout's limit, and the client's for `timeoutMs`). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The integer types of the document's params (spec/README.md, integers by direction), with their ranges. */
export const INTEGER_RANGES: Record<string, readonly [bigint, bigint]> = {
  uint16: [0n, 2n ** 16n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  uint32Param: [0n, 2n ** 32n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  uint64Param: [0n, 2n ** 64n - 1n],
  // A height, or the word `proposed` (which is not a number, so passes on as text).
  pChainHeight: [0n, 2n ** 64n - 1n],
};

/** Text a user meant as a number: a sign or a digit first (`-5`, `1e3`, `0x10`, `.5` with a sign). */
export const looksNumeric = (text: string): boolean => /^[+-]?\.?\d/.test(text.trim());

const shown = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A whole number from `min` to `max`, in decimal digits; anything else is a usage error naming `flag`. */
export function wholeNumber(flag: string, text: string, min: bigint, max: bigint): bigint {
  if (!/^-?\d+$/.test(text)) throw usageError(`${flag} must be a whole number from ${min} to ${max} in decimal digits, got ${shown(text)}`);
  // Long runs of digits are out of range without reading them all.
  const value = text.replace(/^(-?)0+(?=\d)/, '$1').length > 30 ? (text.startsWith('-') ? min - 1n : max + 1n) : BigInt(text);
  if (value < min || value > max) throw usageError(`${flag} must be from ${min} to ${max}, got ${shown(text)}`);
  return value;
}

/** A duration flag in milliseconds: 1 to 2^31 − 1. */
export const milliseconds = (flag: string, text: string | undefined): number | undefined => (text === undefined ? undefined : Number(wholeNumber(flag, text, 1n, BigInt(MAX_TIMER_MS))));

/**
 * node:util's parseArgs takes `--height -5` for a flag followed by another flag ("ambiguous"):
 * a value that looks like a negative number after a flag that takes a value is joined to it
 * (`--height=-5`), as the user meant.
 */
export function joinNegativeValues(argv: readonly string[], takesValue: (name: string) => boolean): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const next = argv[i + 1];
    if (word === '--') {
      joined.push(...argv.slice(i));
      break;
    }
    if (next !== undefined && /^--[^=]+$/.test(word) && takesValue(word.slice(2)) && /^-\.?\d/.test(next)) {
      joined.push(`${word}=${next}`);
      i++;
    } else joined.push(word);
  }
  return joined;
}
