// What an override answers, for any mock: the node's (overrides.ts) and the JSON-RPC 2.0 mocks'
// (json-rpc/). An error an override gives (`rpcError`, `{ error: {…} }`), the error thrown when
// one does not fit its method, and the answer of an override for one call. It imports only types and
// the JSON-object check, so a mock of another API does not load the node's validators.
import type { CallAnswer } from '../envelope/types.js';
import { isObject } from '../is-object.js';

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

/** What an override function is told besides the params. */
export interface OverrideContext {
  /** The chain of an L1 EVM chain call, from the path. */
  blockchainID?: string;
}

/** A JSON pointer cut to at most 80 characters, as the validators' messages show one (`pointerExcerpt`). */
function excerpt(pointer: string): string {
  if (pointer === '') return '/';
  if (pointer.length <= 80) return pointer;
  return `${pointer.slice(0, 39)}…${pointer.slice(-39)}`;
}

/** An override that does not fit its method: `method` and `path` (a JSON pointer into the value, '' for all of it) say where. */
export class OverrideError extends Error {
  override name = 'OverrideError';
  readonly method: string;
  readonly path: string;
  constructor(method: string, path: string, reason: string) {
    super(`override of ${method}: ${path === '' ? '' : `${excerpt(path)} `}${reason}`);
    this.method = method;
    this.path = path;
  }
}

/** `{ error: {…} }` and nothing else: no result schema of the node has a top-level `error` member, so this is never a result. */
export const isErrorForm = (value: unknown): value is OverrideRpcError => isObject(value) && 'error' in value && Object.keys(value).length === 1;

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
