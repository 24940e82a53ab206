// Every type the P-chain codec registers at avalanchego v1.14.2, and the three ACP-236 types
// v1.15.0-fuji adds (RegisterHeliconTypes), described once: type ID (the registration order),
// fields in serialization order with their JSON names, and the Go interfaces each type implements. The decoder, the encoder and the TypeScript types below
// all come from these descriptions: a new tx type is one `registry.add` line.
//
// Sources: vms/platformvm/txs/codec.go (RegisterApricotTypes, RegisterBanffTypes,
// RegisterDurangoTypes, RegisterEtnaTypes, the skipped IDs; RegisterHeliconTypes at
// v1.15.0-fuji), vms/platformvm/block/codec.go,
// the struct tags in vms/platformvm/txs/*.go, vms/platformvm/block/*.go,
// vms/components/avax/{base_tx,transferables,utxo,utxo_id,asset}.go, vms/secp256k1fx/*.go,
// vms/platformvm/stakeable/stakeable_lock.go, vms/platformvm/signer/*.go,
// vms/platformvm/warp/message/register_l1_validator.go#PChainOwner.
import { CodecError } from '../errors.js';
import { readTxStruct } from '../codec/tx-struct.js';
import { EMPTY_ID } from '../encoding/ids.js';
import {
  type Codec,
  type Context,
  type Fields,
  type Reader,
  type Shape,
  type Slot,
  type StructCodec,
  type Uint64,
  type Writer,
  Registry,
  address,
  bytesBase64,
  bytesHex,
  fixedHex,
  fixedNumbers,
  id,
  iface,
  list,
  networkId,
  nodeId,
  shortId,
  str,
  struct,
  u8,
  u32,
  u64,
  virtual,
} from '../codec/schema.js';

export const registry = new Registry();

/** secp256k1fx.ID: what InitCtx puts in every `fxID` of a tx's inputs and outputs. */
export const SECP256K1FX_ID = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';
const fxID = virtual((ctx: Context) => (ctx.init ? SECP256K1FX_ID : EMPTY_ID));

type Tagged<Name extends string, F extends Fields> = Shape<F> & { readonly type: Name };

// Interface slots are typed with the shapes that can fill them; the Verifiable slot (any type
// with a `Verify() error` method) is typed by its usual members plus a catch-all.
const unsignedTxSlot = iface<UnsignedTx>(registry, 'UnsignedTx');
const ownerSlot = iface<OutputOwners>(registry, 'Owner');
const signerSlot = iface<EmptySigner | ProofOfPossessionSigner>(registry, 'Signer');
const authSlot = iface<Verifiable>(registry, 'Verifiable', { plain: true });
const transferableInSlot = iface<TransferInput | StakeableLockIn>(registry, 'TransferableIn');
const transferableOutSlot = iface<TransferOutput | StakeableLockOut>(registry, 'TransferableOut');
const stateSlot = iface<TransferOutput | StakeableLockOut>(registry, 'State');

// --- vms/secp256k1fx -------------------------------------------------------------------
const secpTransferInputFields = { amount: u64, signatureIndices: list(u32) };
const secpTransferOutputFields = { amount: u64, locktime: u64, threshold: u32, addresses: list(address) };
const secpCredentialFields = { signatures: list(fixedHex(65, 'secp256k1 signature')) };
const secpInputFields = { signatureIndices: list(u32) };
const secpOutputOwnersFields = { locktime: u64, threshold: u32, addresses: list(address) };
// --- vms/platformvm/stakeable ------------------------------------------------------------
// A lock inside a lock is refused as a recursive interface type, so the inner value is typed as
// the secp256k1fx one.
const lockInFields = { locktime: u64, input: iface<TransferInput>(registry, 'TransferableIn') };
const lockOutFields = { locktime: u64, output: iface<TransferOutput>(registry, 'TransferableOut') };
// --- vms/platformvm/signer ----------------------------------------------------------------
const emptySignerFields = {};
const popFields = { publicKey: fixedHex(48, 'BLS public key'), proofOfPossession: fixedHex(96, 'BLS signature') };
const popStruct = struct(popFields);

// --- vms/components/avax -----------------------------------------------------------------
export const transferableOutput = struct({ assetID: id, fxID, output: transferableOutSlot });
export const transferableInput = struct({ txID: id, outputIndex: u32, assetID: id, fxID, input: transferableInSlot });
export const utxo = struct({ txID: id, outputIndex: u32, assetID: id, output: stateSlot });

