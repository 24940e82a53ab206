// One builder per tx type the Go wallet builds (wallet/chain/p/builder/builder.go at v1.14.2),
// all over one spend: each lays out the tx without its inputs, change and stake, takes that
// skeleton's complexity, spends for what it burns and stakes, and returns the unsigned tx.
import { type UnsignedTx, type Utxo, EMPTY_ID, decodeCB58, decodeUnsignedTx, encodeUnsignedTx, nodeIdFromString, fromHex, idFromString } from '@avanode/codec';
import type { ProofOfPossession } from '../bls.js';
import { InsufficientFundsError } from '../errors.js';
import { txComplexity } from '../rules/complexity.js';
import type { OwnerLike } from '../rules/secp256k1fx.js';
import { type Uint64Like, add64, toUint64 } from '../rules/uint64.js';
import { type UtxoLike, readUtxos } from '../utxos.js';
import { type BuildContext, BuildError, type CommonParams, type Owner, type OwnerParam, P_CHAIN_ID, buildContext, bytesParam, hexKey, makeOwner, ownerParam } from './context.js';
import { type ChainAlias, checkedAddress } from './addresses.js';
import { checkLimits } from './limits.js';
import { type InputObject, type OutputObject, matchOwners, sortInputs, sortOutputs, spend, transferOutput } from './spend.js';

/** What every builder returns: the unsigned tx, its bytes, and what it pays. */
export interface BuiltTx {
  /** The unsigned tx, decoded (as the node prints it). */
  readonly unsignedTx: UnsignedTx;
  /** Its bytes, codec version included: what the credentials sign (their sha256). */
  readonly unsignedBytes: Uint8Array;
  /** The AVAX (nAVAX) burned as fee: at least the node's fee at the builder's gas price. */
  readonly fee: bigint;
  /** The gas price the fee was computed with (feeState.price × priceMultiplier). */
  readonly gasPrice: bigint;
  /** The UTXOs the inputs spend, for signTx. */
  readonly spentUtxos: readonly Utxo[];
  /** The owner a subnet or L1 authorization is checked against, for signTx. */
  readonly authOwner?: OwnerLike;
}

/** An output to create: to an address (threshold 1) or an owner, in AVAX unless `assetID` says otherwise. */
export interface OutputParam {
  readonly address?: string;
  readonly owner?: OwnerParam;
  readonly amount: Uint64Like;
  readonly assetID?: string;
  /** The output's own locktime (Unix seconds). Default 0. */
  readonly locktime?: Uint64Like;
}

function outputsParam(ctx: BuildContext, outputs: readonly OutputParam[], chains: readonly ChainAlias[] = ['P']): OutputObject[] {
  if (!Array.isArray(outputs)) throw new BuildError('outputs must be an array of { address, amount }');
  return outputs.map((out, i) => {
    const owner =
      out.owner !== undefined
        ? ownerParam(out.owner, `outputs[${i}].owner`, ctx.addressHrp, chains)
        : out.address !== undefined
          ? makeOwner([checkedAddress(out.address, ctx.addressHrp, { what: `outputs[${i}].address`, chains, bare: false })], 1, out.locktime ?? 0)
          : undefined;
    if (owner === undefined) throw new BuildError(`outputs[${i}] needs an address or an owner`);
    const amount = toUint64(out.amount, `outputs[${i}].amount`);
    if (amount === 0n) throw new BuildError(`outputs[${i}].amount must be above 0 (the node refuses empty outputs)`);
    return { assetID: out.assetID ?? ctx.avaxAssetID, output: transferOutput(amount, owner) };
  });
}

function sumByAsset(outputs: readonly OutputObject[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const out of outputs) sums.set(out.assetID, add64(sums.get(out.assetID) ?? 0n, (out.output as { amount: bigint }).amount));
  return sums;
}

