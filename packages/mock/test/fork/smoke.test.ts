import { expect, test } from 'vitest';
import { createMockNode } from '../../src/index.js';
import { createForkedMockNode } from '../../src/fork/index.js';
import { call, readerOver } from './in-process-reader.js';

test('smoke', async () => {
  const upstream = createMockNode({ network: { seed: 42 } });
  const reader = readerOver(upstream);
  const fork = await createForkedMockNode({ network: { fork: { reader } } });
  for (const m of ['platform.getHeight', 'platform.getCurrentValidators', 'platform.getSubnets', 'platform.getFeeState', 'platform.getBlockchains']) {
    const a = await call(upstream, '/ext/bc/P', m);
    const b = await call(fork, '/ext/bc/P', m);
    expect(b, m).toEqual(a);
  }
  console.log(reader.log.length);
});
