// A real HTTP server on 127.0.0.1 that answers the next request with a recorded response
// (the request's own id put in), and keeps the request for the checks to compare.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Recording } from './corpus.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  json: unknown;
}

export interface ReplayServer {
  url: string;
  /** Answer requests with this recording's response from now on. */
  replay(recording: Recording): void;
  lastRequest(): ReceivedRequest | undefined;
  close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
  let current: Recording | undefined;
  let last: ReceivedRequest | undefined;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://replay');
    let json: unknown;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    } catch {
      json = undefined;
    }
    last = { method: req.method ?? '', path: url.pathname, query: url.searchParams, json };
    if (!current) {
      res.writeHead(500).end('nothing to replay');
      return;
    }
    const response = current.response as Record<string, unknown>;
    const body = current.httpMethod === 'GET' ? response : { ...response, id: (json as { id?: unknown } | null)?.id ?? null };
    res.writeHead(current.httpStatus ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    replay(recording) {
      current = recording;
      last = undefined;
    },
    lastRequest: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
