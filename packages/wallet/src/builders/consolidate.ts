// Merging many small UTXOs into one: a BaseTx that spends every chosen AVAX UTXO into a single
// output, so a wallet that received thousands of small amounts can send again without meeting the
// node's size or gas limits. No Go wallet builder does this; it is a BaseTx the node takes as any.
import { InsufficientFundsError } from '../errors.js';
import { add64 } from '../rules/uint64.js';
import { type BuiltTx, buildBaseTx } from './builders.js';
import { BuildError, type CommonParams, buildContext } from './context.js';
import { TxLimitError } from './limits.js';
import { matchOwners } from './spend.js';

export interface ConsolidationTxParams extends CommonParams {
  /** Who receives the merged amount (`P-…`). Default: `changeAddress`, else the first of `fromAddresses`. */
  readonly to?: string;
  /** At most this many UTXOs in one tx (the smallest first). Default: as many as fit the node's size and gas limits. */
  readonly maxInputs?: number;
}

/** Nothing to merge: fewer than two AVAX UTXOs the from addresses can spend now. */
export class NothingToConsolidateError extends BuildError {
  override readonly name = 'NothingToConsolidateError';
}

/**
 * A BaseTx spending the smallest spendable AVAX UTXOs (up to `maxInputs`, or as many as the
 * node's 64 KiB and gas capacity allow) into one output, the fee taken from it: no change.
 */
export function buildConsolidationTx(params: ConsolidationTxParams): BuiltTx {
  const ctx = buildContext(params);
  const max = params.maxInputs ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(max) || max < 2) throw new BuildError('maxInputs must be an integer of at least 2');
  const spendable = ctx.utxos
    .filter((u) => u.assetID === ctx.avaxAssetID && u.stakeableLocktime <= ctx.minIssuanceTime && matchOwners(u.owner, ctx.from, ctx.minIssuanceTime) !== undefined)
    .sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
  if (spendable.length < 2) throw new NothingToConsolidateError(`nothing to consolidate: ${spendable.length} spendable AVAX UTXO${spendable.length === 1 ? '' : 's'}`);
  const to = params.to ?? params.changeAddress ?? params.fromAddresses[0]!;
  let count = Math.min(max, spendable.length);
  // Bounded: each round either builds or lowers `count` to what the limit says fits.
  for (let round = 0; round < 8; round++) {
    const chosen = spendable.slice(0, count);
    const total = chosen.reduce((sum, u) => add64(sum, u.amount), 0n);
    const narrowed = { ...params, utxos: chosen.map((u) => u.utxo) };
    // Spending all of them into `total` falls short by exactly the fee of the tx with every input and one output.
    let fee: bigint;
    try {
      buildBaseTx({ ...narrowed, outputs: [{ address: to, amount: total }] });
      throw new BuildError('a consolidation that pays no fee was built: refusing it');
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      fee = error.shortfalls.find((s) => s.assetID === ctx.avaxAssetID)!.needed - total;
    }
    if (fee >= total) throw new InsufficientFundsError([{ assetID: ctx.avaxAssetID, assetName: 'AVAX', needed: fee + 1n, available: total }], 'funds: the UTXOs merged would not pay the fee of merging them');
    try {
      return buildBaseTx({ ...narrowed, outputs: [{ address: to, amount: total - fee }] });
    } catch (error) {
      if (!(error instanceof TxLimitError) || error.items !== 'inputs' || error.fit < 2 || error.fit >= count) throw error;
      count = error.fit;
    }
  }
  throw new BuildError('consolidate: no number of inputs fit the limits');
}
