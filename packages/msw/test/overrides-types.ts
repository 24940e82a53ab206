// Type-level expectations of overrides (checked by tsc in types.test.ts).
import { setupWorker } from 'msw/browser';
import { setupServer } from 'msw/node';
import { createHandlers, rpcError, unhandledRequests } from '../src/index.ts';

createHandlers({
  overrides: {
    'platform.getHeight': { height: '42' },
    'platform.getCurrentValidators': ({ subnetID }) => (subnetID ? { validators: [] } : rpcError(-32000, 'no subnet')),
    'info.peers': async () => ({ numPeers: '0', peers: [] }),
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

// unhandledRequests() fits msw's own option types (msw 2 here; test/msw3/usage.ts checks msw 3).
setupServer(...createHandlers()).listen(unhandledRequests('error'));
setupServer().listen(unhandledRequests((request, print) => (request.url.includes(':9650') ? print.error() : undefined)));
void setupWorker(...createHandlers()).start({ ...unhandledRequests('bypass'), quiet: true });
// @ts-expect-error: not a strategy
unhandledRequests('fail');
