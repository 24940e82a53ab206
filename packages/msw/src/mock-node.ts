// The mock node's logic, one implementation for the msw handlers and the standalone server:
// a request (method, path, query, body text) in, an HTTP answer out. Defaults come from the
// spec's examples; errors are what a node answers (-32700, -32600, -32601, -32602).
import type { HealthReport, Methods } from '@avanode/types';
import { validateParams } from '@avanode/validators';
import { mockData, type MethodMock } from './generated/mock-data.js';
import { serviceChecks } from './node-checks/index.js';

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

export interface OverrideContext {
  /** The chain of an L1 EVM chain call, from the path. */
  blockchainID?: string;
}

/** A method's answer: a result, or a function of the params returning one (or a MockRpcError, or throwing one). */
export type Override<K extends MethodName> =
  | Methods[K]['result']
  | ((params: Methods[K]['params'], context: OverrideContext) => Methods[K]['result'] | MockRpcError | Promise<Methods[K]['result'] | MockRpcError>);

export type Overrides = { [K in MethodName]?: Override<K> };

export interface MockNodeOptions {
  /** Answers per method, typed from @avanode/types: a wrong shape does not compile. */
  overrides?: Overrides;
  /** Answer node-specific methods (info.getNodeID, info.getNodeIP, info.getVMs, health.*) with "method not found", as the public server does. */
  publicNode?: boolean;
  /** Health answers unhealthy (GET: status 503). Default true. */
  healthy?: boolean;
  /** Delay every answer by this many ms (default 0: no delay). */
  delayMs?: number;
  /** Varies the order of list answers (sampleValidators, peers) deterministically: the same seed, the same answers. */
  seed?: number;
}

export interface MockRequest {
  method: string;
  /** URL path, e.g. `/ext/bc/P`. */
  path: string;
  query?: URLSearchParams;
  body: string;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

type Id = string | number | null;
type Envelope = { jsonrpc: '2.0'; id: Id; result: unknown } | { jsonrpc: '2.0'; id: Id; error: { code: number; message: string; data?: unknown } };

const errorEnvelope = (id: Id, code: number, message: string, data?: unknown): Envelope => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** `/ext/bc/2Cdi…/rpc` matches `/ext/bc/{blockchainID}/rpc`; returns the variables, or undefined. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return undefined;
  const variables: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const variable = /^\{(\w+)\}$/.exec(part);
    if (variable) variables[variable[1]!] = decodeURIComponent(got[i]!);
    else if (part !== got[i]) return undefined;
  }
  return variables;
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

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface MockNode {
  handle(request: MockRequest): Promise<MockResponse>;
}

