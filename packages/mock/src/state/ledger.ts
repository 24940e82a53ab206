// The P-chain's state as the rooms above read it: the \`Ledger\` (accepted blocks and txs, the UTXO
// set, stakers, subnets, L1 validators, the fee state, the mempool, the validator sets by height)
// and its records, with the reads of the accepted-blocks window. Below both the executor, which
// reads it, and the network (../network/ledger.ts builds and extends it), so neither imports the other.
import { EMPTY_ID } from '@avanode/codec';
import type { SharedMemory } from '../shared-memory.js';
import type { Fees } from './fees.js';
import type { Mempool } from './mempool.js';
import type { StakingParams } from './params.js';
import type { Owner, UtxoRecord } from './utxo.js';
import type { ValidatorSetsSnapshot } from './validator-sets.js';

/** The P-chain's ID (ids.Empty), in every P-chain tx's blockchainID. */
export const P_CHAIN_ID = EMPTY_ID;

export interface BlockRecord {
  id: string;
  height: number;
  /** Unix seconds. */
  time: number;
  bytes: Uint8Array;
  txIDs: string[];
}

export interface Staker {
  txID: string;
  nodeID: string;
  subnetID: string;
  startTime: bigint;
  endTime: bigint;
  weight: bigint;
  /** Primary network and elastic validators only. */
  permissionless?: {
    uptime: string;
    connected: boolean;
    delegationFee: string;
    potentialReward: bigint;
    accruedDelegateeReward: bigint;
    validationRewardOwner: Owner;
    delegationRewardOwner: Owner;
    signer?: { publicKey: string; proofOfPossession: string };
  };
  /** An auto-renewed validator's (ACP-236, AddAutoRenewedValidatorTx) config and accrued rewards (state.StakingInfo at v1.15.0-fuji). */
  autoRenewed?: AutoRenewedInfo;
  /** Delegators of this validator (primary network). */
  delegators: Delegator[];
  /** Staked outputs, given back as UTXOs of `txID` when the staker ends (outputIndex after the tx's outputs). */
  stake: Array<{ assetID: string; amount: bigint; owner: Owner }>;
  stakeIndex: number;
}

/** state.StakingInfo of an auto-renewed validator (v1.15.0-fuji): what SetAutoRenewedValidatorConfigTx changes and each cycle restakes. */
export interface AutoRenewedInfo {
  /** The AddAutoRenewedValidatorTx's validatorAuthority: who signs a SetAutoRenewedValidatorConfigTx's auth. */
  authority: Owner;
  /** Seconds of the next cycle; 0: the validator leaves at the end of this one. */
  nextPeriod: bigint;
  /** Millionths of each cycle's rewards restaked. */
  autoCompoundRewardShares: bigint;
  /** Rewards restaked so far (AccruedValidationRewards, AccruedDelegateeRewards): paid when the validator leaves. */
  accruedValidationRewards: bigint;
  accruedDelegateeRewards: bigint;
}

/** A delegation: its staked outputs come back as UTXOs of its tx when it ends (outputIndex after the tx's outputs). */
export interface Delegator {
  txID: string;
  startTime: bigint;
  endTime: bigint;
  weight: bigint;
  rewardOwner: Owner;
  potentialReward: bigint;
  stake?: Array<{ assetID: string; amount: bigint; owner: Owner }>;
  stakeIndex?: number;
}

/** A chain a CreateChainTx made (state.GetChains): what getBlockchains, validates and validatedBy answer. */
export interface ChainRecord {
  id: string;
  name: string;
  subnetID: string;
  vmID: string;
}

export interface L1ValidatorRecord {
  validationID: string;
  subnetID: string;
  nodeID: string;
  weight: bigint;
  startTime: bigint;
  publicKey: string;
  balance: bigint;
  remainingBalanceOwner: Owner;
  deactivationOwner: Owner;
  minNonce: bigint;
}

export interface SubnetRecord {
  id: string;
  owner: Owner;
  l1?: { conversionID: string; managerChainID: string; managerAddress: string };
}

