// An answer too large for a model's context (the primary network's validator set is 2.4 MB) is
// cut into pages: the largest list or map the table names for the tool is split, in order, into
// runs that fit the budget; the rest of the answer is kept whole. Pages are the same on every
// call for the same answer, so "page 2" means the same items each time.

export interface Paged {
  /** The structured content of the page asked for (the whole answer when it fits). */
  content: Record<string, unknown>;
  /** What was cut, for the text that says how to get the rest; undefined when nothing was. */
  cut?: { list: string; page: number; pages: number; from: number; to: number; total: number };
}

const size = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/** The items of a list or the entries of a map, as one list to split. */
function itemsOf(value: unknown): Array<[string | number, unknown]> | undefined {
  if (Array.isArray(value)) return value.map((item, i) => [i, item]);
  if (value !== null && typeof value === 'object') return Object.entries(value);
  return undefined;
}

/**
 * The page `page` (from 1) of `content`, cut so that its JSON text stays under `budget`
 * characters (a single item larger than that is a page of its own). A page beyond the last is a
 * RangeError naming the number of pages.
 */
export function pageOf(content: Record<string, unknown>, lists: readonly string[], page: number, budget: number): Paged {
  const whole = size(content);
  if (whole <= budget && page === 1) return { content };
  const candidates = lists.map((list) => ({ list, items: itemsOf(content[list]) })).filter((c): c is { list: string; items: Array<[string | number, unknown]> } => c.items !== undefined);
  const largest = candidates.sort((a, b) => size(content[b.list]) - size(content[a.list]))[0];
  if (!largest || largest.items.length === 0) {
    if (page !== 1) throw new RangeError(`page ${page} does not exist: the answer has only 1 page`);
    return { content };
  }
  // What the page may spend on items: the budget less everything else in the answer.
  const room = Math.max(1, budget - (whole - size(content[largest.list])));
  const pages: Array<[number, number]> = [];
  let start = 0;
  let used = 0;
  for (const [i, [key, item]] of largest.items.entries()) {
    const cost = size(item) + (typeof key === 'string' ? key.length + 4 : 1);
    if (i > start && used + cost > room) {
      pages.push([start, i]);
      start = i;
      used = 0;
    }
    used += cost;
  }
  pages.push([start, largest.items.length]);
  const chosen = pages[page - 1];
  if (!chosen) throw new RangeError(`page ${page} does not exist: the answer has ${pages.length} page${pages.length === 1 ? '' : 's'}`);
  const slice = largest.items.slice(chosen[0], chosen[1]);
  const value = Array.isArray(content[largest.list]) ? slice.map(([, item]) => item) : Object.fromEntries(slice);
  return {
    content: { ...content, [largest.list]: value },
    cut: { list: largest.list, page, pages: pages.length, from: chosen[0] + 1, to: chosen[1], total: largest.items.length },
  };
}
