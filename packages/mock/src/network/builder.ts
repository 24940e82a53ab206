// The P-chain's blocks as the mock makes them: a block of the mempool's txs at a time
// (vms/platformvm/block/builder), and a block holding one mint (what control.fund adds, as
// genesis mints). Each writes the ledger it is given; the simulation (index.ts) counts the change.
import { encodeTx, formatAddress, parseAddress, txId, typeName, utxoId, type SignedTx } from '@avanode/codec';
import { consumeGas } from '@avanode/wallet/rules';
import type { CChain } from '../chains/c/chain.js';
import { gasPrice } from '../state/fees.js';
import { executionError } from '../executor/verify.js';
import { warpError } from '../executor/warp.js';
import { P_CHAIN_ID, appendBlock, lastBlock, makeUtxo, noteAccepted, type Ledger, type Owner } from './ledger.js';
import { acceptTx, endStakers, feeStateAt, gasOf, markDropped } from './txs.js';

const MAX_UINT64 = 2n ** 64n - 1n;

/**
 * One block at `ms`: the fee state advances to its time, stakers that ended leave, then the
 * mempool's txs are executed again at the block's time and price (block/builder: a tx that no
 * longer verifies is dropped with its reason; one whose gas is past what is left of the
 * capacity waits for a later block), and their gas is consumed.
 */
export function makeBlock(ledger: Ledger, cChain: CChain | undefined, ms: number): void {
  const time = Math.max(lastBlock(ledger).time, Math.floor(ms / 1000));
  // The C-chain's block first: what it exports is in shared memory for the P-chain's txs after.
  cChain?.makeBlock(time);
  const start = feeStateAt(ledger, time);
  const price = gasPrice(ledger.fees, start.state);
  let state = start.state;
  endStakers(ledger, time);
  const included: Array<{ bytes: Uint8Array; tx: SignedTx }> = [];
  for (const [id, pending] of ledger.mempool) {
    let gas: bigint;
    try {
      gas = gasOf(ledger, pending.tx);
    } catch (error) {
      ledger.mempool.delete(id);
      markDropped(ledger, id, `failed to calculate tx complexity: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    // packEtnaBlockTxs: the first tx past the capacity ends the block ("block is full"); it waits for the next.
    if (gas > state.capacity) break;
    // executeTx: the warp messages' signatures first, then the executor; a failure drops the tx
    // with the error as it is (no "failed execution: " of manager.VerifyTx in front).
    const warp = warpError(ledger, pending.tx, typeName(pending.tx.unsignedTx) ?? '');
    const failure = warp === undefined ? executionError({ ledger, tx: pending.tx, unsignedBytes: pending.unsignedBytes, nowSec: BigInt(time), price }) : undefined;
    ledger.mempool.delete(id);
    if (warp !== undefined || failure !== undefined) {
      markDropped(ledger, id, warp ?? `standard tx ${id} failed execution: ${failure}`);
      continue;
    }
    state = consumeGas(state, gas);
    // Applied at once, so the next tx of the block sees this one's outputs and spent inputs.
    acceptTx(ledger, pending.bytes, pending.tx, time);
    included.push(pending);
  }
  noteAccepted(ledger, appendBlock(ledger, time, included), ms);
  ledger.fees.state = state;
  ledger.fees.validatorExcess = start.validatorExcess;
}

/** Every nAVAX the chain holds: its UTXOs, the stake locked with its stakers and its L1 validators' balances. */
function totalHeld(ledger: Ledger): bigint {
  let total = 0n;
  for (const utxo of ledger.utxos.values()) if (utxo.assetID === ledger.avaxAssetID) total += utxo.amount;
  for (const staker of ledger.stakers) {
    for (const s of staker.stake) if (s.assetID === ledger.avaxAssetID) total += s.amount;
    for (const d of staker.delegators) for (const s of d.stake ?? []) if (s.assetID === ledger.avaxAssetID) total += s.amount;
    // An auto-renewed validator's restaked rewards: in its weight, paid out when it leaves.
    if (staker.autoRenewed) total += staker.autoRenewed.accruedValidationRewards + staker.autoRenewed.accruedDelegateeRewards;
  }
  for (const v of ledger.l1Validators) total += v.balance;
  return total;
}

/** The owner a mint of `value` nAVAX to `address` pays: refused when the chain's holdings or its supply would pass 2^64 − 1. */
export function mintOwner(ledger: Ledger, address: string, value: bigint): Owner {
  // Minting stays within uint64 over the whole chain, so no balance can pass 2^64 − 1.
  const held = totalHeld(ledger);
  if (value > MAX_UINT64 - held) throw new RangeError(`fund: the chain holds ${held} nAVAX; ${value} more would pass 2^64 − 1`);
  if (value > MAX_UINT64 - ledger.supply) throw new RangeError(`fund: the supply is ${ledger.supply} nAVAX; ${value} more would pass 2^64 − 1`);
  const parsed = parseAddress(address);
  return { locktime: 0n, threshold: 1, addresses: [formatAddress(parsed.bytes, ledger.networkID)] };
}

/**
 * A block at `ms` holding one mint of `value` nAVAX to `owner`: a BaseTx with no inputs (as
 * genesis mints), its memo the mint's number so each has its own ID. The supply holds what it mints.
 */
export function mintBlock(ledger: Ledger, owner: Owner, value: bigint, ms: number, mintNumber: number): { txID: string; outputIndex: number; utxoID: string; height: number } {
  const bytes = encodeTx({
    unsignedTx: {
      networkID: ledger.networkID,
      blockchainID: P_CHAIN_ID,
      outputs: [{ assetID: ledger.avaxAssetID, output: { addresses: owner.addresses, amount: value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value, locktime: 0, threshold: 1 } }],
      inputs: [],
      memo: `0x${mintNumber.toString(16).padStart(8, '0')}`,
    },
    credentials: [],
  });
  const txID = txId(bytes);
  const time = Math.max(lastBlock(ledger).time, Math.floor(ms / 1000));
  const advanced = feeStateAt(ledger, time);
  noteAccepted(ledger, appendBlock(ledger, time, [{ bytes }]), ms);
  ledger.fees.state = advanced.state;
  ledger.fees.validatorExcess = advanced.validatorExcess;
  const utxo = makeUtxo(ledger, txID, 0, ledger.avaxAssetID, value, owner);
  ledger.utxos.set(utxo.id, utxo);
  // Minted: the supply holds it (getCurrentSupply).
  ledger.supply += value;
  return { txID, outputIndex: 0, utxoID: utxoId({ txID, outputIndex: 0 }), height: lastBlock(ledger).height };
}
