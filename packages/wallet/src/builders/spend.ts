// The Go wallet's spend (wallet/chain/p/builder/builder.go#spend at v1.14.2): stakeable-locked
// UTXOs only for stake, other assets next, AVAX last with the fee re-priced as each input is
// added; change to the change owner; inputs sorted by UTXO ID, outputs by asset then bytes.
import { decodeCB58, encodeTransferableOutput } from '@avanode/codec';
import { InsufficientFundsError } from '../errors.js';
import { inputComplexity, outputComplexity } from '../rules/complexity.js';
import { type Dimensions, addDimensions, gasCost, toGas } from '../rules/gas.js';
import { add64 } from '../rules/uint64.js';
import type { ReadUtxo } from '../utxos.js';
import { type BuildContext, type Owner, hexKey } from './context.js';

/** A transferable input as the codec writes it (types named, so no shape guessing). */
export interface InputObject {
  readonly txID: string;
  readonly outputIndex: number;
  readonly assetID: string;
  readonly input: Record<string, unknown>;
}

export interface OutputObject {
  readonly assetID: string;
  readonly output: Record<string, unknown>;
}

export function transferOutput(amount: bigint, owner: Owner): Record<string, unknown> {
  return { type: 'secp256k1fx.TransferOutput', amount, locktime: owner.locktime, threshold: owner.threshold, addresses: owner.addresses };
}

export interface SpendRequest {
  /** Per asset, what the outputs take (burned from the spender's view). */
  readonly toBurn: Map<string, bigint>;
  /** Per asset, what is staked. */
  readonly toStake: Map<string, bigint>;
  /** AVAX already available (an ImportTx's imported AVAX). */
  readonly excessAVAX: bigint;
  /** The complexity of everything but what spend adds. */
  readonly complexity: Dimensions;
  /** Where AVAX change goes when no extra AVAX is spent (ImportTx: its `to`). */
  readonly ownerOverride?: Owner;
}

export interface Spent {
  readonly inputs: InputObject[];
  readonly changeOutputs: OutputObject[];
  readonly stakeOutputs: OutputObject[];
  /** The fee the tx pays at the context's gas price. */
  readonly fee: bigint;
  /** The spent UTXOs, keyed by `txID:outputIndex`. */
  readonly spent: ReadUtxo[];
}

/** common.MatchOwners: the first `threshold` owner addresses we hold, or undefined. */
export function matchOwners(owner: ReadUtxo['owner'], from: ReadonlySet<string>, minIssuanceTime: bigint): number[] | undefined {
  if (owner.locktime > minIssuanceTime) return undefined;
  const indices: number[] = [];
  for (let i = 0; i < owner.addresses.length && indices.length < owner.threshold; i++) {
    if (from.has(hexKey(owner.addresses[i]!))) indices.push(i);
  }
  return indices.length === owner.threshold ? indices : undefined;
}

