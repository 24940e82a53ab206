// Issuing and accepting txs as an avalanchego v1.14.2 P-chain node does:
// vms/platformvm/network/gossip.go gossipMempool.Add (duplicate, dropped, verify, conflict),
// block/executor/manager.go manager.VerifyTx (the warp message's signature, src/executor/warp.ts;
// the next block's time and fee state, the gas capacity, then the executor: src/executor/verify.ts), and what an accepted tx changes.
import { RuleError, toGas, txComplexity, type Dimensions, type GasState } from '@avanode/wallet/rules';
import { txId, typeName, utxoId, type SignedTx } from '@avanode/codec';
import { advancedFees, gasPrice } from '../state/fees.js';
import { warpError } from '../executor/warp.js';
import { NODE_ERRORS } from '../executor/errors.js';
import { executionError, outputParts, type Fields, type TransferableIn, type TransferableOut } from '../executor/verify.js';
import { acceptSubnetTx } from './accept-l1.js';
import { abortAutoRenewed, addAutoRenewedValidator, exitAutoRenewed, restake, setAutoRenewedConfig } from './auto-renew.js';
import { prefersCommit } from './uptime.js';
import { mintPotentialReward, rewardDelegator, rewardValidator } from './staking-rewards.js';
import { atomicRequestsOf } from '../chains/p/atomic.js';
import { P_CHAIN_ID, appendRewardBlocks, chainTime, makeUtxo, rewardValidatorTx, type Ledger, type Owner, type Staker } from './ledger.js';

function ownerOf(value: unknown): Owner {
  const o = value as Fields;
  return { locktime: BigInt(o.locktime as number), threshold: o.threshold as number, addresses: o.addresses as string[] };
}

/** L1 validators paying the continuous fee (validators/fee: the ones with a balance). */
const activeL1Validators = (ledger: Ledger): bigint => BigInt(ledger.l1Validators.filter((v) => v.balance > 0n).length);

/** The time of the next block, Unix seconds: the clock's, never before the last block's (state.NextBlockTime). */
function nextBlockTime(ledger: Ledger): number {
  return Math.max(chainTime(ledger), Math.floor(ledger.clockMs() / 1000));
}

/** A tx's gas at the chain's weights (its complexity · weights). */
export const gasOf = (ledger: Ledger, tx: SignedTx): bigint => toGas(txComplexity(tx), ledger.fees.config.weights);

/** manager.VerifyTx's check before the executor: the complexity, the gas, and the gas within the capacity. */
function capacityError(ledger: Ledger, tx: SignedTx, state: GasState): string | undefined {
  let complexity: Dimensions;
  try {
    complexity = txComplexity(tx);
  } catch (error) {
    if (error instanceof RuleError) return `failed to calculate tx complexity: ${error.message}`;
    throw error;
  }
  let gas: bigint;
  try {
    gas = toGas(complexity, ledger.fees.config.weights);
  } catch (error) {
    if (error instanceof RuleError) return `failed to calculate tx gas: ${error.message}`;
    throw error;
  }
  return gas > state.capacity ? `tx exceeds current gas capacity: ${gas} > ${state.capacity}` : undefined;
}

/** The fee state a block at `time` starts from: the last one's advanced by the seconds between them. */
export function feeStateAt(ledger: Ledger, time: number): { state: GasState; validatorExcess: bigint } {
  return advancedFees(ledger.fees, BigInt(time - chainTime(ledger)), activeL1Validators(ledger));
}

/** vms/txs/mempool/mempool.go:28 droppedTxIDsCacheSize: a node remembers the last 64 refusals. */
const DROPPED_KEPT = 64;

/** mempool.MarkDropped: an LRU of the reasons, the oldest forgotten (then the tx's status is Unknown again). */
export function markDropped(ledger: Ledger, txID: string, reason: string): void {
  ledger.dropped.delete(txID);
  ledger.dropped.set(txID, reason);
  if (ledger.dropped.size > DROPPED_KEPT) ledger.dropped.delete(ledger.dropped.keys().next().value!);
}

/** vms/txs/mempool/mempool.go MaxTxSize (64 KiB): the most bytes a tx the mempool takes may have. */
const MAX_TX_SIZE = 64 * 1024;

/** mempool.Add after verification: the tx's size, the space left (mempool.ts), then its inputs against the pending txs' (each text ends with the tx's ID, as the node's). */
function mempoolAddError(ledger: Ledger, id: string, bytes: Uint8Array, inputIDs: readonly string[]): string | undefined {
  if (bytes.length > MAX_TX_SIZE) return `${NODE_ERRORS.ErrTxTooLarge.text}: ${id} size (${bytes.length}) > max size (${MAX_TX_SIZE})`;
  const available = ledger.mempool.bytesAvailable;
  if (bytes.length > available) return `${NODE_ERRORS.ErrMempoolFull.text}: ${id} size (${bytes.length}) > available space (${available})`;
  if (ledger.mempool.conflicts(inputIDs)) return `${NODE_ERRORS.ErrConflictsWithOtherTx.text}: ${id}`;
  return undefined;
}

