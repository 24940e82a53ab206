// Turns the 64-bit integers of a result into bigints, following the paths the generator took
// from the spec (`validators.*.weight`: `*` is every element of a list or value of a map).

import type { Uint64Tree } from './types.js';

const DIGITS = /^-?\d+$/;

/** Converts, in place, every value where `tree` has a `1` that is an integer (number or decimal string). */
export function toBigints<T>(node: T, tree: Uint64Tree): T {
  if (tree === 1 || (tree[''] && (node === null || typeof node !== 'object'))) {
    return (typeof node === 'number' && Number.isInteger(node)) || (typeof node === 'string' && DIGITS.test(node)) ? (BigInt(node) as T) : node;
  }
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  for (const member in tree) {
    if (member === '') continue;
    for (const key of member === '*' ? Object.keys(record) : Object.hasOwn(record, member) ? [member] : []) record[key] = toBigints(record[key], tree[member]!);
  }
  return node;
}
