// @about
// Template of a standalone mock package's generated/server.ts (mock plugin, under `--out` only).
// @end about
// The mock of the document's API over real HTTP (node:http), on 127.0.0.1 and a free port
// unless told otherwise: for curl, tools and other languages.
import { startJsonRpcServer, type JsonRpcServer, type JsonRpcServerOptions } from '@avanode/mock/json-rpc-server';
import { createMock, type MockOptions } from './index.js';

export type MockServerOptions = MockOptions & JsonRpcServerOptions;
export type MockServer = JsonRpcServer;

/** Starts the mock's HTTP server; `url` says where (its paths are the document's server paths). */
export function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { overrides, ...serve } = options;
  return startJsonRpcServer(createMock(overrides ? { overrides } : {}), { port: 0, ...serve });
}