const baseTxFields = {
  networkID: networkId,
  blockchainID: id,
  outputs: list(transferableOutput),
  inputs: list(transferableInput),
  memo: bytesHex,
};
const validator = struct({ nodeID: nodeId, start: u64, end: u64, weight: u64 });
const subnetValidator = struct({ nodeID: nodeId, start: u64, end: u64, weight: u64, subnetID: id });
const pChainOwner = struct({ threshold: u32, addresses: list(shortId) });
const convertSubnetToL1Validator = struct({
  nodeID: bytesHex,
  weight: u64,
  balance: u64,
  signer: popStruct,
  remainingBalanceOwner: pChainOwner,
  deactivationOwner: pChainOwner,
});

// --- vms/platformvm/txs ---------------------------------------------------------------------
const addValidatorTxFields = { ...baseTxFields, validator, stake: list(transferableOutput), rewardsOwner: ownerSlot, shares: u32 };
const addSubnetValidatorTxFields = { ...baseTxFields, validator: subnetValidator, subnetAuthorization: authSlot };
const addDelegatorTxFields = { ...baseTxFields, validator, stake: list(transferableOutput), rewardsOwner: ownerSlot };
const createChainTxFields = {
  ...baseTxFields,
  subnetID: id,
  chainName: str,
  vmID: id,
  fxIDs: list(id),
  genesisData: bytesBase64,
  subnetAuthorization: authSlot,
};
const createSubnetTxFields = { ...baseTxFields, owner: ownerSlot };
const importTxFields = { ...baseTxFields, sourceChain: id, importedInputs: list(transferableInput) };
const exportTxFields = { ...baseTxFields, destinationChain: id, exportedOutputs: list(transferableOutput) };
const advanceTimeTxFields = { time: u64 };
const rewardValidatorTxFields = { txID: id };
const removeSubnetValidatorTxFields = { ...baseTxFields, nodeID: nodeId, subnetID: id, subnetAuthorization: authSlot };
const transformSubnetTxFields = {
  ...baseTxFields,
  subnetID: id,
  assetID: id,
  initialSupply: u64,
  maximumSupply: u64,
  minConsumptionRate: u64,
  maxConsumptionRate: u64,
  minValidatorStake: u64,
  maxValidatorStake: u64,
  minStakeDuration: u32,
  maxStakeDuration: u32,
  minDelegationFee: u32,
  minDelegatorStake: u64,
  maxValidatorWeightFactor: u8,
  uptimeRequirement: u32,
  subnetAuthorization: authSlot,
};
const addPermissionlessValidatorTxFields = {
  ...baseTxFields,
  validator,
  subnetID: id,
  signer: signerSlot,
  stake: list(transferableOutput),
  validationRewardsOwner: ownerSlot,
  delegationRewardsOwner: ownerSlot,
  shares: u32,
};
const addPermissionlessDelegatorTxFields = { ...baseTxFields, validator, subnetID: id, stake: list(transferableOutput), rewardsOwner: ownerSlot };
const transferSubnetOwnershipTxFields = { ...baseTxFields, subnetID: id, subnetAuthorization: authSlot, newOwner: ownerSlot };
const convertSubnetToL1TxFields = {
  ...baseTxFields,
  subnetID: id,
  chainID: id,
  address: bytesHex,
  validators: list(convertSubnetToL1Validator),
  subnetAuthorization: authSlot,
};
const registerL1ValidatorTxFields = { ...baseTxFields, balance: u64, proofOfPossession: fixedNumbers(96, 'BLS signature'), message: bytesHex };
const setL1ValidatorWeightTxFields = { ...baseTxFields, message: bytesHex };
const increaseL1ValidatorBalanceTxFields = { ...baseTxFields, validationID: id, balance: u64 };
const disableL1ValidatorTxFields = { ...baseTxFields, validationID: id, disableAuthorization: authSlot };
// v1.15.0-fuji (ACP-236, auto-renewed validators): txs/add_auto_renewed_validator_tx.go,
// set_auto_renewed_validator_config_tx.go, reward_auto_renewed_validator_tx.go. `nodeID` is a
// types.JSONByteSlice (hex in JSON), as in ConvertSubnetToL1Validator; `period` and `timestamp`
// are plain uint64s.
const addAutoRenewedValidatorTxFields = {
  ...baseTxFields,
  nodeID: bytesHex,
  signer: signerSlot,
  stake: list(transferableOutput),
  validationRewardsOwner: ownerSlot,
  delegationRewardsOwner: ownerSlot,
  validatorAuthority: ownerSlot,
  delegationShares: u32,
  autoCompoundRewardShares: u32,
  period: u64,
};
const setAutoRenewedValidatorConfigTxFields = { ...baseTxFields, txID: id, auth: authSlot, autoCompoundRewardShares: u32, period: u64 };
const rewardAutoRenewedValidatorTxFields = { txID: id, timestamp: u64 };

