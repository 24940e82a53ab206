// @avanode/msw: msw handlers that play an Avalanche node. The node itself (envelope, refusals,
// answers, simulated network) is @avanode/mock, which needs no msw; its API is re-exported here
// so code written against @avanode/msw alone keeps working.
export { createHandlers, handlers, type HandlerOptions } from './handlers.js';
export { createOverrideHandlers, type OverrideHandlerOptions } from './overrides.js';
export { unhandledRequests, type UnhandledRequestCallback, type UnhandledRequestOptions, type UnhandledRequestPrint, type UnhandledRequestStrategy } from './unhandled.js';
export { MockRpcError, OverrideError, createMockNode, rpcError, type MockNode, type MockNodeOptions, type MockRequest, type MockResponse, type Override, type OverrideContext, type OverrideRpcError, type Overrides } from '@avanode/mock';
export { StateError, generateState, validateStateFile, type MockControl, type NetworkOptions, type StateFile } from '@avanode/mock';
