// The warp message check a node makes before it executes a tx (avalanchego v1.14.2:
// block/executor/manager.go VerifyTx calls txs/executor/warp_verifier.go VerifyWarpMessages,
// quorum 67/100): the message parsed, the source chain's subnet (validators/manager.go
// GetSubnetID), that subnet's validator set in its canonical order (snow/validators/warp.go
// FlattenValidatorSet; an L1's inactive validators count as weight without a key, state.go
// initValidatorSets), then warp/signature.go BitSetSignature#Verify. Only RegisterL1ValidatorTx
// and SetL1ValidatorWeightTx carry a message.
import { decodeHexNC, decodeTx, encodeCB58, typeName, type SignedTx } from '@avanode/codec';
import { P_CHAIN_ID, proposedHeight, type Ledger } from '../state/ledger.js';
import { compareBytes } from '../util/bytes.js';
import { validatorSetsAt } from '../state/validator-sets.js';
import { BlsError, publicKeyFromCompressedBytes, signatureFromBytes, uncompressedBytes, verifyAggregate } from '../util/bls.js';
import { WarpParseError, parseWarpMessage, type WarpMessage } from './warp-message.js';

const MAX_UINT64 = 2n ** 64n - 1n;
const WARP_QUORUM_NUMERATOR = 67n;
const WARP_QUORUM_DENOMINATOR = 100n;

class WarpRefusal extends Error {}
const fail = (text: string): never => {
  throw new WarpRefusal(text);
};

/** validators.Manager#GetSubnetID: the subnet a chain was created on. */
function subnetOfChain(ledger: Ledger, chainID: string): string {
  if (chainID === P_CHAIN_ID) return P_CHAIN_ID;
  // A chain of the state (a state file's `chains`, or one a CreateChainTx made).
  const chain = ledger.chains.find((c) => c.id === chainID);
  if (chain) return chain.subnetID;
  const accepted = ledger.txs.get(chainID);
  if (accepted) {
    const unsigned = decodeTx(accepted.bytes, { network: ledger.networkID }).unsignedTx as unknown as Record<string, unknown>;
    if (typeName(unsigned) !== 'CreateChainTx') fail(`"${chainID}" is not a blockchain`);
    return unsigned.subnetID as string;
  }
  // An L1 of a state file names its manager chain, which no tx of the mock created: the L1's own chain.
  const l1 = ledger.subnets.find((s) => s.l1?.managerChainID === chainID);
  return l1 ? l1.id : fail(`problem retrieving blockchain "${chainID}": not found`);
}

interface WarpValidator {
  key: ReturnType<typeof publicKeyFromCompressedBytes>;
  sortKey: Uint8Array;
  weight: bigint;
}

/** A validator's key as the state holds it: a node's state only holds valid keys, a state file may not. */
function stateKey(publicKey: string, whose: string): WarpValidator['key'] {
  try {
    return publicKeyFromCompressedBytes(decodeHexNC(publicKey));
  } catch (error) {
    if (error instanceof BlsError) return fail(`the mock's state holds ${whose} with a BLS public key that is not a valid key (${error.message})`);
    throw error;
  }
}

/** The validator set of `subnetID` now, flattened: keyed validators sorted by uncompressed key (equal keys merged), and the total weight. */
function warpSet(ledger: Ledger, subnetID: string): { validators: WarpValidator[]; totalWeight: bigint } {
  // block/executor/manager.go VerifyTx: the set at the proposer's P-chain height
  // (validators/manager.go GetMinimumHeight: up to 30 s of blocks behind the tip), as recorded then.
  const height = proposedHeight(ledger, ledger.clockMs());
  const members = (validatorSetsAt(ledger, height).get(subnetID) ?? []).map((m) => ({ weight: m.weight, publicKey: m.publicKey ?? undefined, whose: `validator ${m.nodeID}` }));
  let totalWeight = 0n;
  const byKey = new Map<string, WarpValidator>();
  for (const m of members) {
    totalWeight += m.weight;
    if (totalWeight > MAX_UINT64) fail('overflow');
    if (m.publicKey === undefined) continue;
    const key = stateKey(m.publicKey, m.whose);
    const sortKey = uncompressedBytes(key);
    const id = sortKey.join(',');
    const entry = byKey.get(id) ?? { key, sortKey, weight: 0n };
    entry.weight += m.weight;
    byKey.set(id, entry);
  }
  return { validators: [...byKey.values()].sort((a, b) => compareBytes(a.sortKey, b.sortKey)), totalWeight };
}

/** set.BitsFromBytes: the signers' indices (bit i of the big-endian number), and its bit length. */
function signerIndices(signers: Uint8Array): { bitLength: number; has: (i: number) => boolean } {
  const bitLength = signers.length === 0 ? 0 : (signers.length - 1) * 8 + (32 - Math.clz32(signers[0]!));
  return { bitLength, has: (i) => ((signers[signers.length - 1 - (i >> 3)]! >> (i & 7)) & 1) === 1 };
}

/** BitSetSignature#Verify. */
function verifySignature(message: WarpMessage, networkID: number, set: ReturnType<typeof warpSet>): void {
  if (message.unsigned.networkID !== networkID) fail('wrong networkID');
  // No leading zero byte: the bit set's own bytes are exactly the signers field.
  if (message.signers.length > 0 && message.signers[0] === 0) fail('bitset is invalid');
  const indices = signerIndices(message.signers);
  if (indices.bitLength > set.validators.length) fail(`unknown validator: NumIndices (${indices.bitLength - 1}) >= NumFilteredValidators (${set.validators.length})`);
  const signers = set.validators.filter((_, i) => indices.has(i));
  const signedWeight = signers.reduce((sum, v) => sum + v.weight, 0n);
  if (WARP_QUORUM_NUMERATOR * set.totalWeight > WARP_QUORUM_DENOMINATOR * signedWeight) {
    fail(`signature weight is insufficient: ${WARP_QUORUM_NUMERATOR}*${set.totalWeight} > ${WARP_QUORUM_DENOMINATOR}*${signedWeight}`);
  }
  let signature: ReturnType<typeof signatureFromBytes>;
  try {
    signature = signatureFromBytes(message.signature);
  } catch (error) {
    if (error instanceof BlsError) fail(`failed to parse signature: ${error.message}`);
    throw error;
  }
  let valid: boolean;
  try {
    valid = verifyAggregate(
      signers.map((v) => v.key),
      signature!,
      message.unsigned.bytes,
    );
  } catch (error) {
    if (error instanceof BlsError) fail(error.message);
    throw error;
  }
  if (!valid) fail('signature is invalid');
}

/**
 * VerifyWarpMessages for one tx: undefined when its message (if any) is signed by a quorum of its
 * source chain's validators, else the node's text (what follows "failed verifying warp messages: ").
 */
export function warpError(ledger: Ledger, tx: SignedTx, type: string): string | undefined {
  if (type !== 'RegisterL1ValidatorTx' && type !== 'SetL1ValidatorWeightTx') return undefined;
  try {
    const message = parseWarpMessage(decodeHexNC((tx.unsignedTx as unknown as { message: string }).message));
    const subnetID = subnetOfChain(ledger, encodeCB58(message.unsigned.sourceChainID));
    verifySignature(message, ledger.networkID, warpSet(ledger, subnetID));
    return undefined;
  } catch (error) {
    if (error instanceof WarpRefusal || error instanceof WarpParseError) return error.message;
    throw error;
  }
}
