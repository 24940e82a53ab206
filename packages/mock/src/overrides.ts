// Overrides: a method's answer chosen by the test instead of the spec's example or the simulated
// network. A result, a JSON-RPC error in the node's shape (`{ error: { code, message, data } }`,
// what an --overrides JSON file can hold), an `rpcError(…)`, or a function of the params giving
// one of these. Checked when they are set, so a typo in a fixture fails at once, naming the
// method and the JSON path: the method must be one of the node's, a result must pass the
// method's result schema (@avanode/validators), an error must have an integer code and a string
// message. A function's answers are not checked: a function is how a test serves an answer the
// node would never send (to see how the app copes), or a stand-in its code does not look into.
import type { Methods } from '@avanode/types';
import { pointerExcerpt, validateResult } from '@avanode/validators';
import type { CallAnswer } from './envelope/types.js';
import { isObject } from './is-object.js';

export type MethodName = keyof Methods;

/** A JSON-RPC error an override throws or returns: the mock answers with it. */
export class MockRpcError extends Error {
  override name = 'MockRpcError';
  code: number;
  data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** Shorthand for `new MockRpcError(code, message, data)`. */
export const rpcError = (code: number, message: string, data?: unknown) => new MockRpcError(code, message, data);

/**
 * A JSON-RPC error as the node writes it, for an override to answer with (in code or in an
 * --overrides file). `data` omitted: what the endpoint writes by default (gorilla: `null`, the
 * geth-style server: no `data`).
 */
export interface OverrideRpcError {
  error: { code: number; message: string; data?: unknown };
}

export interface OverrideContext {
  /** The chain of an L1 EVM chain call, from the path. */
  blockchainID?: string;
}

type OverrideAnswer<K extends MethodName> = Methods[K]['result'] | MockRpcError | OverrideRpcError;

/** A method's answer: a result, an error, or a function of the params returning (or throwing) one. */
export type Override<K extends MethodName> = OverrideAnswer<K> | ((params: Methods[K]['params'], context: OverrideContext) => OverrideAnswer<K> | Promise<OverrideAnswer<K>>);

export type Overrides = { [K in MethodName]?: Override<K> };

/** An override that does not fit its method: `method` and `path` (a JSON pointer into the value, '' for all of it) say where. */
export class OverrideError extends Error {
  override name = 'OverrideError';
  readonly method: string;
  readonly path: string;
  constructor(method: string, path: string, reason: string) {
    super(`override of ${method}: ${path === '' ? '' : `${pointerExcerpt(path)} `}${reason}`);
    this.method = method;
    this.path = path;
  }
}

/** `{ error: {…} }` and nothing else: no result schema of the node has a top-level `error` member, so this is never a result. */
const isErrorForm = (value: unknown): value is OverrideRpcError => isObject(value) && 'error' in value && Object.keys(value).length === 1;

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

/**
 * The answer of an override for one call. A function that throws a MockRpcError answers it; any
 * other throw is a Go service error: -32000 with its text. What a function returns is served as
 * it is (an `rpcError` or the error form as an error).
 */
export async function overrideAnswer(override: unknown, params: unknown, context: OverrideContext): Promise<CallAnswer> {
  let value: unknown;
  if (typeof override === 'function') {
    try {
      value = await (override as (p: unknown, c: OverrideContext) => unknown)(params, context);
    } catch (error) {
      if (error instanceof MockRpcError) return { error: { code: error.code, message: error.message, data: error.data } };
      return { error: { code: -32000, message: (error as Error)?.message ?? String(error) } };
    }
  } else if (override instanceof MockRpcError) {
    // An error given as it is (`rpcError(…)`, not a function): a copy of it would be a plain Error, answered as a result.
    value = override;
  } else {
    // A fresh copy per call: an app that mutates what it got does not change the next answer.
    value = structuredClone(override);
  }
  if (value instanceof MockRpcError) return { error: { code: value.code, message: value.message, data: value.data } };
  if (isErrorForm(value)) return { error: { ...value.error } };
  return { result: value };
}
