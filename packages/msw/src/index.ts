// @avanode/msw: msw handlers that play an Avalanche node, and the logic they share with the
// standalone mock node (`@avanode/msw/server`, `avanode-mock`).
export { createHandlers, handlers, type HandlerOptions } from './handlers.js';
export { MockRpcError, createMockNode, rpcError, type MockNode, type MockNodeOptions, type MockRequest, type MockResponse, type Override, type OverrideContext, type Overrides } from './mock-node.js';
export { StateError, generateState, validateStateFile, type MockControl, type NetworkOptions, type StateFile } from './network/index.js';