function ownerOfUtxo(utxo: ReadUtxo): Owner {
  return { type: 'secp256k1fx.OutputOwners', locktime: utxo.owner.locktime, threshold: utxo.owner.threshold, addresses: (utxo.utxo.output as { output?: { addresses: string[] }; addresses?: string[] }).output?.addresses ?? (utxo.utxo.output as { addresses: string[] }).addresses };
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** utils.Sort of TransferableInputs: by tx ID bytes, then output index. */
export function sortInputs(inputs: InputObject[]): InputObject[] {
  const keyed = inputs.map((input) => ({ input, tx: decodeCB58(input.txID) }));
  keyed.sort((a, b) => compareBytes(a.tx, b.tx) || a.input.outputIndex - b.input.outputIndex);
  return keyed.map((k) => k.input);
}

/** avax.SortTransferableOutputs: by asset ID bytes, then by the output's codec bytes. */
export function sortOutputs(outputs: OutputObject[]): OutputObject[] {
  // The encoded transferable output is the asset ID then the output's bytes: comparing it whole is the same order.
  const keyed = outputs.map((output) => ({ output, bytes: encodeTransferableOutput(output as unknown as Record<string, unknown>) }));
  keyed.sort((a, b) => compareBytes(a.bytes, b.bytes));
  return keyed.map((k) => k.output);
}

/** Spends the context's UTXOs for a request (builder.go#spend). */
export function spend(ctx: BuildContext, request: SpendRequest): Spent {
  const toBurn = new Map(request.toBurn);
  const toStake = new Map(request.toStake);
  const needed = new Map<string, bigint>();
  for (const [asset, amount] of [...toBurn, ...toStake]) needed.set(asset, add64(needed.get(asset) ?? 0n, amount));
  let complexity = request.complexity;
  let excessAVAX = request.excessAVAX;
  let ownerOverride = request.ownerOverride ?? ctx.changeOwner;
  const inputs: InputObject[] = [];
  const changeOutputs: OutputObject[] = [];
  const stakeOutputs: OutputObject[] = [];
  const spent: ReadUtxo[] = [];
  const fee = () => gasCost(toGas(complexity, ctx.weights), ctx.gasPrice);
  const addInput = (input: InputObject, utxo: ReadUtxo) => {
    complexity = addDimensions(complexity, inputComplexity(input));
    inputs.push(input);
    spent.push(utxo);
  };
  const addOutput = (list: OutputObject[], output: OutputObject) => {
    complexity = addDimensions(complexity, outputComplexity(output));
    list.push(output);
  };
  const consumeLocked = (asset: string, amount: bigint): bigint => {
    const staking = toStake.get(asset) ?? 0n;
    const taken = staking < amount ? staking : amount;
    toStake.set(asset, staking - taken);
    return amount - taken;
  };
  const consume = (asset: string, amount: bigint): bigint => {
    const burning = toBurn.get(asset) ?? 0n;
    const taken = burning < amount ? burning : amount;
    toBurn.set(asset, burning - taken);
    return consumeLocked(asset, amount - taken);
  };
  const shouldConsumeLocked = (asset: string) => (toStake.get(asset) ?? 0n) !== 0n;
  const shouldConsume = (asset: string) => (toBurn.get(asset) ?? 0n) !== 0n || shouldConsumeLocked(asset);

  const locked: ReadUtxo[] = [];
  const unlockedOther: ReadUtxo[] = [];
  const unlockedAVAX: ReadUtxo[] = [];
  for (const utxo of ctx.utxos) {
    if (utxo.stakeableLocktime > ctx.minIssuanceTime) locked.push(utxo);
    else if (utxo.assetID === ctx.avaxAssetID) unlockedAVAX.push(utxo);
    else unlockedOther.push(utxo);
  }

  // Stakeable-locked UTXOs: only to stake, their excess back to their own owner, still locked.
  for (const utxo of locked) {
    if (!shouldConsumeLocked(utxo.assetID)) continue;
    const indices = matchOwners(utxo.owner, ctx.from, ctx.minIssuanceTime);
    if (indices === undefined) continue;
    const inner = { type: 'secp256k1fx.TransferInput', amount: utxo.amount, signatureIndices: indices };
    addInput({ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, input: { type: 'stakeable.LockIn', locktime: utxo.stakeableLocktime, input: inner } }, utxo);
    const excess = consumeLocked(utxo.assetID, utxo.amount);
    const owner = ownerOfUtxo(utxo);
    const lockOut = (amount: bigint) => ({ type: 'stakeable.LockOut', locktime: utxo.stakeableLocktime, output: transferOutput(amount, owner) });
    addOutput(stakeOutputs, { assetID: utxo.assetID, output: lockOut(utxo.amount - excess) });
    if (excess !== 0n) addOutput(changeOutputs, { assetID: utxo.assetID, output: lockOut(excess) });
  }
  // What is still to stake comes from unlocked UTXOs, staked to the change owner.
  for (const [asset, amount] of toStake) {
    if (amount !== 0n) addOutput(stakeOutputs, { assetID: asset, output: transferOutput(amount, ctx.changeOwner) });
  }
  const addUnlocked = (utxo: ReadUtxo): bigint | undefined => {
    const indices = matchOwners(utxo.owner, ctx.from, ctx.minIssuanceTime);
    if (indices === undefined) return undefined;
    addInput({ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, input: { type: 'secp256k1fx.TransferInput', amount: utxo.amount, signatureIndices: indices } }, utxo);
    return consume(utxo.assetID, utxo.amount);
  };
  for (const utxo of unlockedOther) {
    if (!shouldConsume(utxo.assetID)) continue;
    const excess = addUnlocked(utxo);
    if (excess !== undefined && excess !== 0n) addOutput(changeOutputs, { assetID: utxo.assetID, output: transferOutput(excess, ctx.changeOwner) });
  }
  // AVAX last: the fee grows with each input, so stop once the excess pays it.
  for (const utxo of unlockedAVAX) {
    if (!shouldConsume(ctx.avaxAssetID) && excessAVAX >= fee()) break;
    const excess = addUnlocked(utxo);
    if (excess === undefined) continue;
    excessAVAX = add64(excessAVAX, excess);
    ownerOverride = ctx.changeOwner;
  }

  const short = [...toStake, ...toBurn].filter(([, amount]) => amount !== 0n);
  const requiredFee = fee();
  if (short.length > 0 || excessAVAX < requiredFee) throw insufficient(ctx, needed, request.toStake, requiredFee, request.excessAVAX);

  // A change output is worth adding only if the excess pays for its own complexity too.
  const change = { assetID: ctx.avaxAssetID, output: transferOutput(0n, ownerOverride) };
  complexity = addDimensions(complexity, outputComplexity(change));
  const feeWithChange = fee();
  let paid = requiredFee;
  if (excessAVAX > feeWithChange) {
    (change.output as { amount: bigint }).amount = excessAVAX - feeWithChange;
    changeOutputs.push(change);
    paid = feeWithChange;
  } else {
    paid = excessAVAX;
  }
  return { inputs: sortInputs(inputs), changeOutputs: sortOutputs(changeOutputs), stakeOutputs: sortOutputs(stakeOutputs), fee: paid, spent };
}

/** The shortfall per asset: what was needed (AVAX: with the fee) and what the spendable UTXOs hold. */
function insufficient(ctx: BuildContext, needed: Map<string, bigint>, staked: ReadonlyMap<string, bigint>, fee: bigint, excessAVAX: bigint): InsufficientFundsError {
  const available = new Map<string, bigint>();
  for (const utxo of ctx.utxos) {
    const lockedNow = utxo.stakeableLocktime > ctx.minIssuanceTime;
    // A stakeable-locked UTXO counts only toward what is staked.
    if (lockedNow && (staked.get(utxo.assetID) ?? 0n) === 0n) continue;
    if (matchOwners(utxo.owner, ctx.from, ctx.minIssuanceTime) === undefined) continue;
    available.set(utxo.assetID, (available.get(utxo.assetID) ?? 0n) + utxo.amount);
  }
  available.set(ctx.avaxAssetID, (available.get(ctx.avaxAssetID) ?? 0n) + excessAVAX);
  const totals = new Map(needed);
  totals.set(ctx.avaxAssetID, (totals.get(ctx.avaxAssetID) ?? 0n) + fee);
  const shortfalls = [...totals]
    .map(([assetID, amount]) => ({ assetID, ...(assetID === ctx.avaxAssetID ? { assetName: 'AVAX' } : {}), needed: amount, available: available.get(assetID) ?? 0n }))
    .filter((s) => s.needed > s.available || s.assetID === ctx.avaxAssetID);
  return new InsufficientFundsError(shortfalls.filter((s) => s.needed > s.available).length > 0 ? shortfalls.filter((s) => s.needed > s.available) : shortfalls);
}
