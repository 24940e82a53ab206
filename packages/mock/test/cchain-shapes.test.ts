// The C-chain's two shapes (src/chains/c/answers.ts): coreth's (v1.14.2) before the network's
// Helicon time, SAE's (v1.15.0-fuji, vms/saevm/cchain/api.go) from it: statuses, blockHeight,
// the all-ones terminal cursor of getUTXOs and its half-open pages; and shared memory's three
// calls (src/shared-memory.ts): an export is listed and read once, an import removes it once.
import { describe, expect, it } from 'vitest';
import { decodeCB58, encodeCB58, formatAddress, utxoId } from '@avanode/codec';
import { validateResult } from '@avanode/validators';
import { cChainAnswers, type CContext } from '../src/chains/c/answers.ts';
import { createCChainState } from '../src/chains/c/state.ts';
import { SharedMemory, SharedMemoryNotFound, type SharedUtxo } from '../src/shared-memory.ts';

const P = '11111111111111111111111111111111LpoYY';
const C = '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU';
const OWNER = new Uint8Array(20).fill(7);
const OWNER_KEY = encodeCB58(OWNER);

function utxo(index: number): SharedUtxo {
  const txID = encodeCB58(new Uint8Array(32).fill(index + 1));
  const id = utxoId({ txID, outputIndex: 0 });
  return { id, idBytes: decodeCB58(id), bytes: new Uint8Array([0, 0, index]), keys: [OWNER_KEY], value: {} };
}

function context(helicon: number | undefined, count: number): CContext {
  const shared = new SharedMemory();
  shared.apply(P, new Map([[C, { put: Array.from({ length: count }, (_, i) => utxo(i)), remove: [] }]]));
  const c = createCChainState(C, 12345, helicon);
  return { c, shared, nowSec: 1_000, env: { networkID: 12345, avaxAssetID: P, peers: [P], shared, nowSec: 1_000n }, lookup: (alias) => (alias === 'P' ? P : undefined) };
}
const address = formatAddress(OWNER, 12345, 'C');
const answer = (x: CContext, method: string, params: unknown) => cChainAnswers[method]!(x, params) as { result?: Record<string, unknown>; error?: string };

describe('coreth (before Helicon) and SAE (after)', () => {
  it('getUTXOs: coreth ends on the last UTXO read; SAE pages half-open and ends on the all-ones cursor, which answers nothing', () => {
    const coreth = context(undefined, 3);
    const first = answer(coreth, 'avax.getUTXOs', { addresses: [address], sourceChain: 'P', limit: 2 }).result!;
    expect(first.numFetched).toBe('2');
    expect(validateResult('avax.getUTXOs', first)).toEqual({ ok: true });
    const rest = answer(coreth, 'avax.getUTXOs', { addresses: [address], sourceChain: 'P', limit: 2, startIndex: first.endIndex }).result!;
    expect(rest.numFetched).toBe('1');

    const sae = context(0, 3);
    const page = answer(sae, 'avax.getUTXOs', { addresses: [address], sourceChain: 'P', limit: 2 }).result!;
    expect(page.numFetched).toBe('2');
    const end = page.endIndex as { address: string; utxo: string };
    expect(end.utxo).not.toBe('2wkBET2rRgE8pahuaczxKbmv7ciehqsne57F9gtzf1PVcUJEQG');
    const last = answer(sae, 'avax.getUTXOs', { addresses: [address], sourceChain: 'P', limit: 2, startIndex: end }).result!;
    expect(last.numFetched).toBe('1');
    expect(last.endIndex).toEqual({ address: formatAddress(new Uint8Array(20).fill(0xff), 12345, 'C'), utxo: '2wkBET2rRgE8pahuaczxKbmv7ciehqsne57F9gtzf1PVcUJEQG' });
    expect(validateResult('avax.getUTXOs', last)).toEqual({ ok: true });
    const after = answer(sae, 'avax.getUTXOs', { addresses: [address], sourceChain: 'P', startIndex: last.endIndex }).result!;
    expect(after).toEqual({ numFetched: '0', utxos: [], endIndex: { address: formatAddress(new Uint8Array(20), 12345, 'C'), utxo: P }, encoding: 'hex' });
  });

  it('getAtomicTx and getAtomicTxStatus: coreth answers Unknown and "could not find tx"; SAE "fetching tx: not found"; accepted txs carry blockHeight in both', () => {
    const txID = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
    const coreth = context(undefined, 0);
    const sae = context(0, 0);
    expect(answer(coreth, 'avax.getAtomicTx', { txID }).error).toBe(`could not find tx ${txID}`);
    expect(answer(sae, 'avax.getAtomicTx', { txID }).error).toBe('fetching tx: not found');
    for (const x of [coreth, sae]) {
      expect(answer(x, 'avax.getAtomicTxStatus', { txID }).result).toEqual({ status: 'Unknown' });
      x.c.accepted.set(txID, { bytes: new Uint8Array([0, 0, 1, 2]), height: 9 });
      expect(answer(x, 'avax.getAtomicTxStatus', { txID }).result).toEqual({ status: 'Accepted', blockHeight: '9' });
      expect(answer(x, 'avax.getAtomicTx', { txID, encoding: 'hexnc' }).result).toEqual({ tx: '0x00000102', encoding: 'hexnc', blockHeight: '9' });
    }
  });
});

