// `@avanode/mock/json-rpc`: a mock of any JSON-RPC 2.0 API from its OpenRPC document's data, the
// runtime of the mock packages `avanode-gen --out` writes (see mock.ts and envelope.ts).
export { createJsonRpcMock, type JsonRpcMethodData, type JsonRpcMock, type JsonRpcMockOptions, type JsonRpcMockRequest, type JsonRpcMockResponse, type JsonRpcOverride, type JsonRpcOverrides, type JsonRpcValidator, type MethodTypes } from './mock.js';
export { JSON_RPC_BATCH_LIMIT, JSON_RPC_BODY_LIMIT } from './envelope.js';
export { MockRpcError, OverrideError, rpcError } from '../rpc/override-answers.js';
