// What the executor checks of the two L1 warp message txs after their flow check, in the node's
// order (avalanchego v1.14.2 txs/executor/standard_tx_executor.go RegisterL1ValidatorTx,
// SetL1ValidatorWeightTx, verifyL1Conversion; warp/message register_l1_validator.go and
// l1_validator_weight.go Verify). Each returns what the accepted tx changes; each refusal is a
// WarpTxRefusal with the node's text. The message's signature is checked before, in warp.ts.
import { decodeHexNC, encodeCB58, formatAddress, nodeIdToString, toHex, txId } from '@avanode/codec';
import { RuleError, verifyOwner } from '@avanode/wallet/rules';
import type { L1ValidatorRecord, Ledger } from '../state/ledger.js';
import type { Owner } from '../state/utxo.js';
import { BlsError, verifyProofOfPossession } from '../util/bls.js';
import { WarpParseError, parseAddressedCall, parseL1ValidatorWeight, parseRegisterL1Validator, parseWarpMessage, type PChainOwnerBytes } from './warp-message.js';

/** RegisterL1ValidatorTxExpiryWindow: a day, in seconds. */
const REGISTER_L1_VALIDATOR_EXPIRY_WINDOW = 86_400n;
const MAX_UINT64 = 2n ** 64n - 1n;

export class WarpTxRefusal extends Error {}
const fail = (text: string): never => {
  throw new WarpTxRefusal(text);
};

/** Runs a parser or check whose own errors carry the node's text. */
function nodeText<T>(run: () => T, prefix = ''): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof WarpParseError || error instanceof BlsError || error instanceof RuleError) return fail(`${prefix}${error.message}`);
    throw error;
  }
}

type Fields = Record<string, unknown>;

/** The message of a warp tx, its AddressedCall and the call's payload bytes. */
function addressedCallOf(unsigned: Fields): { sourceChainID: string; sourceAddress: Uint8Array; payload: Uint8Array } {
  const message = nodeText(() => parseWarpMessage(decodeHexNC(unsigned.message as string)));
  const call = nodeText(() => parseAddressedCall(message.unsigned.payload));
  return { sourceChainID: encodeCB58(message.unsigned.sourceChainID), sourceAddress: call.sourceAddress, payload: call.payload };
}

/** verifyL1Conversion: the message comes from the L1's manager chain and address. */
function verifyL1Conversion(ledger: Ledger, subnetID: string, sourceChainID: string, sourceAddress: Uint8Array): void {
  const l1 = ledger.subnets.find((s) => s.id === subnetID)?.l1;
  if (!l1) throw new WarpTxRefusal(`could not load subnet conversion for ${subnetID} with: not found`);
  if (sourceChainID !== l1.managerChainID) fail(`wrong warp message source chain ID expected ${l1.managerChainID} but had ${sourceChainID}`);
  const managerAddress = decodeHexNC(l1.managerAddress);
  if (toHex(managerAddress) !== toHex(sourceAddress)) fail(`wrong warp message source address expected 0x${toHex(managerAddress)} but got 0x${toHex(sourceAddress)}`);
}

/** An expiry entry's key (state.ExpiryEntry: timestamp, validation ID). */
const expiryKey = (expiry: bigint, validationID: string) => `${expiry}/${validationID}`;

const ownerOf = (ledger: Ledger, owner: PChainOwnerBytes): Owner => ({ locktime: 0n, threshold: owner.threshold, addresses: owner.addresses.map((a) => formatAddress(a, ledger.networkID)) });

/** RegisterL1Validator#Verify. */
function verifyRegisterMessage(subnetID: Uint8Array, nodeID: Uint8Array, weight: bigint, owners: PChainOwnerBytes[]): void {
  if (subnetID.every((b) => b === 0)) fail('invalid subnet ID');
  if (weight === 0n) fail('invalid weight');
  if (nodeID.length !== 20) fail(`invalid node ID: invalid hash length: expected 20 bytes but got ${nodeID.length}`);
  if (nodeID.every((b) => b === 0)) fail('invalid node ID: empty nodeID is disallowed');
  for (const owner of owners) nodeText(() => verifyOwner({ locktime: 0n, threshold: owner.threshold, addresses: owner.addresses }), 'invalid owner: ');
}

