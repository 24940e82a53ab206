// Signing as the Go wallet signs (wallet/chain/p/signer/visitor.go at v1.14.2): one
// secp256k1fx.Credential per input in input order (ImportTx: the P-chain inputs, then the
// imported ones), then one for the subnet or L1 authorization; each signature is r ‖ s ‖ v over
// sha256 of the unsigned bytes; a key signs once per tx and its signature is reused; signatures
// already present (partial signing by another party) are kept.
import { type BytesLike, type SignedTx, type UnsignedTx, encodeCB58, encodeHex, encodeUnsignedTx, parseTx, decodeTx, typeName } from '@avanode/codec';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { type KeyFormatError, MissingDataError, MissingSignaturesError, SignerError, UnusedSignerError } from './errors.js';
import { type Signer, createKeySigner, isKeySigner } from './keys.js';
import { AUTHORIZATION } from './rules/authorization.js';
import { toUnsignedTx } from './rules/complexity.js';
import { recoverAddress } from './rules/secp256k1.js';
import { type OwnerLike, addressBytes } from './rules/secp256k1fx.js';
import { readTx } from './rules/tx-input.js';
import { type UtxoLike, readUtxos, utxoKey } from './utxos.js';

/** A tx to sign: built by a builder, decoded, unsigned bytes, or a partly signed tx (its bytes, checksummed hex or object). */
export type TxToSign =
  | BytesLike
  | UnsignedTx
  | SignedTx
  | { readonly unsignedTx: UnsignedTx; readonly authOwner?: OwnerLike; readonly credentials?: SignedTx['credentials']; readonly spentUtxos?: readonly UtxoLike[] };

export interface SignTxOptions {
  /** Private keys (`PrivateKey-…`, `0x…` or 32 bytes), each wrapped in an in-memory signer. */
  readonly keys?: readonly (string | Uint8Array)[];
  /** Signers of any kind (hardware wallets, key services…). */
  readonly signers?: readonly Signer[];
  /** The UTXOs the tx spends (for an ImportTx, the source chain's too), as getUTXOs gives them or decoded. Default: a built tx's `spentUtxos`. */
  readonly utxos?: readonly UtxoLike[];
  /** The owner of a subnet or L1 authorization, by subnet ID or validation ID (builders attach it themselves). */
  readonly owners?: Readonly<Record<string, OwnerLike>>;
  /** Leave signatures missing (multisig: others sign later) instead of throwing MissingSignaturesError. */
  readonly partial?: boolean;
  /**
   * Throw UnusedSignerError for a key or signer that owns nothing in the tx. Default false: as
   * the node's Go signer (wallet/chain/p/signer), a keychain's other keys are ignored.
   */
  readonly strict?: boolean;
}

export interface SignedTxResult {
  /** The signed bytes: what `platform.issueTx` takes. */
  readonly bytes: Uint8Array;
  /** `0x` + hex + checksum: `issueTx({ tx: hex, encoding: 'hex' })`. */
  readonly hex: string;
  /** The tx ID (sha256 of the signed bytes, cb58). */
  readonly id: string;
  /** Whether every signature is present. */
  readonly complete: boolean;
  /** The signed tx decoded (read on first use). */
  readonly tx: SignedTx;
}

const EMPTY_SIGNATURE = new Uint8Array(65);
const ZERO_HEX = `0x${'00'.repeat(65)}`;

function isEmpty(signature: Uint8Array): boolean {
  for (const byte of signature) if (byte !== 0) return false;
  return true;
}

interface Slot {
  /** For each signature index: the owner address that must sign, or undefined if unknown (UTXO not given). */
  readonly addresses: readonly (Uint8Array | undefined)[];
  signatures: Uint8Array[];
}

interface Prepared {
  readonly unsignedTx: UnsignedTx;
  readonly unsignedBytes: Uint8Array;
  readonly credentials: readonly { readonly signatures?: readonly string[] }[];
  readonly authOwner?: OwnerLike;
  readonly spentUtxos?: readonly UtxoLike[];
}

