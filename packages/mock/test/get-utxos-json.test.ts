// platform.getUTXOs with encoding "json", as avalanchego v1.14.2's vms/platformvm/service.go
// Service.GetUTXOs answers it: each UTXO found goes through formatting.Encode, which refuses json,
// so the call fails as soon as there is one UTXO to list, and answers an empty page when there is
// none. The chain's state says which: a seeded one, or by default the spec's examples' state,
// which holds the getUTXOs example's UTXO (src/network/examples-ledger.ts).
import { describe, expect, it } from 'vitest';
import { decodeUtxo, formatAddress, utxoId } from '@avanode/codec';
import { createMockNode, generateState } from '@avanode/mock';
import { startMockServer } from '@avanode/mock/server';

const EMPTY_ADDRESS = formatAddress(new Uint8Array(20).fill(0x33), 12345);
/** The getUTXOs example's address: the examples' state holds a UTXO for it. */
const EXAMPLE_ADDRESS = 'P-avax1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnk5ungy';
const call = (params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getUTXOs', params });

describe('getUTXOs, encoding json, with the simulated network', () => {
  it('an address with no UTXO: an empty page, as the node answers', async () => {
    const server = await startMockServer({ port: 0, network: { seed: 42 } });
    try {
      const response = await fetch(`${server.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: call({ addresses: [EMPTY_ADDRESS], encoding: 'json' }) });
      // response.UTXOs = make([]string, 0): `[]`, not null; EndIndex: the last address searched, ids.Empty.
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: { numFetched: '0', utxos: [], endIndex: { address: EMPTY_ADDRESS, utxo: '11111111111111111111111111111111LpoYY' }, encoding: 'json' },
      });
    } finally {
      await server.close();
    }
  });

  it('the same with another chain as the source (the mock\'s shared memory is empty)', async () => {
    const node = createMockNode({ network: { seed: 42 } });
    const funded = generateState(42).utxos![0]!.address;
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [funded], sourceChain: 'X', encoding: 'JSON' }) })).body);
    expect(answer.result).toMatchObject({ numFetched: '0', utxos: [], encoding: 'json' });
  });

  it('an address with UTXOs: refused, naming the first UTXO found (its InputID)', async () => {
    const node = createMockNode({ network: { seed: 42 } });
    const funded = generateState(42).utxos![0]!.address;
    const page = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [funded], encoding: 'hex' }) })).body).result;
    expect(Number(page.numFetched)).toBeGreaterThan(0);
    const first = decodeUtxo(page.utxos[0], { network: 'local' });
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [funded], encoding: 'json' }) })).body);
    expect(answer.error).toEqual({ code: -32000, message: `couldn't encode UTXO ${utxoId(first)} as json: unsupported encoding in method`, data: null });
  });

  it('the node\'s earlier refusals still come first', async () => {
    const node = createMockNode({ network: { seed: 42 } });
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [], encoding: 'json' }) })).body);
    expect(answer.error).toEqual({ code: -32000, message: 'no addresses provided', data: null });
  });
});

describe('getUTXOs, encoding json, in the examples\' state', () => {
  it('is refused for an address the state holds a UTXO of', async () => {
    const node = createMockNode();
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [EXAMPLE_ADDRESS], encoding: 'json' }) })).body);
    expect(answer.error.message).toMatch(/^couldn't encode UTXO \w+ as json: unsupported encoding in method$/);
  });

  it('names the UTXO the examples\' page holds, by its InputID', async () => {
    const node = createMockNode();
    const page = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [EXAMPLE_ADDRESS], encoding: 'hex' }) })).body).result;
    const first = decodeUtxo(page.utxos[0], { network: 'local' });
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [EXAMPLE_ADDRESS], encoding: 'json' }) })).body);
    expect(answer.error).toEqual({ code: -32000, message: `couldn't encode UTXO ${utxoId(first)} as json: unsupported encoding in method`, data: null });
  });

  it('refuses a bad address first, as the node parses the addresses before the lookup', async () => {
    const node = createMockNode();
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: ['P-nope'], encoding: 'json' }) })).body);
    expect(answer.error.message).not.toMatch(/couldn't encode UTXO/);
  });

  it('an override answers as set: the examples\' state is not consulted', async () => {
    const node = createMockNode({ overrides: { 'platform.getUTXOs': { numFetched: '0', utxos: [], endIndex: { address: EMPTY_ADDRESS, utxo: '11111111111111111111111111111111LpoYY' }, encoding: 'json' } } });
    const answer = JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: call({ addresses: [EXAMPLE_ADDRESS], encoding: 'json' }) })).body);
    expect(answer.result.utxos).toEqual([]);
  });
});
