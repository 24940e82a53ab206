// An answer too large for a model's context (the primary network's validator set is 2.4 MB) is
// cut into pages: the largest of the places the table names for the tool (a list, a map, or a
// hex string; at the root or under members, `result.utxos`) is split, in order, into runs that
// fit the budget; the rest of the answer is kept whole. Pages are the same on every call for
// the same answer, so "page 2" means the same items each time.

export interface Paged {
  /** The structured content of the page asked for (the whole answer when it fits). */
  content: Record<string, unknown>;
  /** What was cut, for the text that says how to get the rest; undefined when nothing was. */
  cut?: { list: string; unit: 'items' | 'bytes'; page: number; pages: number; from: number; to: number; total: number };
}

const size = (value: unknown) => JSON.stringify(value)?.length ?? 0;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value at a path of member names, if every member is there. */
function valueAt(content: unknown, path: readonly string[]): unknown {
  let value = content;
  for (const key of path) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** A copy of `content` with `value` at `path` (the path exists). */
function withValueAt(content: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const record = content as Record<string, unknown>;
  return { ...record, [key]: withValueAt(record[key], rest, value) };
}

/** What can be cut at a place: a list's items, a map's entries, or a hex string's bytes. */
type Pieces = { kind: 'list'; items: unknown[] } | { kind: 'map'; entries: Array<[string, unknown]> } | { kind: 'hex'; digits: string };

function piecesOf(value: unknown): Pieces | undefined {
  if (Array.isArray(value)) return { kind: 'list', items: value };
  if (isRecord(value)) return { kind: 'map', entries: Object.entries(value) };
  if (typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(value)) return { kind: 'hex', digits: value.slice(2) };
  return undefined;
}

const countOf = (p: Pieces) => (p.kind === 'list' ? p.items.length : p.kind === 'map' ? p.entries.length : p.digits.length / 2);

/** Splits pieces into runs whose JSON costs at most `room` characters each: [from, to) item indexes. */
function runsOf(p: Pieces, room: number): Array<[number, number]> {
  const count = countOf(p);
  if (p.kind === 'hex') {
    // Bytes cost two characters each; pages of (nearly) equal size, so that none is a sliver.
    const pages = Math.max(1, Math.ceil((count * 2) / Math.max(2, room - 2)));
    const per = Math.ceil(count / pages);
    return Array.from({ length: pages }, (_, i) => [i * per, Math.min(count, (i + 1) * per)] as [number, number]).filter(([from, to]) => from < to);
  }
  const runs: Array<[number, number]> = [];
  let start = 0;
  let used = 0;
  for (let i = 0; i < count; i++) {
    const cost = p.kind === 'list' ? size(p.items[i]) + 1 : size(p.entries[i]![1]) + p.entries[i]![0].length + 4;
    if (i > start && used + cost > room) {
      runs.push([start, i]);
      start = i;
      used = 0;
    }
    used += cost;
  }
  runs.push([start, count]);
  return runs;
}

function slice(p: Pieces, [from, to]: [number, number]): unknown {
  if (p.kind === 'list') return p.items.slice(from, to);
  if (p.kind === 'map') return Object.fromEntries(p.entries.slice(from, to));
  return `0x${p.digits.slice(from * 2, to * 2)}`;
}

/**
 * The page `page` (from 1) of `content`, cut so that its JSON text stays under `budget`
 * characters (a single item larger than that is a page of its own). A page beyond the last is a
 * RangeError naming the number of pages.
 */
export function pageOf(content: Record<string, unknown>, paths: ReadonlyArray<readonly string[]>, page: number, budget: number): Paged {
  const whole = size(content);
  if (whole <= budget && page === 1) return { content };
  const candidates = paths
    .map((path) => ({ path, value: valueAt(content, path) }))
    .map((c) => ({ ...c, pieces: piecesOf(c.value), size: size(c.value) }))
    .filter((c): c is typeof c & { pieces: Pieces } => c.pieces !== undefined && countOf(c.pieces) > 0);
  const largest = candidates.sort((a, b) => b.size - a.size)[0];
  if (!largest) {
    if (page !== 1) throw new RangeError(`page ${page} does not exist: the answer has only 1 page`);
    return { content };
  }
  // What the page may spend on its part of the place: the budget less everything else in the answer.
  const room = Math.max(1, budget - (whole - largest.size));
  const runs = runsOf(largest.pieces, room);
  const chosen = runs[page - 1];
  if (!chosen) throw new RangeError(`page ${page} does not exist: the answer has ${runs.length} page${runs.length === 1 ? '' : 's'}`);
  return {
    content: withValueAt(content, largest.path, slice(largest.pieces, chosen)) as Record<string, unknown>,
    cut: {
      list: largest.path.length === 0 ? 'the answer' : largest.path.join('.'),
      unit: largest.pieces.kind === 'hex' ? 'bytes' : 'items',
      page,
      pages: runs.length,
      from: chosen[0] + 1,
      to: chosen[1],
      total: countOf(largest.pieces),
    },
  };
}
