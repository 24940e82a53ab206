// The node's checks of an issued tx (avalanchego v1.14.2): txs/base_tx.go SyntacticVerify,
// txs/executor/standard_tx_executor.go (memo, fee, the staker rules the mock keeps; Helicon's
// auto-renewed validator txs as v1.15.0-fuji checks them, auto-renewed.ts),
// utxo/verifier.go VerifySpend/VerifySpendUTXOs, and through @avanode/wallet/rules the
// secp256k1fx checks (amounts, locktimes, thresholds, signature indices, recovery, low S) and the
// dynamic fee. Each refusal is the node's text, as it reaches `standard tx <id> failed execution: `.
import { decodeCB58, encodeTransferableOutput, typeName, utxoId, type SignedTx } from '@avanode/codec';
import { RuleError, add64, txFee, verifyOwner, verifySpend as verifyFxSpend, verifyTransferInput, verifyTransferOutput } from '@avanode/wallet/rules';
import { P_CHAIN_ID, type Ledger } from '../state/ledger.js';
import type { UtxoRecord } from '../state/utxo.js';
import { compareBytes } from '../util/bytes.js';
import { AuthorizationError, authorize, verifyAuthorization } from './authorization.js';
import { AUTO_RENEWED_TXS, autoRenewedShape, autoRenewedSyntax, verifyAddAutoRenewedRules, verifySetAutoRenewedConfigRules } from './auto-renewed.js';
import { createChainShape, exportShape, exportedOutputsSyntax, verifySameSubnet, wrapExportSpend } from './chain-txs.js';
import { Refusal, refuse, refuseWith, wrapRefusal } from './errors.js';
import { STAKER_TXS, stakerShape, stakerSyntax, verifyStakerRules } from './staker.js';
import { SUBNET_VALIDATOR_TXS, subnetValidatorShape, subnetValidatorSyntax, verifySubnetValidatorRules } from './subnet-validators.js';
import { WarpTxRefusal, registerL1Validator, setL1ValidatorWeight } from './warp-txs.js';
import { importedUtxos } from '../chains/p/atomic.js';
import { SharedMemory } from '../shared-memory.js';

const MAX_UINT64 = 2n ** 64n - 1n;

export type Fields = Record<string, unknown>;
export interface TransferableIn {
  txID: string;
  outputIndex: number;
  assetID: string;
  input: Fields;
}
export interface TransferableOut {
  assetID: string;
  output: Fields;
}

/** An output's amount, owner and stakeable locktime (0 when not a stakeable.LockOut). */
export function outputParts(output: Fields): { amount: bigint; owner: { locktime: bigint; threshold: number; addresses: string[] }; stakeableLocktime: bigint } {
  const inner = (output.output as Fields | undefined) ?? output;
  return {
    amount: BigInt(inner.amount as number),
    owner: { locktime: BigInt(inner.locktime as number), threshold: inner.threshold as number, addresses: inner.addresses as string[] },
    stakeableLocktime: output.output ? BigInt(output.locktime as number) : 0n,
  };
}

/** The wallet rules' refusal as the node's text; anything else goes on up. */
function ruleText(error: unknown): string {
  if (error instanceof RuleError) return error.message;
  throw error;
}

/** avax.TransferableOutput#Verify: a stakeable.LockOut's locktime, then secp256k1fx.TransferOutput#Verify. */
function verifyOutput(out: TransferableOut, prefix = 'output failed verification: '): void {
  const output = out.output;
  if (output.output !== undefined) {
    if (BigInt(output.locktime as number) === 0n) refuse(`${prefix}invalid locktime`);
    if ((output.output as Fields).output !== undefined) refuse(`${prefix}shouldn't nest stakeable locks`);
  }
  const inner = (output.output as Fields | undefined) ?? output;
  try {
    verifyTransferOutput(inner as never);
  } catch (error) {
    refuse(`${prefix}${ruleText(error)}`);
  }
}
/** A stake output's Verify, its refusal as it is (the staker tx wraps it). */
const verifyStakeOutput = (out: TransferableOut) => verifyOutput(out, '');