interface Plan {
  readonly type: UnsignedTx['type'];
  /** The type's own fields, in any order (the codec writes them in the node's order). */
  readonly fields: Record<string, unknown>;
  /** Outputs the caller asked for, placed in `outputs` (or `exportedOutputs` for an ExportTx). */
  readonly outputs?: OutputObject[];
  readonly toBurn?: Map<string, bigint>;
  readonly toStake?: Map<string, bigint>;
  readonly excessAVAX?: bigint;
  readonly ownerOverride?: Owner;
  /** The field the stake outputs go in (`stake`), for staking txs. */
  readonly stakeField?: string;
  readonly exported?: boolean;
  readonly authOwner?: OwnerLike;
}

function build(ctx: BuildContext, plan: Plan): BuiltTx {
  const fixed = plan.outputs ?? [];
  const { importedUtxos, ...fields } = plan.fields;
  const skeleton: Record<string, unknown> = {
    type: plan.type,
    networkID: ctx.networkID,
    blockchainID: P_CHAIN_ID,
    outputs: plan.exported ? [] : fixed,
    inputs: [],
    memo: ctx.memo,
    ...fields,
    ...(plan.stakeField ? { [plan.stakeField]: [] } : {}),
    ...(plan.exported ? { exportedOutputs: fixed } : {}),
  };
  const spent = spend(ctx, {
    toBurn: plan.toBurn ?? new Map(),
    toStake: plan.toStake ?? new Map(),
    excessAVAX: plan.excessAVAX ?? 0n,
    complexity: txComplexity(skeleton),
    ...(plan.ownerOverride ? { ownerOverride: plan.ownerOverride } : {}),
  });
  const tx: Record<string, unknown> = {
    ...skeleton,
    inputs: spent.inputs,
    outputs: plan.exported ? spent.changeOutputs : sortOutputs([...fixed, ...spent.changeOutputs]),
    ...(plan.stakeField ? { [plan.stakeField]: spent.stakeOutputs } : {}),
    ...(plan.exported ? { exportedOutputs: sortOutputs(fixed) } : {}),
  };
  checkLimits(tx, fixed, ctx.weights, ctx.capacity);
  const unsignedBytes = encodeUnsignedTx(tx);
  return {
    unsignedTx: decodeUnsignedTx(unsignedBytes, { network: ctx.hrp }),
    unsignedBytes,
    fee: spent.fee,
    gasPrice: ctx.gasPrice,
    spentUtxos: [...spent.spent.map((u) => u.utxo), ...((importedUtxos as Utxo[] | undefined) ?? [])],
    ...(plan.authOwner ? { authOwner: plan.authOwner } : {}),
  };
}

function idParam(value: string, what: string): string {
  try {
    idFromString(value);
  } catch {
    throw new BuildError(`${what} must be a cb58 ID`);
  }
  return value;
}

function nodeIdParam(value: string, what: string): string {
  try {
    nodeIdFromString(value);
  } catch {
    throw new BuildError(`${what} must be a NodeID-… string`);
  }
  return value;
}

/** builder.go#authorize: the signature indices of the owner addresses we hold, up to its threshold. */
function authorize(ctx: BuildContext, owner: OwnerParam, what: string): { input: Record<string, unknown>; owner: OwnerLike } {
  const read = ownerParam(owner, what, ctx.addressHrp);
  const bytes = read.addresses.map((a) => decodeCB58(a));
  const indices = matchOwners({ locktime: read.locktime, threshold: read.threshold, addresses: bytes }, ctx.from, ctx.minIssuanceTime);
  if (indices === undefined) throw new BuildError(`insufficient authorization: fromAddresses hold fewer than ${read.threshold} of the ${what}'s addresses`);
  return { input: { type: 'secp256k1fx.Input', signatureIndices: indices }, owner: { locktime: read.locktime, threshold: read.threshold, addresses: bytes } };
}


export interface BaseTxParams extends CommonParams {
  readonly outputs: readonly OutputParam[];
}

