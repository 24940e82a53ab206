// What the wallet's builders need to spend from one address of a simulated network, read through
// the network's own answers (getUTXOs, getFeeState, getFeeConfig) at its clock: the common part of
// every tx the property tests build.
import type { Simulation } from '../src/network/index.ts';

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
