// The mock's HTTP server (node:http) around any responder: the mock node's (server.ts) and the
// JSON-RPC 2.0 mocks' (json-rpc/server.ts). It stays up under bad input: a safety cap on bodies
// (413), limits on slow clients and on headers (limits.ts), and request targets Go's server
// refuses answered as Go answers them. It loads nothing of the mock node itself.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GO_BAD_REQUEST, hasBadEscape } from './envelope/request-uri.js';
import { clientErrorAnswer, type serverLimits, type ServerLimits } from './limits.js';
import type { MockRequest, MockResponse } from './mock-node.js';

/**
 * Go's net/http buffers the first 2048 bytes a handler writes (bufferBeforeChunkingSize): an
 * answer that fits gets a Content-Length, a longer one is chunked. The node's answers are written
 * in one go, so the mock does the same by the answer's size.
 */
const GO_CHUNKING_BUFFER = 2048;

/**
 * Reads the body as text and calls `done` with it, or with undefined past `limit` bytes (the
 * rest is left unread); `failed` when the request is cut short (its client left, or a timeout
 * closed it): there is nobody to answer. Events and callbacks rather than an async iterator or a
 * promise: less work per request.
 */
function readBody(req: IncomingMessage, limit: number, done: (body: string | undefined) => void, failed: (error: Error) => void): void {
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) {
      if (!first) first = chunk;
      else if (more) more.push(chunk);
      else more = [first, chunk];
      return;
    }
    settled = true;
    req.off('data', onData);
    done(undefined);
  };
  req.on('data', onData);
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(more ? Buffer.concat(more).toString('utf8') : first ? first.toString('utf8') : '');
  });
  // An aborted request emits 'close' unfinished (and 'error' only to its listeners, so none is needed).
  req.on('close', () => {
    if (settled || req.complete) return;
    settled = true;
    failed(new Error('request aborted'));
  });
}

/** A request target the URL parser surely takes, without a query: no need to parse it (`//…` may be an authority). */
const PLAIN_TARGET = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/%]*$/;
/** The query of a target without one. Read only. */
const NO_QUERY = new URLSearchParams();

/** The target's query, or undefined when it is not a target the URL parser takes. */
function queryOf(target: string): URLSearchParams | undefined {
  if (PLAIN_TARGET.test(target)) return NO_QUERY;
  try {
    return new URL(`http://mock${target.startsWith('/') ? '' : '/'}${target}`).searchParams;
  } catch {
    return undefined;
  }
}

/** A running server: its URL, the node:http server, and how to close it. */
export interface HttpServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Options of `serveHttp`: where to listen, the body cap, the log, the limits on slow clients. */
export interface HttpServeOptions extends ServerLimits {
  host?: string;
  port?: number;
  maxBodyBytes?: number;
  log?: (line: string) => void;
}

/**
 * Serves `respond` over node:http on `options.host` (default 127.0.0.1) and `options.port`
 * (default 9650; 0 for any free one), with the limits above: the mock node's server, and the
 * JSON-RPC 2.0 mocks' (json-rpc/server.ts). `onClose` runs when it closes, or when it cannot listen.
 */
export async function serveHttp(
  respond: (request: MockRequest) => MockResponse | Promise<MockResponse>,
  options: HttpServeOptions,
  limits: ReturnType<typeof serverLimits>,
  onClose: () => void,
): Promise<HttpServer> {
  const limit = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const log = options.log;
  const server = createServer({ maxHeaderSize: limits.maxHeaderBytes, connectionsCheckingInterval: limits.checkEveryMs }, (req: IncomingMessage, res: ServerResponse) => {
    const started = log ? performance.now() : 0;
    const target = req.url ?? '/';
    let path = target;
    const finish = (status: number) => log?.(`${req.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    /** What is left when answering went wrong: a request cut short gets nothing, else a 500 if still possible. */
    const failed = (error: unknown) => {
      // A request cut short (its client left, or a limit closed it with 408): nothing to answer.
      if (req.destroyed || res.destroyed) return finish(0);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error)?.message ?? error));
      else res.destroy();
      finish(500);
    };
    const tooLarge = () => {
      res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }).end(`request body larger than ${limit} bytes`);
      req.resume();
      finish(413);
    };
    // A path Go's url.ParseRequestURI refuses (`/ext/bc/%zz`): Go's own bytes, then the connection closes.
    if (hasBadEscape(target)) {
      req.socket.end(GO_BAD_REQUEST);
      return finish(400);
    }
    // A request target like `//@/x` is not a path a URL parser accepts: answer 400, not crash.
    const query = queryOf(target);
    if (!query) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request target');
      return finish(400);
    }
    // The path as sent (the URL parser would resolve `..` that the node's router redirects).
    const mark = target.indexOf('?');
    path = mark === -1 ? target : target.slice(0, mark);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return tooLarge();
    readBody(
      req,
      limit,
      (body) => {
        if (body === undefined) return tooLarge();
        // node:http joins repeated headers with ", " itself, all but set-cookie (an array).
        const headers = req.headers['set-cookie'] ? { ...req.headers, 'set-cookie': req.headers['set-cookie'].join(', ') } : (req.headers as Record<string, string | undefined>);
        const send = (reply: MockResponse) => {
          try {
            if (reply.reset) {
              // A dropped connection, as a test asked for (control.drop, faultRate): no answer at all.
              req.socket.resetAndDestroy?.() ?? req.socket.destroy();
              return finish(0);
            }
            const size = Buffer.byteLength(reply.body);
            // The answer's headers are its own (a new object per answer): the length joins them.
            if (size <= GO_CHUNKING_BUFFER) reply.headers['content-length'] = String(size);
            res.writeHead(reply.status, reply.headers).end(reply.body);
            finish(reply.status);
          } catch (error) {
            failed(error);
          }
        };
        // Most answers are ready at once: sent without waiting for a promise.
        let reply: MockResponse | Promise<MockResponse>;
        try {
          reply = respond({ method: req.method ?? 'GET', path, query, headers, body });
        } catch (error) {
          return failed(error);
        }
        if (reply instanceof Promise) reply.then(send, failed);
        else send(reply);
      },
      failed,
    );
  });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.writable) socket.end(clientErrorAnswer(error.code));
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9650, options.host ?? '127.0.0.1', () => resolve());
  }).catch((error: unknown) => {
    onClose();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        onClose();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