/** A BaseTx: send amounts to addresses (builder.go#NewBaseTx). */
export function buildBaseTx(params: BaseTxParams): BuiltTx {
  const ctx = buildContext(params);
  const outputs = outputsParam(ctx, params.outputs);
  return build(ctx, { type: 'BaseTx', fields: {}, outputs, toBurn: sumByAsset(outputs) });
}

export interface CreateSubnetTxParams extends CommonParams {
  /** Who controls the subnet (adds validators, creates chains, converts it to an L1). */
  readonly owner: OwnerParam;
}

export function buildCreateSubnetTx(params: CreateSubnetTxParams): BuiltTx {
  const ctx = buildContext(params);
  return build(ctx, { type: 'CreateSubnetTx', fields: { owner: ownerParam(params.owner, 'owner', ctx.addressHrp) } });
}

/** The subnet and its owner, as `platform.getSubnet` answers them (`controlKeys`, `threshold`). */
export interface SubnetParams extends CommonParams {
  readonly subnetID: string;
  readonly subnetOwner: OwnerParam;
}

export interface CreateChainTxParams extends SubnetParams {
  readonly chainName: string;
  readonly vmID: string;
  readonly fxIDs?: readonly string[];
  /** The genesis: bytes, or text (UTF-8). */
  readonly genesisData: Uint8Array | string;
}

export function buildCreateChainTx(params: CreateChainTxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.subnetOwner, 'subnetOwner');
  const genesis = typeof params.genesisData === 'string' ? new TextEncoder().encode(params.genesisData) : params.genesisData;
  const fxIDs = [...(params.fxIDs ?? [])].map((id, i) => idParam(id, `fxIDs[${i}]`)).sort((a, b) => compare(decodeCB58(a), decodeCB58(b)));
  return build(ctx, {
    type: 'CreateChainTx',
    fields: { subnetID: idParam(params.subnetID, 'subnetID'), chainName: params.chainName, vmID: idParam(params.vmID, 'vmID'), fxIDs, genesisData: genesis, subnetAuthorization: auth.input },
    authOwner: auth.owner,
  });
}

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

interface ValidatorParams {
  readonly nodeID: string;
  /** Unix seconds. */
  readonly start: Uint64Like;
  readonly end: Uint64Like;
  readonly weight: Uint64Like;
}

function validatorFields(params: ValidatorParams): Record<string, unknown> {
  return { nodeID: nodeIdParam(params.nodeID, 'nodeID'), start: toUint64(params.start, 'start'), end: toUint64(params.end, 'end'), weight: toUint64(params.weight, 'weight') };
}

export interface AddSubnetValidatorTxParams extends SubnetParams, ValidatorParams {}

export function buildAddSubnetValidatorTx(params: AddSubnetValidatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.subnetOwner, 'subnetOwner');
  return build(ctx, {
    type: 'AddSubnetValidatorTx',
    fields: { validator: { ...validatorFields(params), subnetID: idParam(params.subnetID, 'subnetID') }, subnetAuthorization: auth.input },
    authOwner: auth.owner,
  });
}

export interface RemoveSubnetValidatorTxParams extends SubnetParams {
  readonly nodeID: string;
}

export function buildRemoveSubnetValidatorTx(params: RemoveSubnetValidatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.subnetOwner, 'subnetOwner');
  return build(ctx, {
    type: 'RemoveSubnetValidatorTx',
    fields: { nodeID: nodeIdParam(params.nodeID, 'nodeID'), subnetID: idParam(params.subnetID, 'subnetID'), subnetAuthorization: auth.input },
    authOwner: auth.owner,
  });
}

export interface TransferSubnetOwnershipTxParams extends SubnetParams {
  readonly newOwner: OwnerParam;
}

export function buildTransferSubnetOwnershipTx(params: TransferSubnetOwnershipTxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.subnetOwner, 'subnetOwner');
  return build(ctx, {
    type: 'TransferSubnetOwnershipTx',
    fields: { subnetID: idParam(params.subnetID, 'subnetID'), subnetAuthorization: auth.input, newOwner: ownerParam(params.newOwner, 'newOwner', ctx.addressHrp) },
    authOwner: auth.owner,
  });
}

