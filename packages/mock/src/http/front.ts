// The node's HTTP server in front of its routes (api/server/server.go): Go's refusal of a bad
// request line, CORS (rs/cors v1.7.0), the `node-id` header on every answer, %-decoding of the
// path, and gorilla/mux's 301 to a clean path. What is behind it (the control API and the
// faults, then the route's handler) comes in as `Behind`, so this file knows no network or method.
import { badRequestAnswer, hasBadEscape } from '../envelope/request-uri.js';
import type { HttpAnswer, HttpRequest } from '../envelope/types.js';

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

/** What answers behind the front: an early answer (the control API, a fault), else the route's handler. */
export interface Behind {
  /** Undefined: route as usual. A promise only when something has to wait. */
  early(method: string, path: string, body: string): MockResponse | undefined | Promise<MockResponse | undefined>;
  /** The handler of the (clean, decoded) path; a promise only when the answer has to wait. */
  route(request: HttpRequest, path: string): HttpAnswer | Promise<HttpAnswer>;
  /** Whether an error thrown by the route asks for a dropped connection (anything else goes on up). */
  isReset(error: unknown): boolean;
}

/** rs/cors v1.7.0 defaults (api/server/server.go:327-330, origins `*` by config/flags.go:230). */
const CORS_METHODS = new Set(['GET', 'POST', 'HEAD', 'OPTIONS']);
const CORS_HEADERS = new Set(['Origin', 'Accept', 'Content-Type', 'X-Requested-With']);
/** rs/cors utils.go parseHeaderList: header names in canonical form. */
const headerList = (value: string) =>
  value.split(/[ ,]+/).map((h) => h.replace(/[^A-Za-z0-9_-]/g, '')).filter(Boolean).map((h) => h.toLowerCase().replace(/(^|[-_])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase()));

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

/** The request path is already clean (cleanPath would give it back): no `//`, `.` or `..` segment. */
const isClean = (path: string) => path.charCodeAt(0) === 0x2f && !/\/\/|\/\.\.?(?:\/|$)/.test(path);

/** A request without headers: JSON, as the README says. Read only. */
const DEFAULT_HEADERS: Record<string, string | undefined> = { 'content-type': 'application/json' };
/** A request without a query. Read only. */
const NO_QUERY = new URLSearchParams();
const reset = (): MockResponse => ({ status: 0, headers: {}, body: '', reset: true });

/** The answer with the node's headers first (the answer's own after them, in place where one names the same header). */
function withNodeHeaders(answer: HttpAnswer, common: Record<string, string>): MockResponse {
  for (const name in answer.headers) common[name] = answer.headers[name]!;
  return { status: answer.status, headers: common, body: answer.body };
}

/** A CORS preflight (rs/cors v1.7.0 cors.go Handler): answered here, 200 with no body. */
function preflight(headers: Record<string, string | undefined>, common: Record<string, string>): MockResponse {
  common.vary = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';
  const wanted = headers['access-control-request-method']!.toUpperCase();
  const requested = headerList(headers['access-control-request-headers'] ?? '');
  if (headers.origin && CORS_METHODS.has(wanted) && requested.every((h) => CORS_HEADERS.has(h))) {
    Object.assign(common, { 'access-control-allow-origin': '*', 'access-control-allow-methods': wanted }, requested.length ? { 'access-control-allow-headers': requested.join(', ') } : {}, { 'access-control-allow-credentials': 'true' });
  }
  return { status: 200, headers: common, body: '' };
}

/** The path as the router matches it: %-escapes decoded; escapes Go takes but that are no UTF-8 (`%ff`) as sent. */
function decodedPath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** One request through the node's HTTP server, with `nodeID` in its `node-id` header: the answer, or a promise of it when something has to wait. */
export function front(request: MockRequest, nodeID: string, behind: Behind): MockResponse | Promise<MockResponse> {
  // Go's server refuses the request line before any handler (envelope/request-uri.ts).
  if (hasBadEscape(request.path)) return badRequestAnswer();
  const headers = request.headers ?? DEFAULT_HEADERS;
  const http: HttpRequest = { method: request.method, headers, query: request.query ?? NO_QUERY, body: request.body };
  // api/server/server.go:331-336: every answer names the node.
  const common: Record<string, string> = { 'node-id': nodeID };
  if (request.method === 'OPTIONS' && headers['access-control-request-method']) return preflight(headers, common);
  common.vary = 'Origin';
  const method = request.method === 'POST' || request.method === 'GET' ? request.method : request.method.toUpperCase();
  if (headers.origin && CORS_METHODS.has(method)) {
    common['access-control-allow-origin'] = '*';
    common['access-control-allow-credentials'] = 'true';
  }
  const path = decodedPath(request.path);
  // The control API and the faults of the simulated network come before the node's routes.
  const early = behind.early(method, path, request.body);
  if (early instanceof Promise) return early.then((answer) => routed(http, path, common, answer, behind));
  return routed(http, path, common, early, behind);
}

/** After the control API and the faults: the early answer if there is one, else the route's. */
function routed(http: HttpRequest, path: string, common: Record<string, string>, early: MockResponse | undefined, behind: Behind): MockResponse | Promise<MockResponse> {
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
    answer = behind.route(http, path);
  } catch (error) {
    return resetOr(behind, error);
  }
  return answer instanceof Promise ? answer.then((a) => withNodeHeaders(a, common), (error) => resetOr(behind, error)) : withNodeHeaders(answer, common);
}

/** A connection reset a method call asked for (control.drop, faultRate) becomes a dropped connection; anything else goes on up. */
function resetOr(behind: Behind, error: unknown): MockResponse {
  if (behind.isReset(error)) return reset();
  throw error;
}
