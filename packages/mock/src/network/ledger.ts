// The chain's state built and extended: a state file's ledger (createLedger), blocks appended
// with their txs and validator sets, a staker's reward blocks, a copy that changes on its own.
// The Ledger's shape and its records live below the network and the executor, in
// ../state/ledger.ts. Blocks and UTXOs are kept as the node's bytes (@avanode/codec), so every
// answer, hex or json, comes from the same bytes.
import { EMPTY_ID, blockId, decodeBlock, decodeTx, encodeBlock, encodeTx, txId, type Block } from '@avanode/codec';
import type { StateFile, StateOwner, Uint64Like } from './state-file.js';
import { initialFees, withFeeSettings } from '../state/fees.js';
import { compareBytes } from '../util/bytes.js';
import { makeUtxo, u64, type Owner, type UtxoRecord } from '../state/utxo.js';
import { P_CHAIN_ID, chainTime, lastBlock, noteAccepted, proposedHeight, type BlockRecord, type Delegator, type Ledger, type Staker } from '../state/ledger.js';
import { heliconTimeOf, stakingParamsOf, stakingWith } from '../state/params.js';
import { rebuildValidatorSets, recordValidatorSets } from '../state/validator-sets.js';
import { StateError } from './state-file.js';
import { Mempool } from '../state/mempool.js';
import { stateTxs, type StateTxOptions } from './state-txs.js';

// Re-exported for the modules that read them here (they live below the ledger: util/, state/).
export { compareBytes, makeUtxo, type Owner, type UtxoRecord };
export { P_CHAIN_ID, chainTime, lastBlock, noteAccepted, proposedHeight, type BlockRecord, type Delegator, type Ledger, type Staker };

/** The AVAX asset ID of mainnet, for states that do not name one. */
const MAINNET_AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const big = (value: Uint64Like | undefined, fallback = 0n) => (value === undefined ? fallback : BigInt(value));
const ownerOf = (o: StateOwner): Owner => ({ locktime: big(o.locktime), threshold: o.threshold ?? 1, addresses: [...o.addresses] });

/** Encodes `block` and puts it on the chain with its txs (kept under `id` when given, else the hash of their bytes). */
function pushBlock(ledger: Ledger, block: Record<string, unknown>, time: number, txs: Array<{ bytes: Uint8Array; id?: string }>): BlockRecord {
  const bytes = encodeBlock(block as unknown as Block);
  const height = block.height as number;
  const record: BlockRecord = { id: blockId(bytes), height, time, bytes, txIDs: txs.map((t) => t.id ?? txId(t.bytes)) };
  ledger.blocks.push(record);
  ledger.blocksByID.set(record.id, record);
  for (const [i, id] of record.txIDs.entries()) ledger.txs.set(id, { bytes: txs[i]!.bytes, height });
  return record;
}

/**
 * Appends a Banff standard block holding `txs` at `time` (seconds), or the genesis commit block
 * when the chain has none; returns it. A tx is kept under its `id` when given (a state's trusted
 * upstream ID, network/state-txs.ts), else under the hash of its bytes.
 */
export function appendBlock(ledger: Ledger, time: number, txs: Array<{ bytes: Uint8Array; id?: string }>): BlockRecord {
  const parent = ledger.blocks[ledger.blocks.length - 1];
  const height = parent ? parent.height + 1 : 0;
  // The genesis block is an ApricotCommitBlock at height 0 (state/state.go syncGenesis), with no
  // time of its own; its parent is the genesis' ID, which the mock, having no genesis bytes, leaves empty.
  const block = parent
    ? { type: 'BanffStandardBlock', time, parentID: parent.id, height, txs: txs.map((t) => decodeTx(t.bytes, { network: ledger.networkID })) }
    : { type: 'ApricotCommitBlock', parentID: EMPTY_ID, height: 0 };
  const record = pushBlock(ledger, block, time, txs);
  recordValidatorSets(ledger, record);
  return record;
}

/**
 * A staker's reward tx as the node's block builder puts it on the chain: a Banff proposal block
 * holding it (and no decision txs), then the commit block of its option (the mock's stakers are
 * always up, so the commit branch is the one accepted), both at `time`; returns the commit block.
 */