describe('shared memory', () => {
  it('get reads what the peer exported, indexed lists it by owner, apply removes it once and refuses a second removal', () => {
    const shared = new SharedMemory();
    const one = utxo(0);
    shared.apply(P, new Map([[C, { put: [one], remove: [] }]]));
    expect(shared.get(C, P, [one.id])).toEqual([one]);
    expect(() => shared.get(P, C, [one.id])).toThrow(SharedMemoryNotFound);
    expect(shared.indexed(C, P, [OWNER_KEY], decodeCB58, {}, 10).utxos).toEqual([one]);
    shared.apply(C, new Map([[P, { put: [], remove: [one.id] }]]));
    expect(() => shared.get(C, P, [one.id])).toThrow('not found');
    expect(() => shared.apply(C, new Map([[P, { put: [], remove: [one.id] }]]))).toThrow(SharedMemoryNotFound);
    expect(shared.waiting()).toEqual([]);
  });
});

describe('the examples\' C-chain', () => {
  it('answers every example of the C-chain\'s methods as the example says (v1.15.0-only examples aside)', async () => {
    const { createMockNode } = await import('@avanode/mock');
    const { mockData } = await import('../src/generated/mock-data.ts');
    const { readFileSync } = await import('node:fs');
    const spec = JSON.parse(readFileSync(new URL('../../../spec/openrpc.json', import.meta.url), 'utf8')) as { methods: Array<{ name: string; examples: Array<{ name: string; params: Array<{ value: unknown }> }> }> };
    const node = createMockNode();
    let checked = 0;
    for (const method of ['avax.getUTXOs', 'avax.issueTx', 'avax.getAtomicTx', 'avax.getAtomicTxStatus', 'eth_baseFee', 'eth_chainId', 'eth_getBalance', 'eth_getTransactionCount']) {
      const names = spec.methods.find((m) => m.name === method)!.examples.map((e) => e.name);
      for (const [i, example] of mockData.methods[method]!.examples.entries()) {
        if (names[i]!.includes('v1.15.0')) continue;
        checked++;
        const path = method.startsWith('eth_') ? '/ext/bc/C/rpc' : '/ext/bc/C/avax';
        const answer = await node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: example.params }) });
        expect(JSON.parse(answer.body), `${method} ${names[i]}`).toMatchObject({ result: example.result });
      }
    }
    expect(checked).toBe(9);
    node.close();
  });
});
