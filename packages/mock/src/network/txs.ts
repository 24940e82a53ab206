// Issuing and accepting txs as an avalanchego v1.14.2 P-chain node does, in the parts the mock
// keeps: vms/platformvm/network/gossip.go gossipMempool.Add (duplicate, dropped, verify, conflict),
// block/executor/manager.go manager.VerifyTx and txs/executor standardTxExecutor (syntax, the
// staker rules kept here, utxo/verifier.go VerifySpend). Signatures are not checked (the mock
// has no secp256k1), and the dynamic fee is a flat `txFee` burnt in AVAX.
import { decodeCB58, encodeTransferableOutput, txId, typeName, utxoId, type SignedTx } from '@avanode/codec';
import { P_CHAIN_ID, compareBytes, makeUtxo, type Ledger, type Owner, type Staker } from './ledger.js';

/** The primary network's minimum validator stake (the getMinStake example: 2,000 AVAX). */
const MIN_VALIDATOR_STAKE = 2_000_000_000_000n;

type Fields = Record<string, unknown>;
interface TransferableIn {
  txID: string;
  outputIndex: number;
  assetID: string;
  input: Fields;
}
interface TransferableOut {
  assetID: string;
  output: Fields;
}

const STAKER_TXS = new Set(['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx']);

/** An output's amount and owner, through a stakeable.LockOut. */
function outputParts(output: Fields): { amount: bigint; owner: Owner; stakeableLocktime: bigint } {
  const inner = (output.output as Fields | undefined) ?? output;
  const stakeableLocktime = output.output ? BigInt(output.locktime as number) : 0n;
  return {
    amount: BigInt(inner.amount as number),
    owner: { locktime: BigInt(inner.locktime as number), threshold: inner.threshold as number, addresses: inner.addresses as string[] },
    stakeableLocktime,
  };
}

function ownerOf(value: unknown): Owner {
  const o = value as Fields;
  return { locktime: BigInt(o.locktime as number), threshold: o.threshold as number, addresses: o.addresses as string[] };
}

const inputAmount = (input: Fields): bigint => BigInt(((input.input as Fields | undefined) ?? input).amount as number);

/** avax.IsSortedTransferableOutputs: by asset, then the output's codec bytes. */
function outputsSorted(outputs: TransferableOut[]): boolean {
  const keys = outputs.map((o) => encodeTransferableOutput(o as never));
  return keys.every((k, i) => i === 0 || compareBytes(keys[i - 1]!, k) <= 0);
}

/** utils.IsSortedAndUnique over UTXOIDs: by tx ID bytes, then output index. */
function inputsSortedUnique(inputs: TransferableIn[]): boolean {
  return inputs.every((input, i) => {
    if (i === 0) return true;
    const previous = inputs[i - 1]!;
    const byTx = compareBytes(decodeCB58(previous.txID), decodeCB58(input.txID));
    return byTx < 0 || (byTx === 0 && previous.outputIndex < input.outputIndex);
  });
}

/** utxo/verifier.go VerifySpend, minus signatures: the consumed UTXOs exist, match and cover what is produced. */
function verifySpend(ledger: Ledger, tx: SignedTx, ins: TransferableIn[], outs: TransferableOut[], nowSec: number, fee: bigint): string | undefined {
  const utxos = [];
  for (const input of ins) {
    const utxo = ledger.utxos.get(utxoId(input));
    if (!utxo) return `failed to read consumed UTXO ${input.txID}:${input.outputIndex} due to: not found`;
    utxos.push(utxo);
  }
  if (ins.length !== tx.credentials.length) return `wrong number of credentials: ${ins.length} inputs != ${tx.credentials.length} credentials`;
  const consumed = new Map<string, bigint>();
  for (const [i, input] of ins.entries()) {
    const utxo = utxos[i]!;
    if (utxo.assetID !== input.assetID) return `input asset ID does not match UTXO asset ID: ${input.assetID} != ${utxo.assetID}`;
    const locked = BigInt(nowSec) < utxo.stakeableLocktime;
    if (locked && !(input.input as Fields).input) return 'locked funds not marked as locked';
    consumed.set(utxo.assetID, (consumed.get(utxo.assetID) ?? 0n) + inputAmount(input.input as Fields));
  }
  const produced = new Map<string, bigint>([[ledger.avaxAssetID, fee]]);
  for (const out of outs) produced.set(out.assetID, (produced.get(out.assetID) ?? 0n) + outputParts(out.output).amount);
  for (const [assetID, amount] of produced) {
    const have = consumed.get(assetID) ?? 0n;
    if (amount > have) return `insufficient unlocked funds: needs ${amount - have} more ${assetID}`;
  }
  return undefined;
}