function verifyInput(input: TransferableIn): void {
  const wrapped = input.input;
  if (wrapped.input !== undefined) {
    if (BigInt(wrapped.locktime as number) === 0n) refuse('input failed verification: invalid locktime');
    if ((wrapped.input as Fields).input !== undefined) refuse("input failed verification: shouldn't nest stakeable locks");
  }
  try {
    verifyTransferInput(((wrapped.input as Fields | undefined) ?? wrapped) as never);
  } catch (error) {
    refuse(`input failed verification: ${ruleText(error)}`);
  }
}

/** txs/base_tx.go BaseTx#SyntacticVerify (with avax.BaseTx#Verify). */
function syntacticVerify(ledger: Ledger, unsigned: Fields, ins: TransferableIn[], outs: TransferableOut[]): void {
  if (unsigned.networkID !== ledger.networkID) refuse('metadata failed verification: tx has wrong network ID');
  if (unsigned.blockchainID !== P_CHAIN_ID) refuse('metadata failed verification: tx has wrong chain ID');
  const memoBytes = ((unsigned.memo as string | undefined)?.length ?? 2) / 2 - 1;
  if (memoBytes > 256) refuse(`metadata failed verification: memo exceeds maximum length: ${memoBytes} > 256`);
  for (const out of outs) verifyOutput(out);
  for (const input of ins) verifyInput(input);
  const keys = outs.map((o) => encodeTransferableOutput(o as never));
  if (!keys.every((k, i) => i === 0 || compareBytes(keys[i - 1]!, k) <= 0)) refuse('outputs not sorted');
  const sortedUnique = ins.every((input, i) => {
    if (i === 0) return true;
    const previous = ins[i - 1]!;
    const byTx = compareBytes(decodeCB58(previous.txID), decodeCB58(input.txID));
    return byTx < 0 || (byTx === 0 && previous.outputIndex < input.outputIndex);
  });
  if (!sortedUnique) refuse('inputs not sorted and unique');
}

/** avax.VerifyMemoFieldLength post-Durango (after SyntacticVerify): no memo at all. */
function verifyMemoLength(unsigned: Fields): void {
  const memoBytes = ((unsigned.memo as string | undefined)?.length ?? 2) / 2 - 1;
  if (memoBytes > 0) refuse(`memo exceeds maximum length: ${memoBytes} > 0`);
}

/**
 * The tx's SyntacticVerify (its own opening checks, BaseTx's, its own closing ones), then the
 * memo: the staker txs wrap BaseTx's refusal in `failed to verify BaseTx: `.
 */
function syntax(ledger: Ledger, type: string, unsigned: Fields, ins: TransferableIn[], outs: TransferableOut[]): void {
  const staker = STAKER_TXS.has(type);
  if (staker) stakerShape(type, unsigned);
  else if (type === 'CreateChainTx') createChainShape(unsigned);
  else if (type === 'ExportTx') exportShape(unsigned);
  else if (SUBNET_VALIDATOR_TXS.has(type)) subnetValidatorShape(type, unsigned);
  try {
    syntacticVerify(ledger, unsigned, ins, outs);
  } catch (error) {
    if (staker && error instanceof Refusal) throw wrapRefusal('failed to verify BaseTx: ', error);
    throw error;
  }
  if (staker) stakerSyntax(type, unsigned, verifyStakeOutput);
  else if (SUBNET_VALIDATOR_TXS.has(type)) subnetValidatorSyntax(type, unsigned);
  else if (type === 'ExportTx') exportedOutputsSyntax(unsigned, (out) => verifyOutput(out), (out) => encodeTransferableOutput(out as never));
  verifyMemoLength(unsigned);
}

const add = (map: Map<string, bigint>, key: string, amount: bigint) => {
  const sum = (map.get(key) ?? 0n) + amount;
  // safe_math.Add's error, as VerifySpendUTXOs returns it.
  if (sum > MAX_UINT64) refuse('overflow');
  map.set(key, sum);
};

/** An owner's identity for locked amounts (the node hashes the owner's bytes; equal owners, equal keys). */
const ownerKey = (owner: { locktime: bigint; threshold: number; addresses: string[] }) => `${owner.locktime}/${owner.threshold}/${owner.addresses.join(',')}`;

