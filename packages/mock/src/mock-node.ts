// The mock node's logic, one implementation for the msw handlers and the standalone server:
// a request (method, path, headers, query, body text) in, an HTTP answer out. The P-chain's
// answers come from one chain state (network/: the spec's examples' state by default, a seed's or
// a state file's), the rest from the spec's examples. The answers' envelope is an avalanchego v1.14.2 node's, per endpoint
// family: gorilla/rpc json2 on /ext/info, /ext/bc/P, /ext/health and /ext/bc/<id>/validators
// (envelope/gorilla.ts), the geth-style server on /ext/bc/<id>/rpc (envelope/geth.ts), and in
// front of both the node's HTTP server (api/server: routing, 404, CORS, the node-id header).
import type { HealthReport } from '@avanode/types';
import { validateParams } from '@avanode/validators';
import { serveGeth, type GethEndpoint } from './envelope/geth.js';
import { serveGorilla, type GorillaEndpoint } from './envelope/gorilla.js';
import { badRequestAnswer, hasBadEscape } from './envelope/request-uri.js';
import { httpError, type CallAnswer, type CallParams, type HttpAnswer, type HttpRequest } from './envelope/types.js';
import { mockData, type MethodMock } from './generated/mock-data.js';
import { BoundedMemo } from './memo.js';
import { serviceChecks, type ServiceCheckContext } from './node-checks/index.js';
import { ConnectionReset, beforeCall, beforeRequest, withHealth, type EarlyAnswer } from './network/attach.js';
import type { Latency } from './network/faults.js';
import { createSimulation, type MockControl, type NetworkOptions } from './network/index.js';
import { MockRpcError, checkOverrides, overrideAnswer, type Overrides } from './overrides.js';
import { fixedResult, freshResult } from './results.js';
import { isObject } from './is-object.js';
import { filteredExample } from './example-filters.js';
import { NODE_ID } from './node-identity.js';

export interface MockNodeOptions {
  /**
   * Answers per method, typed from @avanode/types: a wrong shape does not compile, and each is
   * checked when set (an OverrideError names the method and the JSON path). See overrides.ts.
   */
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
  /**
   * This node with more overrides on top of its own (checked now, as `overrides` are): the same
   * network, control, faults and health; only the overridden methods answer differently. What
   * the msw override handlers (`createOverrideHandlers` of @avanode/msw) serve.
   */
  withOverrides(overrides: Overrides): MockNode;
}

/** Every method the node serves (the spec's): what an override may name. */
const METHOD_NAMES: ReadonlySet<string> = new Set(Object.keys(mockData.methods));

type Example = MethodMock['examples'][number];

/** The examples' params as JSON, per method, for finding the example a call's params match. */
const exampleParams = new WeakMap<MethodMock, string[]>();
function matchingExample(mock: MethodMock, params: unknown): Example | undefined {
  return exactExample(mock, params) ?? mock.examples[0];
}
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

/** `encoding` as formatting.Encoding reads it (case-insensitive); undefined when not a string. */

/** Each method's param names by their lower-case form, for goParams. */
const paramNames = new WeakMap<MethodMock, Map<string, string>>();

/**
 * Params as Go decodes them into the args struct: member names matched case-insensitively,
 * unknown members ignored (encoding/json). A new object: the params it is made from are shared.
 */
function goParams(mock: MethodMock, params: unknown): unknown {
  if (mock.byPosition || !isObject(params)) return params;
  let byLowerCase = paramNames.get(mock);
  if (!byLowerCase) {
    byLowerCase = new Map(mock.params.map((name) => [name.toLowerCase(), name]));
    paramNames.set(mock, byLowerCase);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const name = byLowerCase.get(key.toLowerCase());
    if (name) out[name] = value;
  }
  return out;
}

/** The request path is already clean (cleanPath would give it back): no `//`, `.` or `..` segment. */
const isClean = (path: string) => path.charCodeAt(0) === 0x2f && !/\/\/|\/\.\.?(?:\/|$)/.test(path);

/** What a path leads to on this node, worked out once per path. */
interface Route {
  /** A Health API path: the report it answers GET with (`health`, `readiness`, `liveness`). */
  health?: string;
  /** The gorilla service or the geth-style server on the path, with the path's variables. */
  gorilla?: { endpoint: GorillaEndpoint; context: ServiceCheckContext };
  geth?: { endpoint: GethEndpoint; context: ServiceCheckContext };
}

