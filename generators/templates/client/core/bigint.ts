// Turns the 64-bit integers of a result into bigints, following the paths the generator took
// from the spec (`validators.*.weight`: `*` is every element of a list or value of a map).

const DIGITS = /^-?\d+$/;

function convert(node: unknown, segments: string[], at: number): unknown {
  if (at === segments.length) {
    if (typeof node === 'number' && Number.isInteger(node)) return BigInt(node);
    if (typeof node === 'string' && DIGITS.test(node)) return BigInt(node);
    return node;
  }
  if (node === null || typeof node !== 'object') return node;
  const segment = segments[at]!;
  const record = node as Record<string, unknown>;
  const keys = segment === '*' ? Object.keys(record) : Object.hasOwn(record, segment) ? [segment] : [];
  for (const key of keys) record[key] = convert(record[key], segments, at + 1);
  return node;
}

/** Converts, in place, every value at `paths` that is an integer (number or decimal string). */
export function toBigints<T>(value: T, paths: readonly string[]): T {
  let result: unknown = value;
  for (const path of paths) result = convert(result, path === '' ? [] : path.split('.'), 0);
  return result as T;
}
