// The mock node, one implementation for the msw handlers and the standalone server: a request
// (method, path, headers, query, body text) in, an HTTP answer out. This file only wires the
// rooms together, in the order a request meets them (packages/mock/README.md, "Where things live"):
// the node's HTTP server in front (http/front.ts: CORS, node-id, 301), the control API and the
// faults of the simulated network (network/attach.ts), the route (http/routes.ts), the envelope
// of the endpoint family (envelope/: gorilla json2 or the geth-style server), then the call
// (rpc/dispatch.ts: queued failure, plan, override, the network's answer or the example). The
// P-chain's answers come from one chain state (network/), the rest from the spec's examples.
import { serveGeth } from './envelope/geth.js';
import { serveGorilla } from './envelope/gorilla.js';
import { httpError, type HttpAnswer, type HttpRequest } from './envelope/types.js';
import { mockData } from './generated/mock-data.js';
import { front, type Behind, type MockRequest, type MockResponse } from './http/front.js';
import { createRouter } from './http/routes.js';
import { ConnectionReset, beforeRequest } from './network/attach.js';
import type { Latency } from './network/faults.js';
import { createSimulation, type MockControl, type NetworkOptions } from './network/index.js';
import { NODE_ID } from './node-identity.js';
import { createDispatch } from './rpc/dispatch.js';
import { createHealthAnswers } from './rpc/health.js';
import { checkOverrides, type Overrides } from './rpc/overrides.js';

export type { MockRequest, MockResponse };

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
  const simulation = createSimulation({
    ...(options.network !== undefined ? { network: options.network } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.latency !== undefined ? { latency: options.latency } : {}),
    ...(options.faultRate !== undefined ? { faultRate: options.faultRate } : {}),
  });
  simulation.start();
  const routeOf = createRouter(options.publicNode === true);
  const health = createHealthAnswers(simulation, options.healthy ?? true);
  const dispatch = createDispatch({ simulation, health, seed: options.seed });
  const control = options.control !== false;

  /** The route's handler, with the overrides of `layer`; a promise only when the answer has to wait. */
  function route(request: HttpRequest, path: string, layer: Record<string, unknown>): HttpAnswer | Promise<HttpAnswer> {
    const { health: report, gorilla, geth } = routeOf(path);
    if (report !== undefined) {
      // node/node.go:1426: with the Health API off, none of its routes exist.
      if (options.publicNode) return httpError(404, '404 page not found');
      // api/health/handler.go:29-34: /ext/health answers GET with the report, other methods with JSON-RPC.
      if (path !== '/ext/health' || request.method === 'GET') return health.get(report);
    }
    if (gorilla) return serveGorilla(request, gorilla.endpoint, (name, params, { validate }) => dispatch(name, params, gorilla.context, validate, layer));
    if (geth) return serveGeth(request, geth.endpoint, (name, params, { validate }) => dispatch(name, params, geth.context, validate, layer));
    return httpError(404, '404 page not found');
  }

  /** A MockNode over this one network whose overrides are `layer`. */
  function nodeWith(layer: Record<string, unknown>): MockNode {
    const behind: Behind = {
      // The control API and the faults of the simulated network (network/attach.ts) come before the node's routes.
      early: (method, path, body) => beforeRequest(simulation, control, method, path, body),
      route: (request, path) => route(request, path, layer),
      isReset: (error) => error instanceof ConnectionReset,
    };
    const respond = (request: MockRequest): MockResponse | Promise<MockResponse> =>
      options.delayMs ? new Promise((resolve) => setTimeout(resolve, options.delayMs)).then(() => front(request, NODE_ID, behind)) : front(request, NODE_ID, behind);
    const node: MockNode = {
      control: simulation.control,
      close: () => simulation.stop(),
      handle: async (request) => respond(request),
      withOverrides(more) {
        checkOverrides(more as Record<string, unknown>, METHOD_NAMES);
        return nodeWith({ ...layer, ...more });
      },
    };
    responders.set(node, respond);
    return node;
  }
  return nodeWith(overrides);
}
