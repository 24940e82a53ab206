// @about
// Template of a standalone msw package's generated/index.ts (msw plugin, under `--out` only:
// this repository's @avanode/msw is hand-written). Hole: the mock package's name.
// @end about
// msw handlers for the document's API, over its mock (the sibling mock package): every method
// answers from the document's examples on the document's server paths, and override handlers
// change some methods and keep every other answer. Runs on `@avanode/msw/json-rpc`.
import type { HttpHandler } from 'msw';
import { createJsonRpcHandlers, createJsonRpcOverrideHandlers, type JsonRpcHandlerOptions } from '@avanode/msw/json-rpc';
import { createMock, type Mock, type Overrides } from /*@mock*/'../mock/index.ts';

export { MockRpcError, OverrideError, rpcError, type Override, type Overrides } from /*@mock*/'../mock/index.ts';
// `server.listen(unhandledRequests('error'))` says it to msw 2 (onUnhandledRequest) and msw 3 (onUnhandledFrame) alike.
export { unhandledRequests, type UnhandledRequestStrategy } from '@avanode/msw/json-rpc';

export interface HandlerOptions extends JsonRpcHandlerOptions {
  /** Serve this mock instead of one made from `overrides`. */
  mock?: Mock;
  overrides?: Overrides;
}

/** Handlers answering every method of the document (its examples, or `overrides`); `baseUrl` limits them to one origin. */
export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const mock = options.mock ?? createMock(options.overrides ? { overrides: options.overrides } : {});
  return createJsonRpcHandlers(mock, options.baseUrl ? { baseUrl: options.baseUrl } : {});
}

/** Handlers for `server.use(...)` that answer the overridden methods only and pass every other call on. */
export function createOverrideHandlers(overrides: Overrides, options: HandlerOptions = {}): HttpHandler[] {
  return createJsonRpcOverrideHandlers(options.mock ?? createMock(), overrides, options.baseUrl ? { baseUrl: options.baseUrl } : {});
}

/** Handlers with the defaults: every method answers with the document's examples, on any origin. */
export const handlers: HttpHandler[] = createHandlers();