// --- the signed tx (vms/platformvm/txs/tx.go#Tx) -----------------------------------------------

export interface SignedTx {
  unsignedTx: UnsignedTx;
  credentials: Verifiable[];
  /** sha256 of the signed bytes (codec version included), cb58. */
  id: string;
}

const credentialsCodec = list(authSlot);

/** Reads a Tx struct at `reader.pos`; `unsignedEnd` is where its unsigned part stops. */
export function readSignedTx(r: Reader, ctx: Context): { tx: SignedTx; start: number; unsignedEnd: number } {
  const { tx, start, unsignedEnd } = readTxStruct(r, ctx, unsignedTxSlot, credentialsCodec);
  return { tx: tx as SignedTx, start, unsignedEnd };
}

export const signedTx: Codec<SignedTx> = {
  min: 8,
  kind: 'signedTx',
  read(r, ctx) {
    return readSignedTx(r, ctx).tx;
  },
  write(w: Writer, v: unknown) {
    const record = (v ?? {}) as Record<string, unknown>;
    if (typeof v !== 'object' || v === null) throw new CodecError('signed tx object expected');
    try {
      unsignedTxSlot.write(w, record.unsignedTx);
    } catch (error) {
      throw error instanceof CodecError ? error.within('unsignedTx') : error;
    }
    try {
      // A tx built without credentials yet has none (Go marshals a nil slice as empty).
      credentialsCodec.write(w, record.credentials ?? []);
    } catch (error) {
      throw error instanceof CodecError ? error.within('credentials') : error;
    }
  },
};

/** txs.Tx's layout, for the reference pages (readSignedTx reads it, keeping the unsigned part's end). */
export const signedTxLayout = /* @__PURE__ */ struct({ unsignedTx: unsignedTxSlot, credentials: credentialsCodec, id: virtual(() => '') });

// --- vms/platformvm/block ----------------------------------------------------------------------
// `id` is the block's hash, filled in once the whole block is read; it is listed where Go's
// encoding/json prints it (CommonBlock.BlockID, after height).
const blockId = virtual(() => '');
const commonBlockFields = { parentID: id, height: u64, id: blockId };
const apricotProposalBlockFields = { ...commonBlockFields, tx: signedTx };
const apricotAbortBlockFields = { ...commonBlockFields };
const apricotCommitBlockFields = { ...commonBlockFields };
const apricotStandardBlockFields = { ...commonBlockFields, txs: list(signedTx) };
const apricotAtomicBlockFields = { ...commonBlockFields, tx: signedTx };
const banffProposalBlockFields = { time: u64, txs: list(signedTx), ...apricotProposalBlockFields };
const banffAbortBlockFields = { time: u64, ...commonBlockFields };
const banffCommitBlockFields = { time: u64, ...commonBlockFields };
const banffStandardBlockFields = { time: u64, ...apricotStandardBlockFields };

// --- the registrations, in the node's order -----------------------------------------------------
// Slots: which Go interfaces the registered pointer type implements (method sets at v1.14.2):
// verify.Verifiable = has `Verify() error`, which includes the staker txs through their embedded
// Validator/SubnetValidator; verify.State = TransferOutput and LockOut (isState());
// fx.Owner = OutputOwners (isState() error); signer.Signer = Empty and ProofOfPossession.
const txSlots: readonly Slot[] = ['UnsignedTx'];
const stakerTxSlots: readonly Slot[] = ['UnsignedTx', 'Verifiable'];
const blockSlots: readonly Slot[] = ['Block'];

function add<Name extends string, F extends Fields>(typeId: number, name: Name, codec: StructCodec<F>, slots: readonly Slot[]): StructCodec<F> {
  registry.add(typeId, name, codec as unknown as StructCodec<Fields>, slots);
  return codec;
}

