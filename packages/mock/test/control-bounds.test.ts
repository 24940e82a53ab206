// The control API's bounds (src/network/control-http.ts, clock.ts, faults.ts): what a request
// sends cannot end the process, break the clock, mint past uint64 or grow the memory without end;
// and every value the codec decodes prints as JSON (a locktime of 2^63 in getTx).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { decodeTx, decodeUtxo, type Utxo } from '@avanode/codec';
import { createMockNode, type MockNode } from '@avanode/mock';
import { startMockServer } from '@avanode/mock/server';
import { RECIPIENT, SENDER, baseTx, issueTxParams } from './network-scenario.ts';

const control = async (node: MockNode, action: string, body: unknown) => {
  const answer = await node.handle({ method: 'POST', path: `/_avanode/${action}`, body: JSON.stringify(body) });
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
};
const call = async (node: MockNode, method: string, params: unknown) => {
  const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return { status: answer.status, body: answer.body, json: JSON.parse(answer.body) as { result?: Record<string, unknown>; error?: { message: string } } };
};
const height = async (node: MockNode) => Number((await call(node, 'platform.getHeight', {})).json.result!.height);

describe('advance', () => {
  it('refuses a move past year 9999 (Go prints no later time) and leaves the manual clock working', async () => {
    const node = createMockNode({ network: { seed: 1 } });
    const before = await height(node);
    const refused = await control(node, 'advance', { ms: 1e19 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^advance: 10000000000000000000 ms would take the chain past 9999-12-31T23:59:59Z/);
    expect(await height(node)).toBe(before);
    for (const ms of [-1, 'x', null, Number.MAX_VALUE]) expect((await control(node, 'advance', { ms })).status).toBe(400);
    expect((await control(node, 'advance', { ms: 2000 })).status).toBe(200);
    expect(await height(node)).toBe(before + 1);
    // Up to the last second Go prints: allowed, and the chain's time says so.
    const status = (await control(node, 'status', {})).body as { clockMs: number };
    const rest = Date.UTC(9999, 11, 31, 23, 59, 59) - status.clockMs;
    expect((await control(node, 'advance', { ms: rest })).status).toBe(200);
    expect((await call(node, 'platform.getTimestamp', {})).json.result).toEqual({ timestamp: '9999-12-31T23:59:59Z' });
    expect((await control(node, 'advance', { ms: 1 })).status).toBe(400);
  });

  it('keeps a real-clock server up: a huge advance is refused, the end of time stops the timer', async () => {
    const server = await startMockServer({ port: 0, network: { seed: 1, clock: 'real', blockTimeMs: 20 } });
    try {
      const post = async (action: string, body: unknown) => fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) });
      expect((await post('advance', { ms: 1e19 })).status).toBe(400);
      const first = (await (await post('status', {})).json()) as { height: number; clockMs: number };
      await new Promise((resolve) => setTimeout(resolve, 120));
      const later = (await (await post('status', {})).json()) as { height: number; clockMs: number };
      expect(later.height).toBeGreaterThan(first.height);
      // To 10 ms before the end: the timer's next tick reaches it and stops there.
      const last = Date.UTC(9999, 11, 31, 23, 59, 59);
      const now = ((await (await post('status', {})).json()) as { clockMs: number }).clockMs;
      expect((await post('advance', { ms: last - now - 10 - 20 * 2 })).status).toBe(200);
      // A few ticks later (bounded wait: the machine may be busy), the clock stands at the end.
      let end = 0;
      for (let i = 0; i < 100 && end !== last; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        end = ((await (await post('status', {})).json()) as { clockMs: number }).clockMs;
      }
      expect(end).toBe(last);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(((await (await post('status', {})).json()) as { clockMs: number }).clockMs).toBe(last);
    } finally {
      await server.close();
    }
  });
});

describe('actions', () => {
  it('are looked up without the prototype chain: constructor, __proto__, toString are unknown (404)', async () => {
    const node = createMockNode({ network: true });
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const answer = await control(node, name, {});
      expect(answer.status, name).toBe(404);
      expect(answer.body.error).toMatch(/^unknown control action/);
    }
  });

  it('bounds queued rules, counts and delays', async () => {
    const node = createMockNode({ network: true });
    for (const body of [{ ms: 2 ** 31 }, { ms: 10, count: 0 }, { ms: 10, count: 1.5 }]) expect((await control(node, 'slow', body)).status).toBe(400);
    for (let i = 0; i < 256; i++) expect((await control(node, 'fail', { method: 'platform.getHeight', count: 1 })).status).toBe(200);
    const full = await control(node, 'fail', { method: 'platform.getHeight' });
    expect(full).toEqual({ status: 400, body: { error: 'fail: 256 rules are waiting already; reset or let them run out' } });
    // A rule that ran out makes room.
    expect((await call(node, 'platform.getHeight', {})).json.error?.message).toBe('mock failure');
    expect((await control(node, 'fail', { method: 'platform.getHeight' })).status).toBe(200);
  });
});