export interface AddPermissionlessValidatorTxParams extends CommonParams, ValidatorParams {
  /** Default: the primary network. */
  readonly subnetID?: string;
  /** The BLS key and its proof of possession (`proofOfPossession(secretKey)`); none for a subnet validator. */
  readonly signer?: ProofOfPossession;
  readonly validationRewardsOwner: OwnerParam | string;
  readonly delegationRewardsOwner: OwnerParam | string;
  /** Delegation fee in millionths (20000 = 2%). */
  readonly shares: number;
  /** The staked asset. Default: AVAX. */
  readonly stakeAssetID?: string;
}

function signerField(signer: ProofOfPossession | undefined): Record<string, unknown> {
  if (signer === undefined) return { type: 'signer.Empty' };
  return { type: 'signer.ProofOfPossession', publicKey: bytesParam(signer.publicKey, 'signer.publicKey'), proofOfPossession: bytesParam(signer.proofOfPossession, 'signer.proofOfPossession') };
}

export function buildAddPermissionlessValidatorTx(params: AddPermissionlessValidatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const fields = validatorFields(params);
  if (!Number.isInteger(params.shares) || params.shares < 0 || params.shares > 1_000_000) throw new BuildError('shares must be an integer from 0 to 1000000 (millionths)');
  return build(ctx, {
    type: 'AddPermissionlessValidatorTx',
    fields: {
      validator: fields,
      subnetID: idParam(params.subnetID ?? EMPTY_ID, 'subnetID'),
      signer: signerField(params.signer),
      validationRewardsOwner: ownerParam(params.validationRewardsOwner, 'validationRewardsOwner', ctx.addressHrp),
      delegationRewardsOwner: ownerParam(params.delegationRewardsOwner, 'delegationRewardsOwner', ctx.addressHrp),
      shares: params.shares,
    },
    toStake: new Map([[params.stakeAssetID ?? ctx.avaxAssetID, fields.weight as bigint]]),
    stakeField: 'stake',
  });
}

export interface AddPermissionlessDelegatorTxParams extends CommonParams, ValidatorParams {
  readonly subnetID?: string;
  readonly rewardsOwner: OwnerParam | string;
  readonly stakeAssetID?: string;
}

export function buildAddPermissionlessDelegatorTx(params: AddPermissionlessDelegatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const fields = validatorFields(params);
  return build(ctx, {
    type: 'AddPermissionlessDelegatorTx',
    fields: { validator: fields, subnetID: idParam(params.subnetID ?? EMPTY_ID, 'subnetID'), rewardsOwner: ownerParam(params.rewardsOwner, 'rewardsOwner', ctx.addressHrp) },
    toStake: new Map([[params.stakeAssetID ?? ctx.avaxAssetID, fields.weight as bigint]]),
    stakeField: 'stake',
  });
}

/** A warp.PChainOwner: a threshold of addresses (short IDs in the message). */
export interface PChainOwnerParam {
  readonly addresses: readonly string[];
  readonly threshold: number;
}

function pChainOwner(owner: PChainOwnerParam, what: string, hrp: string): Record<string, unknown> {
  const read = ownerParam(owner, what, hrp);
  return { threshold: read.threshold, addresses: read.addresses };
}

export interface L1ValidatorParam {
  readonly nodeID: string | Uint8Array;
  readonly weight: Uint64Like;
  /** nAVAX paid toward the L1 validator's continuous fee. */
  readonly balance: Uint64Like;
  readonly signer: ProofOfPossession;
  readonly remainingBalanceOwner: PChainOwnerParam;
  readonly deactivationOwner: PChainOwnerParam;
}

export interface ConvertSubnetToL1TxParams extends SubnetParams {
  /** The chain the validator manager lives on. */
  readonly chainID: string;
  /** The validator manager's address on that chain: bytes or 0x hex. */
  readonly address: string | Uint8Array;
  readonly validators: readonly L1ValidatorParam[];
}

