// The mock node's logic, one implementation for the msw handlers and the standalone server:
// a request (method, path, headers, query, body text) in, an HTTP answer out. Defaults come from
// the spec's examples. The answers' envelope is an avalanchego v1.14.2 node's, per endpoint
// family: gorilla/rpc json2 on /ext/info, /ext/bc/P, /ext/health and /ext/bc/<id>/validators
// (envelope/gorilla.ts), the geth-style server on /ext/bc/<id>/rpc (envelope/geth.ts), and in
// front of both the node's HTTP server (api/server: routing, 404, CORS, the node-id header).
import type { HealthReport, Methods } from '@avanode/types';
import { validateParams } from '@avanode/validators';
import { serveGeth } from './envelope/geth.js';
import { serveGorilla, type GorillaEndpoint } from './envelope/gorilla.js';
import { httpError, type CallAnswer, type HttpAnswer, type HttpRequest } from './envelope/types.js';
import { mockData, type MethodMock } from './generated/mock-data.js';
import { serviceChecks } from './node-checks/index.js';
import { ConnectionReset, beforeCall, beforeRequest, withHealth } from './network/attach.js';
import type { Latency } from './network/faults.js';
import { createSimulation, type MockControl, type NetworkOptions } from './network/index.js';

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
  /**
   * Play a public API node: the Health API is off (every /ext/health path answers 404, as with
   * --api-health-enabled=false) and the node-specific Info methods (info.getNodeID, getNodeIP,
   * getVMs) are not served (gorilla's -32000 `rpc: can't find method "info.GetNodeID"`).
   */
  publicNode?: boolean;
  /** Health answers unhealthy (GET: status 503). Default true. */
  healthy?: boolean;
  /** Delay every answer by this many ms (default 0: no delay). */
  delayMs?: number;
  /**
   * Varies the order of example list answers (sampleValidators, peers) deterministically, and
   * seeds the simulated network, the latency and the faults: the same seed, the same answers.
   */
  seed?: number;
  /**
   * A simulated network (docs/guide/scenarios.md): `true` or its options (`seed`, `state`,
   * `blockTimeMs`, `clock`). Its chain answers the methods it covers; overrides still win.
   */
  network?: boolean | NetworkOptions;
  /** Delay each answer: ms, or a range drawn per request from the seed (`[20, 200]`, `'20-200'`). */
  latency?: Latency;
  /** Share of requests (0 to 1) that get a reset connection or the node's 503, drawn from the seed. */
  faultRate?: number;
  /** The control API under `/_avanode/` (default true); off, those paths answer 404 as a node does. */
  control?: boolean;
}

export interface MockRequest {
  method: string;
  /** URL path, e.g. `/ext/bc/P`. */
  path: string;
  query?: URLSearchParams;
  /** Request headers, names in lower case. Without them, `content-type: application/json` is assumed. */
  headers?: Record<string, string | undefined>;
  body: string;
}

/** An HTTP answer; `reset`: close the connection without one (a dropped connection). */
export type MockResponse = HttpAnswer & { reset?: boolean };

/** `/ext/bc/2Cdi…/rpc` matches `/ext/bc/{blockchainID}/rpc`; returns the variables, or undefined. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const variables: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const variable = /^\{(\w+)\}$/.exec(part);
    if (variable && got[i]) variables[variable[1]!] = got[i]!;
    else if (part !== got[i]) return undefined;
  }
  return variables;
}

/** gorilla/mux v1.8.0 cleanPath: `//`, `.` and `..` resolved, a trailing slash kept. */
function cleanPath(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '' && segment !== '.') parts.push(segment);
  }
  const clean = `/${parts.join('/')}`;
  return path.endsWith('/') && clean !== '/' ? `${clean}/` : clean;
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

/** The P-chain's routes besides /ext/bc/P (genesis/aliases.go:34-40: its ID, `P`, `platform`, with and without `bc/`). */
const PLATFORM_ALIASES = ['/ext/P', '/ext/platform', '/ext/bc/platform', '/ext/bc/11111111111111111111111111111111LpoYY'];
const P_CHAIN_NAMES = new Set(['P', 'platform', '11111111111111111111111111111111LpoYY']);

/** rs/cors v1.7.0 defaults (api/server/server.go:327-330, origins `*` by config/flags.go:230). */
const CORS_METHODS = new Set(['GET', 'POST', 'HEAD', 'OPTIONS']);
const CORS_HEADERS = new Set(['Origin', 'Accept', 'Content-Type', 'X-Requested-With']);
/** rs/cors utils.go parseHeaderList: header names in canonical form. */
const headerList = (value: string) =>
  value.split(/[ ,]+/).map((h) => h.replace(/[^A-Za-z0-9_-]/g, '')).filter(Boolean).map((h) => h.toLowerCase().replace(/(^|[-_])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase()));

export interface MockNode {
  handle(request: MockRequest): Promise<MockResponse>;
  /** The network's controls (reset, advance, fund, health, fail, slow, drop…), as the HTTP control API has them. */
  control: MockControl;
  /** Stops the network's real-time clock, if it runs. */
  close(): void;
}

