// @avanode/query with the real TanStack Query core against the mock node on 127.0.0.1: the options
// fetch through the client, the keys are stable and serializable, TanStack's signal aborts the
// request, an infinite query walks the pages, a mutation sends its params.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CancelledError, InfiniteQueryObserver, MutationObserver, QueryClient, hashKey } from '@tanstack/query-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import { infiniteQueries, mutations, queries } from '@avanode/query';

const address = 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9';
// The spec's L1 chain (the server's default): the C-Chain has no eth_feeConfig.
const l1 = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
// Seven UTXOs, as 0x hex, listed in pages; the cursor of each is its own index.
const utxos = Array.from({ length: 7 }, (_v, i) => `0x${(i + 1).toString(16).padStart(4, '0')}`);
/** Each UTXO's ID, the cursor of a page (cb58, as a node checks a start index: service.go GetUTXOs). */
const utxoIds = ['1111111111111111111111111111111DxAh4Y', '1111111111111111111111111111111FbGxg9', '1111111111111111111111111111111R8CVYh', '1111111111111111111111111111111W7w1eW', '1111111111111111111111111111111aJtMbU', '1111111111111111111111111111111h93D51', '1111111111111111111111111111111qeKVNw'];
const pagesServed: Array<{ startIndex?: unknown; limit?: unknown }> = [];

let mock: MockServer;
let slow: MockServer;
let stuck: MockServer;

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    overrides: {
      // Pages as the node serves them: from just after `startIndex.utxo`, at most `limit`.
      'platform.getUTXOs': (params) => {
        pagesServed.push({ startIndex: params.startIndex, limit: params.limit });
        const limit = Number(params.limit ?? 1024);
        const from = params.startIndex ? utxoIds.indexOf(params.startIndex.utxo) + 1 : 0;
        const page = utxos.slice(from, from + limit);
        const last = page.length > 0 ? utxoIds[from + page.length - 1]! : (params.startIndex?.utxo ?? '');
        return { numFetched: String(page.length), utxos: page, endIndex: { address, utxo: last }, encoding: 'hex' };
      },
    },
  });
  slow = await startMockServer({ port: 0, delayMs: 5_000 });
  // A node whose listing never moves on: every page is full and ends at the same UTXO.
  stuck = await startMockServer({
    port: 0,
    overrides: {
      'platform.getUTXOs': (params) => ({ numFetched: String(params.limit), utxos: utxos.slice(0, Number(params.limit)), endIndex: { address, utxo: utxoIds[0]! }, encoding: 'hex' }),
    },
  });
});

afterAll(async () => {
  await mock?.close();
  await slow?.close();
  await stuck?.close();
});

let queryClient: QueryClient;
afterEach(() => queryClient?.clear());
const fresh = () => (queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }));

