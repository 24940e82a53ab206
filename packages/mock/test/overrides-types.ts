// Type-level expectations of overrides (checked by tsc in types.test.ts).
import { createMockNode, rpcError } from '../src/index.ts';

createMockNode({
  overrides: {
    'platform.getHeight': { height: '42' },
    'platform.getCurrentValidators': ({ subnetID }) => (subnetID ? { validators: [] } : rpcError(-32000, 'no subnet')),
    'info.peers': async () => ({ numPeers: '0', peers: [] }),
  },
});

createMockNode({
  overrides: {
    // @ts-expect-error: a wrong result shape does not compile
    'platform.getHeight': { hieght: '42' },
  },
});

createMockNode({
  overrides: {
    // @ts-expect-error: the node writes a json.Uint64 as a decimal string, never a bare number
    'platform.getHeight': { height: 42 },
  },
});

createMockNode({
  overrides: {
    // @ts-expect-error: a plain Go uint64 (gas.Gas) is a bare number, and the timestamp is required
    'platform.getFeeState': { capacity: 1, excess: 0, price: true },
  },
});

createMockNode({
  overrides: {
    // @ts-expect-error: not a method of the node
    'platform.getHieght': { height: '42' },
  },
});

// A JSON-RPC error in the node's shape, as a value or from a function; withOverrides takes the same.
createMockNode({
  overrides: {
    'platform.getSubnet': { error: { code: -32000, message: 'subnet not found' } },
    'platform.getHeight': () => ({ error: { code: -32000, message: 'timed out', data: null } }),
  },
}).withOverrides({ 'platform.getTimestamp': { timestamp: '2030-01-01T00:00:00Z' } });

createMockNode({
  overrides: {
    // @ts-expect-error: an error code is a number
    'platform.getSubnet': { error: { code: '-32000', message: 'subnet not found' } },
  },
});