export function buildConvertSubnetToL1Tx(params: ConvertSubnetToL1TxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.subnetOwner, 'subnetOwner');
  let balance = 0n;
  const validators = params.validators.map((v, i) => {
    const nodeID = typeof v.nodeID === 'string' ? (v.nodeID.startsWith('NodeID-') ? nodeIdFromString(v.nodeID) : fromHex(v.nodeID.replace(/^0x/, ''))) : v.nodeID;
    const amount = toUint64(v.balance, `validators[${i}].balance`);
    balance = add64(balance, amount);
    return {
      nodeID: `0x${hexKey(nodeID)}`,
      nodeBytes: nodeID,
      weight: toUint64(v.weight, `validators[${i}].weight`),
      balance: amount,
      signer: { publicKey: bytesParam(v.signer.publicKey, `validators[${i}].signer.publicKey`), proofOfPossession: bytesParam(v.signer.proofOfPossession, `validators[${i}].signer.proofOfPossession`) },
      remainingBalanceOwner: pChainOwner(v.remainingBalanceOwner, `validators[${i}].remainingBalanceOwner`, ctx.addressHrp),
      deactivationOwner: pChainOwner(v.deactivationOwner, `validators[${i}].deactivationOwner`, ctx.addressHrp),
    };
  });
  // utils.Sort(validators): by node ID bytes.
  validators.sort((a, b) => compare(a.nodeBytes, b.nodeBytes));
  return build(ctx, {
    type: 'ConvertSubnetToL1Tx',
    fields: {
      subnetID: idParam(params.subnetID, 'subnetID'),
      chainID: idParam(params.chainID, 'chainID'),
      address: bytesParam(params.address, 'address'),
      validators: validators.map(({ nodeBytes: _, ...v }) => v),
      subnetAuthorization: auth.input,
    },
    toBurn: new Map([[ctx.avaxAssetID, balance]]),
    authOwner: auth.owner,
  });
}

export interface RegisterL1ValidatorTxParams extends CommonParams {
  readonly balance: Uint64Like;
  /** The validator's BLS proof of possession: 96 bytes or 0x hex. */
  readonly proofOfPossession: string | Uint8Array;
  /** The signed warp message (RegisterL1ValidatorMessage): bytes or 0x hex. */
  readonly message: string | Uint8Array;
}

export function buildRegisterL1ValidatorTx(params: RegisterL1ValidatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const pop = fromHex(bytesParam(params.proofOfPossession, 'proofOfPossession').slice(2));
  if (pop.length !== 96) throw new BuildError(`proofOfPossession must be 96 bytes, got ${pop.length}`);
  const balance = toUint64(params.balance, 'balance');
  return build(ctx, {
    type: 'RegisterL1ValidatorTx',
    fields: { balance, proofOfPossession: Array.from(pop), message: bytesParam(params.message, 'message') },
    toBurn: new Map([[ctx.avaxAssetID, balance]]),
  });
}

export interface SetL1ValidatorWeightTxParams extends CommonParams {
  /** The signed warp message (L1ValidatorWeightMessage): bytes or 0x hex. */
  readonly message: string | Uint8Array;
}

export function buildSetL1ValidatorWeightTx(params: SetL1ValidatorWeightTxParams): BuiltTx {
  const ctx = buildContext(params);
  return build(ctx, { type: 'SetL1ValidatorWeightTx', fields: { message: bytesParam(params.message, 'message') } });
}

export interface IncreaseL1ValidatorBalanceTxParams extends CommonParams {
  readonly validationID: string;
  readonly balance: Uint64Like;
}

export function buildIncreaseL1ValidatorBalanceTx(params: IncreaseL1ValidatorBalanceTxParams): BuiltTx {
  const ctx = buildContext(params);
  const balance = toUint64(params.balance, 'balance');
  return build(ctx, {
    type: 'IncreaseL1ValidatorBalanceTx',
    fields: { validationID: idParam(params.validationID, 'validationID'), balance },
    toBurn: new Map([[ctx.avaxAssetID, balance]]),
  });
}

