// Signing a C-chain atomic tx as the node's Go wallet signs it (wallet/chain/c/signer.go at
// v1.14.2): one secp256k1fx.Credential per input, in input order; an EVM input's credential holds
// one signature by the key of its account (the C-chain recovers it and compares its EVM address),
// an imported input's one signature per signature index, by the owner address at that index of
// the UTXO it spends. Each signature is r ‖ s ‖ v over sha256 of the unsigned bytes; a key signs
// once per tx and its signature is reused.
import { encodeCB58, encodeHex, decodeHexNC } from '@avanode/codec';
import type { SignedAtomicTx, UnsignedAtomicTx } from '@avanode/codec/cchain';
import { decodeAtomicTx, encodeAtomicTx, encodeUnsignedAtomicTx } from '@avanode/codec/cchain';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { MissingDataError, MissingSignaturesError, SignerError, UnusedSignerError } from '../errors.js';
import { type Signer, createKeySigner, isKeySigner } from '../keys.js';
import { recoverAddress, recoverEvmAddress } from '../rules/secp256k1.js';
import { type ReadUtxo, type UtxoLike, readUtxos, utxoKey } from '../utxos.js';

export interface SignAtomicTxOptions {
  /** Private keys (`PrivateKey-…`, `0x…` or 32 bytes), each wrapped in an in-memory signer. */
  readonly keys?: readonly (string | Uint8Array)[];
  /** Signers of any kind; for an export, signers that list `evmAddresses`. */
  readonly signers?: readonly Signer[];
  /** For an import not built here: the shared-memory UTXOs it spends (hex or decoded). Default: the built tx's `spentUtxos`. */
  readonly utxos?: readonly UtxoLike[];
}

export interface SignedAtomicTxResult {
  /** The signed bytes: what `avax.issueTx` takes. */
  readonly bytes: Uint8Array;
  /** `0x` + hex + checksum: `avax.issueTx({ tx: hex, encoding: 'hex' })`. */
  readonly hex: string;
  /** The tx ID (sha256 of the signed bytes, cb58): what `avax.getAtomicTxStatus` takes. */
  readonly id: string;
  /** The signed tx decoded. */
  readonly tx: SignedAtomicTx;
}

/** Who must sign each credential: per credential, per signature, the 20-byte address and its kind. */
type Need = { readonly address: Uint8Array; readonly evm: boolean };

function needs(unsigned: UnsignedAtomicTx, utxos: ReadonlyMap<string, ReadUtxo>): Need[][] {
  if ('destinationChain' in unsigned) return unsigned.inputs.map((input) => [{ address: decodeHexNC(input.address), evm: true }]);
  return unsigned.importedInputs.map((input, i) => {
    const utxo = utxos.get(utxoKey(input.txID, input.outputIndex));
    if (utxo === undefined) throw new MissingDataError(`imported input ${i} spends ${input.txID}:${input.outputIndex}, a UTXO not given: pass it in \`utxos\` (avax.getUTXOs with sourceChain)`);
    return input.input.signatureIndices.map((index) => {
      const address = utxo.owner.addresses[index];
      if (address === undefined) throw new MissingDataError(`imported input ${i} has signature index ${index}, beyond its UTXO's ${utxo.owner.addresses.length} owner addresses`);
      return { address, evm: false };
    });
  });
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Signs a built (or decoded) C-chain atomic tx. */
export async function signAtomicTx(
  built: { readonly unsignedTx: UnsignedAtomicTx; readonly spentUtxos?: readonly ReadUtxo[] },
  options: SignAtomicTxOptions,
): Promise<SignedAtomicTxResult> {
  if (built === null || typeof built !== 'object' || typeof built.unsignedTx !== 'object') throw new MissingDataError('signAtomicTx takes a built tx ({ unsignedTx, spentUtxos })');
  const signers = [...(options.keys ?? []).map((key) => createKeySigner(key)), ...(options.signers ?? [])];
  const utxos = new Map<string, ReadUtxo>(options.utxos === undefined ? (built.spentUtxos ?? []).map((u) => [u.key, u]) : readUtxos(options.utxos));
  const unsignedBytes = encodeUnsignedAtomicTx(built.unsignedTx);
  const hash = sha256(unsignedBytes);
  const required = needs(built.unsignedTx, utxos);
  const made = new Map<string, Uint8Array>();
  const used = new Set<Signer>();
  const missing: { credential: number; addresses: string[] }[] = [];

  async function signatureFor(need: Need): Promise<Uint8Array | undefined> {
    const key = `${need.evm ? 'evm' : 'short'}:${hex.encode(need.address)}`;
    const cached = made.get(key);
    if (cached) return cached;
    const signer = signers.find((s) => (need.evm ? s.evmAddresses : s.addresses)?.some((a) => same(a, need.address)));
    if (signer === undefined) return undefined;
    const signature = await signer.signHash(hash, need.address);
    if (!(signature instanceof Uint8Array) || signature.length !== 65) throw new SignerError('a signer returned something other than a 65-byte r ‖ s ‖ v signature');
    // Another party's signer is checked: a wrong signature is the node's refusal otherwise, after the issue.
    if (!isKeySigner(signer)) {
      let signedBy: Uint8Array;
      try {
        signedBy = need.evm ? recoverEvmAddress(hash, signature) : recoverAddress(hash, signature);
      } catch (cause) {
        throw new SignerError('a signer returned a signature that does not recover', { cause });
      }
      if (!same(signedBy, need.address)) throw new SignerError('a signer returned a signature by another key than the address asked');
    }
    used.add(signer);
    made.set(key, signature);
    return signature;
  }

  const credentials: { signatures: string[] }[] = [];
  for (const [i, credential] of required.entries()) {
    const signatures: string[] = [];
    const lacking: string[] = [];
    for (const need of credential) {
      const signature = await signatureFor(need);
      if (signature === undefined) lacking.push(need.evm ? `0x${hex.encode(need.address)}` : encodeCB58(need.address));
      else signatures.push(`0x${hex.encode(signature)}`);
    }
    if (lacking.length > 0) missing.push({ credential: i, addresses: lacking });
    credentials.push({ signatures });
  }
  if (missing.length > 0) throw new MissingSignaturesError(missing);
  const unused = signers.filter((s) => !used.has(s));
  if (unused.length > 0) throw new UnusedSignerError(unused.flatMap((s) => s.addresses.map(encodeCB58)));
  const bytes = encodeAtomicTx({ unsignedTx: built.unsignedTx, credentials: credentials.map((c) => ({ type: 'secp256k1fx.Credential', ...c })) });
  let decoded: SignedAtomicTx | undefined;
  return {
    bytes,
    hex: encodeHex(bytes),
    id: encodeCB58(sha256(bytes)),
    get tx() {
      decoded ??= decodeAtomicTx(bytes);
      return decoded;
    },
  };
}
