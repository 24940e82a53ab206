// The standalone mock node: the same logic over real HTTP (node:http, http-serve.ts), for tools
// and other languages. It stays up under bad input: a safety cap on bodies (413; a node has none
// on its gorilla endpoints, and its own 5 MiB limit on /ext/bc/<id>/rpc is the mock node's),
// limits on slow clients and on headers (limits.ts), and garbage answered as the node answers it.
import type { Server } from 'node:http';
import { serveHttp } from './http-serve.js';
import { serverLimits, type ServerLimits } from './limits.js';
import { createMockNode, responderOf, type MockNodeOptions } from './mock-node.js';
import { forkMockNode, type ForkSnapshot, type ForkedMockNodeOptions } from './fork/index.js';
import type { MockNode } from './mock-node.js';
import type { MockControl } from './network/index.js';

export type { ServerLimits };
export { ForkError, type ForkEndpoint, type ForkOptions, type ForkReader, type ForkSnapshot, type ForkedMockNodeOptions } from './fork/index.js';

export interface MockServerOptions extends MockNodeOptions, ServerLimits {
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

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  // The limits first: a bad option throws before the node (and a real-time clock) starts.
  const limits = serverLimits(options);
  const node = createMockNode(options);
  const served = await serveHttp(responderOf(node), options, limits, () => node.close());
  return { ...served, control: node.control };
}

export interface ForkedMockServerOptions extends ForkedMockNodeOptions, ServerLimits {
  host?: string;
  port?: number;
  maxBodyBytes?: number;
  log?: (line: string) => void;
}

/**
 * A mock node forked from a live network (src/fork/, docs/guide/fork.md): it reads the upstream's
 * P-chain at its last height (or `fork.height`) first, then answers; async for that. A failure to
 * read the upstream throws a ForkError with the reason.
 */
export async function createForkedMockNode(options: ForkedMockNodeOptions): Promise<MockNode & { fork: ForkSnapshot }> {
  return forkMockNode(options);
}

/** The standalone mock node forked from a live network (src/fork/): it reads the upstream first, then serves. */
export async function startForkedMockServer(options: ForkedMockServerOptions): Promise<MockServer & { fork: ForkSnapshot }> {
  const limits = serverLimits(options);
  const node = await createForkedMockNode(options);
  const served = await serveHttp(responderOf(node), options, limits, () => node.close());
  return { ...served, control: node.control, fork: node.fork };
}
