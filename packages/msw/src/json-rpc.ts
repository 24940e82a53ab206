// `@avanode/msw/json-rpc`: msw handlers over a JSON-RPC 2.0 mock of any OpenRPC document
// (`createJsonRpcMock` of @avanode/mock/json-rpc): the runtime of the msw packages
// `avanode-gen --out` writes. One handler per path the document's servers name (msw matches on
// paths, never on bodies); override handlers answer only the calls of the methods they override
// and pass anything else on, so each `server.use()` keeps every earlier answer.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { JsonRpcMock, JsonRpcOverrides, MethodTypes } from '@avanode/mock/json-rpc';
import { assertMswRunsHere } from './msw-runs-here.js';

// The same for msw 2 and msw 3 (which renamed onUnhandledRequest and ignores the old key): a
// generated msw package re-exports it, so a foreign API's setup needs no import of the node's handlers.
export { unhandledRequests, type UnhandledRequestCallback, type UnhandledRequestOptions, type UnhandledRequestPrint, type UnhandledRequestStrategy } from './unhandled.js';

assertMswRunsHere();

export interface JsonRpcHandlerOptions {
  /** Only answer requests to this origin (e.g. `http://127.0.0.1:8545`); default: any origin. */
  baseUrl?: string;
}

/** msw's path pattern for a document's path: `{variable}` is one segment (`:variable`). */
const mswPath = (base: string, path: string) => `${base}${path.replace(/\{([^}]*)\}/g, (_m, name: string) => `:${name.replace(/\W/g, '_') || 'segment'}`)}`;

async function answer<M extends MethodTypes>(mock: JsonRpcMock<M>, request: Request, body?: string): Promise<Response> {
  const url = new URL(request.url);
  const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value]));
  const text = body ?? (request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text());
  const reply = await mock.handle({ method: request.method, path: url.pathname, headers, body: text });
  return new HttpResponse(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a body is a call of one of `methods`, or a batch with one. Anything else (not JSON, another method) is for the next handler. */
function callsAny(body: string, methods: ReadonlySet<string>): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).some((call) => isObject(call) && typeof call.method === 'string' && methods.has(call.method));
}

/** Handlers that answer every call on the mock's paths. */
export function createJsonRpcHandlers<M extends MethodTypes>(mock: JsonRpcMock<M>, options: JsonRpcHandlerOptions = {}): HttpHandler[] {
  const base = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  return mock.paths.map((path) => http.all(mswPath(base, path), ({ request }) => answer(mock, request)));
}

/**
 * Handlers that answer the calls of the overridden methods (with the mock's envelope and param
 * checks) and let every other request through to the next handler. The overrides are checked
 * when set: an unknown method or a result its schema refuses throws an `OverrideError`. A batch
 * with an overridden call is answered here whole.
 */
export function createJsonRpcOverrideHandlers<M extends MethodTypes>(mock: JsonRpcMock<M>, overrides: JsonRpcOverrides<M>, options: JsonRpcHandlerOptions = {}): HttpHandler[] {
  const overridden = mock.withOverrides(overrides);
  const methods = new Set(Object.entries(overrides).filter(([, value]) => value !== undefined).map(([name]) => name));
  const base = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  return overridden.paths.map((path) =>
    http.all(mswPath(base, path), async ({ request }) => {
      if (request.method !== 'POST') return undefined;
      // A copy: when the call is not ours, the next handler reads the body again.
      const body = await request.clone().text();
      return callsAny(body, methods) ? answer(overridden, request, body) : undefined;
    }),
  );
}