// block/codec.go RegisterApricotTypes: the five Apricot blocks take IDs 0–4 (the tx codec skips them).
const apricotProposalBlock = add(0, 'ApricotProposalBlock', struct(apricotProposalBlockFields), blockSlots);
const apricotAbortBlock = add(1, 'ApricotAbortBlock', struct(apricotAbortBlockFields), blockSlots);
const apricotCommitBlock = add(2, 'ApricotCommitBlock', struct(apricotCommitBlockFields), blockSlots);
const apricotStandardBlock = add(3, 'ApricotStandardBlock', struct(apricotStandardBlockFields), blockSlots);
const apricotAtomicBlock = add(4, 'ApricotAtomicBlock', struct(apricotAtomicBlockFields), blockSlots);
// txs/codec.go RegisterApricotTypes (6 and 8 are skipped: secp256k1fx MintOutput and MintOperation).
const secpTransferInput = add(5, 'secp256k1fx.TransferInput', struct(secpTransferInputFields), ['TransferableIn', 'Verifiable']);
// secp256k1fx's MarshalJSON builds a map, so its members print sorted.
const secpTransferOutput = add(7, 'secp256k1fx.TransferOutput', struct(secpTransferOutputFields, ['addresses', 'amount', 'locktime', 'threshold']), [
  'TransferableOut',
  'State',
  'Verifiable',
]);
const secpCredential = add(9, 'secp256k1fx.Credential', struct(secpCredentialFields), ['Verifiable']);
const secpInput = add(10, 'secp256k1fx.Input', struct(secpInputFields), ['Verifiable']);
const secpOutputOwners = add(11, 'secp256k1fx.OutputOwners', struct(secpOutputOwnersFields, ['addresses', 'locktime', 'threshold']), ['Owner', 'Verifiable']);
const addValidatorTx = add(12, 'AddValidatorTx', struct(addValidatorTxFields), stakerTxSlots);
const addSubnetValidatorTx = add(13, 'AddSubnetValidatorTx', struct(addSubnetValidatorTxFields), stakerTxSlots);
const addDelegatorTx = add(14, 'AddDelegatorTx', struct(addDelegatorTxFields), stakerTxSlots);
const createChainTx = add(15, 'CreateChainTx', struct(createChainTxFields), txSlots);
const createSubnetTx = add(16, 'CreateSubnetTx', struct(createSubnetTxFields), txSlots);
const importTx = add(17, 'ImportTx', struct(importTxFields), txSlots);
const exportTx = add(18, 'ExportTx', struct(exportTxFields), txSlots);
const advanceTimeTx = add(19, 'AdvanceTimeTx', struct(advanceTimeTxFields), txSlots);
const rewardValidatorTx = add(20, 'RewardValidatorTx', struct(rewardValidatorTxFields), txSlots);
const lockIn = add(21, 'stakeable.LockIn', struct(lockInFields), ['TransferableIn', 'Verifiable']);
const lockOut = add(22, 'stakeable.LockOut', struct(lockOutFields), ['TransferableOut', 'State', 'Verifiable']);
// txs/codec.go RegisterBanffTypes
const removeSubnetValidatorTx = add(23, 'RemoveSubnetValidatorTx', struct(removeSubnetValidatorTxFields), txSlots);
const transformSubnetTx = add(24, 'TransformSubnetTx', struct(transformSubnetTxFields), txSlots);
const addPermissionlessValidatorTx = add(25, 'AddPermissionlessValidatorTx', struct(addPermissionlessValidatorTxFields), stakerTxSlots);
const addPermissionlessDelegatorTx = add(26, 'AddPermissionlessDelegatorTx', struct(addPermissionlessDelegatorTxFields), stakerTxSlots);
const emptySigner = add(27, 'signer.Empty', struct(emptySignerFields), ['Signer', 'Verifiable']);
const proofOfPossessionSigner = add(28, 'signer.ProofOfPossession', popStruct, ['Signer', 'Verifiable']);
// block/codec.go RegisterBanffTypes (the tx codec skips these four IDs)
const banffProposalBlock = add(29, 'BanffProposalBlock', struct(banffProposalBlockFields), blockSlots);
const banffAbortBlock = add(30, 'BanffAbortBlock', struct(banffAbortBlockFields), blockSlots);
const banffCommitBlock = add(31, 'BanffCommitBlock', struct(banffCommitBlockFields), blockSlots);
const banffStandardBlock = add(32, 'BanffStandardBlock', struct(banffStandardBlockFields), blockSlots);
// txs/codec.go RegisterDurangoTypes
const transferSubnetOwnershipTx = add(33, 'TransferSubnetOwnershipTx', struct(transferSubnetOwnershipTxFields), txSlots);
const baseTx = add(34, 'BaseTx', struct(baseTxFields), txSlots);
// txs/codec.go RegisterEtnaTypes
const convertSubnetToL1Tx = add(35, 'ConvertSubnetToL1Tx', struct(convertSubnetToL1TxFields), txSlots);
const registerL1ValidatorTx = add(36, 'RegisterL1ValidatorTx', struct(registerL1ValidatorTxFields), txSlots);
const setL1ValidatorWeightTx = add(37, 'SetL1ValidatorWeightTx', struct(setL1ValidatorWeightTxFields), txSlots);
const increaseL1ValidatorBalanceTx = add(38, 'IncreaseL1ValidatorBalanceTx', struct(increaseL1ValidatorBalanceTxFields), txSlots);
const disableL1ValidatorTx = add(39, 'DisableL1ValidatorTx', struct(disableL1ValidatorTxFields), txSlots);
// txs/codec.go RegisterHeliconTypes (v1.15.0-fuji; block/codec.go registers no new block type).
// None of the three has a `Verify() error` method (no embedded Validator), so UnsignedTx only.
const addAutoRenewedValidatorTx = add(40, 'AddAutoRenewedValidatorTx', struct(addAutoRenewedValidatorTxFields), txSlots);
const setAutoRenewedValidatorConfigTx = add(41, 'SetAutoRenewedValidatorConfigTx', struct(setAutoRenewedValidatorConfigTxFields), txSlots);
const rewardAutoRenewedValidatorTx = add(42, 'RewardAutoRenewedValidatorTx', struct(rewardAutoRenewedValidatorTxFields), txSlots);

