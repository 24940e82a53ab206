// Streamable HTTP on 127.0.0.1: the SDK's fetch-shaped handler (`createMcpHandler`, a fresh server
// per request from the factory) behind node:http. Before the SDK sees a request, its Host and
// Origin are checked with the SDK's own helpers against localhost names, so a web page cannot
// reach the server through DNS rebinding. The only code here carries bytes between node:http and
// the web-standard Request and Response the SDK takes; the protocol is all the SDK's.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createMcpHandler, hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, type McpServer, originValidationResponse } from '@modelcontextprotocol/server';

export interface McpHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  close(): Promise<void>;
}

/** The path MCP clients are pointed at (any other path answers 404). */
export const MCP_PATH = '/mcp';

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // The SDK reads the body with its own size limit (4 MiB by default); the stream is handed over unread.
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  // Streamed as it comes (an SSE answer is written event by event).
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** Serves `factory`'s servers over Streamable HTTP on 127.0.0.1:`port` (0: any free port). */
export async function serveHttp(factory: () => McpServer, port: number, log: (line: string) => void): Promise<McpHttpServer> {
  const handler = createMcpHandler(factory, { onerror: (error) => log(`mcp http: ${error.message}`) });
  let origin = '';
  const server: Server = createServer((req, res) => {
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    void (async () => {
      let request: Request;
      try {
        request = toRequest(req, origin, aborted.signal);
      } catch {
        // A target or header no URL or Headers can hold (`GET //[ HTTP/1.1`): the client's mistake.
        req.resume();
        return send(new Response('bad request: malformed request target or header\n', { status: 400 }), res);
      }
      const refused = hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins());
      if (refused) {
        log(`mcp http: refused a request (Host ${JSON.stringify(req.headers.host ?? '').slice(0, 80)}, Origin ${JSON.stringify(req.headers.origin ?? '').slice(0, 80)})`);
        req.resume();
        return send(refused, res);
      }
      if (new URL(request.url).pathname !== MCP_PATH) {
        req.resume();
        return send(new Response('not found: the MCP endpoint is /mcp\n', { status: 404 }), res);
      }
      return send(await handler.fetch(request), res);
    })().catch((error: Error) => {
      log(`mcp http: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${MCP_PATH}`,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
