// The standalone server's limits on slow and oversized requests, next to the node's own. An
// avalanchego v1.14.2 node runs Go's net/http server with the timeouts of its flags
// (api/server/server.go:121-131 New: ReadTimeout, ReadHeaderTimeout, WriteTimeout, IdleTimeout
// from config/flags.go:234-237: --http-read-timeout 30s, --http-read-header-timeout 30s,
// --http-write-timeout 30s, --http-idle-timeout 120s) and no MaxHeaderBytes, so Go's
// DefaultMaxHeaderBytes (1 MiB). The mock's defaults are stricter than each of those: a test
// should see a slow client cut in seconds, not after half a minute.
//
// What the client sees differs in one way: on a read timeout Go closes the connection without a
// word (net/http server.go conn.serve: isCommonNetReadError, "don't reply"), while the mock
// answers 408 Request Timeout first (Node's own answer), so a test can tell the cause. Headers too
// large get what Go writes: 431 with its text.

export interface ServerLimits {
  /** Time a client has to send the request line and headers, ms (default 5000; a node: 30 s, `--http-read-header-timeout`). Slower: 408, connection closed. */
  headersTimeoutMs?: number;
  /** Time a client has to send the whole request, body included, ms (default 10 000; a node: 30 s, `--http-read-timeout`). Slower: 408, connection closed. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open, ms (default 5000; a node: 120 s, `--http-idle-timeout`). */
  keepAliveTimeoutMs?: number;
  /** The largest request line and headers, bytes (default 16 KiB; a node: 1 MiB, Go's DefaultMaxHeaderBytes). Larger: 431, connection closed. */
  maxHeaderBytes?: number;
}

const DEFAULT_LIMITS = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxHeaderBytes: 16 * 1024 } as const;

/** Node checks for expired requests on a timer (30 s by default, which would let a slow client run 30 s over); a tenth of the shorter timeout keeps the cut within 10 % of it. */
const checkInterval = (headersTimeoutMs: number, requestTimeoutMs: number) => Math.max(10, Math.min(1000, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 10)));

/** The limits with their defaults, checked: a RangeError names the option at fault. */
export function serverLimits(options: ServerLimits): Required<ServerLimits> & { checkEveryMs: number } {
  const limits = { ...DEFAULT_LIMITS, ...Object.fromEntries(Object.entries(options).filter(([key, value]) => key in DEFAULT_LIMITS && value !== undefined)) } as Required<ServerLimits>;
  for (const [name, value] of Object.entries(limits)) {
    // Timers take up to 2^31 − 1 ms; a header limit of 0 would refuse every request.
    if (!Number.isSafeInteger(value) || value < 1 || value > 2 ** 31 - 1) throw new RangeError(`${name}: an integer from 1 to ${2 ** 31 - 1} expected, got ${String(value)}`);
  }
  // Node refuses a header timeout longer than the request's; and it would never fire.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new RangeError(`headersTimeoutMs (${limits.headersTimeoutMs}) must not exceed requestTimeoutMs (${limits.requestTimeoutMs})`);
  return { ...limits, checkEveryMs: checkInterval(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}

import { GO_BAD_REQUEST } from './envelope/request-uri.js';

const GO_431 = '431 Request Header Fields Too Large';

/** What the server writes on a connection whose request could not be read (node:http's clientError), then closes it. */
export function clientErrorAnswer(code: string | undefined): string {
  // Go's conn.serve writes these with `Connection: close`; the mock keeps Go's text for 431 and 400.
  if (code === 'HPE_HEADER_OVERFLOW') return `HTTP/1.1 ${GO_431}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${GO_431}`;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
  return GO_BAD_REQUEST;
}
