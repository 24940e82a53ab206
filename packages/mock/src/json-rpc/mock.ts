// A mock of any JSON-RPC 2.0 API described by an OpenRPC document: what the mock package
// `avanode-gen --out` writes for a document runs on this. Each method answers from the
// document's examples (the one whose params equal the call's, else the first), or from an
// override; the params are checked against the method's schema first (-32602 with the issues).
// The envelope is plain JSON-RPC 2.0 (envelope.ts), served on the document's server paths.
import { isObject } from '../is-object.js';
import { MockRpcError, OverrideError, overrideAnswer, type OverrideRpcError } from '../rpc/override-answers.js';
import { answerJsonRpc, type JsonRpcOutcome } from './envelope.js';

/** A validator as generated validators packages export them. */
export type JsonRpcValidator = (value: unknown) => { ok: true } | { ok: false; errors: Array<{ path: string; message: string }> };

/** One method as the generated mock data describes it (the fields this mock reads). */
export interface JsonRpcMethodData {
  /** Paths it is served on; `{variable}` stands for any one segment. */
  paths: string[];
  byPosition: boolean;
  examples: Array<{ params: unknown; result: unknown }>;
}

/** A typed API's methods, by name, each `{ params, result }` (a generated types package's `Methods`). */
export type MethodTypes = object;

type ParamsOf<M, K extends keyof M> = M[K] extends { params: infer P } ? P : unknown;
type ResultOf<M, K extends keyof M> = M[K] extends { result: infer R } ? R : unknown;
type Answer<M, K extends keyof M> = ResultOf<M, K> | MockRpcError | OverrideRpcError;

/** A method's answer: a result, an error (`rpcError(…)` or `{ error: { code, message, data? } }`), or a function of the params giving (or throwing) one. */
export type JsonRpcOverride<M extends MethodTypes, K extends keyof M> = Answer<M, K> | ((params: ParamsOf<M, K>) => Answer<M, K> | Promise<Answer<M, K>>);

export type JsonRpcOverrides<M extends MethodTypes> = { [K in keyof M]?: JsonRpcOverride<M, K> };

export interface JsonRpcMockOptions<M extends MethodTypes> {
  /** Every method: its paths, params form and examples (the generated `mockData.methods`). */
  methods: Readonly<Record<string, JsonRpcMethodData>>;
  /** Each method's params validator (the generated `paramsValidators`): refused params get -32602. */
  paramsValidators?: Readonly<Record<string, JsonRpcValidator>>;
  /** Each method's result validator (the generated `resultValidators`): an override's result is checked when set. */
  resultValidators?: Readonly<Record<string, JsonRpcValidator>>;
  overrides?: JsonRpcOverrides<M>;
}

/** An HTTP request as the mock takes it; header names in lower case. */
export interface JsonRpcMockRequest {
  method: string;
  path: string;
  headers?: Record<string, string | undefined>;
  body: string;
}

export interface JsonRpcMockResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface JsonRpcMock<M extends MethodTypes> {
  /** The paths it answers on, as the document's servers name them (`{variable}` for one segment). */
  readonly paths: readonly string[];
  /** Whether a request path is one it answers on. */
  serves(path: string): boolean;
  handle(request: JsonRpcMockRequest): Promise<JsonRpcMockResponse>;
  /** The same mock with more overrides on top, checked the same way. */
  withOverrides(overrides: JsonRpcOverrides<M>): JsonRpcMock<M>;
}

/** Deep equality of JSON values (objects by their members, in any order). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

const isErrorForm = (value: unknown): value is OverrideRpcError => isObject(value) && 'error' in value && Object.keys(value).length === 1;

/** Checks overrides when they are set: known methods, well-formed errors, results their schema accepts. */
function checkOverrides(overrides: Readonly<Record<string, unknown>>, methods: Readonly<Record<string, JsonRpcMethodData>>, resultValidators: Readonly<Record<string, JsonRpcValidator>> | undefined): void {
  for (const [method, value] of Object.entries(overrides)) {
    if (!Object.hasOwn(methods, method)) throw new OverrideError(method, '', 'not a method of the document');
    if (value === undefined || typeof value === 'function' || value instanceof MockRpcError) continue;
    if (isErrorForm(value)) {
      const error = value.error as unknown;
      if (!isObject(error) || !Number.isSafeInteger(error.code) || typeof error.message !== 'string') throw new OverrideError(method, '/error', 'must be { code: an integer, message: a string, data? }');
      continue;
    }
    const verdict = resultValidators?.[method]?.(value);
    if (verdict && !verdict.ok) {
      const [first, ...more] = verdict.errors;
      throw new OverrideError(method, first!.path, `${first!.message}${more.length ? ` (and ${more.length} more)` : ''}`);
    }
  }
}

/** A path template (`/chains/{id}/rpc`) as a test of request paths. */
function pathTest(template: string): (path: string) => boolean {
  if (!template.includes('{')) return (path) => path === template;
  const pattern = new RegExp(`^${template.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
  return (path) => pattern.test(path);
}

export function createJsonRpcMock<M extends MethodTypes>(options: JsonRpcMockOptions<M>): JsonRpcMock<M> {
  const overrides = { ...(options.overrides ?? {}) } as Record<string, unknown>;
  checkOverrides(overrides, options.methods, options.resultValidators);
  const paths = [...new Set(Object.values(options.methods).flatMap((m) => (m.paths.length > 0 ? m.paths : ['/'])))];
  const tests = paths.map(pathTest);
  const serves = (path: string) => tests.some((test) => test(path));
  const overridden = new Set(Object.entries(overrides).filter(([, value]) => value !== undefined).map(([name]) => name));

  const invoke = async (name: string, params: unknown): Promise<JsonRpcOutcome> => {
    const method = Object.hasOwn(options.methods, name) ? options.methods[name] : undefined;
    if (!method) return { error: { code: -32601, message: 'Method not found' } };
    // Absent params are the empty form of the method's own (§4.2: params "MAY be omitted").
    const given = params ?? (method.byPosition ? [] : {});
    const verdict = options.paramsValidators?.[name]?.(given);
    if (verdict && !verdict.ok) return { error: { code: -32602, message: 'Invalid params', data: verdict.errors } };
    if (overridden.has(name)) {
      const answer = await overrideAnswer(overrides[name], given, {});
      if (!('error' in answer)) return { result: 'result' in answer ? answer.result : null };
      // `data` undefined (an `rpcError` without it): no member, as the specification makes it optional.
      const { code, message, data } = answer.error;
      return { error: data === undefined ? { code, message } : { code, message, data } };
    }
    const example = method.examples.find((e) => jsonEqual(e.params, given)) ?? method.examples[0];
    if (!example) return { error: { code: -32603, message: `Internal error: the document has no example for ${name}; give the mock an override` } };
    // A copy per answer: an app that changes what it got does not change the next answer.
    return { result: structuredClone(example.result) };
  };

  return {
    paths,
    serves,
    async handle(request) {
      if (!serves(request.path)) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '404 page not found\n' };
      return answerJsonRpc(request, invoke);
    },
    withOverrides(more) {
      return createJsonRpcMock<M>({ ...options, overrides: { ...overrides, ...more } as JsonRpcOverrides<M> });
    },
  };
}
