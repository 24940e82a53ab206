// Properties of the mock's chain under random sequences of fund, issue, advance, mine and fee
// settings (fast-check, bounded), on a seeded local chain and on the default one (the spec's
// examples' mainnet chain): what the test's keys hold is what was minted for them less
// the fees their committed txs burnt; no balance passes 2^64 − 1; no UTXO is spent twice; every
// answer validates against the document; nothing a sequence does ends the process or throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtxo, encodeHex, encodeTransferableOutput, encodeTx, txId, type Utxo } from '@avanode/codec';
import { createMockNode, type MockNode } from '@avanode/mock';
import { validateResult } from '@avanode/validators';
import { txFee } from '@avanode/wallet/rules';
import { counted } from '../../../scripts/properties.ts';
import { keyAddress, signed } from './network-scenario.ts';

const KEYS = [0x21, 0x22, 0x23].map((b) => new Uint8Array(32).fill(b));
/** The chains a sequence runs on: a seeded local network, and the default (the examples', mainnet). */
const CHAINS = {
  seed: { networkID: 12345, hrp: 'local', node: () => createMockNode({ network: { seed: 5 } }) },
  examples: { networkID: 1, hrp: 'mainnet', node: () => createMockNode() },
} as const;
const MAX_UINT64 = 2n ** 64n - 1n;

const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

type Step =
  | { kind: 'fund'; to: number; amount: bigint }
  | { kind: 'issue'; from: number; to: number; share: number; feeFactor: number; forge: 'none' | 'wrongKey' | 'inflate' }
  | { kind: 'advance'; ms: number }
  | { kind: 'mine' }
  | { kind: 'fees'; excess: bigint };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('fund' as const), to: fc.nat(2), amount: fc.oneof(fc.bigInt(1n, 10n ** 12n), fc.bigInt(1n, MAX_UINT64 + 10n)) }),
    fc.record({ kind: fc.constant('issue' as const), from: fc.nat(2), to: fc.nat(2), share: fc.double({ min: 0, max: 1, noNaN: true }), feeFactor: fc.constantFrom(0, 0.5, 1, 1.5, 3), forge: fc.constantFrom('none' as const, 'none' as const, 'wrongKey' as const, 'inflate' as const) }),
    fc.record({ kind: fc.constant('advance' as const), ms: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(1e19), fc.constant(-5)) }),
    fc.record({ kind: fc.constant('mine' as const) }),
    fc.record({ kind: fc.constant('fees' as const), excess: fc.bigInt(0n, 50_000_000n) }),
  ),
  { maxLength: 12 },
);

async function rpc(node: MockNode, method: string, params: unknown) {
  const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  expect(answer.status).toBe(200);
  const json = JSON.parse(answer.body) as { result?: Record<string, unknown>; error?: { message: string } };
  if (json.result !== undefined) expect(validateResult(method, json.result), method).toEqual({ ok: true });
  return json;
}
async function control(node: MockNode, action: string, body: unknown) {
  const answer = await node.handle({ method: 'POST', path: `/_avanode/${action}`, body: JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) });
  expect([200, 400]).toContain(answer.status);
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
}

