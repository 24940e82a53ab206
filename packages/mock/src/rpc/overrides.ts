// Overrides: a method's answer chosen by the test instead of the spec's example or the simulated
// network. A result, a JSON-RPC error in the node's shape (`{ error: { code, message, data } }`,
// what an --overrides JSON file can hold), an `rpcError(…)`, or a function of the params giving
// one of these. Checked when they are set, so a typo in a fixture fails at once, naming the
// method and the JSON path: the method must be one of the node's, a result must pass the
// method's result schema (@avanode/validators), an error must have an integer code and a string
// message. A function's answers are not checked: a function is how a test serves an answer the
// node would never send (to see how the app copes), or a stand-in its code does not look into.
import type { Methods } from '@avanode/types';
import { validateResult } from '@avanode/validators';
import { isObject } from '../is-object.js';
import { isErrorForm, MockRpcError, OverrideError, type OverrideContext, type OverrideRpcError } from './override-answers.js';

export { MockRpcError, OverrideError, overrideAnswer, rpcError, type OverrideContext, type OverrideRpcError } from './override-answers.js';

export type MethodName = keyof Methods;

type OverrideAnswer<K extends MethodName> = Methods[K]['result'] | MockRpcError | OverrideRpcError;

/** A method's answer: a result, an error, or a function of the params returning (or throwing) one. */
export type Override<K extends MethodName> = OverrideAnswer<K> | ((params: Methods[K]['params'], context: OverrideContext) => OverrideAnswer<K> | Promise<OverrideAnswer<K>>);

export type Overrides = { [K in MethodName]?: Override<K> };

const ERROR_MEMBERS = new Set(['code', 'message', 'data']);

function checkErrorForm(method: string, value: OverrideRpcError): void {
  const error = value.error as unknown;
  if (!isObject(error)) throw new OverrideError(method, '/error', `must be an object { code, message, data? }, got ${JSON.stringify(error)}`);
  for (const key of Object.keys(error)) if (!ERROR_MEMBERS.has(key)) throw new OverrideError(method, `/error/${key}`, 'is not allowed here (code, message, data)');
  // Both servers write the code as a Go int.
  if (!Number.isSafeInteger(error.code)) throw new OverrideError(method, '/error/code', `must be an integer, got ${JSON.stringify(error.code)}`);
  if (typeof error.message !== 'string') throw new OverrideError(method, '/error/message', `must be a string, got ${JSON.stringify(error.message)}`);
}

/** Levenshtein distance, for a "did you mean" on a misspelt method name. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Checks a result (or an error form) an override gives for `method`; throws an OverrideError naming the path. */
function checkOverrideValue(method: string, value: unknown): void {
  if (value instanceof MockRpcError) return;
  if (isErrorForm(value)) {
    checkErrorForm(method, value);
    return;
  }
  const verdict = validateResult(method, value);
  if (verdict.ok) return;
  const [first, ...more] = verdict.errors;
  throw new OverrideError(method, first!.path, `${first!.message}${more.length ? ` (and ${more.length} more)` : ''}`);
}

/**
 * Checks every override when it is set: a known method, and for a value (not a function) a
 * result its schema accepts or a well-formed error. `methods`: the node's method names.
 */
export function checkOverrides(overrides: Readonly<Record<string, unknown>>, methods: ReadonlySet<string>): void {
  for (const [method, value] of Object.entries(overrides)) {
    if (!methods.has(method)) {
      const near = [...methods].filter((m) => distance(m.toLowerCase(), method.toLowerCase()) <= 2);
      throw new OverrideError(method, '', `not a method of the node${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`);
    }
    if (value === undefined || typeof value === 'function') continue;
    checkOverrideValue(method, value);
  }
}