export interface Ledger {
  networkID: number;
  avaxAssetID: string;
  supply: bigint;
  blocks: BlockRecord[];
  blocksByID: Map<string, BlockRecord>;
  /** Accepted txs: bytes and the height of their block. */
  txs: Map<string, { bytes: Uint8Array; height: number }>;
  utxos: Map<string, UtxoRecord>;
  subnets: SubnetRecord[];
  stakers: Staker[];
  l1Validators: L1ValidatorRecord[];
  /** RegisterL1ValidatorTx expiry entries (`<expiry>/<validationID>`, state.ExpiryEntry): a warp message is registered once. */
  l1Expiries: Set<string>;
  /** The chains, primary network's included, in creation order. */
  chains: ChainRecord[];
  /** state.GetRewardUTXOs: the UTXOs a staker's tx was rewarded with when it ended, as bytes. */
  rewardUtxos: Map<string, Uint8Array[]>;
  /** The primary network's minimum stakes (config: MinValidatorStake, MinDelegatorStake), nAVAX. */
  minStake: { validator: bigint; delegator: bigint };
  /** The rest of the staking parameters (state/params.ts: the network's, a state file's over them); never changed in place. */
  staking: StakingParams;
  /** Helicon's activation, Unix seconds (state/params.ts heliconTimeOf, or the state file's `upgrades.heliconTime`). */
  heliconTime: bigint;
  /** Issued, not yet in a block, in issue order. */
  mempool: Mempool;
  /** Txs this node refused, with the reason (mempool.MarkDropped): the last 64. */
  dropped: Map<string, string>;
  /** Txs the chain holds as aborted (pre-Banff proposals a commit block did not take). */
  aborted: Set<string>;
  /**
   * Blocks this node accepted while running, with the clock's ms then, the last 64
   * (validators/manager.go recentlyAccepted: MaxRecentlyAcceptedWindowSize): getProposedHeight's window.
   */
  recentlyAccepted: Array<{ height: number; atMs: number }>;
  /** The dynamic fee config and state, and the L1 validator fee state (state/fees.ts). */
  fees: Fees;
  /** The network clock's time, Unix ms: when the next block would come (set by the simulation). */
  clockMs: () => number;
  /**
   * The validator sets by height (state/validator-sets.ts): a snapshot from each block after
   * which they changed, oldest first, at most MAX_SNAPSHOTS; getValidatorsAt and the rest read them.
   */
  validatorSets: ValidatorSetsSnapshot[];
  /** Shared memory with the network's other chains (set by the simulation; src/shared-memory.ts). */
  sharedMemory?: SharedMemory;
  /** The chain the spec's examples describe (network/examples-ledger.ts): a sample of mainnet's validators, without this node's own stake. */
  fromExamples?: boolean;
}

/** validators/manager.go: a block stays in the window 30 s after it is accepted (RecentlyAcceptedWindowTTL), at most 64 blocks. */
const RECENTLY_ACCEPTED_TTL_MS = 30_000;
const RECENTLY_ACCEPTED_MAX = 64;

/** Notes a block this node just accepted (block/executor acceptor → validators.Manager.OnAcceptedBlockID). */
export function noteAccepted(ledger: Ledger, block: BlockRecord, atMs: number): void {
  ledger.recentlyAccepted.push({ height: block.height, atMs });
  if (ledger.recentlyAccepted.length > RECENTLY_ACCEPTED_MAX) ledger.recentlyAccepted.shift();
}

/**
 * Manager.GetMinimumHeight: the parent of the oldest block accepted within the last 30 s (the
 * window drops older ones first); with none, the last accepted height.
 */
export function proposedHeight(ledger: Ledger, nowMs: number): number {
  const recent = ledger.recentlyAccepted.find((b) => nowMs - b.atMs <= RECENTLY_ACCEPTED_TTL_MS);
  return recent ? recent.height - 1 : lastBlock(ledger).height;
}

/** The chain time: the last accepted block's. */
export const chainTime = (ledger: Ledger) => ledger.blocks[ledger.blocks.length - 1]!.time;
export const lastBlock = (ledger: Ledger) => ledger.blocks[ledger.blocks.length - 1]!;