export interface DisableL1ValidatorTxParams extends CommonParams {
  readonly validationID: string;
  /** The validator's deactivation owner (`getL1Validator`'s `deactivationOwner`). */
  readonly deactivationOwner: OwnerParam;
}

export function buildDisableL1ValidatorTx(params: DisableL1ValidatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.deactivationOwner, 'deactivationOwner');
  return build(ctx, { type: 'DisableL1ValidatorTx', fields: { validationID: idParam(params.validationID, 'validationID'), disableAuthorization: auth.input }, authOwner: auth.owner });
}

export interface ImportTxParams extends CommonParams {
  /** The chain the UTXOs come from (its blockchain ID). */
  readonly sourceChain: string;
  /** The source chain's UTXOs exported to the P-chain (`getUTXOs` with `sourceChain`). */
  readonly atomicUtxos: readonly UtxoLike[];
  /** Who receives the imported funds. Default: the change address. */
  readonly to?: OwnerParam | string;
}

export function buildImportTx(params: ImportTxParams): BuiltTx {
  const ctx = buildContext(params);
  const to = params.to === undefined ? ctx.changeOwner : ownerParam(params.to, 'to', ctx.addressHrp);
  const importedInputs: InputObject[] = [];
  const importedUtxos: Utxo[] = [];
  const amounts = new Map<string, bigint>();
  for (const utxo of readUtxos(params.atomicUtxos, ctx.hrp).values()) {
    // Only plain secp256k1fx outputs are imported (a stakeable lock is a P-chain type).
    if (utxo.stakeableLocktime !== 0n || (utxo.utxo.output as { type?: string }).type === 'stakeable.LockOut') continue;
    const indices = matchOwners(utxo.owner, ctx.from, ctx.minIssuanceTime);
    if (indices === undefined) continue;
    importedInputs.push({ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, input: { type: 'secp256k1fx.TransferInput', amount: utxo.amount, signatureIndices: indices } });
    importedUtxos.push(utxo.utxo);
    amounts.set(utxo.assetID, add64(amounts.get(utxo.assetID) ?? 0n, utxo.amount));
  }
  if (importedInputs.length === 0) throw new InsufficientFundsError([{ assetID: ctx.avaxAssetID, assetName: 'AVAX', needed: 1n, available: 0n }], 'funds: no UTXOs available to import');
  const outputs = [...amounts].filter(([asset]) => asset !== ctx.avaxAssetID).map(([assetID, amount]) => ({ assetID, output: transferOutput(amount, to) }));
  return build(ctx, {
    type: 'ImportTx',
    fields: { sourceChain: idParam(params.sourceChain, 'sourceChain'), importedInputs: sortInputs(importedInputs), importedUtxos },
    outputs,
    excessAVAX: amounts.get(ctx.avaxAssetID) ?? 0n,
    ownerOverride: to,
  });
}

/** An export's outputs are owned on the chain it goes to: X or C, never the P-chain itself. */
const EXPORT_CHAINS: readonly ChainAlias[] = ['X', 'C'];

export interface ExportTxParams extends CommonParams {
  /** The chain the outputs go to (its blockchain ID). */
  readonly destinationChain: string;
  /** The exported outputs; addresses may be of the destination chain (`X-…`, `C-…`). */
  readonly outputs: readonly OutputParam[];
}

export function buildExportTx(params: ExportTxParams): BuiltTx {
  const ctx = buildContext(params);
  const outputs = outputsParam(ctx, params.outputs, EXPORT_CHAINS);
  return build(ctx, { type: 'ExportTx', fields: { destinationChain: idParam(params.destinationChain, 'destinationChain') }, outputs, toBurn: sumByAsset(outputs), exported: true });
}