export const blockSlot = iface<Block>(registry, 'Block');

/** The structs that carry registered types without being registered themselves (reference pages). */
export const containers: readonly { readonly name: string; readonly codec: StructCodec<Fields> }[] = [
  { name: 'txs.Tx', codec: signedTxLayout as unknown as StructCodec<Fields> },
  { name: 'avax.TransferableOutput', codec: transferableOutput as unknown as StructCodec<Fields> },
  { name: 'avax.TransferableInput', codec: transferableInput as unknown as StructCodec<Fields> },
  { name: 'avax.UTXO', codec: utxo as unknown as StructCodec<Fields> },
];
export { unsignedTxSlot, stateSlot, ownerSlot, signerSlot, authSlot };

// --- TypeScript shapes, derived from the descriptions above --------------------------------------
type ShapeOf<C> = C extends StructCodec<infer F> ? Shape<F> : never;
type Of<Name extends string, C> = ShapeOf<C> & { readonly type: Name };

export type TransferInput = Of<'secp256k1fx.TransferInput', typeof secpTransferInput>;
export type TransferOutput = Of<'secp256k1fx.TransferOutput', typeof secpTransferOutput>;
export type Credential = Of<'secp256k1fx.Credential', typeof secpCredential>;
export type Input = Of<'secp256k1fx.Input', typeof secpInput>;
export type OutputOwners = Of<'secp256k1fx.OutputOwners', typeof secpOutputOwners>;
export type StakeableLockIn = Of<'stakeable.LockIn', typeof lockIn>;
export type StakeableLockOut = Of<'stakeable.LockOut', typeof lockOut>;
export type EmptySigner = Of<'signer.Empty', typeof emptySigner>;
export type ProofOfPossessionSigner = Of<'signer.ProofOfPossession', typeof proofOfPossessionSigner>;
/** What a credential or subnet authorization holds: usually a Credential or an Input. */
export type Verifiable = Credential | Input | (Record<string, unknown> & { readonly type: string });
export type TransferableOutput = ShapeOf<typeof transferableOutput>;
export type TransferableInput = ShapeOf<typeof transferableInput>;
export type Utxo = ShapeOf<typeof utxo>;