export function appendRewardBlocks(ledger: Ledger, time: number, rewardTx: Uint8Array, committed = true): BlockRecord {
  // (For a permissionless staker: rewardValidatorTx below; for an auto-renewed validator's cycle: auto-renew.ts.)
  const parent = lastBlock(ledger);
  const at = Math.max(parent.time, time);
  const proposal = pushBlock(ledger, { type: 'BanffProposalBlock', time: at, txs: [], parentID: parent.id, height: parent.height + 1, tx: decodeTx(rewardTx, { network: ledger.networkID }) }, at, [{ bytes: rewardTx }]);
  // The decision block: commit when this node's uptime view earns the reward, else abort
  // (options.go prefersCommit); an aborted proposal tx keeps its bytes, with status Aborted.
  const commit = pushBlock(ledger, { type: committed ? 'BanffCommitBlock' : 'BanffAbortBlock', time: at, parentID: proposal.id, height: proposal.height + 1 }, at, []);
  if (!committed) ledger.aborted.add(proposal.txIDs[0]!);
  recordValidatorSets(ledger, commit);
  const ms = ledger.clockMs();
  noteAccepted(ledger, proposal, ms);
  noteAccepted(ledger, commit, ms);
  return commit;
}

/** builder.go NewRewardValidatorTx: the RewardValidatorTx that ends the staker of `txID` (no credentials). */
export const rewardValidatorTx = (txID: string): Uint8Array => encodeTx({ unsignedTx: { type: 'RewardValidatorTx', txID }, credentials: [] } as never);

/** The decoded (json) form of a block, cached: it never changes. */
const decodedBlocks = new WeakMap<BlockRecord, Block>();
export function blockJson(ledger: Ledger, block: BlockRecord): Block {
  let json = decodedBlocks.get(block);
  if (!json) {
    json = decodeBlock(block.bytes, { network: ledger.networkID });
    decodedBlocks.set(block, json);
  }
  return json;
}

/** Every nAVAX a state holds: its UTXOs, its stakers' stakes, its L1 validators' balances. */
function stateHolds(state: StateFile): bigint {
  let total = 0n;
  for (const u of state.utxos ?? []) total += big(u.amount);
  for (const v of state.validators ?? []) {
    total += big(v.weight);
    for (const d of v.delegators ?? []) total += big(d.weight);
  }
  for (const s of state.subnets ?? []) for (const v of s.l1Validators ?? []) total += big(v.balance);
  return total;
}

/**
 * Builds the ledger a state file describes: blocks 0…height, block 1 minting its UTXOs and
 * holding the txs that made its subnets, chains and stakers (network/state-txs.ts; a StateError
 * names a given ID that is not its tx's, unless `trustGivenTxIDs`).
 */
