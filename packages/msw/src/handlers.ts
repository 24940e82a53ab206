// msw handlers for the node's paths (msw cannot match on bodies: the mock node dispatches on the
// path and the body's `method`), over the same logic as the standalone mock node. They take every
// HTTP method, as the node's routes do (gorilla answers 405 itself, the health GET paths answer
// any method), and hand the request's headers on (the Content-Type decides 415).
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createMockNode, type MockNodeOptions } from './mock-node.js';

export interface HandlerOptions extends MockNodeOptions {
  /** Only answer requests to this origin (e.g. `http://127.0.0.1:9650`); default: any origin. */
  baseUrl?: string;
}

/** Everything under /ext is the node's: its router answers unknown paths with 404 and unclean ones with 301. */
const NODE_PATHS = '/ext/*';

export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const node = createMockNode(options);
  const base = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  const answer = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value]));
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const reply = await node.handle({ method: request.method, path: url.pathname, query: url.searchParams, headers, body });
    return new HttpResponse(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });
  };
  return [http.all(`${base}${NODE_PATHS}`, answer)];
}

/** Handlers with the defaults: every method answers with the spec's example, on any origin. */
export const handlers: HttpHandler[] = createHandlers();