describe('the simulated network under random sequences (property)', () => {
  it('property: keys hold what was minted less the fees burnt; no balance above uint64; no UTXO spent twice; answers validate', async () => {
    // Across the runs, what happened: the sequences must reach commits and each kind of refusal.
    const seen = { committed: 0, refusedForged: 0, refusedUnpaid: 0, fundsRefused: 0, chains: new Set<string>(), committedOn: new Set<string>() };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('seed' as const, 'examples' as const), steps, async (chainName, sequence) => {
        const chain = CHAINS[chainName];
        const node = chain.node();
        const ADDRESSES = KEYS.map((k) => keyAddress(k, chain.networkID));
        seen.chains.add(chainName);
        let minted = 0n;
        let burnt = 0n;
        const spent = new Set<string>();
        /** Issued, not yet seen committed: their burn and inputs count once they commit. */
        const pending = new Map<string, { burn: bigint; inputs: string[] }>();
        const settle = async () => {
          for (const [txID, tx] of pending) {
            const { status } = (await rpc(node, 'platform.getTxStatus', { txID })).result as { status: string };
            if (status === 'Processing') continue;
            pending.delete(txID);
            if (status !== 'Committed') continue;
            for (const input of tx.inputs) {
              expect(spent.has(input), `${input} spent twice`).toBe(false);
              spent.add(input);
            }
            burnt += tx.burn;
            seen.committed++;
            seen.committedOn.add(chainName);
          }
        };
        // Each key starts with funds, so the sequence's issues have UTXOs to spend from the first step.
        for (const address of ADDRESSES) {
          expect((await control(node, 'fund', { address, amount: 5_000_000_000n })).status).toBe(200);
          minted += 5_000_000_000n;
        }
        for (const step of sequence) {
          if (step.kind === 'fund') {
            const answer = await control(node, 'fund', { address: ADDRESSES[step.to], amount: step.amount });
            if (answer.status === 200) minted += step.amount;
            else seen.fundsRefused++;
          } else if (step.kind === 'advance') {
            await control(node, 'advance', { ms: step.ms });
          } else if (step.kind === 'mine') {
            await control(node, 'mine', {});
          } else if (step.kind === 'fees') {
            await control(node, 'fees', { state: { excess: step.excess } });
          } else {
            const page = (await rpc(node, 'platform.getUTXOs', { addresses: [ADDRESSES[step.from]] })).result!;
            const utxo = (page.utxos as string[]).map((u) => decodeUtxo(u, { network: chain.hrp }) as Utxo).find((u) => !spent.has(`${u.txID}:${u.outputIndex}`));
            if (!utxo) continue;
            const total = BigInt((utxo.output as { amount: number | bigint }).amount);
            const out = (i: number, amount: bigint) => ({ assetID: utxo.assetID, output: { addresses: [ADDRESSES[i]], amount: amount <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(amount) : amount, locktime: 0, threshold: 1 } });
            const draft = (fee: bigint) => {
              const send = (total * BigInt(Math.floor(step.share * 1000))) / 1000n;
              const change = total - send - fee;
              const outputs = [out(step.to, send), out(step.from, change)].filter((o) => BigInt(o.output.amount) > 0n);
              outputs.sort((a, b) => compare(encodeTransferableOutput(a as never), encodeTransferableOutput(b as never)));
              const claimed = step.forge === 'inflate' ? total + 1n : total;
              return {
                unsignedTx: { type: 'BaseTx', networkID: chain.networkID, blockchainID: '11111111111111111111111111111111LpoYY', outputs, inputs: [{ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, input: { amount: claimed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(claimed) : claimed, signatureIndices: [0] } }], memo: '0x' },
                credentials: [{ signatures: [`0x${'00'.repeat(65)}`] }],
              };
            };
            const { weights } = (await rpc(node, 'platform.getFeeConfig', {})).result as { weights: number[] };
            const { price } = (await rpc(node, 'platform.getFeeState', {})).result as { price: number };
            const nodeFee = txFee(encodeTx(signed(draft(0n), KEYS[step.from]) as never), { weights, price });
            const fee = (nodeFee * BigInt(Math.round(step.feeFactor * 100))) / 100n;
            if (fee >= total) continue;
            const tx = signed(draft(fee), step.forge === 'wrongKey' ? KEYS[(step.from + 1) % 3] : KEYS[step.from]);
            const bytes = encodeTx(tx as never);
            const answer = await rpc(node, 'platform.issueTx', { tx: encodeHex(bytes), encoding: 'hex' });
            if (answer.result) {
              // Only an honest tx paying at least the node's fee may be accepted.
              expect(step.forge).toBe('none');
              expect(fee).toBeGreaterThanOrEqual(nodeFee);
              pending.set(txId(bytes), { burn: fee, inputs: [`${utxo.txID}:${utxo.outputIndex}`] });
            } else if (step.forge !== 'none') {
              seen.refusedForged++;
              expect(answer.error?.message).toMatch(/failed to verify transfer: (wrong signature|utxo amount and input amount are not equal)|tx conflicts with other tx/);
            } else if (fee < nodeFee) {
              seen.refusedUnpaid++;
              expect(answer.error?.message).toMatch(/insufficient unlocked funds: needs \d+ more|tx conflicts with other tx/);
            } else {
              // An honest, paying tx is refused only for a UTXO the mempool already spends.
              expect(answer.error?.message).toBe(`couldn't issue tx: tx conflicts with other tx: ${txId(bytes)}`);
            }
          }
          await settle();
        }
        let held = 0n;
        for (const address of ADDRESSES) {
          const balance = BigInt((await rpc(node, 'platform.getBalance', { addresses: [address] })).result!.balance as string);
          expect(balance).toBeLessThanOrEqual(MAX_UINT64);
          held += balance;
        }
        // Mempool txs have not moved anything yet.
        expect(held).toBe(minted - burnt);
        node.close();
      }),
      counted('mock network: random fund/issue/advance/fees sequences', 100),
    );
    expect(seen.committed).toBeGreaterThan(0);
    expect(seen.refusedForged).toBeGreaterThan(0);
    expect(seen.refusedUnpaid).toBeGreaterThan(0);
    expect(seen.fundsRefused).toBeGreaterThan(0);
    expect([...seen.chains].sort()).toEqual(['examples', 'seed']);
    expect([...seen.committedOn].sort()).toEqual(['examples', 'seed']);
  }, 120_000);
});