describe('query options', () => {
  it('fetchQuery returns what the client returns, and the cache holds it under the key', async () => {
    fresh();
    const client = createClient({ url: mock.url });
    const options = queries(client).platform.getHeight();
    const data = await queryClient.fetchQuery(options);
    expect(data).toEqual(await client.platform.getHeight());
    expect(queryClient.getQueryData(options.queryKey)).toEqual(data);
    const version = await queryClient.fetchQuery(queries(client).info.getNodeVersion());
    expect(version).toEqual(await client.info.getNodeVersion());
  });

  it('keys are one object: method, node, params (and the chain for an L1), stable and serializable', () => {
    const client = createClient({ url: `${mock.url}/` });
    const key = queries(client).platform.getCurrentValidators({ subnetID: '11111111111111111111111111111111LpoYY' }).queryKey;
    expect(key).toEqual([{ _id: 'platform.getCurrentValidators', baseUrl: mock.url, params: { subnetID: '11111111111111111111111111111111LpoYY' } }]);
    expect(JSON.parse(JSON.stringify(key))).toEqual(key);
    // Params left out and empty params are one query; other params another.
    expect(hashKey(queries(client).platform.getHeight().queryKey)).toBe(hashKey(queries(client).platform.getHeight({}).queryKey));
    expect(hashKey(queries(client).info.uptime().queryKey)).not.toBe(hashKey(queries(client).info.uptime({ subnetID: '11111111111111111111111111111111LpoYY' }).queryKey));
    // A client of another node does not share the cache entry.
    expect(hashKey(queries(createClient({ url: 'http://127.0.0.1:1' })).platform.getHeight().queryKey)).not.toBe(hashKey(queries(client).platform.getHeight().queryKey));

    const onChain = queries(client).evm('C').feeConfig('latest').queryKey;
    expect(onChain).toEqual([{ _id: 'eth_feeConfig', baseUrl: mock.url, blockchainID: 'C', params: ['latest'] }]);
    expect(hashKey(onChain)).not.toBe(hashKey(queries(client).evm('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5').feeConfig('latest').queryKey));
    // Trailing arguments left out are not sent, nor keyed.
    expect(queries(client).evm('C').feeConfig().queryKey[0].params).toEqual([]);
  });

  it('calls an L1 chain method on its chain', async () => {
    fresh();
    const client = createClient({ url: mock.url });
    const data = await queryClient.fetchQuery(queries(client).evm(l1).feeConfig('latest'));
    expect(data).toEqual(await client.evm(l1).feeConfig('latest'));
  });

  it("TanStack Query's signal aborts the request when the query is cancelled", async () => {
    fresh();
    let sent: AbortSignal | undefined;
    const client = createClient({
      url: slow.url,
      retry: false,
      fetch: (input, init) => {
        sent = init?.signal ?? undefined;
        return fetch(input, init);
      },
    });
    const options = queries(client).platform.getHeight();
    const started = performance.now();
    const pending = queryClient.fetchQuery(options);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent?.aborted).toBe(false);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(sent?.aborted).toBe(true);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('errors of the node reach the query as the client throws them', async () => {
    fresh();
    const client = createClient({ url: mock.url });
    // Not a cb58 ID: the mock refuses the params, as a node would.
    await expect(queryClient.fetchQuery(queries(client).platform.getBlock({ blockID: 'not-an-id' }))).rejects.toMatchObject({ name: 'RpcError' });
  });
});

describe('infinite-query options', () => {
  it('walk every page by startIndex/endIndex and stop at the short page', async () => {
    fresh();
    pagesServed.length = 0;
    const client = createClient({ url: mock.url });
    const options = infiniteQueries(client).platform.getUTXOs({ addresses: [address], limit: 3 });
    expect(options.queryKey).toEqual([{ _id: 'platform.getUTXOs', baseUrl: mock.url, params: { addresses: [address], limit: 3 }, _infinite: true }]);
    const observer = new InfiniteQueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => {});
    try {
      await observer.refetch();
      while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage();
      const data = observer.getCurrentResult().data!;
      expect(data.pages.map((page) => page.utxos.length)).toEqual([3, 3, 1]);
      expect(data.pages.flatMap((page) => page.utxos)).toEqual(utxos);
      expect(data.pageParams).toEqual([undefined, { address, utxo: utxoIds[2] }, { address, utxo: utxoIds[5] }]);
      expect(pagesServed.map((p) => p.startIndex)).toEqual(data.pageParams);
    } finally {
      unsubscribe();
    }
  });

  it('stop when a full page ends where the last one did (the cursor does not move)', async () => {
    fresh();
    const client = createClient({ url: stuck.url });
    const data = await queryClient.fetchInfiniteQuery({ ...infiniteQueries(client).platform.getUTXOs({ addresses: [address], limit: 2 }), pages: 10 });
    // The second page came back with the cursor it was asked for: no third.
    expect(data.pages.map((page) => page.utxos.length)).toEqual([2, 2]);
    expect(data.pageParams).toEqual([undefined, { address, utxo: utxoIds[0] }]);
  });

  it('without a limit, an empty page ends the listing', async () => {
    fresh();
    pagesServed.length = 0;
    const client = createClient({ url: mock.url });
    const data = await queryClient.fetchInfiniteQuery({ ...infiniteQueries(client).platform.getUTXOs({ addresses: [address] }), pages: 5 });
    expect(data.pages.flatMap((page) => page.utxos)).toEqual(utxos);
    // The first page held everything (under the node's own limit), which the options cannot
    // know: one more request, answered with an empty page, ends the listing.
    expect(data.pages.map((page) => page.utxos.length)).toEqual([7, 0]);
    expect(pagesServed).toHaveLength(2);
  });
});

describe('mutation options', () => {
  it('send the params of a state-changing method and resolve to its result', async () => {
    fresh();
    const client = createClient({ url: mock.url });
    const options = mutations(client).platform.issueTx();
    expect(options.mutationKey).toEqual([{ _id: 'platform.issueTx', baseUrl: mock.url }]);
    const observer = new MutationObserver(queryClient, options);
    // A real signed tx with its checksum (the spec's example): a node, and the mock, refuse a
    // wrong checksum before anything else (utils/formatting/encoding.go).
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { methods: Array<{ name: string; examples: Array<{ params: Array<{ name: string; value: unknown }> }> }> };
    const tx = spec.methods.find((m) => m.name === 'platform.issueTx')!.examples[0]!.params.find((p) => p.name === 'tx')!.value as string;
    const result = await observer.mutate({ tx, encoding: 'hex' });
    expect(result).toEqual(await client.platform.issueTx({ tx, encoding: 'hex' }));
    expect(observer.getCurrentResult().status).toBe('success');
  });
});
