// paginateUTXOs against a real HTTP server on 127.0.0.1: cursors that cycle end in a typed
// error, the walk holds no set of every UTXO, and options are checked before any request.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, PaginationError, createClient, paginateUTXOs, type PaginateUTXOsOptions } from '@avanode/client';
import { startNodeDouble, type NodeDouble } from './node-double.ts';

let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

const A = 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9';
const B = 'P-avax1pmgmagjcljjzuz2ve339dx82khm7q8getlegte';
type Request = { id: number; params: { limit: number; startIndex?: { address: string; utxo: string } } };

/** Answers every request with a full page of `limit` UTXOs and the endIndex `next(startIndex, n)` gives for the n-th request. */
function serve(next: (start: Request['params']['startIndex'], n: number) => { address: string; utxo: string }, utxos = (n: number, limit: number) => Array.from({ length: limit }, (_, i) => `0x${n.toString(16).padStart(8, '0')}${i.toString(16).padStart(8, '0')}`)) {
  let n = 0;
  node.answer((request, res) => {
    const { id, params } = request.json as Request;
    n++;
    const page = utxos(n, params.limit);
    res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id, result: { numFetched: String(page.length), utxos: page, endIndex: next(params.startIndex, n), encoding: 'hex' } }));
  });
  return () => n;
}

async function walk(options: Partial<PaginateUTXOsOptions> = {}) {
  let yielded = 0;
  try {
    for await (const _ of paginateUTXOs(createClient({ url: node.url }), { addresses: [A], limit: 4, ...options })) yielded++;
  } catch (error) {
    return { yielded, error };
  }
  return { yielded, error: undefined };
}

describe('paginateUTXOs: cursors', () => {
  it('an endIndex alternating between two values is a cycle, after 3 pages (it used to walk all 10,000 and report success)', async () => {
    const requests = serve((_start, n) => ({ address: A, utxo: n % 2 === 1 ? 'cursor-one' : 'cursor-two' }));
    const { yielded, error } = await walk();
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ name: 'PaginationError', method: 'platform.getUTXOs', reason: 'cycle', cursor: { address: A, utxo: 'cursor-one' }, pages: 3 });
    expect((error as Error).message).toMatch(/went back to the cursor of 2 pages before/);
    expect(requests()).toBe(3);
    expect(yielded).toBe(12);
  });

  it('a longer cycle within the recent cursors is caught as it closes', async () => {
    const requests = serve((_start, n) => ({ address: A, utxo: `cursor-${n % 20}` }));
    const { error } = await walk();
    expect(error).toMatchObject({ reason: 'cycle', pages: 21 });
    expect(requests()).toBe(21);
  });

  it('a cursor that goes back to an address it left is a cycle, whatever its UTXO', async () => {
    const order = [A, B, A];
    const requests = serve((_start, n) => ({ address: order[n - 1] ?? A, utxo: `cursor-${n}` }));
    const { error } = await walk({ addresses: [A, B] });
    expect(error).toMatchObject({ reason: 'cycle', cursor: { address: A, utxo: 'cursor-3' }, pages: 3 });
    expect((error as Error).message).toMatch(/went back to an address it had left/);
    expect(requests()).toBe(3);
  });

  it('a cursor naming more addresses than were asked for is refused', async () => {
    serve((_start, n) => ({ address: n === 1 ? A : B, utxo: `cursor-${n}` }));
    const { error } = await walk({ addresses: [A] });
    expect(error).toMatchObject({ reason: 'cycle', pages: 2 });
  });

  it('a cycle longer than the cursors remembered ends at maxPages with a typed error, not a silent success', async () => {
    const requests = serve((_start, n) => ({ address: A, utxo: `cursor-${n % 100}` }));
    const { yielded, error } = await walk({ maxPages: 60 });
    expect(error).toMatchObject({ name: 'PaginationError', reason: 'max-pages', pages: 60 });
    expect(requests()).toBe(60);
    expect(yielded).toBe(240);
  });

  it('the node\'s own walk: unsorted UTXO IDs within an address, then the next address, a shared UTXO once per address', async () => {
    // Address A holds u9, u3, u7 (its list order), B holds u5 and u3 (shared with A).
    const lists: Record<string, string[]> = { [A]: ['u9', 'u3', 'u7'], [B]: ['u5', 'u3'] };
    const flat = [...lists[A]!.map((u) => [A, u] as const), ...lists[B]!.map((u) => [B, u] as const)];
    node.answer((request, res) => {
      const { id, params } = request.json as Request;
      const from = params.startIndex ? flat.findIndex(([a, u]) => a === params.startIndex!.address && u === params.startIndex!.utxo) + 1 : 0;
      const page = flat.slice(from, from + params.limit);
      const [address, utxo] = page.at(-1) ?? flat.at(-1)!;
      res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id, result: { numFetched: String(page.length), utxos: page.map(([, u]) => `0x${u}`), endIndex: { address, utxo }, encoding: 'hex' } }));
    });
    const seen: string[] = [];
    for await (const u of paginateUTXOs(createClient({ url: node.url }), { addresses: [A, B], limit: 2 })) seen.push(u);
    expect(seen).toEqual(['0xu9', '0xu3', '0xu7', '0xu5', '0xu3']);
  });
});

describe('paginateUTXOs: options', () => {
  it('bad options reject with a ConfigError naming the option, before any request', async () => {
    const before = node.received.length;
    for (const [options, option] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 1.5 }, 'limit'],
      [{ limit: Number.NaN }, 'limit'],
      [{ maxPages: 0 }, 'maxPages'],
      [{ maxPages: Number.POSITIVE_INFINITY }, 'maxPages'],
      [{ addresses: [] }, 'addresses'],
      [{ addresses: 'P-avax1…' }, 'addresses'],
      [{ addresses: [5] }, 'addresses'],
      [{ addresses: Array.from({ length: 1025 }, () => A) }, 'addresses'],
      [{ sourceChain: 5 }, 'sourceChain'],
    ] as const) {
      const { error } = await walk(options as Partial<PaginateUTXOsOptions>);
      expect(error, option).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).option).toBe(option);
    }
    expect(node.received.length).toBe(before);
  });
});

describe('paginateUTXOs: memory', () => {
  it('1,000 full pages of 1,024 UTXOs: the heap does not grow with the UTXOs walked (it kept every one, 332 MB)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // 44-character UTXOs, every one distinct: a set of them all would hold ~1M strings (~80 MB).
    serve((_start, n) => ({ address: A, utxo: `cursor-${n}` }), (n, limit) => (n > 1000 ? [] : Array.from({ length: limit }, (_, i) => `0x${n.toString(16).padStart(20, '0')}${i.toString(16).padStart(22, '0')}`)));
    let yielded = 0;
    let heapAt100 = 0;
    let heapAt1000 = 0;
    for await (const _ of paginateUTXOs(createClient({ url: node.url }), { addresses: [A] })) {
      yielded++;
      if (yielded === 100 * 1024 || yielded === 1000 * 1024) {
        gc();
        const used = process.memoryUsage().heapUsed;
        if (yielded === 100 * 1024) heapAt100 = used;
        else heapAt1000 = used;
      }
    }
    expect(yielded).toBe(1000 * 1024);
    // 921,600 more UTXOs walked between the two readings; kept, they would be > 60 MB.
    expect(heapAt1000 - heapAt100).toBeLessThan(16 * 1024 * 1024);
  });
});