/** utxo/verifier.go VerifySpend + VerifySpendUTXOs, the fx checks from @avanode/wallet/rules. */
function verifySpend(ledger: Ledger, ins: TransferableIn[], outs: TransferableOut[], creds: SignedTx['credentials'], unsignedBytes: Uint8Array, nowSec: bigint, burnedAVAX: bigint, imported?: ReadonlyMap<string, UtxoRecord>): void {
  const utxos: UtxoRecord[] = [];
  for (const input of ins) {
    const utxo = ledger.utxos.get(utxoId(input)) ?? imported?.get(utxoId(input));
    if (!utxo) refuse(`failed to read consumed UTXO ${input.txID}:${input.outputIndex} due to: not found`);
    utxos.push(utxo!);
  }
  if (ins.length !== creds.length) refuse(`wrong number of credentials: ${ins.length} inputs != ${creds.length} credentials`);
  const unlockedConsumed = new Map<string, bigint>();
  const lockedConsumed = new Map<string, bigint>();
  for (const [i, input] of ins.entries()) {
    const utxo = utxos[i]!;
    if (utxo.assetID !== input.assetID) refuse(`input asset ID does not match UTXO asset ID: ${input.assetID} != ${utxo.assetID}`);
    const locktime = utxo.stakeableLocktime;
    let inner = input.input;
    if (inner.input === undefined && nowSec < locktime) refuse('locked funds not marked as locked');
    if (inner.input !== undefined) {
      const claimed = BigInt(inner.locktime as number);
      if (claimed !== locktime) refuse(`input locktime does not match UTXO locktime: ${claimed} != ${locktime}`);
      inner = inner.input as Fields;
    }
    const credential = creds[i] as { signatures?: string[] };
    if (!Array.isArray(credential?.signatures)) refuse('failed to verify transfer: wrong credential type');
    try {
      verifyFxSpend({ unsignedBytes, input: inner as never, credential: credential as never, utxo: { ...utxo.owner, amount: utxo.amount }, now: nowSec });
    } catch (error) {
      refuse(`failed to verify transfer: ${ruleText(error)}`);
    }
    const amount = BigInt(inner.amount as number);
    if (nowSec >= locktime) add(unlockedConsumed, utxo.assetID, amount);
    else add(lockedConsumed, `${utxo.assetID}|${locktime}|${ownerKey(utxo.owner)}`, amount);
  }
  const unlockedProduced = new Map<string, bigint>([[ledger.avaxAssetID, burnedAVAX]]);
  const lockedProduced = new Map<string, { assetID: string; locktime: bigint; amount: bigint }>();
  for (const out of outs) {
    const { amount, owner, stakeableLocktime } = outputParts(out.output);
    if (stakeableLocktime === 0n) {
      add(unlockedProduced, out.assetID, amount);
      continue;
    }
    const key = `${out.assetID}|${stakeableLocktime}|${ownerKey(owner)}`;
    const entry = lockedProduced.get(key) ?? { assetID: out.assetID, locktime: stakeableLocktime, amount: 0n };
    entry.amount += amount;
    if (entry.amount > MAX_UINT64) refuse('overflow');
    lockedProduced.set(key, entry);
  }
  for (const [key, produced] of lockedProduced) {
    const consumed = lockedConsumed.get(key) ?? 0n;
    if (produced.amount <= consumed) continue;
    const increase = produced.amount - consumed;
    const unlocked = unlockedConsumed.get(produced.assetID) ?? 0n;
    if (increase > unlocked) refuse(`insufficient locked funds: needs ${increase - unlocked} more ${produced.assetID} for locktime ${produced.locktime}`);
    unlockedConsumed.set(produced.assetID, unlocked - increase);
  }
  for (const [assetID, amount] of unlockedProduced) {
    const have = unlockedConsumed.get(assetID) ?? 0n;
    if (amount > have) refuse(`insufficient unlocked funds: needs ${amount - have} more ${assetID}`);
  }
}

export interface VerifyContext {
  ledger: Ledger;
  tx: SignedTx;
  unsignedBytes: Uint8Array;
  /** The time of the block the tx would go in, Unix seconds (executor.AdvanceTimeTo's). */
  nowSec: bigint;
  /** The gas price of that block, nAVAX per gas. */
  price: bigint;
}