export type IssueOutcome = { txID: string } | { error: string };

/** network.IssueTxFromRPC through gossipMempool.Add: the ID, or the error text after "couldn't issue tx: ". */
export function issueTx(ledger: Ledger, bytes: Uint8Array, tx: SignedTx, unsignedBytes: Uint8Array): IssueOutcome {
  const id = txId(bytes);
  // vm.issueTxFromRPC ignores ErrDuplicateTx: issuing a tx twice answers its ID again.
  if (ledger.mempool.has(id)) return { txID: id };
  const reason = ledger.dropped.get(id);
  if (reason !== undefined) return { error: reason };
  // manager.VerifyTx: at the next block's time and fee state. A tx accepted already fails like any other: its inputs are spent.
  const time = nextBlockTime(ledger);
  const { state } = feeStateAt(ledger, time);
  // VerifyWarpMessages comes first, before the capacity and the executor.
  const warp = warpError(ledger, tx, typeName(tx.unsignedTx) ?? '');
  const failure = warp !== undefined ? `failed verifying warp messages: ${warp}` : capacityError(ledger, tx, state);
  const executed = failure === undefined ? executionError({ ledger, tx, unsignedBytes, nowSec: BigInt(time), price: gasPrice(ledger.fees, state) }) : undefined;
  if (failure !== undefined || executed !== undefined) {
    const verifyError = failure ?? `failed execution: standard tx ${id} failed execution: ${executed}`;
    markDropped(ledger, id, verifyError);
    return { error: `failed verification: ${verifyError}` };
  }
  const inputIDs = (tx.unsignedTx as unknown as { inputs: TransferableIn[] }).inputs.map((i) => utxoId(i));
  const refused = mempoolAddError(ledger, id, bytes, inputIDs);
  if (refused !== undefined) {
    markDropped(ledger, id, refused);
    return { error: refused };
  }
  ledger.mempool.set(id, { bytes, tx, unsignedBytes, inputIDs });
  return { txID: id };
}

/** Applies an accepted tx: inputs leave the UTXO set, outputs enter it, stakers and subnets appear. */
export function acceptTx(ledger: Ledger, bytes: Uint8Array, tx: SignedTx, blockTime: number): void {
  const id = txId(bytes);
  const unsigned = tx.unsignedTx as unknown as Fields;
  const type = typeName(tx.unsignedTx) ?? '';
  for (const input of unsigned.inputs as TransferableIn[]) ledger.utxos.delete(utxoId(input));
  const outs = unsigned.outputs as TransferableOut[];
  outs.forEach((out, index) => {
    const { amount, owner, stakeableLocktime } = outputParts(out.output);
    const utxo = makeUtxo(ledger, id, index, out.assetID, amount, owner, stakeableLocktime);
    ledger.utxos.set(utxo.id, utxo);
  });
  // An ImportTx's or ExportTx's atomic requests, applied to shared memory with the block (chains/p/atomic.ts).
  const requests = atomicRequestsOf(id, type, unsigned, (index) => {
    const out = (unsigned.exportedOutputs as TransferableOut[])[index - outs.length]!;
    const { amount, owner } = outputParts(out.output);
    return makeUtxo(ledger, id, index, out.assetID, amount, owner);
  });
  if (requests) ledger.sharedMemory?.apply(P_CHAIN_ID, requests);
  const stake = ((unsigned.stake as TransferableOut[] | undefined) ?? []).map((s) => ({ assetID: s.assetID, ...outputParts(s.output) }));
  if (type === 'AddPermissionlessValidatorTx') {
    const validator = unsigned.validator as { nodeID: string; end: number; weight: number };
    const signer = unsigned.signer as { publicKey?: string; proofOfPossession?: string };
    const shares = unsigned.shares as number;
    const staker: Staker = {
      txID: id,
      nodeID: validator.nodeID,
      subnetID: unsigned.subnetID as string,
      // Post-Durango a staker starts when its tx is accepted.
      startTime: BigInt(blockTime),
      endTime: BigInt(validator.end),
      weight: BigInt(validator.weight),
      delegators: [],
      stake,
      stakeIndex: outs.length,
    };
    if (staker.subnetID === P_CHAIN_ID) {
      staker.permissionless = {
        uptime: '100.0000',
        connected: true,
        delegationFee: (shares / 10_000).toFixed(4),
        potentialReward: mintPotentialReward(ledger, BigInt(blockTime), BigInt(validator.end), BigInt(validator.weight)),
        accruedDelegateeReward: 0n,
        validationRewardOwner: ownerOf(unsigned.validationRewardsOwner),
        delegationRewardOwner: ownerOf(unsigned.delegationRewardsOwner),
        ...(signer.publicKey && signer.proofOfPossession ? { signer: { publicKey: signer.publicKey, proofOfPossession: signer.proofOfPossession } } : {}),
      };
    }
    ledger.stakers.push(staker);
  } else if (type === 'AddPermissionlessDelegatorTx') {
    const validator = unsigned.validator as { nodeID: string; end: number; weight: number };
    const target = ledger.stakers.find((s) => s.nodeID === validator.nodeID && s.subnetID === unsigned.subnetID);
    // Only the primary network's delegators reach here (a subnet's has no transformation to delegate to).
    const potentialReward = mintPotentialReward(ledger, BigInt(blockTime), BigInt(validator.end), BigInt(validator.weight));
    target?.delegators.push({ txID: id, startTime: BigInt(blockTime), endTime: BigInt(validator.end), weight: BigInt(validator.weight), rewardOwner: ownerOf(unsigned.rewardsOwner), potentialReward, stake, stakeIndex: outs.length });
  } else if (type === 'AddAutoRenewedValidatorTx') {
    addAutoRenewedValidator(ledger, id, unsigned, stake, outs.length, blockTime);
  } else if (type === 'SetAutoRenewedValidatorConfigTx') {
    setAutoRenewedConfig(ledger, unsigned);
  } else if (type === 'CreateSubnetTx') {
    ledger.subnets.push({ id, owner: ownerOf(unsigned.owner) });
  } else if (type === 'CreateChainTx') {
    ledger.chains.push({ id, name: unsigned.chainName as string, subnetID: unsigned.subnetID as string, vmID: unsigned.vmID as string });
  } else {
    acceptSubnetTx(ledger, id, type, unsigned, outs.length, blockTime);
  }
}