describe('fund', () => {
  it('mints within uint64 over the whole chain; amounts above 2^53 print exactly', async () => {
    const node = createMockNode({ network: { seed: 1 } });
    for (const amount of ['18446744073709551616', '-1', '0', '1e3', '0x10', 1e19, 1.5, ' 5']) {
      const answer = await control(node, 'fund', { address: SENDER, amount });
      expect(answer.status, String(amount)).toBe(400);
    }
    expect((await control(node, 'fund', { address: SENDER, amount: '18446744073709551615' })).body.error).toMatch(/^fund: the chain holds \d+ nAVAX; 18446744073709551615 more would pass 2\^64 − 1$/);
    const big = '10000000000000000000';
    const funded = await control(node, 'fund', { address: SENDER, amount: big });
    expect(funded.status).toBe(200);
    const balance = await call(node, 'platform.getBalance', { addresses: [SENDER] });
    expect(balance.json.result!.balance).toBe(big);
    const utxos = (await call(node, 'platform.getUTXOs', { addresses: [SENDER] })).json.result!.utxos as string[];
    expect(String(decodeUtxo(utxos[0]!).output.amount)).toBe(big);
    // The block that minted it prints its amount as a bare number, as Go prints a uint64.
    const block = await call(node, 'platform.getBlockByHeight', { height: String(funded.body.height), encoding: 'json' });
    expect(block.status).toBe(200);
    expect(block.body).toContain(`"amount":${big}`);
    expect((await control(node, 'fund', { address: RECIPIENT, amount: big })).status).toBe(400);
  });
});

describe('issued txs', () => {
  it('a committed output locked until 2^63 prints in getTx json (no HTTP 500)', async () => {
    const node = createMockNode({ network: { seed: 1 } });
    await control(node, 'fund', { address: SENDER, amount: 10_000_000_000 });
    const [hex] = (await call(node, 'platform.getUTXOs', { addresses: [SENDER] })).json.result!.utxos as string[];
    const utxo = decodeUtxo(hex!, { network: 'local' }) as Utxo;
    const tx = baseTx(12345, utxo, RECIPIENT, 3_000_000_000, 1_000_000, SENDER);
    const locked = tx.unsignedTx.outputs.find((o) => o.output.addresses[0] === RECIPIENT)!;
    (locked.output as { locktime: number | bigint }).locktime = 2n ** 63n;
    const issued = await call(node, 'platform.issueTx', issueTxParams(tx));
    const txID = issued.json.result?.txID as string;
    expect(txID).toBeDefined();
    await control(node, 'advance', { ms: 2000 });
    const json = await call(node, 'platform.getTx', { txID, encoding: 'json' });
    expect(json.status).toBe(200);
    expect(json.body).toContain('"locktime":9223372036854775808');
    const hexTx = (await call(node, 'platform.getTx', { txID })).json.result!.tx as string;
    expect(JSON.stringify(decodeTx(hexTx), (_k, v) => (typeof v === 'bigint' ? `${v}` : v))).toContain('"9223372036854775808"');
    const balance = (await call(node, 'platform.getBalance', { addresses: [RECIPIENT] })).json.result!;
    expect(balance.lockedNotStakeable).toBe('3000000000');
  });

  it('refusals are remembered as a node remembers them: the last 64', async () => {
    const node = createMockNode({ network: { seed: 1 } });
    const ghost = (i: number) => ({ txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN', outputIndex: i, assetID: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', output: { addresses: [SENDER], amount: 5_000_000_000, locktime: 0, threshold: 1 } }) as unknown as Utxo;
    const ids: string[] = [];
    for (let i = 0; i < 70; i++) {
      const refused = await call(node, 'platform.issueTx', issueTxParams(baseTx(12345, ghost(i), RECIPIENT, 1_000_000_000, 1_000_000, SENDER)));
      ids.push(/standard tx (\w+) failed/.exec(refused.json.error!.message)![1]!);
    }
    const status = async (txID: string) => (await call(node, 'platform.getTxStatus', { txID })).json.result!.status;
    expect(await status(ids[0]!)).toBe('Unknown');
    expect(await status(ids[5]!)).toBe('Unknown');
    expect(await status(ids[6]!)).toBe('Dropped');
    expect(await status(ids[69]!)).toBe('Dropped');
  });
});