function prepare(tx: TxToSign): Prepared {
  if (tx instanceof Uint8Array || typeof tx === 'string') {
    const read = readTx(tx);
    return { unsignedTx: read.unsignedTx, unsignedBytes: read.unsignedBytes, credentials: (read.credentials ?? []) as { signatures?: string[] }[] };
  }
  const record = tx as { unsignedTx?: UnsignedTx; unsignedBytes?: Uint8Array; credentials?: SignedTx['credentials']; authOwner?: OwnerLike; spentUtxos?: readonly UtxoLike[] };
  // A builder's BuiltTx carries its bytes, encoded from the same fields: no second encoding.
  const built = record.unsignedTx !== undefined && record.unsignedBytes instanceof Uint8Array;
  const unsignedTx = built ? record.unsignedTx! : toUnsignedTx(tx as Record<string, unknown>);
  const credentials = (record.unsignedTx !== undefined ? (record.credentials ?? []) : []) as { signatures?: string[] }[];
  return {
    unsignedTx,
    unsignedBytes: built ? record.unsignedBytes! : encodeUnsignedTx(unsignedTx),
    credentials,
    ...(record.authOwner ? { authOwner: record.authOwner } : {}),
    ...(record.spentUtxos ? { spentUtxos: record.spentUtxos } : {}),
  };
}

function inputSlots(inputs: readonly Record<string, unknown>[], utxos: ReturnType<typeof readUtxos>, partial: boolean, first: number): Slot[] {
  return inputs.map((input, i) => {
    let inner = input.input as Record<string, unknown>;
    if (typeName(inner) === 'stakeable.LockIn') inner = inner.input as Record<string, unknown>;
    const indices = inner.signatureIndices as number[];
    const utxo = utxos.get(utxoKey(input.txID as string, input.outputIndex as number));
    if (utxo === undefined && !partial) throw new MissingDataError(`input ${first + i} spends ${utxoKey(input.txID as string, input.outputIndex as number)}, which is not among the utxos given`);
    const addresses = indices.map((index) => {
      if (utxo === undefined) return undefined;
      const address = utxo.owner.addresses[index];
      // wallet/chain/p/signer ErrInvalidUTXOSigIndex
      if (address === undefined) throw new MissingDataError(`invalid UTXO signature index ${index} in input ${first + i}`);
      return address;
    });
    return { addresses, signatures: indices.map(() => EMPTY_SIGNATURE) };
  });
}