export function createMockNode(options: MockNodeOptions = {}): MockNode {
  const healthy = options.healthy ?? true;
  const overrides = (options.overrides ?? {}) as Record<string, unknown>;

  /**
   * Params as a node accepts them from real clients: a missing `params` for a method without
   * parameters (and `{}` for a positional one), names in another letter case (the node matches
   * them case-insensitively).
   */
  function lenientParams(mock: MethodMock, params: unknown): unknown {
    if (params === undefined || params === null) return mock.byPosition ? [] : {};
    if (mock.byPosition) return isObject(params) && Object.keys(params).length === 0 ? [] : params;
    if (!isObject(params)) return params;
    const byLowerCase = new Map(mock.params.map((name) => [name.toLowerCase(), name]));
    return Object.fromEntries(Object.entries(params).map(([key, value]) => [byLowerCase.get(key.toLowerCase()) ?? key, value]));
  }

  /** A single value sent as a one-element array (the published getL1Validator example does). */
  function unwrapped(params: unknown): unknown {
    if (!isObject(params)) return params;
    return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) && value.length === 1 ? value[0] : value]));
  }

  function unhealthyReport(): HealthReport {
    const example = mockData.httpEndpoints['health.get']?.examples.find((e) => isObject(e) && e.status === 503) as { body?: HealthReport } | undefined;
    return example?.body ?? { checks: {}, healthy: false };
  }

  function defaultResult(name: string, mock: MethodMock, params: unknown): unknown {
    if (!healthy && (name === 'health.health' || name === 'health.readiness')) return unhealthyReport();
    const example = mock.examples.find((e) => sameJson(e.params, params)) ?? mock.examples[0];
    const result = structuredClone(example?.result ?? null);
    if (options.seed !== undefined && isObject(result)) {
      for (const key of ['validators', 'peers']) if (Array.isArray(result[key])) result[key] = shuffled(result[key] as unknown[], options.seed);
    }
    return result;
  }

  async function call(request: unknown, path: string): Promise<Envelope> {
    if (!isObject(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string' || !('id' in request)) {
      const id = isObject(request) && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null;
      return errorEnvelope(id, -32600, 'invalid request: expected {"jsonrpc":"2.0","id":…,"method":…,"params":…}');
    }
    const id = (typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null) as Id;
    const name = request.method;
    const mock = Object.prototype.hasOwnProperty.call(mockData.methods, name) ? mockData.methods[name] : undefined;
    const variables = mock ? mock.paths.map((p) => matchPath(p, path)).find(Boolean) : undefined;
    if (!mock || !variables || (options.publicNode && mock.nodeSpecific)) {
      return errorEnvelope(id, -32601, `the method ${name} does not exist/is not available`);
    }
    let params = lenientParams(mock, request.params);
    const refusal = serviceChecks[name]?.(params, { path, ...(variables.blockchainID ? { blockchainID: variables.blockchainID } : {}) });
    if (refusal) return errorEnvelope(id, refusal.code, refusal.message, refusal.data);
    let verdict = validateParams(name, params);
    if (!verdict.ok && validateParams(name, unwrapped(params)).ok) {
      params = unwrapped(params);
      verdict = { ok: true };
    }
    if (!verdict.ok) {
      const [first] = verdict.errors;
      const where = first!.path.replace(/^\//, '').replace(/\//g, '.') || 'params';
      return errorEnvelope(id, -32602, `invalid params: ${where} ${first!.message}`);
    }
    const override = overrides[name];
    try {
      const answer =
        typeof override === 'function'
          ? await (override as (p: unknown, c: OverrideContext) => unknown)(params, { ...(variables.blockchainID ? { blockchainID: variables.blockchainID } : {}) })
          : override !== undefined
            ? structuredClone(override)
            : defaultResult(name, mock, params);
      if (answer instanceof MockRpcError) return errorEnvelope(id, answer.code, answer.message, answer.data);
      return { jsonrpc: '2.0', id, result: answer };
    } catch (error) {
      if (error instanceof MockRpcError) return errorEnvelope(id, error.code, error.message, error.data);
      return errorEnvelope(id, -32000, (error as Error)?.message ?? String(error));
    }
  }

  const isEvmRpc = (path: string) => /^\/ext\/bc\/[^/]+\/rpc\/?$/.test(path);
  const respond = (status: number, body: unknown): MockResponse => ({ status, headers: JSON_HEADERS, body: JSON.stringify(body) });

  function healthGet(path: string): MockResponse | undefined {
    const endpoint = mockData.httpEndpoints['health.get'];
    if (!endpoint) return undefined;
    const key = Object.entries(endpoint.paths).find(([, p]) => p === path.replace(/\/+$/, ''))?.[0];
    if (!key) return undefined;
    if (options.publicNode && endpoint.nodeSpecific) return { status: 404, headers: { 'content-type': 'text/plain' }, body: '404 page not found' };
    const method = key === 'readiness' ? 'health.readiness' : key === 'liveness' ? 'health.liveness' : 'health.health';
    const report = (key === 'liveness' ? { checks: {}, healthy: true } : healthy ? defaultResult(method, mockData.methods[method]!, {}) : unhealthyReport()) as HealthReport;
    return respond(report.healthy ? 200 : 503, report);
  }

  return {
    async handle(request) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const path = request.path.replace(/\/+$/, '') || '/';
      if (request.method === 'GET') {
        return healthGet(path) ?? { status: 404, headers: { 'content-type': 'text/plain' }, body: '404 page not found' };
      }
      if (request.method !== 'POST') return { status: 405, headers: { 'content-type': 'text/plain', allow: 'POST' }, body: 'method not allowed' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body);
      } catch {
        return respond(200, errorEnvelope(null, -32700, 'parse error: the body is not JSON'));
      }
      if (Array.isArray(parsed)) {
        if (!isEvmRpc(path)) return respond(200, errorEnvelope(null, -32600, 'invalid request: batches are answered on /ext/bc/{blockchainID}/rpc only'));
        if (parsed.length === 0) return respond(200, errorEnvelope(null, -32600, 'invalid request: empty batch'));
        return respond(200, await Promise.all(parsed.map((item) => call(item, path))));
      }
      return respond(200, await call(parsed, path));
    },
  };
}