/**
 * What a call's method does with its params before it answers, the same for every call with the
 * same method, path and params: the service checks and the schema (a refusal), and the params
 * as the method reads them. The example answer is kept here once worked out.
 */
interface CallPlan {
  /** Names the plan for the network's remembered answers (a new name per plan, never reused). */
  id: string;
  /** What the plan is for: the method, its route's context (an object per route) and whether the schema checks. */
  name: string;
  context: ServiceCheckContext;
  validate: boolean;
  refused?: CallAnswer;
  params: unknown;
  /** The example the params match (null: the method has none). */
  matched?: Example | null;
  example?: CallAnswer;
}

/** Plans kept per params (CallParams.key): one is the rule, a few when the params go to several methods or routes. */
const PLANS_PER_PARAMS = 4;

/** A request without headers: JSON, as the README says. Read only. */
const DEFAULT_HEADERS: Record<string, string | undefined> = { 'content-type': 'application/json' };
/** A request without a query. Read only. */
const NO_QUERY = new URLSearchParams();
const reset = (): MockResponse => ({ status: 0, headers: {}, body: '', reset: true });

/**
 * The answer of each node without the promise `handle` wraps it in when nothing has to wait:
 * what the standalone server calls, one step less per request. Not part of the API.
 */
const responders = new WeakMap<MockNode, (request: MockRequest) => MockResponse | Promise<MockResponse>>();
export function responderOf(node: MockNode): (request: MockRequest) => MockResponse | Promise<MockResponse> {
  return responders.get(node) ?? ((request) => node.handle(request));
}