function authSlot(tx: Record<string, unknown>, prepared: Prepared, options: SignTxOptions): Slot | undefined {
  const auth = AUTHORIZATION[tx.type as UnsignedTx['type']];
  if (auth === null || auth === undefined) return undefined;
  const { field } = auth;
  const input = tx[field] as { signatureIndices: number[] };
  const ownerID = auth.ownerOf(tx);
  const owner = options.owners?.[ownerID] ?? prepared.authOwner;
  if (owner === undefined && !options.partial) throw new MissingDataError(`the ${auth.owner} of ${ownerID} (for the ${field}) is needed: pass it in options.owners`);
  // The node keeps an owner's addresses sorted by bytes (OutputOwners.Verify): the indices point into that order.
  const sorted = owner === undefined ? [] : owner.addresses.map((a) => addressBytes(a)).sort((a, b) => {
    const [x, y] = [hex.encode(a), hex.encode(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const addresses = input.signatureIndices.map((index) => {
    if (owner === undefined) return undefined;
    const address = sorted[index];
    if (address === undefined) throw new MissingDataError(`invalid signature index ${index} in the ${field}`);
    return address;
  });
  return { addresses, signatures: input.signatureIndices.map(() => EMPTY_SIGNATURE) };
}

function signatureFromHex(text: string | undefined): Uint8Array {
  if (text === undefined || text === ZERO_HEX) return EMPTY_SIGNATURE;
  return hex.decode(text.slice(2).toLowerCase());
}

/** The signed bytes: the unsigned bytes, then the credentials (each type ID 9, a count and 65-byte signatures). */
function signedBytes(unsignedBytes: Uint8Array, slots: readonly Slot[]): Uint8Array {
  let size = unsignedBytes.length + 4;
  for (const slot of slots) size += 8 + 65 * slot.signatures.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(unsignedBytes, 0);
  let at = unsignedBytes.length;
  view.setUint32(at, slots.length);
  at += 4;
  for (const slot of slots) {
    view.setUint32(at, 9); // secp256k1fx.Credential
    view.setUint32(at + 4, slot.signatures.length);
    at += 8;
    for (const signature of slot.signatures) {
      out.set(signature, at);
      at += 65;
    }
  }
  return out;
}

function result(bytes: Uint8Array, complete: boolean): SignedTxResult {
  let decoded: SignedTx | undefined;
  return {
    bytes,
    hex: encodeHex(bytes),
    id: encodeCB58(sha256(bytes)),
    complete,
    get tx() {
      decoded ??= decodeTx(bytes);
      return decoded;
    },
  };
}

function slotsOf(prepared: Prepared, options: SignTxOptions): Slot[] {
  const tx = prepared.unsignedTx as unknown as Record<string, unknown>;
  if (tx.type === 'AdvanceTimeTx' || tx.type === 'RewardValidatorTx') throw new MissingDataError(`${tx.type} is not signed`);
  const utxos = readUtxos(options.utxos ?? prepared.spentUtxos ?? []);
  const partial = options.partial === true;
  const inputs = tx.inputs as Record<string, unknown>[];
  const slots = inputSlots(inputs, utxos, partial, 0);
  if (tx.type === 'ImportTx') slots.push(...inputSlots(tx.importedInputs as Record<string, unknown>[], utxos, partial, inputs.length));
  const auth = authSlot(tx, prepared, options);
  if (auth !== undefined) slots.push(auth);
  // Signatures already there (another party's) are kept, as the Go signer keeps them.
  if (prepared.credentials.length === slots.length) {
    prepared.credentials.forEach((credential, i) => {
      const present = credential.signatures ?? [];
      if (present.length === slots[i]!.signatures.length) slots[i]!.signatures = present.map(signatureFromHex);
    });
  }
  return slots;
}

/**
 * Signs a tx with keys or signers: every signature an owner needs from them, in the node's
 * order; keys that own nothing in the tx are ignored (a keychain), unless `strict` asks for
 * UnusedSignerError. Throws MissingSignaturesError
 * when a signature is still missing (unless `partial`), MissingDataError when a UTXO or an
 * authorization's owner is not given.
 */
export async function signTx(tx: TxToSign, options: SignTxOptions): Promise<SignedTxResult> {
  const prepared = prepare(tx);
  const slots = slotsOf(prepared, options);
  const hash = sha256(prepared.unsignedBytes);
  const signers: Signer[] = [...(options.signers ?? [])];
  for (const key of options.keys ?? []) signers.push(createKeySigner(key));
  const byAddress = new Map<string, Signer>();
  for (const signer of signers) for (const address of signer.addresses) if (!byAddress.has(hex.encode(address))) byAddress.set(hex.encode(address), signer);
  const used = new Set<Signer>();
  // One signature per key per tx (sigCache in visitor.go#sign), present ones included.
  const cache = new Map<string, Uint8Array>();
  for (const slot of slots) {
    slot.addresses.forEach((address, i) => {
      if (address !== undefined && !isEmpty(slot.signatures[i]!)) cache.set(hex.encode(address), slot.signatures[i]!);
    });
  }
  for (const slot of slots) {
    for (let i = 0; i < slot.addresses.length; i++) {
      const address = slot.addresses[i];
      if (address === undefined) continue;
      const id = hex.encode(address);
      const signer = byAddress.get(id);
      if (signer !== undefined) used.add(signer);
      if (!isEmpty(slot.signatures[i]!)) continue;
      let signature = cache.get(id);
      if (signature === undefined && signer !== undefined) {
        signature = await signer.signHash(hash, address);
        // Another kind of signer (a device, a service) is checked: its signature must recover to the address asked for.
        if (!isKeySigner(signer)) checkSignature(hash, signature, address);
        cache.set(id, signature);
      }
      if (signature !== undefined) slot.signatures[i] = signature;
    }
  }
  const unused = signers.filter((signer) => !used.has(signer));
  if (options.strict === true && unused.length > 0) throw new UnusedSignerError(unused.flatMap((signer) => signer.addresses.map((a) => encodeCB58(a))));
  const missing = slots
    .map((slot, credential) => ({ credential, addresses: slot.addresses.flatMap((a, i) => (isEmpty(slot.signatures[i]!) ? [a === undefined ? '(unknown: UTXO or owner not given)' : encodeCB58(a)] : [])) }))
    .filter((m) => m.addresses.length > 0);
  if (missing.length > 0 && options.partial !== true) throw new MissingSignaturesError(missing);
  return result(signedBytes(prepared.unsignedBytes, slots), missing.length === 0);
}

function checkSignature(hash: Uint8Array, signature: Uint8Array, address: Uint8Array): void {
  let signer: Uint8Array;
  try {
    if (!(signature instanceof Uint8Array)) throw new SignerError('a signer must return bytes');
    signer = recoverAddress(hash, signature);
  } catch (cause) {
    throw new SignerError(`a signer returned an invalid signature for ${encodeCB58(address)}: ${(cause as KeyFormatError).message}`, { cause });
  }
  if (hex.encode(signer) !== hex.encode(address)) throw new SignerError(`a signer returned a signature by ${encodeCB58(signer)} when asked for ${encodeCB58(address)}`);
}

/**
 * Merges partly signed copies of one tx (each party signed what it could): every signature
 * present in any copy. The copies must share their unsigned bytes; two different signatures in
 * one place are an error.
 */
export function mergeSignatures(...copies: readonly BytesLike[]): SignedTxResult {
  if (copies.length === 0) throw new MissingDataError('mergeSignatures needs at least one signed tx');
  const parsed = copies.map((copy) => parseTx(copy));
  const first = parsed[0]!;
  const unsignedHex = hex.encode(first.unsignedBytes);
  const slots: Slot[] = (first.tx.credentials as { signatures: string[] }[]).map((credential) => ({ addresses: [], signatures: credential.signatures.map(signatureFromHex) }));
  for (const other of parsed.slice(1)) {
    if (hex.encode(other.unsignedBytes) !== unsignedHex) throw new MissingDataError('mergeSignatures: the copies are not the same unsigned tx');
    const credentials = other.tx.credentials as { signatures: string[] }[];
    if (credentials.length !== slots.length) throw new MissingDataError('mergeSignatures: the copies have different numbers of credentials');
    credentials.forEach((credential, c) => {
      const slot = slots[c]!;
      if (credential.signatures.length !== slot.signatures.length) throw new MissingDataError(`mergeSignatures: credential ${c} differs in length between copies`);
      credential.signatures.forEach((text, i) => {
        const signature = signatureFromHex(text);
        if (isEmpty(signature)) return;
        if (isEmpty(slot.signatures[i]!)) slot.signatures[i] = signature;
        else if (hex.encode(slot.signatures[i]!) !== hex.encode(signature)) throw new MissingDataError(`mergeSignatures: credential ${c} has two different signatures at ${i}`);
      });
    });
  }
  const complete = slots.every((slot) => slot.signatures.every((s) => !isEmpty(s)));
  return result(signedBytes(first.unsignedBytes, slots), complete);
}