/** The tx's fee at the chain's weights and `price` (the executor's feeCalculator.CalculateFee). */
const feeOf = (ledger: Ledger, tx: SignedTx, price: bigint): bigint => txFee(tx, { weights: [ledger.fees.config.weights.bandwidth, ledger.fees.config.weights.dbRead, ledger.fees.config.weights.dbWrite, ledger.fees.config.weights.compute], price });

/** The visitor's error for one tx (standardTxExecutor), or undefined when the node would accept it. */
export function executionError(context: VerifyContext): string | undefined {
  try {
    execute(context);
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    // A rule the node applies threw with the node's text (an overflow in the fee, say).
    if (error instanceof RuleError) return error.message;
    throw error;
  }
}

function execute({ ledger, tx, unsignedBytes, nowSec, price }: VerifyContext): void {
  const unsigned = tx.unsignedTx as unknown as Fields;
  const type = typeName(tx.unsignedTx) ?? '';
  if (type === 'AddValidatorTx') refuseWith('ErrAddValidatorTxPostDurango');
  if (type === 'AddDelegatorTx') refuseWith('ErrAddDelegatorTxPostDurango');
  if (type === 'TransformSubnetTx') refuse('TransformSubnetTx is not permitted post-Etna');
  if (type === 'AdvanceTimeTx' || type === 'RewardValidatorTx' || type === 'RewardAutoRenewedValidatorTx') refuse('wrong transaction type');
  const ins = unsigned.inputs as TransferableIn[];
  const outs = unsigned.outputs as TransferableOut[];
  if (AUTO_RENEWED_TXS.has(type)) {
    executeAutoRenewed({ ledger, tx, unsignedBytes, nowSec, price }, type, ins, outs);
    return;
  }
  syntax(ledger, type, unsigned, ins, outs);
  // standardTxExecutor.ImportTx: the UTXOs another chain exported, from shared memory (chains/p/atomic.ts).
  const imported = type === 'ImportTx' ? importedUtxos(ledger, ledger.sharedMemory ?? new SharedMemory(), unsigned) : undefined;
  if (imported && 'error' in imported) refuse(imported.error);
  const importedIns = (unsigned.importedInputs as TransferableIn[] | undefined) ?? [];
  // A subnet validator's period, duplicate and primary network validator come before its subnet's authorization.
  if (SUBNET_VALIDATOR_TXS.has(type)) verifySubnetValidatorRules(ledger, type, unsigned, nowSec);
  // The subnet or L1 authorization (the tx's last credential) before the flow check, as the node's executors order them.
  let baseCreds: SignedTx['credentials'];
  try {
    baseCreds = authorize(ledger, tx, type, unsignedBytes, nowSec);
  } catch (error) {
    if (error instanceof AuthorizationError) refuse(error.message);
    throw error;
  }
  const fee = feeOf(ledger, tx, price);
  const stake = (unsigned.stake as TransferableOut[] | undefined) ?? [];
  if (STAKER_TXS.has(type)) {
    verifyStakerRules(ledger, type, unsigned, nowSec);
    try {
      verifySpend(ledger, ins, [...outs, ...stake], baseCreds, unsignedBytes, nowSec, fee);
    } catch (error) {
      if (error instanceof Refusal) throw wrapRefusal('flow check failed: ', error);
      throw error;
    }
    return;
  }
  for (const key of ['owner', 'validationRewardsOwner', 'delegationRewardsOwner', 'rewardsOwner']) {
    if (unsigned[key] === undefined) continue;
    try {
      verifyOwner(unsigned[key] as never);
    } catch (error) {
      refuse(ruleText(error));
    }
  }
  if (type === 'ExportTx') verifySameSubnet(ledger, unsigned.destinationChain as string);
  try {
    verifySpend(ledger, [...ins, ...importedIns], [...outs, ...((unsigned.exportedOutputs as TransferableOut[] | undefined) ?? [])], baseCreds, unsignedBytes, nowSec, burned(type, unsigned, fee), imported && 'utxos' in imported ? imported.utxos : undefined);
  } catch (error) {
    if (type === 'ExportTx') wrapExportSpend(error);
    if (SUBNET_VALIDATOR_TXS.has(type) && error instanceof Refusal) throw wrapRefusal('flow check failed: ', error);
    throw error;
  }
  // After the flow check: the warp message's payload, the L1, the expiry, the nonce (warp-txs.ts).
  try {
    if (type === 'RegisterL1ValidatorTx') registerL1Validator(ledger, unsigned, nowSec);
    else if (type === 'SetL1ValidatorWeightTx') setL1ValidatorWeight(ledger, unsigned);
  } catch (error) {
    if (error instanceof WarpTxRefusal) refuse(error.message);
    throw error;
  }
  if (type === 'IncreaseL1ValidatorBalanceTx') {
    // After the flow check: state.GetL1Validator's database.ErrNotFound, then the balance's math.Add.
    const validator = ledger.l1Validators.find((v) => v.validationID === unsigned.validationID);
    if (!validator) refuse('not found');
    if (validator!.balance + BigInt(unsigned.balance as number) > MAX_UINT64) refuse('overflow');
  }
}