describe('settings (src/network/settings-limits.ts)', () => {
  const health = (node: MockNode, check: string, message?: string) => control(node, 'health', { check, healthy: false, ...(message !== undefined ? { message } : {}) });
  const healthAnswer = async (node: MockNode) => (await node.handle({ method: 'POST', path: '/ext/health', body: '{"jsonrpc":"2.0","id":1,"method":"health.health"}' })).body;

  it("refuses the issue's 150 health settings of 2 MiB each, one by one, and the health answer stays small", async () => {
    const node = createMockNode({ network: { seed: 1 } });
    const big = 'x'.repeat(2 * 1024 * 1024);
    // Over HTTP once, then in code (the same control, without parsing 300 MB of JSON).
    const refused = await health(node, 'check-0', big);
    expect(refused.status).toBe(400);
    const text = `health: message: at most 4096 characters, got ${big.length} ("${'x'.repeat(40)}…")`;
    expect(refused.body.error).toBe(text);
    for (let i = 1; i < 150; i++) expect(() => node.control!.health(`check-${i}`, { healthy: false, message: big })).toThrow(text);
    expect((await healthAnswer(node)).length).toBeLessThan(100_000);
    // A check name of 257 characters is refused; 256 are set.
    expect((await health(node, 'c'.repeat(257))).status).toBe(400);
    expect((await health(node, 'c'.repeat(256), 'm'.repeat(4096))).status).toBe(200);
    expect(await healthAnswer(node)).toContain('m'.repeat(4096));
  });

  it('sets at most 64 health checks; setting one again replaces it; reset clears them', async () => {
    const node = createMockNode({ network: { seed: 1 } });
    for (let i = 0; i < 64; i++) expect((await health(node, `check-${i}`, 'down')).status).toBe(200);
    const refused = await health(node, 'check-64', 'down');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('health: 64 checks are set already; reset to clear them');
    expect((await health(node, 'check-3', 'still down')).status).toBe(200);
    expect((await control(node, 'reset', {})).status).toBe(200);
    expect((await health(node, 'check-64', 'down')).status).toBe(200);
  });

  it("bounds a queued failure's method, message and data, the methods failing at once, and the settings' total", async () => {
    const node = createMockNode({ network: { seed: 1 } });
    expect((await control(node, 'fail', { method: 'm'.repeat(257) })).body.error).toMatch(/^fail: method: at most 256 characters, got 257/);
    expect((await control(node, 'fail', { method: 'platform.getHeight', message: 'e'.repeat(4097) })).body.error).toMatch(/^fail: message: at most 4096 characters, got 4097/);
    expect((await control(node, 'fail', { method: 'platform.getHeight', data: 'd'.repeat(16_383) })).body.error).toBe('data: at most 16384 characters of JSON, got 16385');
    expect((await control(node, 'slow', { ms: 1, method: 's'.repeat(257) })).body.error).toMatch(/^slow: method: at most 256 characters/);
    expect((await control(node, 'drop', { method: 'd'.repeat(257) })).body.error).toMatch(/^drop: method: at most 256 characters/);
    expect((await control(node, 'fail', { method: 'platform.getHeight' })).status).toBe(200);
    for (let i = 1; i < 256; i++) expect((await control(node, 'fail', { method: `method.n${i}` })).status).toBe(200);
    expect((await control(node, 'fail', { method: 'method.n256' })).body.error).toBe('fail: failures are queued for 256 methods already; reset or let them run out');
    // A failure that runs out frees its method.
    expect(JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', body: '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}' })).body).error.message).toBe('mock failure');
    expect((await control(node, 'fail', { method: 'method.n256' })).status).toBe(200);
    // The total: 4096-character messages with 16 KiB of data on one method fill the budget before its 256 rules.
    await control(node, 'reset', {});
    let accepted = 0;
    let refusal = '';
    for (let i = 0; i < 256 && !refusal; i++) {
      const answer = await control(node, 'fail', { method: 'platform.getHeight', message: 'e'.repeat(4096), data: 'd'.repeat(16_000) });
      if (answer.status === 200) accepted++;
      else refusal = answer.body.error as string;
    }
    expect(refusal).toMatch(/^fail: the control settings hold \d+ characters; \d+ more would pass 1048576; reset or let rules run out$/);
    expect(accepted * (4096 + 16_002 + 18)).toBeLessThanOrEqual(1024 * 1024);
    expect(accepted).toBeGreaterThan(40);
  });

  it('a soak of control calls at the limits stays under a fixed memory ceiling', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const node = createMockNode({ network: { seed: 1 } });
    const big = 'y'.repeat(4096);
    const round = async (r: number) => {
      for (let i = 0; i < 80; i++) await health(node, `check-${(r * 80 + i) % 100}`, big);
      for (let i = 0; i < 80; i++) await control(node, 'fail', { method: `method.n${(r * 80 + i) % 300}`, message: big, data: 'd'.repeat(8000) });
      await control(node, 'slow', { ms: 0, method: 's'.repeat(256), count: 1 });
    };
    await round(0);
    gc();
    const start = process.memoryUsage().heapUsed;
    // 40 rounds: 6,400 settings of 4 to 12 KiB tried (about 50 MB sent); what is held stays within the settings' cap.
    for (let r = 1; r <= 40; r++) await round(r);
    gc();
    const grown = process.memoryUsage().heapUsed - start;
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  });
});
