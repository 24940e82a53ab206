// What the staking property tests share: the inputs the wallet's builders need to spend from one
// address of a simulated network, read through the network's own answers (getUTXOs, getFeeState,
// getFeeConfig) at its clock; and the AVAX a chain holds, counted here apart from the mock's own sum.
import type { Simulation } from '../src/network/index.ts';
import type { Ledger } from '../src/state/ledger.ts';

const result = (answer: unknown) => (answer as { result: Record<string, unknown> }).result;

export function spendInputs(sim: Simulation, from: string, network: number) {
  return {
    utxos: result(sim.answer('platform.getUTXOs', { addresses: [from], encoding: 'hex' })).utxos as string[],
    fromAddresses: [from],
    feeState: result(sim.answer('platform.getFeeState', {})) as { price: number },
    feeConfig: result(sim.answer('platform.getFeeConfig', {})) as { weights: number[] },
    network,
    avaxAssetID: sim.ledger()!.avaxAssetID,
    minIssuanceTime: Math.floor(sim.nowMs()! / 1000),
  };
}

/** Every nAVAX of AVAX the chain holds in UTXOs, stake and L1 balances (restaked rewards are in no UTXO until paid). */
export function heldAvax(ledger: Ledger): bigint {
  let total = 0n;
  for (const utxo of ledger.utxos.values()) if (utxo.assetID === ledger.avaxAssetID) total += utxo.amount;
  for (const s of ledger.stakers) {
    for (const o of s.stake) total += o.amount;
    for (const d of s.delegators) for (const o of d.stake ?? []) total += o.amount;
  }
  for (const v of ledger.l1Validators) total += v.balance;
  return total;
}