/**
 * verifyAddAutoRenewedValidatorTx / verifySetAutoRenewedValidatorConfigTx (v1.15.0-fuji): the
 * upgrade, SyntacticVerify (BaseTx's refusal wrapped by type 40 only), the memo, the rules
 * (auto-renewed.ts), type 41's authorization by the validator authority, then the flow check.
 */
function executeAutoRenewed({ ledger, tx, unsignedBytes, nowSec, price }: VerifyContext, type: string, ins: TransferableIn[], outs: TransferableOut[]): void {
  if (nowSec < ledger.heliconTime) refuseWith('errHeliconUpgradeNotActive');
  const unsigned = tx.unsignedTx as unknown as Fields;
  const add = type === 'AddAutoRenewedValidatorTx';
  autoRenewedShape(type, unsigned);
  try {
    syntacticVerify(ledger, unsigned, ins, outs);
  } catch (error) {
    if (add && error instanceof Refusal) throw wrapRefusal('verifying BaseTx: ', error);
    throw error;
  }
  autoRenewedSyntax(type, unsigned, ledger.avaxAssetID, verifyStakeOutput);
  verifyMemoLength(unsigned);
  let creds = tx.credentials;
  if (add) verifyAddAutoRenewedRules(ledger, unsigned, nowSec);
  else {
    const authority = verifySetAutoRenewedConfigRules(ledger, unsigned, nowSec);
    try {
      creds = verifyAuthorization(tx, unsignedBytes, authority, unsigned.auth, nowSec);
    } catch (error) {
      if (error instanceof AuthorizationError) refuse(error.message);
      throw error;
    }
  }
  const fee = feeOf(ledger, tx, price);
  try {
    verifySpend(ledger, ins, [...outs, ...((unsigned.stake as TransferableOut[] | undefined) ?? [])], creds, unsignedBytes, nowSec, fee);
  } catch (error) {
    if (error instanceof Refusal) throw wrapRefusal('flow check failed: ', error);
    throw error;
  }
}

/**
 * The AVAX a tx consumes without an output: its fee, plus the balances an L1 validator is given
 * (utxo/verifier.go inputOutputGetter's ProducedAVAX, then math.Add with the fee in the executor).
 */
function burned(type: string, unsigned: Fields, fee: bigint): bigint {
  let produced = 0n;
  try {
    if (type === 'ConvertSubnetToL1Tx') for (const v of unsigned.validators as Array<{ balance: number | bigint }>) produced = add64(produced, BigInt(v.balance));
    else if (type === 'RegisterL1ValidatorTx' || type === 'IncreaseL1ValidatorBalanceTx') produced = BigInt(unsigned.balance as number);
  } catch {
    // GetInputOutputs wraps its visitor's error, and the executor wraps it again.
    refuse('getting utxos getting utxos overflow');
  }
  try {
    return add64(produced, fee);
  } catch {
    return refuse(type === 'ConvertSubnetToL1Tx' ? 'overflow' : 'adding fee: overflow');
  }
}
