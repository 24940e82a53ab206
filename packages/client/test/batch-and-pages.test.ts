// JSON-RPC batches on an L1 EVM chain, and UTXO pagination, against a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaginationError, RpcError, ResponseParseError, ResponseValidationError, createClient, paginateUTXOs } from '@avanode/client';
import { startNodeDouble, type NodeDouble } from './node-double.ts';

const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

type Call = { id: number; method: string; params: unknown };

describe('evm batch', () => {
  it('sends one batch per path and size cap, and answers per item, in order', async () => {
    node.answer((request, res) => {
      const answer = (c: Call) => (c.method === 'eth_getActiveRulesAt'
        ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'no rules' } }
        : { jsonrpc: '2.0', id: c.id, result: { method: c.method, params: c.params } });
      // The validators endpoint is gorilla json2: one request object per body.
      if (!Array.isArray(request.json)) return void res.writeHead(200).end(JSON.stringify(answer(request.json as Call)));
      // Answers out of order; one call fails.
      res.writeHead(200).end(JSON.stringify((request.json as Call[]).map(answer).reverse()));
    });
    const before = node.received.length;
    const client = createClient({ url: node.url, maxBatchSize: 2 });
    const items = await client.evm(CHAIN).batch([
      { method: 'eth_feeConfig', params: ['latest'] },
      { method: 'eth_getChainConfig' },
      { method: 'eth_getActiveRulesAt', params: [] },
      { method: 'validators.getCurrentValidators', params: { nodeIDs: [] } },
      { method: 'eth_getActivePrecompilesAt' },
    ]);
    expect(items.map((i) => i.ok)).toEqual([true, true, false, true, true]);
    expect(items[0]).toEqual({ ok: true, result: { method: 'eth_feeConfig', params: ['latest'] } });
    expect(items[1]).toEqual({ ok: true, result: { method: 'eth_getChainConfig', params: [] } });
    expect((items[2] as { error: RpcError }).error).toBeInstanceOf(RpcError);
    expect(items[3]).toEqual({ ok: true, result: { method: 'validators.getCurrentValidators', params: { nodeIDs: [] } } });
    const sent = node.received.slice(before);
    // 4 calls on /rpc split in 2 batches of 2; the call on /validators (gorilla json2, which
    // answers an array with -32700) as a single request object.
    expect(sent.map((r) => [r.path, Array.isArray(r.json) ? r.json.length : 'object']).sort()).toEqual([
      [`/ext/bc/${CHAIN}/rpc`, 2],
      [`/ext/bc/${CHAIN}/rpc`, 2],
      [`/ext/bc/${CHAIN}/validators`, 'object'],
    ]);
  });

  it('an answer missing from the batch is an error for that item only', async () => {
    node.answer((request, res) => {
      const [first] = request.json as Call[];
      res.writeHead(200).end(JSON.stringify([{ jsonrpc: '2.0', id: first!.id, result: { ok: 1 } }]));
    });
    const items = await createClient({ url: node.url }).evm(CHAIN).batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig' }]);
    expect(items[0]).toEqual({ ok: true, result: { ok: 1 } });
    expect((items[1] as { error: unknown }).error).toBeInstanceOf(ResponseParseError);
  });
});

describe('paginateUTXOs', () => {
  const address = 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9';
  const utxo = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

  it('follows endIndex until a short page, yields each page as the node lists it, caps the limit at 1024', async () => {
    // 2 full pages of 3 (the second repeats the last UTXO of the first, as the node may: it drops
    // repeats within a page only), then a short page.
    const pages = [[1, 2, 3], [3, 4, 5], [6]];
    node.answer((request, res) => {
      const { params, id } = request.json as { id: number; params: { startIndex?: { utxo: string } } };
      const page = params.startIndex ? Number(params.startIndex.utxo.slice(4)) : 0;
      const utxos = pages[page]!.map(utxo);
      res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id, result: { numFetched: String(utxos.length), utxos, endIndex: { address, utxo: `page${page + 1}` }, encoding: 'hex' } }));
    });
    const before = node.received.length;
    const client = createClient({ url: node.url });
    const seen: string[] = [];
    for await (const u of paginateUTXOs(client, { addresses: [address], limit: 3 })) seen.push(u);
    expect(seen).toEqual([1, 2, 3, 3, 4, 5, 6].map(utxo));
    const sent = node.received.slice(before).map((r) => (r.json as { params: Record<string, unknown> }).params);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toEqual({ addresses: [address], limit: 3, encoding: 'hex' });
    expect(sent[1]).toEqual({ addresses: [address], limit: 3, encoding: 'hex', startIndex: { address, utxo: 'page1' } });

    node.answer((request, res) => {
      const { id } = request.json as { id: number };
      res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id, result: { numFetched: '0', utxos: [], endIndex: { address, utxo: 'x' }, encoding: 'hex' } }));
    });
    for await (const _ of paginateUTXOs(client, { addresses: [address], limit: 5000, sourceChain: 'X' })) expect.unreachable();
    expect((node.received.at(-1)!.json as { params: unknown }).params).toEqual({ addresses: [address], limit: 1024, encoding: 'hex', sourceChain: 'X' });
  });

  const walk = async (page: (id: number) => unknown) => {
    node.answer((request, res) => {
      const { id } = request.json as { id: number };
      res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id, result: page(id) }));
    });
    const before = node.received.length;
    const seen: string[] = [];
    const error = await (async () => {
      for await (const u of paginateUTXOs(createClient({ url: node.url }), { addresses: [address], limit: 2 })) seen.push(u);
    })().catch((e: unknown) => e);
    return { seen, error: error as ResponseValidationError & PaginationError, requests: node.received.length - before };
  };

  it('rejects, typed, when a full page\'s endIndex does not advance (not a silent end, not a loop)', async () => {
    const { seen, error, requests } = await walk(() => ({ numFetched: '2', utxos: [utxo(1), utxo(2)], endIndex: { address, utxo: 'same' }, encoding: 'hex' }));
    expect(seen).toEqual([utxo(1), utxo(2), utxo(1), utxo(2)]);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ reason: 'cycle', cursor: { address, utxo: 'same' }, pages: 2 });
    expect(error.message).toMatch(/did not advance/);
    expect(requests).toBe(2);
  });

  it('rejects, typed, on a full page without endIndex (it used to restart from the first page, 10,000 times)', async () => {
    const { error, requests } = await walk(() => ({ numFetched: '2', utxos: [utxo(1), utxo(2)], encoding: 'hex' }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('/endIndex');
    expect(requests).toBe(1);
  });

  it('rejects, typed, on a null list where a page is expected', async () => {
    const { error, requests } = await walk(() => ({ numFetched: '0', utxos: null, endIndex: { address, utxo: 'x' }, encoding: 'hex' }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('/utxos');
    expect(error.result).toMatchObject({ utxos: null });
    expect(requests).toBe(1);
  });
});