/** Millionths (reward.PercentDenominator = 1,000,000), as the node's shares fields take them. */
function sharesParam(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) throw new BuildError(`${what} must be an integer from 0 to 1000000 (millionths: 20000 = 2%)`);
  return value;
}

export interface AddAutoRenewedValidatorTxParams extends CommonParams {
  readonly nodeID: string;
  /** nAVAX staked: the validator's weight. */
  readonly weight: Uint64Like;
  /** The BLS key and its proof of possession (`info.getNodeID`'s `nodePOP`). */
  readonly signer: ProofOfPossession;
  readonly validationRewardsOwner: OwnerParam | string;
  readonly delegationRewardsOwner: OwnerParam | string;
  /** Who may change the auto-renewal (SetAutoRenewedValidatorConfigTx): it signs that tx's `auth`. */
  readonly validatorAuthority: OwnerParam | string;
  /** Delegation fee in millionths (20000 = 2%). */
  readonly delegationShares: number;
  /** The part of each period's rewards restaked at its end, in millionths. */
  readonly autoCompoundRewardShares: number;
  /** Seconds of each validation period; the validator renews at the end of each. */
  readonly period: Uint64Like;
}

/** ACP-236: a primary-network validator that renews itself each period (builder.go#NewAddAutoRenewedValidatorTx, v1.15.0-fuji). */
export function buildAddAutoRenewedValidatorTx(params: AddAutoRenewedValidatorTxParams): BuiltTx {
  const ctx = buildContext(params);
  const nodeID = nodeIdParam(params.nodeID, 'nodeID');
  const weight = toUint64(params.weight, 'weight');
  if (params.signer === undefined) throw new BuildError('signer is required: an auto-renewed validator has a BLS key (info.getNodeID nodePOP)');
  return build(ctx, {
    type: 'AddAutoRenewedValidatorTx',
    fields: {
      nodeID: `0x${hexKey(nodeIdFromString(nodeID))}`,
      signer: signerField(params.signer),
      validationRewardsOwner: ownerParam(params.validationRewardsOwner, 'validationRewardsOwner', ctx.addressHrp),
      delegationRewardsOwner: ownerParam(params.delegationRewardsOwner, 'delegationRewardsOwner', ctx.addressHrp),
      validatorAuthority: ownerParam(params.validatorAuthority, 'validatorAuthority', ctx.addressHrp),
      delegationShares: sharesParam(params.delegationShares, 'delegationShares'),
      autoCompoundRewardShares: sharesParam(params.autoCompoundRewardShares, 'autoCompoundRewardShares'),
      period: toUint64(params.period, 'period'),
    },
    toStake: new Map([[ctx.avaxAssetID, weight]]),
    stakeField: 'stake',
  });
}

export interface SetAutoRenewedValidatorConfigTxParams extends CommonParams {
  /** The ID of the AddAutoRenewedValidatorTx that added the validator. */
  readonly txID: string;
  /** That tx's `validatorAuthority`: the owner whose keys sign the `auth`. */
  readonly validatorAuthority: OwnerParam;
  readonly autoCompoundRewardShares: number;
  /** Seconds of each next period; 0 ends the validator at the end of the current one. */
  readonly period: Uint64Like;
}

/** ACP-236: changes an auto-renewed validator's restaked share and period (builder.go#NewSetAutoRenewedValidatorConfigTx). */
export function buildSetAutoRenewedValidatorConfigTx(params: SetAutoRenewedValidatorConfigTxParams): BuiltTx {
  const ctx = buildContext(params);
  const auth = authorize(ctx, params.validatorAuthority, 'validatorAuthority');
  return build(ctx, {
    type: 'SetAutoRenewedValidatorConfigTx',
    fields: {
      txID: idParam(params.txID, 'txID'),
      auth: auth.input,
      autoCompoundRewardShares: sharesParam(params.autoCompoundRewardShares, 'autoCompoundRewardShares'),
      period: toUint64(params.period, 'period'),
    },
    authOwner: auth.owner,
  });
}
