// Load on the mock node: 10,000 requests from 50 concurrent connections on loopback (autocannon),
// a mix of small and large methods: no failure, and no leak (the heap after a second round
// of 10,000 is not higher than after the first, within a margin).
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@avanode/mock/server';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

const call = (path: string, method: string, params: unknown = {}) => ({ method: 'POST' as const, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
const requests = [
  call('/ext/bc/P', 'platform.getHeight'),
  call('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: ['NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }),
  call('/ext/info', 'info.upgrades'),
  call('/ext/health', 'health.health'),
  call('/ext/bc/2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC/rpc', 'eth_getChainConfig', []),
];

async function round() {
  const result = await autocannon({ url: server.url, connections: 50, amount: 10_000, requests, timeout: 10 });
  return result;
}

it('answers 10,000 requests from 50 connections without a failure, twice, without growing', async () => {
  const first = await round();
  const heapAfterFirst = process.memoryUsage().heapUsed;
  const second = await round();
  const heapAfterSecond = process.memoryUsage().heapUsed;
  for (const result of [first, second]) {
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBeGreaterThanOrEqual(10_000);
  }
  console.log(`mock node load: ${first.requests.average.toFixed(0)} req/s average, p99 latency ${first.latency.p99} ms; heap ${(heapAfterFirst / 2 ** 20).toFixed(1)} MB after 10,000, ${(heapAfterSecond / 2 ** 20).toFixed(1)} MB after 20,000`);
  expect(heapAfterSecond - heapAfterFirst).toBeLessThan(64 * 2 ** 20);
}, 120_000);
