// msw handlers for every endpoint of the node, one per path (msw cannot match on bodies, so
// each dispatches on the body's `method`), over the same logic as the standalone mock node.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createMockNode, type MockNodeOptions } from './mock-node.js';

export interface HandlerOptions extends MockNodeOptions {
  /** Only answer requests to this origin (e.g. `http://127.0.0.1:9650`); default: any origin. */
  baseUrl?: string;
}

/** The paths of the node, as msw patterns relative to the base. */
const POST_PATHS = ['/ext/info', '/ext/bc/P', '/ext/P', '/ext/health', '/ext/bc/:blockchainID/rpc', '/ext/bc/:blockchainID/validators'];
const GET_PATHS = ['/ext/health', '/ext/health/:endpoint'];

export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const node = createMockNode(options);
  const base = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  const answer = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const reply = await node.handle({ method: request.method, path: url.pathname, query: url.searchParams, body: request.method === 'GET' ? '' : await request.text() });
    return new HttpResponse(reply.body, { status: reply.status, headers: reply.headers });
  };
  return [...POST_PATHS.map((path) => http.post(`${base}${path}`, answer)), ...GET_PATHS.map((path) => http.get(`${base}${path}`, answer))];
}

/** Handlers with the defaults: every method answers with the spec's example, on any origin. */
export const handlers: HttpHandler[] = createHandlers();
