// Override handlers that compose. msw matches a handler by path, never by body, and one path
// (`/ext/bc/P`) carries every P-chain method, so a handler for one JSON-RPC method has to read the
// body itself. These answer only the calls of the methods they override and return nothing for
// any other request, which msw takes as "not handled here" and passes to the next handler: the
// overrides of earlier `server.use()` calls, then the defaults (`createHandlers`). So one
// `server.use(...createOverrideHandlers({ 'platform.getHeight': … }))` changes that method and
// keeps every other answer, a simulated network's included.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { assertMswRunsHere } from './msw-runs-here.js';
import { createMockNode, type MockNode, type Overrides } from '@avanode/mock';

assertMswRunsHere();

export interface OverrideHandlerOptions {
  /**
   * Answer through this node with the overrides on top (`node.withOverrides`): the overridden
   * methods then see its network, faults and health as the other methods do. Default: a node
   * answering from the spec's examples. Pass the node your `createHandlers({ node })` serves.
   */
  node?: MockNode;
  /** Only answer requests to this origin (e.g. `http://127.0.0.1:9650`); default: any origin. */
  baseUrl?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether a body calls one of `methods`: a JSON-RPC call, or a batch (the EVM endpoints take
 * them) with one such call. Anything else (not JSON, another method) is for the next handler.
 */
function callsAny(body: string, methods: ReadonlySet<string>): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const calls = Array.isArray(parsed) ? parsed : [parsed];
  return calls.some((call) => isObject(call) && typeof call.method === 'string' && methods.has(call.method));
}

/**
 * Handlers that answer the calls of the overridden methods, each as the node would (its envelope,
 * checks and refusals, with the override as the method's answer), and let every other request
 * through. The overrides are checked here, when set: an unknown method, a result its schema
 * refuses or a malformed error throws an `OverrideError` naming the method and the JSON path.
 *
 * A batch with an overridden call is answered here whole: its other calls get this node's
 * answers, not those of earlier override handlers.
 */
export function createOverrideHandlers(overrides: Overrides, options: OverrideHandlerOptions = {}): HttpHandler[] {
  const node = (options.node ?? createMockNode()).withOverrides(overrides);
  const methods = new Set(Object.entries(overrides).filter(([, value]) => value !== undefined).map(([name]) => name));
  const base = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  return [
    http.all(`${base}/ext/*`, async ({ request }) => {
      if (request.method !== 'POST') return undefined;
      // A copy: when the call is not ours, the next handler reads the body again.
      const body = await request.clone().text();
      if (!callsAny(body, methods)) return undefined;
      const url = new URL(request.url);
      const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value]));
      const reply = await node.handle({ method: request.method, path: url.pathname, query: url.searchParams, headers, body });
      if (reply.reset) return HttpResponse.error();
      return new HttpResponse(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });
    }),
  ];
}
