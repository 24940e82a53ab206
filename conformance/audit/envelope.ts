// The JSON-RPC envelope as method-level refusals: what a v1.14.2 node answers when a method's
// name or params do not get past its JSON-RPC server, per endpoint family (gorilla json2 on
// /ext/info, /ext/bc/P, /ext/health and /validators; the geth-style server on /rpc). The cases
// that are not about one method's params (status codes, content types, ids, notifications,
// batches, parse errors, CORS, 404) are in packages/mock/test/envelope-cases.ts, each with its line.
import type { Finding } from '../src/audit.ts';

/** utils/json/codec.go:25, returned by request.ReadRequest (line 62) for any params the args cannot hold. */
const UNMARSHAL = { code: -32000, message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls", data: null };
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';

export const findings: Finding[] = [
  {
    source: 'utils/json/codec.go:62',
    method: 'platform.getCurrentValidators',
    kind: 'error',
    what: 'a node ID without its NodeID- prefix does not unmarshal: -32000 "couldn\'t unmarshal an argument…", data null, never -32602',
    refusals: [{ params: { nodeIDs: ['Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }, error: UNMARSHAL }],
  },
  {
    source: 'ids/id.go:75',
    method: 'platform.getL1Validator',
    kind: 'param-form',
    what: 'validationID as a one-element array (the published example) is refused: ids.ID takes only a quoted string, and json2 unwraps only params: [ {…} ]',
    refusals: [{ params: { validationID: ['2eZbyCTyCEMRqj4JqddZFvGxksMrzQyRLfDuMx5HPabCJ8N4Bn'] }, error: UNMARSHAL }],
  },
  {
    source: 'gorilla/rpc@v1.2.0:v2/json2/server.go:165',
    method: 'platform.getSubnet',
    kind: 'error',
    what: 'a param of the wrong JSON type fails the args struct and the [args] fallback: -32000, data null',
    refusals: [{ params: { subnetID: 5 }, error: UNMARSHAL }],
  },
  {
    source: 'gorilla/rpc@v1.2.0:v2/json2/server.go:165',
    method: 'info.getNodeVersion',
    kind: 'error',
    what: 'params that are neither an object nor an array are refused with -32000, data null',
    refusals: [{ params: 'x', error: UNMARSHAL }],
  },
  {
    source: 'utils/json/codec.go:62',
    method: 'health.health',
    kind: 'error',
    what: 'tags that are not a list of strings do not unmarshal: -32000, data null',
    refusals: [{ params: { tags: 5 }, error: UNMARSHAL }],
  },
  {
    source: 'utils/json/codec.go:62',
    method: 'validators.getCurrentValidators',
    kind: 'error',
    what: 'the validators endpoint is gorilla too: a malformed node ID is -32000 "couldn\'t unmarshal an argument…", data null',
    refusals: [{ params: { nodeIDs: ['NodeID-x'] }, error: UNMARSHAL }],
  },
  {
    source: 'gorilla/rpc@v1.2.0:v2/map.go:144',
    method: 'info.getNodeVersions',
    path: '/ext/info',
    kind: 'envelope',
    what: 'an unknown method on a gorilla endpoint is -32000 rpc: can\'t find method, with the name upper-cased after the dot, never -32601',
    refusals: [{ params: {}, error: { code: -32000, message: 'rpc: can\'t find method "info.GetNodeVersions"', data: null } }],
  },
  {
    source: 'gorilla/rpc@v1.2.0:v2/map.go:139',
    method: 'platform.getHeight',
    path: '/ext/info',
    kind: 'envelope',
    what: 'another endpoint\'s method is -32000 rpc: can\'t find service',
    refusals: [{ params: {}, error: { code: -32000, message: 'rpc: can\'t find service "platform.GetHeight"', data: null }, stateful: true }],
  },
  {
    source: 'utils/json/codec.go:54',
    method: 'info.GetNodeVersion',
    path: '/ext/info',
    kind: 'envelope',
    what: 'a method whose name starts upper-case after the dot is refused with -32000 "method must start with a non-uppercase letter"',
    refusals: [{ params: {}, error: { code: -32000, message: 'method must start with a non-uppercase letter', data: null } }],
  },
  {
    source: 'graft/evm/rpc/errors.go:92',
    method: 'eth_FeeConfig',
    path: `/ext/bc/${CHAIN}/rpc`,
    kind: 'envelope',
    what: 'EVM method names are case-sensitive: another letter case is -32601 "the method … does not exist/is not available"',
    refusals: [{ params: [], error: { code: -32601, message: 'the method eth_FeeConfig does not exist/is not available' } }],
  },
  {
    source: 'graft/evm/rpc/json.go:343',
    method: 'eth_getChainConfig',
    kind: 'envelope',
    what: 'params that are not an array are -32602 "non-array args" on the EVM endpoint',
    refusals: [{ params: {}, error: { code: -32602, message: 'non-array args' } }],
  },
  {
    source: 'graft/evm/rpc/json.go:359',
    method: 'eth_getActiveRulesAt',
    kind: 'limit',
    what: 'one param too many is -32602 "too many arguments, want at most 1"',
    refusals: [{ params: [1, 2], error: { code: -32602, message: 'too many arguments, want at most 1' } }],
  },
  {
    source: 'graft/evm/rpc/json.go:363',
    method: 'eth_getActiveRulesAt',
    kind: 'param-form',
    what: 'the timestamp is a *uint64: a string, even a decimal one, is -32602 "invalid argument 0: json: cannot unmarshal string into Go value of type uint64"',
    refusals: [
      { params: ['5'], error: { code: -32602, message: 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64' } },
      { params: ['0x1'], error: { code: -32602, message: 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64' } },
    ],
  },
  {
    source: 'graft/evm/rpc/types.go:223',
    method: 'eth_feeConfig',
    kind: 'param-form',
    what: 'a block number without 0x is -32602 "invalid argument 0: hex string without 0x prefix" (hexutil.DecodeUint64)',
    refusals: [{ params: ['12'], error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' } }],
  },
];
