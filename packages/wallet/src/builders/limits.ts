// What the node refuses for its size or gas alone, checked before anything is signed or sent:
// a signed tx over the mempool's 64 KiB (vms/txs/mempool/mempool.go MaxTxSize), or whose gas
// exceeds the fee state's capacity (vms/platformvm/block/executor/manager.go: "tx exceeds
// current gas capacity"). The signed size is the tx's bandwidth complexity (the node's fee tests
// assert it), so both come from one complexity.
import { BuildError } from './context.js';
import { type Dimensions, toGas } from '../rules/gas.js';
import { inputComplexity, outputComplexity, txComplexity } from '../rules/complexity.js';

/** mempool.MaxTxSize: 64 KiB. */
export const MAX_TX_SIZE = 65_536;

/** A tx the node would refuse for its size or its gas, with how many of its inputs or outputs fit in one tx. */
export class TxLimitError extends BuildError {
  override readonly name = 'TxLimitError';
  constructor(
    message: string,
    /** Which limit: the mempool's size or the fee state's gas capacity. */
    readonly limit: 'size' | 'gas',
    /** The tx's signed size in bytes, or its gas. */
    readonly value: bigint,
    /** The limit: 65,536 bytes, or the capacity. */
    readonly max: bigint,
    /** What is too many: the caller's outputs, or the inputs spent. */
    readonly items: 'inputs' | 'outputs',
    readonly count: number,
    /** How many of them fit in one tx with everything else unchanged. */
    readonly fit: number,
  ) {
    super(message);
  }
}

const grouped = (n: bigint) => n.toString().replace(/\B(?=(\d{3})+$)/g, ',');

/** Throws TxLimitError if the node would refuse the tx for its size or gas. `outputs`: the caller's own outputs (not change). */
export function checkLimits(tx: Record<string, unknown>, outputs: readonly { readonly output: unknown }[], weights: Dimensions, capacity: bigint | undefined): void {
  const complexity = txComplexity(tx);
  const gas = toGas(complexity, weights);
  const overSize = complexity.bandwidth > BigInt(MAX_TX_SIZE);
  const overGas = capacity !== undefined && gas > capacity;
  if (!overSize && !overGas) return;
  const inputs = tx.inputs as readonly { readonly input: unknown }[];
  // The send's own outputs when there are more of them than inputs; otherwise the inputs (many small UTXOs).
  const items = outputs.length > inputs.length ? 'outputs' : 'inputs';
  const list = items === 'outputs' ? outputs.map(outputComplexity) : inputs.map(inputComplexity);
  const cost = (d: Dimensions) => (overSize ? d.bandwidth : toGas(d, weights));
  const value = overSize ? complexity.bandwidth : gas;
  const max = overSize ? BigInt(MAX_TX_SIZE) : capacity!;
  // Drop the costliest first until the tx fits: what is left is how many fit.
  const costs = list.map(cost).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  let excess = value - max;
  let dropped = 0;
  while (excess > 0n && dropped < costs.length) excess -= costs[dropped++]!;
  const fit = list.length - dropped;
  const what = overSize
    ? `the signed tx would be ${grouped(value)} bytes, over the node's limit of ${grouped(max)} (mempool MaxTxSize)`
    : `the tx would use ${grouped(value)} gas, over the fee state's capacity of ${grouped(max)} (the node refuses it: tx exceeds current gas capacity)`;
  const advice = items === 'outputs' ? 'send the rest in another tx' : 'merge the UTXOs first (wallet.consolidate(), avanode wallet consolidate) or send less';
  throw new TxLimitError(`${what}: ${list.length} ${items}, of which ${fit} fit in one tx; ${advice}`, overSize ? 'size' : 'gas', value, max, items, list.length, fit);
}
