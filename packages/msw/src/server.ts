// The standalone mock node: the same logic over real HTTP (node:http), for tools and other
// languages. It stays up under bad input: a safety cap on bodies (413; a node has none on its
// gorilla endpoints, and its own 5 MiB limit on /ext/bc/<id>/rpc is the mock node's), timeouts
// for slow clients, and garbage answered as the node answers it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockNode, type MockNodeOptions } from './mock-node.js';
import type { MockControl } from './network/index.js';

export interface MockServerOptions extends MockNodeOptions {
  host?: string;
  port?: number;
  /** A safety cap on request bodies, in bytes (default 64 MiB, above the node's 5 MiB EVM limit); larger ones get 413. */
  maxBodyBytes?: number;
  /** Called with one line per request (method, path, status, ms). */
  log?: (line: string) => void;
}

export interface MockServer {
  url: string;
  server: Server;
  /** The mock node's controls (the HTTP control API's, in code). */
  control: MockControl;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const node = createMockNode(options);
  const limit = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    let status = 500;
    let path = req.url ?? '/';
    try {
      // A request target like `//@/x` is not a path a URL parser accepts: answer 400, not crash.
      let url: URL;
      try {
        url = new URL(`http://mock${path.startsWith('/') ? '' : '/'}${path}`);
      } catch {
        status = 400;
        res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request target');
        return;
      }
      // The path as sent (the URL parser would resolve `..` that the node's router redirects).
      path = (req.url ?? '/').split('?')[0]!;
      const declared = Number(req.headers['content-length'] ?? 0);
      const body = declared > limit ? undefined : await readBody(req, limit);
      if (body === undefined) {
        status = 413;
        res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }).end(`request body larger than ${limit} bytes`);
        req.resume();
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
      const reply = await node.handle({ method: req.method ?? 'GET', path, query: url.searchParams, headers, body });
      if (reply.reset) {
        // A dropped connection, as a test asked for (control.drop, faultRate): no answer at all.
        status = 0;
        req.socket.resetAndDestroy?.() ?? req.socket.destroy();
        return;
      }
      status = reply.status;
      res.writeHead(reply.status, reply.headers).end(reply.body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error)?.message ?? error));
      else res.destroy();
    } finally {
      options.log?.(`${req.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  });
  // Slow clients cannot hold a connection forever.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9650, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    control: node.control,
    close: () =>
      new Promise<void>((resolve) => {
        node.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
