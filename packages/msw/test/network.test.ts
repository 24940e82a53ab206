// The simulated network through the msw handlers and in process (createMockNode): the scenario
// of packages/mock/test/network-scenario.ts, and byte-identical answers for one seed across
// createMockNode, msw and the standalone server.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { createHandlers, createMockNode, unhandledRequests, type MockNode } from '@avanode/msw';
import { startMockServer } from '@avanode/msw/server';
import { SEED, scenario } from '../../mock/test/network-scenario.ts';

describe('the same through msw (setupServer) and in process (createMockNode)', () => {
  const URL_ = 'http://127.0.0.1:9650';
  const msw = setupServer();
  // Requests to the real server (another port) go through; anything else unhandled is an error.
  beforeAll(() =>
    msw.listen(
      unhandledRequests((request, print) => {
        if (new URL(request.url).port !== '9650') return;
        print.error();
      }),
    ),
  );
  afterEach(() => msw.resetHandlers());
  afterAll(() => msw.close());

  it('runs the scenario through msw handlers, with node.control', async () => {
    const node = createMockNode({ network: { seed: SEED } });
    msw.use(...createHandlers({ node }));
    const client = createClient({ url: URL_, retry: false });
    await scenario(client, { fund: async (a, n) => node.control.fund(a, n), advance: async (ms) => node.control.advance(ms) });
  });

  it('gives byte-identical answers for one seed across createMockNode, msw and the server', async () => {
    const calls = [
      ['/ext/bc/P', { method: 'platform.getHeight' }],
      ['/ext/bc/P', { method: 'platform.getBlockByHeight', params: { height: '3', encoding: 'json' } }],
      ['/ext/bc/P', { method: 'platform.getBlockByHeight', params: { height: '5' } }],
      ['/ext/bc/P', { method: 'platform.getCurrentValidators', params: {} }],
      ['/ext/bc/P', { method: 'platform.getSubnets', params: {} }],
      ['/ext/bc/P', { method: 'platform.getTimestamp' }],
      ['/ext/info', { method: 'info.getNetworkName' }],
      ['/_avanode/advance', { ms: 10_000 }],
      ['/ext/bc/P', { method: 'platform.getHeight' }],
      ['/ext/bc/P', { method: 'platform.getBlockByHeight', params: { height: '30', encoding: 'hexnc' } }],
    ] as const;
    const request = (path: string, body: object) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(path.startsWith('/ext') ? { jsonrpc: '2.0', id: 1, ...body } : body) });

    const inProcess: string[] = [];
    const node: MockNode = createMockNode({ network: { seed: SEED } });
    for (const [path, body] of calls) {
      const init = request(path, body);
      const answer = await node.handle({ method: 'POST', path, headers: init.headers, body: init.body });
      inProcess.push(`${answer.status} ${answer.body}`);
    }
    const over = async (base: string) => {
      const out: string[] = [];
      for (const [path, body] of calls) {
        const response = await fetch(`${base}${path}`, request(path, body));
        out.push(`${response.status} ${await response.text()}`);
      }
      return out;
    };
    msw.use(...createHandlers({ network: { seed: SEED } }));
    const viaMsw = await over(URL_);
    msw.resetHandlers();
    const server = await startMockServer({ port: 0, network: { seed: SEED } });
    const viaServer = await over(server.url).finally(() => server.close());
    expect(viaMsw).toEqual(inProcess);
    expect(viaServer).toEqual(inProcess);
    // A different seed is a different network.
    const other = createMockNode({ network: { seed: SEED + 1 } });
    const height = await other.handle({ method: 'POST', path: '/ext/bc/P', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getBlockByHeight', params: { height: '3', encoding: 'json' } }) });
    expect(`${height.status} ${height.body}`).not.toBe(inProcess[1]);
  });
});