export function createLedger(given: StateFile, blockTimeMs: number, options: StateTxOptions = {}): Ledger {
  const made = stateTxs(given, options);
  const state = made.state;
  // The supply counts what the state holds and what genesis gave to others; it cannot be less than the state's own.
  if (state.supply !== undefined && big(state.supply) < stateHolds(state)) {
    throw new StateError(`state.supply: ${state.supply} nAVAX is less than the state holds (${stateHolds(state)} nAVAX in its UTXOs, stakes and L1 balances)`);
  }
  const ledger: Ledger = {
    networkID: state.networkID,
    avaxAssetID: state.avaxAssetID ?? MAINNET_AVAX,
    supply: big(state.supply, 720_000_000n * 1_000_000_000n),
    blocks: [],
    blocksByID: new Map(),
    txs: new Map(),
    utxos: new Map(),
    subnets: [],
    stakers: [],
    l1Validators: [],
    l1Expiries: new Set(),
    chains: (state.chains ?? []).map((c) => ({ ...c })),
    rewardUtxos: new Map(),
    minStake: { validator: big(state.minStake?.validator, stakingParamsOf(state.networkID).minValidatorStake), delegator: big(state.minStake?.delegator, stakingParamsOf(state.networkID).minDelegatorStake) },
    staking: stakingWith(state.networkID, state.staking),
    heliconTime: state.upgrades?.heliconTime !== undefined ? BigInt(Math.floor(Date.parse(state.upgrades.heliconTime) / 1000)) : heliconTimeOf(state.networkID),
    mempool: new Mempool(),
    dropped: new Map(),
    aborted: new Set(),
    recentlyAccepted: [],
    fees: state.fees ? withFeeSettings(initialFees(), state.fees) : initialFees(),
    clockMs: () => Number(state.time) * 1000,
    validatorSets: [],
  };
  const time = Number(state.time);
  const step = Math.max(1, Math.round(blockTimeMs / 1000));
  const timeAt = (height: number) => Math.max(0, time - (state.height - height) * step);
  appendBlock(ledger, timeAt(0), []);
  // Block 1: a BaseTx with no inputs that creates the state's UTXOs (what genesis does on a real chain).
  const outputs = (state.utxos ?? []).map((u) => ({
    assetID: ledger.avaxAssetID,
    output: { addresses: [u.address], amount: u64(big(u.amount)), locktime: u64(big(u.locktime)), threshold: 1 },
  }));
  const mint = encodeTx({ unsignedTx: { networkID: ledger.networkID, blockchainID: P_CHAIN_ID, outputs, inputs: [], memo: '0x' }, credentials: [] });
  const mintID = txId(mint);
  appendBlock(ledger, timeAt(1), [{ bytes: mint }, ...made.txs]);
  (state.utxos ?? []).forEach((u, i) => {
    const record = makeUtxo(ledger, mintID, i, ledger.avaxAssetID, big(u.amount), { locktime: big(u.locktime), threshold: 1, addresses: [u.address] });
    ledger.utxos.set(record.id, record);
  });
  for (let h = 2; h <= state.height; h++) appendBlock(ledger, timeAt(h), []);

  const stakeOf = (weight: Uint64Like, owner: StateOwner): Staker['stake'] => [{ assetID: ledger.avaxAssetID, amount: big(weight), owner: { ...ownerOf(owner), locktime: 0n } }];
  for (const v of state.validators ?? []) {
    const rewardOwner = ownerOf(v.rewardOwner);
    ledger.stakers.push({
      txID: v.txID,
      nodeID: v.nodeID,
      subnetID: P_CHAIN_ID,
      startTime: big(v.startTime),
      endTime: big(v.endTime),
      weight: big(v.weight),
      permissionless: {
        uptime: v.uptime ?? '100.0000',
        connected: v.connected ?? true,
        delegationFee: v.delegationFee ?? '2.0000',
        potentialReward: big(v.potentialReward),
        accruedDelegateeReward: big(v.accruedDelegateeReward),
        validationRewardOwner: rewardOwner,
        delegationRewardOwner: v.delegationRewardOwner ? ownerOf(v.delegationRewardOwner) : rewardOwner,
        ...(v.signer ? { signer: v.signer } : {}),
      },
      delegators: (v.delegators ?? []).map((d) => ({ txID: d.txID, startTime: big(d.startTime), endTime: big(d.endTime), weight: big(d.weight), rewardOwner: ownerOf(d.rewardOwner), potentialReward: big(d.potentialReward), stake: stakeOf(d.weight, d.rewardOwner), stakeIndex: 0 })),
      // Its tx's stake (state-txs.ts: locked to the reward owner), given back when it ends.
      stake: stakeOf(v.weight, v.rewardOwner),
      stakeIndex: 0,
    });
  }
  for (const s of state.subnets ?? []) {
    ledger.subnets.push({ id: s.id, owner: ownerOf(s.owner), ...(s.l1 ? { l1: { conversionID: s.l1.conversionID, managerChainID: s.l1.managerChainID, managerAddress: s.l1.managerAddress } } : {}) });
    for (const v of s.validators ?? []) {
      ledger.stakers.push({ txID: v.txID, nodeID: v.nodeID, subnetID: s.id, startTime: big(v.startTime), endTime: big(v.endTime), weight: big(v.weight), delegators: [], stake: [], stakeIndex: 0 });
    }
    for (const v of s.l1Validators ?? []) {
      ledger.l1Validators.push({
        validationID: v.validationID,
        subnetID: s.id,
        nodeID: v.nodeID,
        weight: big(v.weight),
        startTime: big(v.startTime),
        publicKey: v.publicKey,
        balance: big(v.balance),
        remainingBalanceOwner: ownerOf(v.remainingBalanceOwner),
        deactivationOwner: ownerOf(v.deactivationOwner),
        minNonce: big(v.minNonce),
      });
    }
  }
  rebuildValidatorSets(ledger);
  return ledger;
}

/**
 * A ledger that starts where `ledger` stands and changes on its own: what is never changed in
 * place (blocks, txs' bytes, UTXO records) is shared, what is (stakers, subnets, L1 validators,
 * the fee state) is copied.
 */
export function cloneLedger(ledger: Ledger): Ledger {
  return {
    ...ledger,
    blocks: [...ledger.blocks],
    blocksByID: new Map(ledger.blocksByID),
    txs: new Map(ledger.txs),
    utxos: new Map(ledger.utxos),
    subnets: structuredClone(ledger.subnets),
    stakers: structuredClone(ledger.stakers),
    l1Validators: structuredClone(ledger.l1Validators),
    l1Expiries: new Set(ledger.l1Expiries),
    chains: ledger.chains.map((c) => ({ ...c })),
    rewardUtxos: new Map(ledger.rewardUtxos),
    minStake: { ...ledger.minStake },
    mempool: new Mempool(ledger.mempool),
    dropped: new Map(ledger.dropped),
    aborted: new Set(ledger.aborted),
    recentlyAccepted: ledger.recentlyAccepted.map((b) => ({ ...b })),
    fees: { ...ledger.fees },
    // Snapshots are never changed once recorded: the list is copied, they are shared.
    validatorSets: [...ledger.validatorSets],
  };
}