/** The visitor's error for one tx (standardTxExecutor), or undefined when it would be accepted. */
function executionError(ledger: Ledger, tx: SignedTx, nowSec: number): string | undefined {
  const unsigned = tx.unsignedTx as unknown as Fields;
  const type = typeName(tx.unsignedTx) ?? '';
  if (type === 'AddValidatorTx') return 'AddValidatorTx is not permitted post-Durango';
  if (type === 'AddDelegatorTx') return 'AddDelegatorTx is not permitted post-Durango';
  if (type === 'AdvanceTimeTx' || type === 'RewardValidatorTx') return 'wrong transaction type';
  if (type === 'ImportTx') return 'failed to get shared memory: not found';
  // txs/base_tx.go BaseTx.SyntacticVerify
  if (unsigned.networkID !== ledger.networkID) return 'metadata failed verification: tx has wrong network ID';
  if (unsigned.blockchainID !== P_CHAIN_ID) return 'metadata failed verification: tx has wrong chain ID';
  const ins = unsigned.inputs as TransferableIn[];
  const outs = unsigned.outputs as TransferableOut[];
  if (!outputsSorted(outs)) return 'outputs not sorted';
  if (!inputsSortedUnique(ins)) return 'inputs not sorted and unique';
  const stake = (unsigned.stake as TransferableOut[] | undefined) ?? [];
  const exported = (unsigned.exportedOutputs as TransferableOut[] | undefined) ?? [];
  if (STAKER_TXS.has(type)) {
    const validator = unsigned.validator as { nodeID: string; weight: number };
    const subnetID = unsigned.subnetID as string;
    const staked = stake.reduce((sum, s) => sum + outputParts(s.output).amount, 0n);
    if (type === 'AddPermissionlessValidatorTx') {
      if (subnetID === P_CHAIN_ID && BigInt(validator.weight) < MIN_VALIDATOR_STAKE) return 'weight of this validator is too low';
      if (ledger.stakers.some((s) => s.nodeID === validator.nodeID && s.subnetID === subnetID)) return `duplicate validator: ${validator.nodeID} on ${subnetID}`;
    } else if (!ledger.stakers.some((s) => s.nodeID === validator.nodeID && s.subnetID === subnetID)) {
      return `failed to fetch the validator for ${validator.nodeID} on ${subnetID}: not found`;
    }
    if (staked !== BigInt(validator.weight)) return `flow check failed: insufficient unlocked funds: needs ${BigInt(validator.weight)} more ${ledger.avaxAssetID}`;
    const error = verifySpend(ledger, tx, ins, [...outs, ...stake], nowSec, ledger.txFee);
    return error === undefined ? undefined : `flow check failed: ${error}`;
  }
  return verifySpend(ledger, tx, ins, [...outs, ...exported], nowSec, ledger.txFee);
}

/** vms/txs/mempool/mempool.go:28 droppedTxIDsCacheSize: a node remembers the last 64 refusals. */
const DROPPED_KEPT = 64;

/** mempool.MarkDropped: an LRU of the reasons, the oldest forgotten (then the tx's status is Unknown again). */
function markDropped(ledger: Ledger, txID: string, reason: string): void {
  ledger.dropped.delete(txID);
  ledger.dropped.set(txID, reason);
  if (ledger.dropped.size > DROPPED_KEPT) ledger.dropped.delete(ledger.dropped.keys().next().value!);
}

export type IssueOutcome = { txID: string } | { error: string };

/** network.IssueTxFromRPC through gossipMempool.Add: the ID, or the error text after "couldn't issue tx: ". */
export function issueTx(ledger: Ledger, bytes: Uint8Array, tx: SignedTx, nowSec: number): IssueOutcome {
  const id = txId(bytes);
  // vm.issueTxFromRPC ignores ErrDuplicateTx: issuing a tx twice answers its ID again.
  if (ledger.mempool.has(id)) return { txID: id };
  const reason = ledger.dropped.get(id);
  if (reason !== undefined) return { error: reason };
  // A tx accepted already fails like any other: its inputs are spent.
  const failure = executionError(ledger, tx, nowSec);
  if (failure !== undefined) {
    const verifyError = `failed execution: standard tx ${id} failed execution: ${failure}`;
    markDropped(ledger, id, verifyError);
    return { error: `failed verification: ${verifyError}` };
  }
  const inputIDs = new Set((tx.unsignedTx as unknown as { inputs: TransferableIn[] }).inputs.map((i) => utxoId(i)));
  for (const pending of ledger.mempool.values()) {
    if ((pending.tx.unsignedTx as unknown as { inputs: TransferableIn[] }).inputs.some((i) => inputIDs.has(utxoId(i)))) {
      markDropped(ledger, id, 'tx conflicts with other tx');
      return { error: 'tx conflicts with other tx' };
    }
  }
  ledger.mempool.set(id, { bytes, tx });
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
        potentialReward: 0n,
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
    target?.delegators.push({ txID: id, startTime: BigInt(blockTime), endTime: BigInt(validator.end), weight: BigInt(validator.weight), rewardOwner: ownerOf(unsigned.rewardsOwner), potentialReward: 0n });
  } else if (type === 'CreateSubnetTx') {
    ledger.subnets.push({ id, owner: ownerOf(unsigned.owner) });
  }
}

/** Stakers whose end time has come leave the set; their stake comes back as UTXOs of their tx. */
export function endStakers(ledger: Ledger, blockTime: number): void {
  const now = BigInt(blockTime);
  for (const staker of ledger.stakers) {
    staker.delegators = staker.delegators.filter((d) => d.endTime > now);
  }
  const ending = ledger.stakers.filter((s) => s.endTime <= now);
  ledger.stakers = ledger.stakers.filter((s) => s.endTime > now);
  for (const staker of ending) {
    staker.stake.forEach((s, i) => {
      const utxo = makeUtxo(ledger, staker.txID, staker.stakeIndex + i, s.assetID, s.amount, s.owner);
      ledger.utxos.set(utxo.id, utxo);
    });
  }
}
