// One Helicon time per network: the one info.upgrades answers is the one the C-chain switches its
// shapes at (coreth's before, SAE's from it) and the one the P-chain's executor gates ACP-236 on.
// Over real HTTP on 127.0.0.1, a local network whose Helicon comes an hour after its start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@avanode/mock/server';

let server: MockServer;
async function rpc(path: string, method: string, params: unknown) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { message: string } };
}
const post = async (action: string, body: unknown) => (await fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
const UNKNOWN_TX = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
let helicon: string;

beforeAll(async () => {
  // The seed's start time, read from a first network, then the same seed with Helicon an hour later.
  const probe = await startMockServer({ port: 0, network: { seed: 5 } });
  const start = Date.parse((((await (await fetch(`${probe.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getTimestamp', params: {} }) })).json()) as { result: { timestamp: string } }).result.timestamp));
  await probe.close();
  helicon = new Date(start + 3_600_000).toISOString().replace('.000Z', 'Z');
  server = await startMockServer({ port: 0, network: { seed: 5, heliconTime: helicon } });
});
afterAll(() => server?.close());

describe("a local network's Helicon time", () => {
  it('is what info.upgrades answers, and the C-chain answers as coreth before it and as SAE from it', async () => {
    expect((await rpc('/ext/info', 'info.upgrades', {})).result?.heliconTime).toBe(helicon);
    expect((await rpc('/ext/bc/C/avax', 'avax.getAtomicTx', { txID: UNKNOWN_TX })).error?.message).toBe(`could not find tx ${UNKNOWN_TX}`);
    await post('advance', { ms: 2 * 3_600_000 });
    expect((await rpc('/ext/info', 'info.upgrades', {})).result?.heliconTime).toBe(helicon);
    expect((await rpc('/ext/bc/C/avax', 'avax.getAtomicTx', { txID: UNKNOWN_TX })).error?.message).toBe('fetching tx: not found');
  });
});
