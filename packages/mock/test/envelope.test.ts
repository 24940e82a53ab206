// The node's envelope and HTTP edges (envelope-cases.ts, each case with its Go line) over real
// HTTP against startMockServer on 127.0.0.1. packages/msw/test/envelope.test.ts runs the same
// cases through msw.
import { afterAll, describe, expect, it } from 'vitest';
import type { MockNodeOptions } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { expectAnswer, families, post, send } from './envelope-cases.ts';

describe('over real HTTP (startMockServer on 127.0.0.1)', () => {
  const servers = new Map<string, Promise<MockServer>>();
  const serverFor = (options: MockNodeOptions = {}) => {
    const key = JSON.stringify(options);
    if (!servers.has(key)) servers.set(key, startMockServer({ port: 0, ...options }));
    return servers.get(key)!;
  };
  afterAll(async () => {
    for (const server of servers.values()) await (await server).close();
  });
  for (const [family, cases] of Object.entries(families)) {
    describe(family, () => {
      for (const c of cases) it(c.name, async () => expectAnswer(await send((await serverFor(c.options)).url, c.send), c));
    });
  }
  it('a body over the server\'s safety cap (maxBodyBytes, not a node limit): 413', async () => {
    const server = await startMockServer({ port: 0, maxBodyBytes: 1000 });
    try {
      expect((await send(server.url, post('/ext/bc/P', 'x'.repeat(2000)))).status).toBe(413);
    } finally {
      await server.close();
    }
  });
});
