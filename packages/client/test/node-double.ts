// A real HTTP server on 127.0.0.1 that plays the node: each test says how to answer, and every
// request it received is kept for the test to inspect.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export type Answer = (request: Received, res: ServerResponse) => void | Promise<void>;

export interface NodeDouble {
  url: string;
  received: Received[];
  answer(handler: Answer): void;
  close(): Promise<void>;
}

export async function startNodeDouble(): Promise<NodeDouble> {
  let handler: Answer = (_req, res) => res.writeHead(500).end('no handler');
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    const request = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
    received.push(request);
    try {
      await handler(request, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers a JSON-RPC request (or batch) with `result(method, params)` for each call. */
export const jsonRpc = (result: (method: string, params: unknown) => unknown): Answer => (request, res) => {
  const one = (call: { id: unknown; method: string; params: unknown }) => ({ jsonrpc: '2.0', id: call.id, result: result(call.method, call.params) });
  const body = Array.isArray(request.json) ? request.json.map(one) : one(request.json as { id: unknown; method: string; params: unknown });
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** Answers with a raw body and status. */
export const raw = (status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Answer => (_request, res) => {
  res.writeHead(status, headers).end(body);
};
