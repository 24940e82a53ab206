// Type-level expectations of overrides (checked by tsc in types.test.ts).
import { createHandlers, rpcError } from '../src/index.ts';

createHandlers({
  overrides: {
    'platform.getHeight': { height: '42' },
    'platform.getCurrentValidators': ({ subnetID }) => (subnetID ? { validators: [] } : rpcError(-32000, 'no subnet')),
    'info.peers': async () => ({ numPeers: 0, peers: [] }),
  },
});

createHandlers({
  overrides: {
    // @ts-expect-error: a wrong result shape does not compile
    'platform.getHeight': { hieght: '42' },
  },
});

createHandlers({
  overrides: {
    // @ts-expect-error: not a method of the node
    'platform.getHieght': { height: '42' },
  },
});
