// The ledger a fork starts from: the snapshot's state (fork/snapshot.ts) with one block, the
// upstream's block at the fork height, as its last accepted one. The blocks below it are not
// held: they are the upstream's (read on demand, fork/lazy.ts), so the block list is indexed by
// height from the fork height on and empty below it.
import { initialFees, withFeeSettings } from '../state/fees.js';
import type { BlockRecord, Ledger } from '../state/ledger.js';
import { heliconTimeOf, stakingWith } from '../state/params.js';
import { recordValidatorSets } from '../state/validator-sets.js';
import type { ForkSnapshot } from './snapshot.js';
import { Mempool } from '../state/mempool.js';

export function forkLedger(snapshot: ForkSnapshot): Ledger {
  const block: BlockRecord = { id: snapshot.block.id, height: snapshot.height, time: snapshot.block.time, bytes: snapshot.block.bytes, txIDs: [] };
  // A sparse list: `blocks[height]` is the block at that height (answers.ts getBlockByHeight), holes below the fork.
  const blocks: BlockRecord[] = [];
  blocks[snapshot.height] = block;
  const ledger: Ledger = {
    networkID: snapshot.networkID,
    avaxAssetID: snapshot.avaxAssetID,
    supply: snapshot.supply,
    blocks,
    blocksByID: new Map([[block.id, block]]),
    txs: new Map(),
    utxos: new Map(),
    subnets: structuredClone(snapshot.subnets),
    stakers: structuredClone(snapshot.stakers),
    l1Validators: structuredClone(snapshot.l1Validators),
    // Not served by the node's API: a warp message registered upstream before the fork is not known here (mock-limits.md).
    l1Expiries: new Set(),
    chains: snapshot.chains.map((c) => ({ ...c })),
    rewardUtxos: new Map(),
    minStake: { ...snapshot.minStake },
    staking: stakingWith(snapshot.networkID),
    heliconTime: snapshot.heliconTime !== undefined ? BigInt(Math.floor(Date.parse(snapshot.heliconTime) / 1000)) : heliconTimeOf(snapshot.networkID),
    mempool: new Mempool(),
    dropped: new Map(),
    aborted: new Set(),
    recentlyAccepted: [],
    fees: withFeeSettings(initialFees(), snapshot.fees),
    clockMs: () => snapshot.block.time * 1000,
    validatorSets: [],
  };
  recordValidatorSets(ledger, block);
  return ledger;
}