export function createMockNode(options: MockNodeOptions = {}): MockNode {
  const healthy = options.healthy ?? true;
  const simulation = createSimulation({
    ...(options.network !== undefined ? { network: options.network } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.latency !== undefined ? { latency: options.latency } : {}),
    ...(options.faultRate !== undefined ? { faultRate: options.faultRate } : {}),
  });
  simulation.start();
  const overrides = (options.overrides ?? {}) as Record<string, unknown>;
  const nodeID = (mockData.methods['info.getNodeID']?.examples[0]?.result as { nodeID?: string } | undefined)?.nodeID ?? 'NodeID-111111111111111111116DBWJs';

  // The endpoints, from the spec's server paths: one gorilla service or the geth server per path.
  const gorilla = new Map<string, GorillaEndpoint & { methods: Map<string, string> }>();
  const gethMethods = new Map<string, Set<string>>();
  for (const [name, mock] of Object.entries(mockData.methods)) {
    for (const pattern of mock.paths) {
      if (pattern.endsWith('/rpc')) {
        if (!gethMethods.has(pattern)) gethMethods.set(pattern, new Set());
        gethMethods.get(pattern)!.add(name);
        continue;
      }
      const dot = name.indexOf('.');
      if (!gorilla.has(pattern)) gorilla.set(pattern, { service: name.slice(0, dot), methods: new Map() });
      // A public node does not serve the node-specific methods.
      if (options.publicNode && mock.nodeSpecific) continue;
      const member = name.slice(dot + 1);
      gorilla.get(pattern)!.methods.set(member[0]!.toUpperCase() + member.slice(1), name);
    }
  }
  const platform = gorilla.get('/ext/bc/P');
  if (platform) for (const alias of PLATFORM_ALIASES) if (!gorilla.has(alias)) gorilla.set(alias, platform);

  /**
   * Params as Go decodes them into the args struct: member names matched case-insensitively,
   * unknown members ignored (encoding/json).
   */
  function goParams(mock: MethodMock, params: unknown): unknown {
    if (mock.byPosition || !isObject(params)) return params;
    const byLowerCase = new Map(mock.params.map((name) => [name.toLowerCase(), name]));
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params)) {
      const name = byLowerCase.get(key.toLowerCase());
      if (name) out[name] = value;
    }
    return out;
  }

  function unhealthyReport(): HealthReport {
    const example = mockData.httpEndpoints['health.get']?.examples.find((e) => isObject(e) && e.status === 503) as { body?: HealthReport } | undefined;
    return structuredClone(example?.body ?? { checks: {}, healthy: false });
  }

  function defaultResult(name: string, mock: MethodMock, params: unknown): unknown {
    if (name === 'health.health' || name === 'health.readiness') {
      const example = mock.examples.find((e) => sameJson(e.params, params)) ?? mock.examples[0];
      return withHealth(simulation, healthy ? structuredClone(example?.result ?? null) : unhealthyReport());
    }
    const covered = simulation.answer(name, params);
    if (covered) {
      // A Go service error: -32000 with its text.
      if ('error' in covered) throw new MockRpcError(-32000, covered.error, null);
      return covered.result;
    }
    const example = mock.examples.find((e) => sameJson(e.params, params)) ?? mock.examples[0];
    const result = structuredClone(example?.result ?? null);
    if (options.seed !== undefined && isObject(result)) {
      for (const key of ['validators', 'peers']) if (Array.isArray(result[key])) result[key] = shuffled(result[key] as unknown[], options.seed);
    }
    return result;
  }

  /** One method call once the envelope is read: service checks, argument decoding, the answer. */
  async function invoke(name: string, rawParams: unknown, context: OverrideContext & { path: string }, validate: boolean): Promise<CallAnswer> {
    const mock = mockData.methods[name]!;
    // A failure a test queued for this method comes first (control.fail / slow / drop).
    const queued = await beforeCall(simulation, name);
    if (queued) return { error: queued };
    const params = goParams(mock, rawParams);
    const refusal = serviceChecks[name]?.(params, context);
    if (refusal) return { error: refusal };
    if (validate) {
      const verdict = validateParams(name, params);
      if (!verdict.ok) {
        const [first] = verdict.errors;
        const index = mock.byPosition ? Number(/^\/(\d+)/.exec(first!.path)?.[1] ?? 0) : undefined;
        return { invalidParams: { ...(index !== undefined ? { index } : {}), message: `${first!.path || '/'} ${first!.message}` } };
      }
    }
    const override = overrides[name];
    const overrideContext: OverrideContext = context.blockchainID ? { blockchainID: context.blockchainID } : {};
    try {
      const answer =
        typeof override === 'function'
          ? await (override as (p: unknown, c: OverrideContext) => unknown)(params, overrideContext)
          : override !== undefined
            ? structuredClone(override)
            : defaultResult(name, mock, params);
      if (answer instanceof MockRpcError) return { error: { code: answer.code, message: answer.message, data: answer.data } };
      return { result: answer };
    } catch (error) {
      // A Go service error: -32000 with its text.
      if (error instanceof MockRpcError) return { error: { code: error.code, message: error.message, data: error.data } };
      return { error: { code: -32000, message: (error as Error)?.message ?? String(error) } };
    }
  }

  /** api/health/handler.go:49-68 NewGetHandler: the report, 200 or 503, any HTTP method. */
  function healthGet(key: string): MockResponse {
    const method = key === 'readiness' ? 'health.readiness' : key === 'liveness' ? 'health.liveness' : 'health.health';
    const report = (key === 'liveness' ? { checks: {}, healthy: true } : defaultResult(method, mockData.methods[method]!, {})) as HealthReport;
    return { status: report.healthy ? 200 : 503, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify({ checks: report.checks, healthy: report.healthy })}\n` };
  }

  /** api/server/router.go + gorilla/mux: the handler of an exact path, else 404. */
  async function route(request: HttpRequest, path: string): Promise<MockResponse> {
    const health = mockData.httpEndpoints['health.get'];
    const healthKey = health ? Object.entries(health.paths).find(([, p]) => p === path)?.[0] : undefined;
    if (healthKey !== undefined || path === '/ext/health') {
      // node/node.go:1426: with the Health API off, none of its routes exist.
      if (options.publicNode) return httpError(404, '404 page not found');
      // api/health/handler.go:29-34: /ext/health answers GET with the report, other methods with JSON-RPC.
      if (path !== '/ext/health' || request.method === 'GET') return healthGet(healthKey === 'healthAlias' ? 'health' : (healthKey ?? 'health'));
    }
    for (const [pattern, endpoint] of gorilla) {
      const variables = matchPath(pattern, path);
      if (!variables || (variables.blockchainID && P_CHAIN_NAMES.has(variables.blockchainID))) continue;
      return serveGorilla(request, endpoint, (name, params, { validate }) => invoke(name, params, { path, ...variables }, validate));
    }
    for (const [pattern, methods] of gethMethods) {
      const variables = matchPath(pattern, path);
      if (!variables || (variables.blockchainID && P_CHAIN_NAMES.has(variables.blockchainID))) continue;
      const endpoint = { methods, arity: (name: string) => mockData.methods[name]?.params.length ?? 0 };
      return serveGeth(request, endpoint, (name, params, { validate }) => invoke(name, params, { path, ...variables }, validate));
    }
    return httpError(404, '404 page not found');
  }

  return {
    control: simulation.control,
    close: () => simulation.stop(),
    async handle(request) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const headers = request.headers ?? { 'content-type': 'application/json' };
      const http: HttpRequest = { method: request.method, headers, query: request.query ?? new URLSearchParams(), body: request.body };
      // api/server/server.go:331-336: every answer names the node.
      const common: Record<string, string> = { 'node-id': nodeID };
      const origin = headers.origin;
      // rs/cors v1.7.0 cors.go Handler: a preflight is answered here, 200 with no body.
      if (request.method === 'OPTIONS' && headers['access-control-request-method']) {
        common.vary = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';
        const wanted = headers['access-control-request-method'].toUpperCase();
        const requested = headerList(headers['access-control-request-headers'] ?? '');
        if (origin && CORS_METHODS.has(wanted) && requested.every((h) => CORS_HEADERS.has(h))) {
          Object.assign(common, { 'access-control-allow-origin': '*', 'access-control-allow-methods': wanted }, requested.length ? { 'access-control-allow-headers': requested.join(', ') } : {}, { 'access-control-allow-credentials': 'true' });
        }
        return { status: 200, headers: common, body: '' };
      }
      common.vary = 'Origin';
      if (origin && CORS_METHODS.has(request.method.toUpperCase())) Object.assign(common, { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' });
      let path = request.path;
      try {
        path = decodeURIComponent(path);
      } catch {
        // Not percent-decodable: matched as sent.
      }
      // gorilla/mux v1.8.0 Router.ServeHTTP: an unclean path is redirected to its clean form.
      const clean = cleanPath(path);
      const query = http.query.toString();
      // url.String() writes the path escaped.
      // The control API and the faults of the simulated network (src/network/attach.ts) come before the node's routes.
      const early = await beforeRequest(simulation, options.control !== false, request.method.toUpperCase(), path, request.body);
      if (early?.reset) return { status: 0, headers: {}, body: '', reset: true };
      if (early) return { ...early, headers: { ...common, ...early.headers } };
      let answer: HttpAnswer;
      try {
        answer = clean !== path ? { status: 301, headers: { location: encodeURI(clean) + (query ? `?${query}` : '') }, body: '' } : await route(http, path);
      } catch (error) {
        if (error instanceof ConnectionReset) return { status: 0, headers: {}, body: '', reset: true };
        throw error;
      }
      return { ...answer, headers: { ...common, ...answer.headers } };
    },
  };
}
