// msw handlers for the node's paths (msw cannot match on bodies: the mock node dispatches on the
// path and the body's `method`), over the same logic as the standalone mock node. They take every
// HTTP method, as the node's routes do (gorilla answers 405 itself, the health GET paths answer
// any method), and hand the request's headers on (the Content-Type decides 415).
import { http, HttpResponse, type HttpHandler } from 'msw';
import { assertMswRunsHere } from './msw-runs-here.js';
import { CONTROL_PREFIX, createMockNode, type MockNode, type MockNodeOptions } from '@avanode/mock';

assertMswRunsHere();

export interface HandlerOptions extends MockNodeOptions {
  /** Only answer requests to this origin (e.g. `http://127.0.0.1:9650`); default: any origin. */
  baseUrl?: string;
  /** Serve this mock node (and its `control`) instead of making one from the other options. */
  node?: MockNode;
}

/** Everything under /ext is the node's: its router answers unknown paths with 404 and unclean ones with 301. */
const NODE_PATHS = '/ext/*';

export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const node = options.node ?? createMockNode(options);
  const base = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  const answer = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value]));
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const reply = await node.handle({ method: request.method, path: url.pathname, query: url.searchParams, headers, body });
    // A dropped connection: fetch rejects, as with a reset socket.
    if (reply.reset) return HttpResponse.error();
    return new HttpResponse(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });
  };
  // The control API (@avanode/mock's src/network/control-http.ts) lives beside the node's paths, on the same origin.
  return options.control === false ? [http.all(`${base}${NODE_PATHS}`, answer)] : [http.all(`${base}${NODE_PATHS}`, answer), http.all(`${base}${CONTROL_PREFIX}*`, answer)];
}

/** Handlers with the defaults: every method answers with the spec's example, on any origin. */
export const handlers: HttpHandler[] = createHandlers();
