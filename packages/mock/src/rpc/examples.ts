// Answers from the spec's examples, for the methods the chain's state does not answer (the
// node's configuration, its peers, the L1 EVM extras): the example with the call's params, else
// the first (its list filtered as the node's handler filters, example-filters.ts); in the seed's
// order when the node has a seed.
import type { CallAnswer } from '../envelope/types.js';
import type { MethodMock } from '../generated/mock-data.js';
import { isObject } from '../is-object.js';
import { filteredExample } from './example-filters.js';
import type { Example } from './plans.js';
import { fixedResult } from './results.js';

/** The examples' params as JSON, per method, for finding the example a call's params match. */
const exampleParams = new WeakMap<MethodMock, string[]>();

/** The example whose params are exactly these, if any. */
function exactExample(mock: MethodMock, params: unknown): Example | undefined {
  let keys = exampleParams.get(mock);
  if (!keys) {
    keys = mock.examples.map((e) => JSON.stringify(e.params));
    exampleParams.set(mock, keys);
  }
  const index = keys.indexOf(JSON.stringify(params));
  return index === -1 ? undefined : mock.examples[index];
}

/** The example with these params, else the method's first. */
export function matchingExample(mock: MethodMock, params: unknown): Example | undefined {
  return exactExample(mock, params) ?? mock.examples[0];
}

/** A deterministic shuffle (mulberry32), so a seed always gives the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A node's example answers: `seed` (when set) orders their lists (`validators`, `peers`), the same order for the same seed. */
export function createExampleAnswers(seed: number | undefined): (name: string, mock: MethodMock, params: unknown) => CallAnswer {
  /** Example answers in the seed's order, per example. */
  const shuffledResults = new WeakMap<object, Record<string, unknown>>();
  return (name, mock, params) => {
    const exact = exactExample(mock, params);
    // Params no example shows: the example's list, filtered as the node's handler filters (example-filters.ts).
    const result = exact ? exact.result : filteredExample(name, mock.examples[0]?.result ?? null, params);
    if (seed === undefined || !isObject(result)) return fixedResult(result);
    let reordered = shuffledResults.get(result);
    if (!reordered) {
      reordered = { ...result };
      for (const key of ['validators', 'peers']) if (Array.isArray(result[key])) reordered[key] = shuffled(result[key] as unknown[], seed);
      shuffledResults.set(result, reordered);
    }
    return fixedResult(reordered);
  };
}
