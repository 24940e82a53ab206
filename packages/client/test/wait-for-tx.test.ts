// waitForTx against a node double on 127.0.0.1 whose answers to platform.getTxStatus follow a
// script: final statuses, a status that never becomes final, aborts, the interval's growth.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AvanodeError, ConfigError, TimeoutError, TxFailedError, TxWaitTimeoutError, createClient, waitForTx } from '@avanode/client';
// The entry `@avanode/client/wait-for-tx` (package.json exports) is this module.
import * as standalone from '../src/wait-for-tx.ts';
import { startNodeDouble, type NodeDouble, type Received } from './node-double.ts';

const TX = '2gyuZL9UcxLbdYVayrTvCvzSBnQPfaKkoAUt1hMke3g6ySCd5';
let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

const client = () => createClient({ url: node.url, retry: false, timeoutMs: 5000 });
const fail = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (e: unknown) => e);

/** Answers the n-th getTxStatus with `script[n]` (the last one from then on), after `delayMs`; records when each came. */
function script(statuses: object[], delayMs = 0): { times: number[]; polls: () => Received[] } {
  const start = node.received.length;
  const times: number[] = [];
  let n = 0;
  node.answer((request, res) => {
    times.push(performance.now());
    const call = request.json as { id: number; method: string };
    const result = statuses[Math.min(n++, statuses.length - 1)];
    const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
    if (delayMs) setTimeout(send, delayMs);
    else send();
  });
  return { times, polls: () => node.received.slice(start) };
}