export function createMockNode(options: MockNodeOptions = {}): MockNode {
  // Checked before anything starts (a real-time clock would outlive the throw).
  const overrides = (options.overrides ?? {}) as Record<string, unknown>;
  checkOverrides(overrides, METHOD_NAMES);
  const healthy = options.healthy ?? true;
  const simulation = createSimulation({
    ...(options.network !== undefined ? { network: options.network } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.latency !== undefined ? { latency: options.latency } : {}),
    ...(options.faultRate !== undefined ? { faultRate: options.faultRate } : {}),
  });
  simulation.start();
  const nodeID = NODE_ID;

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
  const gethArity = (name: string) => mockData.methods[name]?.params.length ?? 0;
  const healthPaths = Object.entries(mockData.httpEndpoints['health.get']?.paths ?? {});

  // Memos of work that depends only on its key, bounded (every request can bring new keys).
  const routes = new BoundedMemo<Route>({ maxEntries: 256, maxKeyLength: 2048 });
  // The plans of the calls with the same params (CallParams.key), a few methods and routes each:
  // found by comparing objects the memos keep (the method's name, the route's context), so no
  // key is put together per call.
  const plans = new BoundedMemo<CallPlan[]>({ maxEntries: 1024, maxKeyLength: 64 });
  let planCount = 0;
  // The network's answers to the methods that only read it, until its state changes: by the
  // call's plan, each with the state's version it was worked out at; at most 4 million
  // characters of JSON in all.
  const networkAnswers = new BoundedMemo<{ version: number; answer: CallAnswer }>({
    maxEntries: 512,
    maxKeyLength: 64,
    sizeOf: (entry) => ('json' in entry.answer && entry.answer.json ? entry.answer.json.text.length : 0),
    maxSize: 4_000_000,
  });
  /** Example answers in the seed's order, per example. */
  const shuffledResults = new WeakMap<object, Record<string, unknown>>();
  let unhealthy: HealthReport | undefined;

  /** api/server/router.go + gorilla/mux: the handler of an exact path, else none. */
  function routeOf(path: string): Route {
    let route = routes.get(path);
    if (route) return route;
    route = {};
    const healthKey = healthPaths.find(([, p]) => p === path)?.[0];
    if (healthKey !== undefined || path === '/ext/health') route.health = healthKey === 'healthAlias' ? 'health' : (healthKey ?? 'health');
    for (const [pattern, endpoint] of gorilla) {
      const variables = matchPath(pattern, path);
      if (!variables || (variables.blockchainID && P_CHAIN_NAMES.has(variables.blockchainID))) continue;
      route.gorilla = { endpoint, context: { path, ...variables } };
      break;
    }
    if (!route.gorilla) {
      for (const [pattern, methods] of gethMethods) {
        const variables = matchPath(pattern, path);
        if (!variables || (variables.blockchainID && P_CHAIN_NAMES.has(variables.blockchainID))) continue;
        route.geth = { endpoint: { methods, arity: gethArity }, context: { path, ...variables } };
        break;
      }
    }
    routes.set(path, route);
    return route;
  }

  function unhealthyReport(): HealthReport {
    if (!unhealthy) {
      const example = mockData.httpEndpoints['health.get']?.examples.find((e) => isObject(e) && e.status === 503) as { body?: HealthReport } | undefined;
      unhealthy = structuredClone(example?.body ?? { checks: {}, healthy: false });
    }
    return unhealthy;
  }

  /** health.health and health.readiness: the example (or the unhealthy report) with the checks a test set. */
  function healthReport(example: Example | undefined): unknown {
    return withHealth(simulation, healthy ? (example?.result ?? null) : unhealthyReport());
  }

  function healthAnswer(plan: CallPlan, mock: MethodMock): CallAnswer {
    if (plan.matched === undefined) plan.matched = matchingExample(mock, plan.params) ?? null;
    const report = healthReport(plan.matched ?? undefined);
    // Without settings the report is the example itself (or the one unhealthy report): it never changes.
    return simulation.healthSettings.size === 0 ? fixedResult(report) : { result: report };
  }

  /**
   * The example answer of a method the chain's state does not answer (the node's configuration,
   * its peers, the L1 EVM extras): the example with these params, else the first; in the seed's
   * order when there is one.
   */
  function exampleAnswer(name: string, mock: MethodMock, params: unknown): CallAnswer {
    const exact = exactExample(mock, params);
    // Params no example shows: the example's list, filtered as the node's handler filters (example-filters.ts).
    const result = exact ? exact.result : filteredExample(name, mock.examples[0]?.result ?? null, params);
    if (options.seed === undefined || !isObject(result)) return fixedResult(result);
    let reordered = shuffledResults.get(result);
    if (!reordered) {
      reordered = { ...result };
      for (const key of ['validators', 'peers']) if (Array.isArray(result[key])) reordered[key] = shuffled(result[key] as unknown[], options.seed);
      shuffledResults.set(result, reordered);
    }
    return fixedResult(reordered);
  }

  /** The answer without an override: the chain's for the methods its state answers (network/answers.ts), else the example's. */
  function defaultAnswer(name: string, mock: MethodMock, plan: CallPlan, remembered: boolean): CallAnswer {
    if (name === 'health.health' || name === 'health.readiness') return healthAnswer(plan, mock);
    if (simulation.covers(name, plan.context.blockchainID)) {
      // Answers that only read the network hold until its state changes.
      const version = simulation.version();
      const remember = remembered && simulation.readsOnly(name);
      const known = remember ? networkAnswers.get(plan.id) : undefined;
      if (known && known.version === version) return known.answer;
      const covered = simulation.answer(name, plan.params, plan.context.blockchainID);
      // A Go service error: -32000 with its text.
      const answer: CallAnswer = !covered ? exampleAnswer(name, mock, plan.params) : 'error' in covered ? { error: { code: -32000, message: covered.error, data: null } } : freshResult(covered.result);
      if (remember) networkAnswers.set(plan.id, { version, answer });
      return answer;
    }
    plan.example ??= exampleAnswer(name, mock, plan.params);
    return plan.example;
  }

  /** The service checks and the schema on a call's params: the same verdict for the same params. */
  function planOf(name: string, mock: MethodMock, call: CallParams, context: ServiceCheckContext, validate: boolean): CallPlan {
    const known = call.key === undefined ? undefined : plans.get(call.key);
    if (known) for (const plan of known) if (plan.name === name && plan.context === context && plan.validate === validate) return plan;
    const params = goParams(mock, call.value);
    const plan: CallPlan = { id: `plan ${++planCount}`, name, context, validate, params };
    const refusal = serviceChecks[name]?.(params, context);
    if (refusal) plan.refused = { error: refusal };
    else if (validate) {
      const verdict = validateParams(name, params);
      if (!verdict.ok) {
        const [first] = verdict.errors;
        const index = mock.byPosition ? Number(/^\/(\d+)/.exec(first!.path)?.[1] ?? 0) : undefined;
        plan.refused = { invalidParams: { ...(index !== undefined ? { index } : {}), message: `${first!.path || '/'} ${first!.message}` } };
      }
    }
    if (call.key !== undefined) {
      if (!known) plans.set(call.key, [plan]);
      else if (known.push(plan) > PLANS_PER_PARAMS) known.shift();
    }
    return plan;
  }

  /** A call once a queued failure is ruled out: the checks, then the override or the default answer. */
  function answerCall(name: string, mock: MethodMock, call: CallParams, context: ServiceCheckContext, validate: boolean, layer: Record<string, unknown>): CallAnswer | Promise<CallAnswer> {
    const plan = planOf(name, mock, call, context, validate);
    if (plan.refused) return plan.refused;
    const override = layer[name];
    if (override !== undefined) {
      // A function gets params of its own: it may change them.
      const params = typeof override === 'function' ? goParams(mock, call.fresh()) : plan.params;
      return overrideAnswer(override, params, context.blockchainID ? { blockchainID: context.blockchainID } : {});
    }
    // A fork reads what the call needs from its upstream first (src/fork/lazy.ts), or answers with the upstream's answer.
    const prepared = simulation.prepare(name, plan.params);
    if (prepared) return prepared.then((forked) => (forked ? networkAnswer(forked) : defaultOrError(name, mock, plan, call.key !== undefined)));
    return defaultOrError(name, mock, plan, call.key !== undefined);
  }

  /** A -32000 with the node's text, or the result. */
  const networkAnswer = (answer: { result: unknown } | { error: string }): CallAnswer => ('error' in answer ? { error: { code: -32000, message: answer.error, data: null } } : freshResult(answer.result));

  function defaultOrError(name: string, mock: MethodMock, plan: CallPlan, remembered: boolean): CallAnswer {
    try {
      return defaultAnswer(name, mock, plan, remembered);
    } catch (error) {
      // A Go service error: -32000 with its text.
      if (error instanceof MockRpcError) return { error: { code: error.code, message: error.message, data: error.data } };
      return { error: { code: -32000, message: (error as Error)?.message ?? String(error) } };
    }
  }

  /** One method call once the envelope is read: a queued failure, service checks, argument decoding, the answer. */
  function invoke(name: string, call: CallParams, context: ServiceCheckContext, validate: boolean, layer: Record<string, unknown>): CallAnswer | Promise<CallAnswer> {
    const mock = mockData.methods[name]!;
    // A failure a test queued for this method comes first (control.fail / slow / drop).
    const queued = beforeCall(simulation, name);
    if (queued instanceof Promise) return queued.then((failure) => (failure ? { error: failure } : answerCall(name, mock, call, context, validate, layer)));
    if (queued) return { error: queued };
    return answerCall(name, mock, call, context, validate, layer);
  }

  /** api/health/handler.go:49-68 NewGetHandler: the report, 200 or 503, any HTTP method. */
  function healthGet(key: string): MockResponse {
    const report = (key === 'liveness' ? { checks: {}, healthy: true } : healthReport(matchingExample(mockData.methods[key === 'readiness' ? 'health.readiness' : 'health.health']!, {}))) as HealthReport;
    return { status: report.healthy ? 200 : 503, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify({ checks: report.checks, healthy: report.healthy })}\n` };
  }

  /** The route's handler; a promise only when the answer has to wait. */
  function route(request: HttpRequest, path: string, layer: Record<string, unknown>): HttpAnswer | Promise<HttpAnswer> {
    const { health, gorilla: service, geth } = routeOf(path);
    if (health !== undefined) {
      // node/node.go:1426: with the Health API off, none of its routes exist.
      if (options.publicNode) return httpError(404, '404 page not found');
      // api/health/handler.go:29-34: /ext/health answers GET with the report, other methods with JSON-RPC.
      if (path !== '/ext/health' || request.method === 'GET') return healthGet(health);
    }
    if (service) return serveGorilla(request, service.endpoint, (name, params, { validate }) => invoke(name, params, service.context, validate, layer));
    if (geth) return serveGeth(request, geth.endpoint, (name, params, { validate }) => invoke(name, params, geth.context, validate, layer));
    return httpError(404, '404 page not found');
  }

  /** The answer with the node's headers first (the answer's own after them, in place where one names the same header). */
  function withNodeHeaders(answer: HttpAnswer, common: Record<string, string>): MockResponse {
    for (const name in answer.headers) common[name] = answer.headers[name]!;
    return { status: answer.status, headers: common, body: answer.body };
  }

  /** A connection reset a method call asked for (control.drop, faultRate) becomes a dropped connection; anything else goes on up. */
  function resetOr(error: unknown): MockResponse {
    if (error instanceof ConnectionReset) return reset();
    throw error;
  }

  /**
   * One request through the node's HTTP server, with the overrides of `layer`: the answer, or a
   * promise of it when something has to wait (a delay, latency, an async override).
   */
  function respond(request: MockRequest, layer: Record<string, unknown>): MockResponse | Promise<MockResponse> {
    if (options.delayMs) return new Promise((resolve) => setTimeout(resolve, options.delayMs)).then(() => respondNow(request, layer));
    return respondNow(request, layer);
  }

  function respondNow(request: MockRequest, layer: Record<string, unknown>): MockResponse | Promise<MockResponse> {
    // Go's server refuses the request line before any handler (envelope/request-uri.ts).
    if (hasBadEscape(request.path)) return badRequestAnswer();
    const headers = request.headers ?? DEFAULT_HEADERS;
    const http: HttpRequest = { method: request.method, headers, query: request.query ?? NO_QUERY, body: request.body };
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
    const method = request.method === 'POST' || request.method === 'GET' ? request.method : request.method.toUpperCase();
    if (origin && CORS_METHODS.has(method)) {
      common['access-control-allow-origin'] = '*';
      common['access-control-allow-credentials'] = 'true';
    }
    let path = request.path;
    if (path.includes('%')) {
      try {
        path = decodeURIComponent(path);
      } catch {
        // Escapes Go takes but that are no UTF-8 (`%ff`): matched as sent.
      }
    }
    // The control API and the faults of the simulated network (src/network/attach.ts) come before the node's routes.
    const early = beforeRequest(simulation, options.control !== false, method, path, request.body);
    if (early instanceof Promise) return early.then((answer) => routed(http, path, layer, common, answer));
    return routed(http, path, layer, common, early);
  }

  /** After the control API and the faults: the early answer if there is one, else the route's. */
  function routed(http: HttpRequest, path: string, layer: Record<string, unknown>, common: Record<string, string>, early: EarlyAnswer | undefined): MockResponse | Promise<MockResponse> {
    if (early?.reset) return reset();
    if (early) return withNodeHeaders(early, common);
    // gorilla/mux v1.8.0 Router.ServeHTTP: an unclean path is redirected to its clean form.
    if (!isClean(path)) {
      const clean = cleanPath(path);
      if (clean !== path) {
        // url.String() writes the path escaped.
        const query = http.query.toString();
        return withNodeHeaders({ status: 301, headers: { location: encodeURI(clean) + (query ? `?${query}` : '') }, body: '' }, common);
      }
    }
    let answer: HttpAnswer | Promise<HttpAnswer>;
    try {
      answer = route(http, path, layer);
    } catch (error) {
      return resetOr(error);
    }
    return answer instanceof Promise ? answer.then((a) => withNodeHeaders(a, common), resetOr) : withNodeHeaders(answer, common);
  }

  /** A MockNode over this one network whose overrides are `layer`. */
  function nodeWith(layer: Record<string, unknown>): MockNode {
    const node: MockNode = {
      control: simulation.control,
      close: () => simulation.stop(),
      handle: async (request) => respond(request, layer),
      withOverrides(more) {
        checkOverrides(more as Record<string, unknown>, METHOD_NAMES);
        return nodeWith({ ...layer, ...more });
      },
    };
    responders.set(node, (request) => respond(request, layer));
    return node;
  }
  return nodeWith(overrides);
}