/** The new L1 validator a RegisterL1ValidatorTx adds at `nowSec`, once every check passes; and its expiry entry. */
export function registerL1Validator(ledger: Ledger, unsigned: Fields, nowSec: bigint): { validator: L1ValidatorRecord; expiry: string } {
  const call = addressedCallOf(unsigned);
  const message = nodeText(() => parseRegisterL1Validator(call.payload));
  verifyRegisterMessage(message.subnetID, message.nodeID, message.weight, [message.remainingBalanceOwner, message.disableOwner]);
  const subnetID = encodeCB58(message.subnetID);
  verifyL1Conversion(ledger, subnetID, call.sourceChainID, call.sourceAddress);
  if (message.expiry <= nowSec) fail(`warp message expired at ${message.expiry} and it is currently ${nowSec}`);
  const untilExpiry = message.expiry - nowSec;
  if (untilExpiry > REGISTER_L1_VALIDATOR_EXPIRY_WINDOW) fail(`warp message not yet allowed because time is ${untilExpiry} seconds in the future but the limit is ${REGISTER_L1_VALIDATOR_EXPIRY_WINDOW}`);
  // message.ValidationID: sha256 of the payload's bytes.
  const validationID = txId(call.payload);
  const expiry = expiryKey(message.expiry, validationID);
  if (ledger.l1Expiries.has(expiry)) fail(`warp message already issued for validationID ${validationID}`);
  nodeText(() => verifyProofOfPossession(message.blsPublicKey, Uint8Array.from(unsigned.proofOfPossession as number[])));
  const balance = BigInt(unsigned.balance as number);
  if (balance !== 0n) {
    const active = ledger.l1Validators.filter((v) => v.balance > 0n).length;
    if (BigInt(active) >= ledger.fees.validatorConfig.capacity) fail('already at the max number of active validators');
  }
  return {
    validator: {
      validationID,
      subnetID,
      nodeID: nodeIdToString(message.nodeID),
      weight: message.weight,
      startTime: nowSec,
      publicKey: `0x${toHex(message.blsPublicKey)}`,
      balance,
      remainingBalanceOwner: ownerOf(ledger, message.remainingBalanceOwner),
      deactivationOwner: ownerOf(ledger, message.disableOwner),
      minNonce: 0n,
    },
    expiry,
  };
}

/** The validator a SetL1ValidatorWeightTx changes, with its new weight and minimum nonce, once every check passes. */
export function setL1ValidatorWeight(ledger: Ledger, unsigned: Fields): { validator: L1ValidatorRecord; weight: bigint; minNonce: bigint } {
  const call = addressedCallOf(unsigned);
  const message = nodeText(() => parseL1ValidatorWeight(call.payload));
  if (message.nonce === MAX_UINT64 && message.weight !== 0n) fail('maxUint64 nonce is reserved for removal');
  const validationID = encodeCB58(message.validationID);
  const validator = ledger.l1Validators.find((v) => v.validationID === validationID);
  if (!validator) return fail('could not load L1 validator: not found');
  if (message.nonce < validator.minNonce) fail(`warp message contains stale nonce ${message.nonce} must be at least ${validator.minNonce}`);
  verifyL1Conversion(ledger, validator.subnetID, call.sourceChainID, call.sourceAddress);
  if (message.weight === 0n) {
    // state.WeightOfL1Validators: every L1 validator of the subnet, active or not.
    const total = ledger.l1Validators.reduce((sum, v) => (v.subnetID === validator.subnetID ? sum + v.weight : sum), 0n);
    if (total === validator.weight) fail('attempting to remove the last L1 validator from a converted subnet');
  }
  // Nonce + 1 wraps only for a removal (Verify refuses the max nonce otherwise), where it no longer matters.
  return { validator, weight: message.weight, minNonce: (message.nonce + 1n) & MAX_UINT64 };
}