describe('waitForTx', () => {
  it('is the same from the package and from its own entry', () => {
    expect(standalone.waitForTx).toBe(waitForTx);
    expect(standalone.TxFailedError).toBe(TxFailedError);
    expect(standalone.TxWaitTimeoutError).toBe(TxWaitTimeoutError);
  });

  it('polls Processing until Committed and resolves with the answer; every poll asks for the txID', async () => {
    const { polls } = script([{ status: 'Processing' }, { status: 'Processing' }, { status: 'Committed' }]);
    expect(await waitForTx(client(), TX, { intervalMs: 10 })).toEqual({ status: 'Committed' });
    expect(polls().length).toBe(3);
    for (const poll of polls()) expect(poll.json).toMatchObject({ method: 'platform.getTxStatus', params: { txID: TX } });
  });

  it('keeps waiting through Unknown (a node that has not heard of the tx yet)', async () => {
    const { polls } = script([{ status: 'Unknown' }, { status: 'Processing' }, { status: 'Committed' }]);
    expect(await waitForTx(client(), TX, { intervalMs: 10 })).toEqual({ status: 'Committed' });
    expect(polls().length).toBe(3);
  });

  it('Processing → Dropped rejects with TxFailedError carrying the status and the node\'s reason', async () => {
    const { polls } = script([{ status: 'Processing' }, { status: 'Dropped', reason: 'failed to verify: insufficient funds' }]);
    const error = (await fail(waitForTx(client(), TX, { intervalMs: 10 }))) as TxFailedError;
    expect(error).toBeInstanceOf(TxFailedError);
    expect(error).toBeInstanceOf(AvanodeError);
    expect(error).toMatchObject({ name: 'TxFailedError', status: 'Dropped', reason: 'failed to verify: insufficient funds', txID: TX, method: 'platform.getTxStatus' });
    expect(error.message).toContain('insufficient funds');
    expect(polls().length).toBe(2);
  });

  it('Processing → Aborted rejects with TxFailedError without a reason', async () => {
    script([{ status: 'Processing' }, { status: 'Aborted' }]);
    const error = (await fail(waitForTx(client(), TX, { intervalMs: 10 }))) as TxFailedError;
    expect(error).toBeInstanceOf(TxFailedError);
    expect(error.status).toBe('Aborted');
    expect(error.reason).toBeUndefined();
  });

  it('a status that never becomes final rejects with TxWaitTimeoutError (a TimeoutError) at timeoutMs, naming the last status', async () => {
    const { polls } = script([{ status: 'Processing' }]);
    const started = performance.now();
    const error = (await fail(waitForTx(client(), TX, { timeoutMs: 300, intervalMs: 20, maxIntervalMs: 40 }))) as TxWaitTimeoutError;
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TxWaitTimeoutError);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 300, lastStatus: 'Processing', txID: TX });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
    expect(polls().length).toBeGreaterThan(3);
  });

  it('the timeout also ends a poll in flight', async () => {
    script([{ status: 'Processing' }], 2000);
    const started = performance.now();
    const error = (await fail(waitForTx(client(), TX, { timeoutMs: 200 }))) as TxWaitTimeoutError;
    expect(error).toBeInstanceOf(TxWaitTimeoutError);
    expect(error.lastStatus).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('the interval doubles from intervalMs up to maxIntervalMs, no further', async () => {
    const { times } = script([{ status: 'Processing' }, { status: 'Processing' }, { status: 'Processing' }, { status: 'Processing' }, { status: 'Processing' }, { status: 'Committed' }]);
    // The waits asked of the timers, read as they are set: a loaded machine may fire a timer
    // late (a 150 ms wait measured 350 ms beside other jobs), never early, so the schedule is
    // checked where it is decided and the measured gaps only from below.
    const asked: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      if (ms !== undefined && ms >= 40 && ms <= 1000) asked.push(ms);
      return realSetTimeout(handler, ms);
    }) as typeof setTimeout);
    try {
      await waitForTx(client(), TX, { intervalMs: 40, maxIntervalMs: 150 });
    } finally {
      spy.mockRestore();
    }
    // Doubling from 40, capped at 150 (not 160, 320, 640).
    expect(asked).toEqual([40, 80, 150, 150, 150]);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.length).toBe(5);
    for (const [i, wait] of asked.entries()) expect(gaps[i]).toBeGreaterThanOrEqual(wait - 2);
  });

  it('an abort between polls rejects with the signal\'s reason, and no poll follows', async () => {
    const { polls } = script([{ status: 'Processing' }]);
    const controller = new AbortController();
    const reason = new Error('user left the page');
    const pending = waitForTx(client(), TX, { intervalMs: 1000, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polls().length).toBe(1);
    controller.abort(reason);
    expect(await fail(pending)).toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(polls().length).toBe(1);
  });

  it('an abort during a poll in flight rejects at once with the reason (the AbortError when none was given)', async () => {
    script([{ status: 'Processing' }], 2000);
    const controller = new AbortController();
    const pending = waitForTx(client(), TX, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = (await fail(pending)) as DOMException;
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(AvanodeError);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('an already aborted signal rejects before any request; options out of range are a ConfigError', async () => {
    const { polls } = script([{ status: 'Committed' }]);
    const reason = new Error('gone');
    expect(await fail(waitForTx(client(), TX, { signal: AbortSignal.abort(reason) }))).toBe(reason);
    for (const options of [{ timeoutMs: 0 }, { timeoutMs: -1 }, { intervalMs: 1.5 }, { maxIntervalMs: 2 ** 31 }, { intervalMs: Number.NaN }]) {
      const error = (await fail(waitForTx(client(), TX, options))) as ConfigError;
      expect(error).toBeInstanceOf(ConfigError);
      expect(Object.keys(options)).toContain(error.option);
    }
    expect(polls().length).toBe(0);
  });

  it('polls through a client with several URLs, the first one down', async () => {
    const { polls } = script([{ status: 'Processing' }, { status: 'Committed' }]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await waitForTx(createClient({ url: [dead, node.url], retry: false }), TX, { intervalMs: 10 })).toEqual({ status: 'Committed' });
    expect(polls().length).toBe(2);
  });

  it('a poll that fails rejects with the client\'s error', async () => {
    node.answer((request, res) => void res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id: (request.json as { id: number }).id, error: { code: -32000, message: 'could not retrieve state', data: null } })));
    expect(await fail(waitForTx(client(), TX, { intervalMs: 10 }))).toMatchObject({ name: 'RpcError', code: -32000 });
  });
});
