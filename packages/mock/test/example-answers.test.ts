// One source of answers: by default the mock plays a node whose chain is the one the spec's
// examples describe (src/network/examples-ledger.ts), so params no example shows get what such a
// node answers (vms/platformvm/service.go v1.14.2): Unknown for a tx it never saw, filters that
// filter, blocks in the encoding asked for; the node's own lists (peers, an L1's validators) are
// filtered as its handlers filter (src/example-filters.ts). On any chain, every method answers
// every example's params with a result its schema accepts.
import { describe, expect, it } from 'vitest';
import { EMPTY_ID, decodeBlock, decodeHexNC, decodeTx } from '@avanode/codec';
import { createMockNode, type MockNode } from '@avanode/mock';
import { validateResult } from '@avanode/validators';
import { mockData } from '../src/generated/mock-data.ts';

const bigintSafe = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
async function call(node: MockNode, method: string, params: unknown, path = '/ext/bc/P') {
  const answer = await node.handle({ method: 'POST', path, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

describe('the examples\' state', () => {
  const node = createMockNode();

  it('getTxStatus: a tx no example shows is Unknown; the examples keep their statuses', async () => {
    expect((await call(node, 'platform.getTxStatus', { txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' })).result).toEqual({ status: 'Unknown' });
    expect((await call(node, 'platform.getTxStatus', { txID: '2gyuZL9UcxLbdYVayrTvCvzSBnQPfaKkoAUt1hMke3g6ySCd5' })).result).toEqual({ status: 'Committed' });
  });

  it('getCurrentValidators: the primary network\'s subnetID answers the primary set, filters filter, an unknown subnet has none', async () => {
    const all = (await call(node, 'platform.getCurrentValidators', {})).result!.validators as Array<{ nodeID: string }>;
    expect((await call(node, 'platform.getCurrentValidators', { subnetID: EMPTY_ID })).result).toEqual({ validators: all });
    // One node asked for: its delegators listed too, `[]` when it has none (service.go GetCurrentValidators, numNodeIDs == 1).
    for (const validator of all as Array<{ nodeID: string; delegatorCount: string }>) {
      const [one] = (await call(node, 'platform.getCurrentValidators', { nodeIDs: [validator.nodeID] })).result!.validators as Array<{ delegators: unknown[] }>;
      expect(one).toEqual({ ...validator, delegators: expect.any(Array) });
      expect(String(one!.delegators.length)).toBe(validator.delegatorCount);
    }
    expect(((await call(node, 'platform.getCurrentValidators', { nodeIDs: all.map((v) => v.nodeID) })).result!.validators)).toEqual(all);
    expect((await call(node, 'platform.getCurrentValidators', { nodeIDs: ['NodeID-111111111111111111116DBWJs'] })).result).toEqual({ validators: [] });
    expect((await call(node, 'platform.getCurrentValidators', { subnetID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' })).result).toEqual({ validators: [] });
    const l1 = (await call(node, 'platform.getCurrentValidators', { subnetID: '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F' })).result!.validators as unknown[];
    expect(l1).not.toEqual(all);
  });

  it('getBlockByHeight, getBlock and getHeight agree; encoding is honoured; above the tip there is no block', async () => {
    const { height } = (await call(node, 'platform.getHeight', {})).result as { height: string };
    const json = (await call(node, 'platform.getBlockByHeight', { height, encoding: 'json' })).result!.block as { id: string; height: number };
    expect(String(json.height)).toBe(height);
    const hex = (await call(node, 'platform.getBlockByHeight', { height, encoding: 'hex' })).result!;
    expect(hex.encoding).toBe('hex');
    expect(bigintSafe(decodeBlock(hex.block as string))).toEqual(json);
    const hexnc = (await call(node, 'platform.getBlockByHeight', { height, encoding: 'hexnc' })).result!.block as string;
    expect(bigintSafe(decodeBlock(decodeHexNC(hexnc)))).toEqual(json);
    expect((await call(node, 'platform.getBlock', { blockID: json.id, encoding: 'hex' })).result!.block).toBe(hex.block);
    expect((await call(node, 'platform.getBlock', { blockID: json.id })).result!.block).toBe(hex.block);
    expect((await call(node, 'platform.getBlockByHeight', { height: String(Number(height) + 1) })).error).toEqual({ code: -32000, message: `couldn't get block at height ${Number(height) + 1}: not found`, data: null });
    expect((await call(node, 'platform.getBlock', { blockID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' })).error?.message).toBe("couldn't get block with id 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN: not found");
  });

  it('getTx: an unknown ID is not found; hexnc and json are the same bytes', async () => {
    const txID = '2gyuZL9UcxLbdYVayrTvCvzSBnQPfaKkoAUt1hMke3g6ySCd5';
    const hex = (await call(node, 'platform.getTx', { txID })).result!.tx as string;
    const hexnc = (await call(node, 'platform.getTx', { txID, encoding: 'hexnc' })).result!.tx as string;
    expect(bigintSafe(decodeTx(decodeHexNC(hexnc)))).toEqual(bigintSafe(decodeTx(hex)));
    expect((await call(node, 'platform.getTx', { txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' })).error?.message).toBe("couldn't get tx: not found");
  });
});

describe('the node\'s own lists, filtered', () => {
  const node = createMockNode();
  const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';

  it('info.peers: only the peers named, numPeers counting them (api/info/service.go Info.Peers)', async () => {
    const all = (await call(node, 'info.peers', {}, '/ext/info')).result as { numPeers: string; peers: Array<{ nodeID: string }> };
    expect(all.peers.length).toBeGreaterThan(0);
    const first = all.peers[0]!.nodeID;
    expect((await call(node, 'info.peers', { nodeIDs: [first] }, '/ext/info')).result).toEqual({ ...all, numPeers: '1', peers: [all.peers[0]] });
    expect((await call(node, 'info.peers', { nodeIDs: ['NodeID-111111111111111111116DBWJs'] }, '/ext/info')).result).toEqual({ ...all, numPeers: '0', peers: [] });
  });

  it('validators.getCurrentValidators of an L1: only the node IDs named (subnet-evm plugin/evm/service.go)', async () => {
    const path = `/ext/bc/${CHAIN}/validators`;
    const all = (await call(node, 'validators.getCurrentValidators', {}, path)).result as { validators: Array<{ nodeID: string }> };
    expect(all.validators.length).toBeGreaterThan(0);
    expect((await call(node, 'validators.getCurrentValidators', { nodeIDs: [all.validators[0]!.nodeID] }, path)).result).toEqual({ validators: [all.validators[0]] });
    expect((await call(node, 'validators.getCurrentValidators', { nodeIDs: ['NodeID-111111111111111111116DBWJs'] }, path)).result).toEqual({ validators: [] });
  });
});

describe('every method with every example\'s params', () => {
  for (const network of [false, true]) {
    it(`answers what its schema accepts (network ${network ? 'on' : 'off'})`, async () => {
      const node = createMockNode(network ? { network: { seed: 42 } } : {});
      let checked = 0;
      for (const [method, mock] of Object.entries(mockData.methods)) {
        const path = mock.paths[0]!.replace('{blockchainID}', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5');
        for (const example of mock.examples) {
          if (path.endsWith('/rpc') && !Array.isArray(example.params)) continue;
          const answer = await call(node, method, example.params, path);
          if (answer.result === undefined) continue;
          expect(validateResult(method, answer.result), `${method} ${JSON.stringify(example.params).slice(0, 80)}`).toEqual({ ok: true });
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(50);
    });
  }
});
