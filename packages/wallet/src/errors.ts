// The wallet's typed errors. None of them ever quotes a key: key errors say what was wrong with
// the text (its length, its prefix), never the text itself.
import { formatAvax } from '@avanode/codec';

/** The base of every error the wallet throws for bad input or an impossible request. */
export class WalletError extends Error {
  override readonly name: string = 'WalletError';
}

/** A private key that cannot be read (wrong prefix, length, checksum or range). */
export class KeyFormatError extends WalletError {
  override readonly name = 'KeyFormatError';
}

/** Per asset: what the tx needs and what the given UTXOs hold, in the asset's smallest unit (nAVAX for AVAX). */
export interface AssetShortfall {
  readonly assetID: string;
  /** The asset's name where known: `AVAX` for the network's AVAX asset. */
  readonly assetName?: string;
  readonly needed: bigint;
  readonly available: bigint;
}

/** An amount as a person reads it: AVAX in AVAX (exact decimals), another asset in its smallest unit. */
function shown(s: AssetShortfall, amount: bigint): string {
  return s.assetName === 'AVAX' ? `${formatAvax(amount)} AVAX` : `${amount}`;
}

/** The UTXOs cannot pay for the outputs, the stake and the fee. */
export class InsufficientFundsError extends WalletError {
  override readonly name = 'InsufficientFundsError';
  readonly shortfalls: readonly AssetShortfall[];

  constructor(shortfalls: readonly AssetShortfall[], what = 'funds') {
    super(`insufficient ${what}: ${shortfalls.map((s) => `${s.assetName ?? `asset ${s.assetID}`} needs ${shown(s, s.needed)}, ${shown(s, s.available)} available`).join('; ')}`);
    this.shortfalls = shortfalls;
  }
}

/** A key or signer given to signTx that owns no input, authorization or address it has to sign. */
export class UnusedSignerError extends WalletError {
  override readonly name = 'UnusedSignerError';
  /** The signer's addresses (`P-…` is not known here: the 20-byte addresses as cb58 short IDs). */
  readonly addresses: readonly string[];

  constructor(addresses: readonly string[]) {
    super(`a signer owns no input or authorization of this tx: ${addresses.join(', ')}`);
    this.addresses = addresses;
  }
}

/** Signatures are missing after signing: fewer than an owner's threshold (unless partial signing was asked for). */
export class MissingSignaturesError extends WalletError {
  override readonly name = 'MissingSignaturesError';
  /** Each credential with missing signatures: its index and the addresses (cb58 short IDs) that must still sign. */
  readonly missing: readonly { readonly credential: number; readonly addresses: readonly string[] }[];

  constructor(missing: readonly { readonly credential: number; readonly addresses: readonly string[] }[]) {
    super(`missing signatures: ${missing.map((m) => `credential ${m.credential} needs ${m.addresses.join(', ')}`).join('; ')}`);
    this.missing = missing;
  }
}

/** An address of another network or chain than the one it is used on, or not an address at all. */
export class AddressError extends WalletError {
  override readonly name = 'AddressError';
}

/** A UTXO, owner or tx the wallet needs is not among those given. */
export class MissingDataError extends WalletError {
  override readonly name = 'MissingDataError';
}

/** A signer returned something that is not a valid signature of the hash by the address it was asked for. */
export class SignerError extends WalletError {
  override readonly name = 'SignerError';
}