export type AddValidatorTx = Of<'AddValidatorTx', typeof addValidatorTx>;
export type AddSubnetValidatorTx = Of<'AddSubnetValidatorTx', typeof addSubnetValidatorTx>;
export type AddDelegatorTx = Of<'AddDelegatorTx', typeof addDelegatorTx>;
export type CreateChainTx = Of<'CreateChainTx', typeof createChainTx>;
export type CreateSubnetTx = Of<'CreateSubnetTx', typeof createSubnetTx>;
export type ImportTx = Of<'ImportTx', typeof importTx>;
export type ExportTx = Of<'ExportTx', typeof exportTx>;
export type AdvanceTimeTx = Of<'AdvanceTimeTx', typeof advanceTimeTx>;
export type RewardValidatorTx = Of<'RewardValidatorTx', typeof rewardValidatorTx>;
export type RemoveSubnetValidatorTx = Of<'RemoveSubnetValidatorTx', typeof removeSubnetValidatorTx>;
export type TransformSubnetTx = Of<'TransformSubnetTx', typeof transformSubnetTx>;
export type AddPermissionlessValidatorTx = Of<'AddPermissionlessValidatorTx', typeof addPermissionlessValidatorTx>;
export type AddPermissionlessDelegatorTx = Of<'AddPermissionlessDelegatorTx', typeof addPermissionlessDelegatorTx>;
export type TransferSubnetOwnershipTx = Of<'TransferSubnetOwnershipTx', typeof transferSubnetOwnershipTx>;
export type BaseTx = Of<'BaseTx', typeof baseTx>;
export type ConvertSubnetToL1Tx = Of<'ConvertSubnetToL1Tx', typeof convertSubnetToL1Tx>;
export type RegisterL1ValidatorTx = Of<'RegisterL1ValidatorTx', typeof registerL1ValidatorTx>;
export type SetL1ValidatorWeightTx = Of<'SetL1ValidatorWeightTx', typeof setL1ValidatorWeightTx>;
export type IncreaseL1ValidatorBalanceTx = Of<'IncreaseL1ValidatorBalanceTx', typeof increaseL1ValidatorBalanceTx>;
export type DisableL1ValidatorTx = Of<'DisableL1ValidatorTx', typeof disableL1ValidatorTx>;
export type AddAutoRenewedValidatorTx = Of<'AddAutoRenewedValidatorTx', typeof addAutoRenewedValidatorTx>;
export type SetAutoRenewedValidatorConfigTx = Of<'SetAutoRenewedValidatorConfigTx', typeof setAutoRenewedValidatorConfigTx>;
export type RewardAutoRenewedValidatorTx = Of<'RewardAutoRenewedValidatorTx', typeof rewardAutoRenewedValidatorTx>;

export type UnsignedTx =
  | AddValidatorTx
  | AddSubnetValidatorTx
  | AddDelegatorTx
  | CreateChainTx
  | CreateSubnetTx
  | ImportTx
  | ExportTx
  | AdvanceTimeTx
  | RewardValidatorTx
  | RemoveSubnetValidatorTx
  | TransformSubnetTx
  | AddPermissionlessValidatorTx
  | AddPermissionlessDelegatorTx
  | TransferSubnetOwnershipTx
  | BaseTx
  | ConvertSubnetToL1Tx
  | RegisterL1ValidatorTx
  | SetL1ValidatorWeightTx
  | IncreaseL1ValidatorBalanceTx
  | DisableL1ValidatorTx
  | AddAutoRenewedValidatorTx
  | SetAutoRenewedValidatorConfigTx
  | RewardAutoRenewedValidatorTx;

export type ApricotProposalBlock = Of<'ApricotProposalBlock', typeof apricotProposalBlock>;
export type ApricotAbortBlock = Of<'ApricotAbortBlock', typeof apricotAbortBlock>;
export type ApricotCommitBlock = Of<'ApricotCommitBlock', typeof apricotCommitBlock>;
export type ApricotStandardBlock = Of<'ApricotStandardBlock', typeof apricotStandardBlock>;
export type ApricotAtomicBlock = Of<'ApricotAtomicBlock', typeof apricotAtomicBlock>;
export type BanffProposalBlock = Of<'BanffProposalBlock', typeof banffProposalBlock>;
export type BanffAbortBlock = Of<'BanffAbortBlock', typeof banffAbortBlock>;
export type BanffCommitBlock = Of<'BanffCommitBlock', typeof banffCommitBlock>;
export type BanffStandardBlock = Of<'BanffStandardBlock', typeof banffStandardBlock>;
export type Block =
  | ApricotProposalBlock
  | ApricotAbortBlock
  | ApricotCommitBlock
  | ApricotStandardBlock
  | ApricotAtomicBlock
  | BanffProposalBlock
  | BanffAbortBlock
  | BanffCommitBlock
  | BanffStandardBlock;

export type TypeName = UnsignedTx['type'] | Block['type'] | TransferInput['type'] | TransferOutput['type'] | Credential['type'] | Input['type'] | OutputOwners['type'] | StakeableLockIn['type'] | StakeableLockOut['type'] | EmptySigner['type'] | ProofOfPossessionSigner['type'];
export type { Uint64, Tagged };