/** Stakers whose end time has come leave the set; their stake comes back as UTXOs of their tx. */
export function endStakers(ledger: Ledger, blockTime: number): void {
  const now = BigInt(blockTime);
  for (const staker of ledger.stakers) {
    // An ended delegation's stake comes back as UTXOs of its tx, as a validator's does, with its reward.
    const ended = staker.delegators.filter((d) => d.endTime <= now);
    staker.delegators = staker.delegators.filter((d) => d.endTime > now);
    for (const d of ended) {
      returnStake(ledger, d.txID, d.stakeIndex ?? 0, d.stake ?? []);
      rewardDelegator(ledger, staker, d);
      commitRewardTx(ledger, staker, d.txID, d.endTime);
    }
  }
  // An auto-renewed validator with a next period is restaked at each cycle's end, however many this
  // block passes, while its uptime earns the reward (else the cycle aborts and it leaves below).
  for (const staker of ledger.stakers) while (staker.autoRenewed && staker.autoRenewed.nextPeriod > 0n && staker.endTime <= now && prefersCommit(ledger, staker)) restake(ledger, staker);
  const ending = ledger.stakers.filter((s) => s.endTime <= now);
  ledger.stakers = ledger.stakers.filter((s) => s.endTime > now);
  for (const staker of ending) {
    // Its delegators end with it at the latest (and are rewarded first, as the node orders them).
    const delegators = staker.delegators;
    staker.delegators = [];
    for (const d of delegators) {
      returnStake(ledger, d.txID, d.stakeIndex ?? 0, d.stake ?? []);
      rewardDelegator(ledger, staker, d);
      commitRewardTx(ledger, staker, d.txID, d.endTime);
    }
    if (staker.autoRenewed) {
      const leave = prefersCommit(ledger, staker) ? exitAutoRenewed : abortAutoRenewed;
      leave(ledger, staker, (txID, index, stake) => returnStake(ledger, txID, index, stake));
      continue;
    }
    returnStake(ledger, staker.txID, staker.stakeIndex, staker.stake);
    rewardValidator(ledger, staker);
    commitRewardTx(ledger, staker, staker.txID, staker.endTime);
  }
}

/**
 * A permissionless staker's RewardValidatorTx on the chain once it has left (proposal_tx_executor.go
 * RewardValidatorTx): a proposal block and its commit block (its abort block when the validator's
 * uptime does not earn the reward, prefersCommit) at its end. A
 * permissioned subnet validator leaves with no tx (builder.go getNextStakerToReward skips them).
 */
function commitRewardTx(ledger: Ledger, validator: Staker, txID: string, end: bigint): void {
  if (!validator.permissionless) return;
  appendRewardBlocks(ledger, Number(end), rewardValidatorTx(txID), prefersCommit(ledger, validator));
}

/** Staked outputs given back as UTXOs of the staking tx, numbered after its outputs. */
function returnStake(ledger: Ledger, txID: string, firstIndex: number, stake: Staker['stake']): void {
  stake.forEach((s, i) => {
    const utxo = makeUtxo(ledger, txID, firstIndex + i, s.assetID, s.amount, s.owner);
    ledger.utxos.set(utxo.id, utxo);
  });
}
