// Results with their JSON written once. The envelopes write a result as Go's encoder does
// (JSON.stringify, then the HTML escapes, envelope/go-json.ts htmlSafe); for a result that never
// changes (an example, the network's answer at one state) that text is the same on every call,
// so it travels with the answer (CallAnswer's `json`) and the envelopes only join it in.
import { htmlSafe, jsonText } from '../envelope/go-json.js';
import type { CallAnswer, ResultJson } from '../envelope/types.js';

/** The answers of results that never change, by the result object itself: one per example, held as long as the example is. Read only. */
const answerOfFixed = new WeakMap<object, CallAnswer>();

function written(value: unknown): ResultJson | undefined {
  // A value that cannot be written (a cycle) gets no text here: the envelope meets it itself, as
  // it does any other result. Bigints are written as Go writes uint64s (jsonText).
  try {
    const text = jsonText(value);
    return { text, html: htmlSafe(text) };
  } catch {
    return undefined;
  }
}

/**
 * A result nobody will change (the spec's examples, the mock's own reports): its text is kept
 * with the object, so every call after the first reuses it.
 */
export function fixedResult(value: unknown): CallAnswer {
  if (value === null || typeof value !== 'object') return freshResult(value);
  let answer = answerOfFixed.get(value);
  if (!answer) {
    answer = freshResult(value);
    answerOfFixed.set(value, answer);
  }
  return answer;
}

/** A result made for this answer (the network's): written now, for the caller to keep with the answer. */
export function freshResult(value: unknown): CallAnswer {
  const json = written(value);
  return json ? { result: value, json } : { result: value };
}
