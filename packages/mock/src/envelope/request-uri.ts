// A request target Go's net/http cannot read. The node's server parses the target of every
// request line with url.ParseRequestURI before any handler runs (net/http request.go
// readRequest); a `%` in the path not followed by two hex digits is an EscapeError there
// (net/url url.go unescape, encodePath mode; the query is only split off, not unescaped). Then
// conn.serve writes its fixed answer and closes the connection (net/http server.go, the
// readRequest error that is not errTooLarge, an unsupported transfer encoding or a read error):
// no handler, so no node-id, CORS or router header.

/** Go's bytes for that answer: no Content-Length, `Connection: close`, the status text as the body. */
export const GO_BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request';

/** The same answer for the in-process mock node. */
export const badRequestAnswer = () => ({ status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }, body: '400 Bad Request' });

/** A `%` not followed by two hex digits, in the path (before any `?`). */
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** Whether Go's url.ParseRequestURI refuses the path of this target for its percent-encoding. */
export function hasBadEscape(target: string): boolean {
  if (!target.includes('%')) return false;
  const mark = target.indexOf('?');
  return BAD_ESCAPE.test(mark === -1 ? target : target.slice(0, mark));
}
