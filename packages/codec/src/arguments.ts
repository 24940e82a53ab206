// Checks of what callers pass in: each entry point refuses a wrong type or an out-of-range
// value with a CodecError naming the argument, before any work (and never with a TypeError
// from deep inside, or an error of the base libraries).
import { CodecError, excerpt } from './errors.js';

export function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new CodecError(`${what} must be a string, got ${excerpt(value)}`);
  return value;
}

export function expectBytes(value: unknown, what: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new CodecError(`${what} must be a Uint8Array, got ${excerpt(value)}`);
  return value;
}

/** An options argument: absent, or a plain object (not a string, an array, a function). */
export function expectOptions<T extends object>(value: T | undefined, what = 'options'): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CodecError(`${what} must be an object, got ${excerpt(value)}`);
  return value;
}

/** An integer in [min, max], as a number (no strings, no bigints, no fractions). */
export function expectInteger(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new CodecError(`${what} must be an integer from ${min} to ${max}, got ${excerpt(value)}`);
  }
  return value;
}
