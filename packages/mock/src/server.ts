// The standalone mock node: the same logic over real HTTP (node:http, http-serve.ts), for tools
// and other languages. It stays up under bad input: a safety cap on bodies (413; a node has none
// on its gorilla endpoints, and its own 5 MiB limit on /ext/bc/<id>/rpc is the mock node's),
// limits on slow clients and on headers (limits.ts), and garbage answered as the node answers it.
import type { Server } from 'node:http';
import { serveHttp } from './http-serve.js';
import { serverLimits, type ServerLimits } from './limits.js';
import { createMockNode, responderOf, type MockNodeOptions } from './mock-node.js';
import { readdirSync } from 'node:fs';
import { ForkError, forkMockNode, type ForkOptions, type ForkReader, type ForkSnapshot, type ForkedMockNodeOptions } from './fork/index.js';
import { latestCachedFork } from './fork/cache.js';
import { createUpstream } from './fork/upstream.js';
import type { MockNode } from './mock-node.js';
import type { MockControl } from './network/index.js';

export type { ServerLimits };
export { ForkError, type ForkEndpoint, type ForkOptions, type ForkReader, type ForkSnapshot } from './fork/index.js';
export { UpstreamConfigError } from './fork/upstream.js';

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

export interface ForkedMockServerOptions extends ForkedNodeOptions, ServerLimits {
  host?: string;
  port?: number;
  maxBodyBytes?: number;
  log?: (line: string) => void;
}

/** A fork of the node at `url`, read through `createUpstream` (src/fork/upstream.ts): its limits, retries and cache. */
export interface ForkUrlOptions extends Omit<ForkOptions, 'reader'> {
  /** The upstream node's base URL (http or https); credentials in it are sent as Basic auth and never shown. */
  url: string;
  /** Keeps every upstream answer under `<cacheDir>/<networkID>-<height>/`: a run at a cached height reads nothing it has seen. */
  cacheDir?: string;
  /** The upstream reader's limits (src/fork/upstream.ts: 30 s, 3 retries, 32 MiB by default). */
  timeoutMs?: number;
  retries?: number;
  maxResponseBytes?: number;
}

export interface ForkedNodeOptions extends Omit<ForkedMockNodeOptions, 'network'> {
  network: Omit<ForkedMockNodeOptions['network'], 'fork'> & { fork: ForkOptions | ForkUrlOptions };
}

/** The one network kept in `dir` at `height`, if exactly one is (a run pinned there from the start makes no request for what is cached). */
function cachedAt(dir: string, height: number): number | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const networks = names.map((name) => /^(\d{1,10})-(\d{1,16})$/.exec(name)).filter((m) => m !== null && Number(m[2]) === height).map((m) => Number(m![1]));
  return networks.length === 1 ? networks[0] : undefined;
}

/** The reader of a fork given by URL: pinned from the start when the cache holds the fork (offline: it must). */
async function upstreamOf(fork: ForkUrlOptions, log: (line: string) => void): Promise<ForkReader> {
  let pinned: { networkID: number; forkHeight: number } | undefined;
  if (fork.cacheDir !== undefined) {
    if (fork.height !== undefined) {
      const networkID = cachedAt(fork.cacheDir, fork.height);
      if (networkID !== undefined) pinned = { networkID, forkHeight: fork.height };
    } else if (fork.offline) pinned = await latestCachedFork(fork.cacheDir);
  }
  if (fork.offline && !pinned) {
    throw new ForkError(fork.cacheDir === undefined ? 'fork.offline: needs fork.cacheDir (--fork-cache), the folder an earlier run kept its answers in' : `fork.offline: no fork${fork.height !== undefined ? ` at height ${fork.height}` : ''} is kept in ${fork.cacheDir}`);
  }
  return createUpstream({
    url: fork.url,
    ...(fork.cacheDir !== undefined ? { cacheDir: fork.cacheDir } : {}),
    ...(fork.offline ? { offline: true } : {}),
    ...(pinned ?? {}),
    ...(fork.timeoutMs !== undefined ? { timeoutMs: fork.timeoutMs } : {}),
    ...(fork.retries !== undefined ? { retries: fork.retries } : {}),
    ...(fork.maxResponseBytes !== undefined ? { maxResponseBytes: fork.maxResponseBytes } : {}),
    logger: log,
  });
}

/**
 * A mock node forked from a live network (src/fork/, docs/guide/fork.md): it reads the upstream's
 * P-chain at its last height (or `fork.height`) first, then answers; async for that. `fork.url`
 * reads through `createUpstream` (with `cacheDir` and `offline`); `fork.reader` through any
 * reader. A failure to read the upstream, or a bad option, throws a ForkError (or the reader's
 * UpstreamConfigError) naming it. Warnings go to `fork.log` (default: console.warn).
 */
export async function createForkedMockNode(options: ForkedNodeOptions): Promise<MockNode & { fork: ForkSnapshot }> {
  const { fork } = options.network;
  const log = fork.log ?? ((line: string) => console.warn(line));
  if ('reader' in fork) return forkMockNode({ ...options, network: { ...options.network, fork: { ...fork, log } } } as ForkedMockNodeOptions);
  const reader = await upstreamOf(fork, log);
  const forkOptions: ForkOptions = { reader, log, ...(fork.height !== undefined ? { height: fork.height } : {}), ...(fork.offline ? { offline: true } : {}) };
  return forkMockNode({ ...options, network: { ...options.network, fork: forkOptions } });
}

/** The standalone mock node forked from a live network (src/fork/): it reads the upstream first, then serves. */
export async function startForkedMockServer(options: ForkedMockServerOptions): Promise<MockServer & { fork: ForkSnapshot }> {
  const limits = serverLimits(options);
  const node = await createForkedMockNode(options);
  const served = await serveHttp(responderOf(node), options, limits, () => node.close());
  return { ...served, control: node.control, fork: node.fork };
}
