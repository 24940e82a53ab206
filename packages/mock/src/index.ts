// @avanode/mock: the mock Avalanche node without msw: one request (method, path, headers, body)
// in, the node's answer out. The msw handlers (@avanode/msw), the standalone server
// (`@avanode/mock/server`, `avanode-mock`) and the CLI's `avanode mock` all serve this one core.
// Nothing here touches node:http, so it also runs in a browser.
export { createMockNode, type MockNode, type MockNodeOptions, type MockRequest, type MockResponse } from './mock-node.js';
export { MockRpcError, OverrideError, rpcError, type MethodName, type Override, type OverrideContext, type OverrideRpcError, type Overrides } from './rpc/overrides.js';
export {
  CONTROL_PREFIX,
  StateError,
  TEST_KEYS,
  generateState,
  testKeyAddress,
  validateStateFile,
  type MockControl,
  type NetworkOptions,
  type StateFile,
  type TestKey,
} from './network/index.js';
