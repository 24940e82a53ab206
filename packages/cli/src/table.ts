// Looks methods up in the generated table: by namespace and member, or by wire name.
import { methods, type CliMethod } from './generated/methods.js';

export { document, methods, type CliMethod, type CliParam } from './generated/methods.js';

/** The namespaces, in document order, with their methods. */
export function namespaces(): Map<string, CliMethod[]> {
  const spaces = new Map<string, CliMethod[]>();
  for (const m of methods) spaces.set(m.namespace, [...(spaces.get(m.namespace) ?? []), m]);
  return spaces;
}

export const findMethod = (namespace: string, member: string): CliMethod | undefined => methods.find((m) => m.namespace === namespace && m.member === member);
export const findWireName = (name: string): CliMethod | undefined => methods.find((m) => m.method === name);

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_v, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The closest of `candidates` to `word`, if it is close enough to be a typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
