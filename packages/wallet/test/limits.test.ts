// Limits checked before anything is signed: the largest send that fits and the first that does
// not, on the mempool's 64 KiB (many outputs) and on the fee state's gas capacity (many inputs);
// the error says how many fit.
import { MAX_TX_SIZE, TxLimitError, buildBaseTx, keyAddress, signTx, txComplexity } from '@avanode/wallet';
import { describe, expect, it } from 'vitest';
import { EWOQ, common, utxoHex } from './fixtures.js';

const TO = keyAddress(`0x${'66'.repeat(32)}`, 12345);
const AVAX = 1_000_000_000n;

/** The largest n in [1, high] for which `fits(n)` holds, given it holds at 1 and not at high + 1 (monotone). */
function largest(high: number, fits: (n: number) => boolean): number {
  let lo = 1;
  let hi = high;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const attempt = (build: () => unknown): TxLimitError | undefined => {
  try {
    build();
    return undefined;
  } catch (error) {
    if (error instanceof TxLimitError) return error;
    throw error;
  }
};

describe('size: mempool MaxTxSize (64 KiB)', () => {
  const utxos = [utxoHex({ amount: 1_000_000n * AVAX })];
  const send = (n: number) => buildBaseTx({ ...common(utxos, { feeState: { price: 1 } }), outputs: Array.from({ length: n }, (_, i) => ({ address: TO, amount: BigInt(i + 1) })) });

  it('the largest send that fits is signed under 65,536 bytes; one more output is refused naming how many fit', async () => {
    const n = largest(2_000, (k) => attempt(() => send(k)) === undefined);
    expect(n).toBeGreaterThan(700);
    const signed = await signTx(send(n), { keys: [EWOQ] });
    expect(signed.bytes.length).toBeLessThanOrEqual(MAX_TX_SIZE);
    expect(txComplexity(signed.bytes).bandwidth).toBe(BigInt(signed.bytes.length));
    const error = attempt(() => send(n + 1))!;
    expect(error).toBeInstanceOf(TxLimitError);
    expect(error).toMatchObject({ limit: 'size', items: 'outputs', count: n + 1, fit: n, max: 65_536n });
    expect(error.value).toBeGreaterThan(65_536n);
    expect(error.message).toBe(
      `the signed tx would be ${error.value.toLocaleString('en-US')} bytes, over the node's limit of 65,536 (mempool MaxTxSize): ${n + 1} outputs, of which ${n} fit in one tx; send the rest in another tx`,
    );
  });
});

describe("gas: the fee state's capacity", () => {
  const utxos = Array.from({ length: 600 }, () => utxoHex({ amount: AVAX }));
  const feeState = { price: 1, capacity: 500_000 };
  const send = (avax: number) => buildBaseTx({ ...common(utxos, { feeState }), outputs: [{ address: TO, amount: BigInt(avax) * AVAX }] });
  const inputs = (avax: number) => (send(avax).unsignedTx as unknown as { inputs: unknown[] }).inputs.length;

  it('the largest send that fits; the next is refused naming how many inputs fit, and that many do', () => {
    const n = largest(598, (k) => attempt(() => send(k)) === undefined);
    expect(n).toBeGreaterThan(50);
    expect(n).toBeLessThan(598);
    const error = attempt(() => send(n + 1))!;
    expect(error).toMatchObject({ limit: 'gas', items: 'inputs', max: 500_000n });
    expect(error.value).toBeGreaterThan(500_000n);
    expect(error.fit).toBe(inputs(n));
    expect(error.count).toBe(inputs(n) + 1);
    expect(error.message).toBe(
      `the tx would use ${error.value.toLocaleString('en-US')} gas, over the fee state's capacity of 500,000 (the node refuses it: tx exceeds current gas capacity): ${error.count} inputs, of which ${error.fit} fit in one tx; merge the UTXOs first (wallet.consolidate(), avanode wallet consolidate) or send less`,
    );
    // Without a capacity in the fee state, only the size limit applies.
    expect(() => buildBaseTx({ ...common(utxos, { feeState: { price: 1 } }), outputs: [{ address: TO, amount: BigInt(n + 1) * AVAX }] })).not.toThrow();
  });
});
