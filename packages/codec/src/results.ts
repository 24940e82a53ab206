// `@avanode/codec/results`: the `encoding: "hex"` answers of the P-chain API (as `@avanode/client`
// returns them) turned into the objects the node prints with `encoding: "json"`, typed with
// `@avanode/types` (or `@avanode/types/bigint` with `bigint: true`, as the client's own option).
// A separate entry so that the client never pays for the codec: an app that wants decoded
// answers imports this next to the client, an app that does not imports neither.
import type * as Json from '@avanode/types';
import type * as Big from '@avanode/types/bigint';
import { expectOptions } from './arguments.js';
import { CodecError, excerpt } from './errors.js';
import { type Network, parseAddress } from './encoding/address.js';
import { byteEncoding, encodeHex } from './encoding/bytes.js';
import type { Uint64, Uint64Form } from './codec/schema.js';
import { type DecodeOptionsWithForm, decodeBlock, decodeTransferableOutput, decodeTx, decodeUtxo, encodeTx, typeName } from './pchain/api.js';
import type { Block, Credential, Input, SECP256K1FX_ID, SignedTx, TransferableOutput, Utxo } from './pchain/types.js';

export interface ResultDecodeOptions {
  /**
   * The network addresses print with: an ID, a name (`'fuji'`) or `{ hrp }`. By default the network
   * ID inside the tx (txs, blocks), the HRP of `endIndex.address` (getUTXOs), else mainnet: give it
   * for `getRewardUTXOs` and `getStake` off mainnet.
   */
  readonly network?: Network;
  /** The chain alias printed before addresses. Default `P`. */
  readonly chain?: string;
  /**
   * Every uint64 as a bigint, typed with `@avanode/types/bigint` (what a client created with
   * `bigint: true` returns). By default a number while exact and a decimal string above 2^53 − 1,
   * typed with `@avanode/types`.
   */
  readonly bigint?: boolean;
}
type BigintOptions = ResultDecodeOptions & { readonly bigint: true };
type DefaultOptions = ResultDecodeOptions & { readonly bigint?: false };

// --- the codec's own shapes, as a node serves them -----------------------------------------------
// The decoder reads any bytes the codec allows; what the node returns has passed its verifier,
// which takes only a secp256k1fx.Credential as a credential and a secp256k1fx.Input as a subnet or
// L1 authorization (vms/secp256k1fx/fx.go#Fx.VerifyPermission and #Fx.VerifyTransfer: any other
// type is errWrongCredentialType / errWrongInputType). So every owner the node prints is
// initialised and every `fxID` is the secp256k1fx ID. `served` checks this at run time; `Served`
// says it in the types, which then are `@avanode/types`' (checked where each function returns).
type ServedMember<K, V, U> = K extends 'credentials'
  ? Served<Credential, U>[]
  : K extends 'subnetAuthorization' | 'disableAuthorization'
    ? Served<Input, U>
    : K extends 'fxID'
      ? typeof SECP256K1FX_ID
      : Served<V, U>;
/** A decoded shape with its uint64s as `U` and the node's guarantees above. */
export type Served<T, U> = [T] extends [Uint64] ? ([Uint64] extends [T] ? U : T) : T extends object ? { [K in keyof T]: ServedMember<K, T[K], U> } : T;

const AUTHORIZATIONS = ['subnetAuthorization', 'disableAuthorization'] as const;

function served<U>(tx: SignedTx): Served<SignedTx, U> {
  tx.credentials.forEach((credential, i) => {
    if (typeName(credential) !== 'secp256k1fx.Credential') {
      throw new CodecError(`${typeName(credential)} as a credential: the node accepts only secp256k1fx.Credential`, { field: `credentials[${i}]` });
    }
  });
  for (const key of AUTHORIZATIONS) {
    const value = (tx.unsignedTx as Record<string, unknown>)[key];
    if (value !== undefined && typeName(value) !== 'secp256k1fx.Input') {
      throw new CodecError(`${typeName(value)} as an authorization: the node accepts only secp256k1fx.Input`, { field: `unsignedTx.${key}` });
    }
  }
  return tx as unknown as Served<SignedTx, U>;
}

function formOf(options: ResultDecodeOptions | undefined): Uint64Form {
  return options?.bigint === true ? 'bigint' : 'number-or-string';
}

function decodeOptions(options: ResultDecodeOptions | undefined, encoding: string, network?: Network): DecodeOptionsWithForm {
  let checked: DecodeOptionsWithForm['encoding'];
  try {
    checked = byteEncoding(encoding);
  } catch {
    throw new CodecError(`cannot decode an answer in encoding ${excerpt(encoding)}`, { field: 'encoding' });
  }
  return {
    network: options?.network ?? network,
    chain: options?.chain,
    encoding: checked,
    uint64: formOf(options),
  };
}

/**
 * An answer as the helpers read it: an object with its `encoding` and the members named, each
 * present (a string, or a list of strings, where `kind` says so). A client answer always has
 * them; anything else (a partial mock, a result of another method) is refused here, naming the
 * member, rather than failing with a TypeError further in.
 */
function checkedResult<R extends object>(result: R, members: Readonly<Record<string, 'string' | 'strings' | 'object'>>, options: ResultDecodeOptions | undefined): R {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) throw new CodecError(`an answer object expected, got ${excerpt(result)}`);
  const bigint = expectOptions(options)?.bigint;
  if (bigint !== undefined && typeof bigint !== 'boolean') throw new CodecError(`bigint must be a boolean, got ${excerpt(bigint)}`);
  const record = result as Record<string, unknown>;
  if (typeof record.encoding !== 'string') throw new CodecError(`the answer's encoding must be a string, got ${excerpt(record.encoding)}`, { field: 'encoding' });
  // A `json` answer is returned as it came: its members are the node's JSON, not encoded strings.
  if (record.encoding === 'json') return result;
  for (const [name, kind] of Object.entries(members)) {
    const value = record[name];
    if (kind === 'string' && typeof value !== 'string') throw new CodecError(`a string expected, got ${excerpt(value)}`, { field: name });
    if (kind === 'object' && (typeof value !== 'object' || value === null)) throw new CodecError(`an object expected, got ${excerpt(value)}`, { field: name });
    if (kind === 'strings') {
      if (!Array.isArray(value)) throw new CodecError(`a list of encoded strings expected, got ${excerpt(value)}`, { field: name });
      value.forEach((item, i) => {
        if (typeof item !== 'string') throw new CodecError(`an encoded string expected, got ${excerpt(item)}`, { field: `${name}[${i}]` });
      });
    }
  }
  return result;
}

// --- platform.getTx ------------------------------------------------------------------------------
type TxResult = Json.PlatformGetTxResult | Big.PlatformGetTxResult;
type JsonOf<R extends { encoding: string }> = Extract<R, { encoding: 'json' }>;

/**
 * `platform.getTx`'s answer in any encoding, as the answer with `encoding: "json"`: the signed tx
 * with its `unsignedTx`, `credentials` and `id`. A `json` answer is returned as it is.
 */
export function decodeGetTxResult(result: TxResult, options: BigintOptions): JsonOf<Big.PlatformGetTxResult>;
export function decodeGetTxResult(result: TxResult, options?: DefaultOptions): JsonOf<Json.PlatformGetTxResult>;
export function decodeGetTxResult(result: TxResult, options?: ResultDecodeOptions): JsonOf<Json.PlatformGetTxResult> | JsonOf<Big.PlatformGetTxResult>;
export function decodeGetTxResult(result: TxResult, options?: ResultDecodeOptions): JsonOf<Json.PlatformGetTxResult> | JsonOf<Big.PlatformGetTxResult> {
  checkedResult(result, { tx: 'string' }, options);
  if (result.encoding === 'json') return result;
  const tx = decodeTx(result.tx, decodeOptions(options, result.encoding));
  if (options?.bigint === true) {
    const big: Big.SignedTx = served<bigint>(tx);
    return { tx: big, encoding: 'json' };
  }
  const json: Json.SignedTx = served<Json.Uint64>(tx);
  return { tx: json, encoding: 'json' };
}

// --- platform.getBlock, platform.getBlockByHeight ---------------------------------------------------
type BlockResult = Json.PlatformGetBlockResult | Big.PlatformGetBlockResult;

function servedBlock<U>(block: Block): Served<Block, U> {
  if ('tx' in block) served(block.tx);
  if ('txs' in block) for (const tx of block.txs) served(tx);
  return block as unknown as Served<Block, U>;
}

/**
 * `platform.getBlock`'s (or `getBlockByHeight`'s) answer in any encoding, as the answer with
 * `encoding: "json"`: the block with its `id` and each tx's. A `json` answer is returned as it is.
 */
export function decodeGetBlockResult(result: BlockResult, options: BigintOptions): JsonOf<Big.PlatformGetBlockResult>;
export function decodeGetBlockResult(result: BlockResult, options?: DefaultOptions): JsonOf<Json.PlatformGetBlockResult>;
export function decodeGetBlockResult(result: BlockResult, options?: ResultDecodeOptions): JsonOf<Json.PlatformGetBlockResult> | JsonOf<Big.PlatformGetBlockResult>;
export function decodeGetBlockResult(result: BlockResult, options?: ResultDecodeOptions): JsonOf<Json.PlatformGetBlockResult> | JsonOf<Big.PlatformGetBlockResult> {
  checkedResult(result, { block: 'string' }, options);
  if (result.encoding === 'json') return result;
  const block = decodeBlock(result.block, decodeOptions(options, result.encoding));
  if (options?.bigint === true) {
    const big: Big.PlatformBlock = servedBlock<bigint>(block);
    return { block: big, encoding: 'json' };
  }
  const json: Json.PlatformBlock = servedBlock<Json.Uint64>(block);
  return { block: json, encoding: 'json' };
}

/**
 * The same as decodeGetBlockResult: `getBlockByHeight` answers as `getBlock` does.
 * @alias decodeGetBlockResult
 */
export const decodeGetBlockByHeightResult: typeof decodeGetBlockResult = decodeGetBlockResult;

// --- platform.getUTXOs, platform.getRewardUTXOs ------------------------------------------------------
/** A UTXO as the node prints one in JSON (avax.UTXO), in `@avanode/types`' members. */
export interface JsonUtxo {
  txID: Json.Cb58ID;
  outputIndex: Json.Uint32Number;
  assetID: Json.Cb58ID;
  output: Json.TransferableOut;
}
/** A UTXO with every uint64 a bigint, in `@avanode/types/bigint`'s members. */
export interface BigintUtxo {
  txID: Big.Cb58ID;
  outputIndex: Big.Uint32Number;
  assetID: Big.Cb58ID;
  output: Big.TransferableOut;
}

function decodeUtxos(utxos: readonly string[], options: DecodeOptionsWithForm): Utxo[] {
  return utxos.map((utxo, i) => {
    try {
      return decodeUtxo(utxo, options);
    } catch (error) {
      throw error instanceof CodecError ? error.within(`utxos[${i}]`) : error;
    }
  });
}

function bigintUtxos(utxos: Utxo[]): BigintUtxo[] {
  const typed: Served<Utxo, bigint>[] = utxos as unknown as Served<Utxo, bigint>[];
  return typed;
}

function jsonUtxos(utxos: Utxo[]): JsonUtxo[] {
  const typed: Served<Utxo, Json.Uint64>[] = utxos as unknown as Served<Utxo, Json.Uint64>[];
  return typed;
}

type UtxosResult = Json.PlatformGetUTXOsResult | Big.PlatformGetUTXOsResult;

/** getUTXOs' answer with its UTXOs decoded; `numFetched` and `endIndex` as they came. */
export interface DecodedUtxos<R extends UtxosResult, U> {
  numFetched: R['numFetched'];
  utxos: U[];
  endIndex: R['endIndex'];
}

/** The HRP `endIndex.address` carries (`P-fuji1…`), which is the network of every UTXO listed. */
function networkOfEndIndex(endIndex: { address?: string }): Network | undefined {
  if (!endIndex.address) return undefined;
  try {
    return { hrp: parseAddress(endIndex.address).hrp };
  } catch {
    return undefined;
  }
}

/**
 * `platform.getUTXOs`' answer with each UTXO decoded (the node's `json` encoding refuses to list
 * UTXOs, so there is no JSON answer to be equal to: each UTXO is avax.UTXO as Go's encoding/json
 * prints it). Addresses print with the HRP of `endIndex.address` unless `network` is given.
 */
export function decodeGetUTXOsResult<R extends UtxosResult>(result: R, options: BigintOptions): DecodedUtxos<R, BigintUtxo>;
export function decodeGetUTXOsResult<R extends UtxosResult>(result: R, options?: DefaultOptions): DecodedUtxos<R, JsonUtxo>;
export function decodeGetUTXOsResult<R extends UtxosResult>(result: R, options?: ResultDecodeOptions): DecodedUtxos<R, JsonUtxo | BigintUtxo>;
export function decodeGetUTXOsResult<R extends UtxosResult>(result: R, options?: ResultDecodeOptions): DecodedUtxos<R, JsonUtxo | BigintUtxo> {
  checkedResult(result, { utxos: 'strings', endIndex: 'object' }, options);
  const { numFetched, endIndex } = result;
  if (result.encoding === 'json') return { numFetched, utxos: [], endIndex };
  const utxos = decodeUtxos(result.utxos, decodeOptions(options, result.encoding, networkOfEndIndex(endIndex)));
  return { numFetched, utxos: options?.bigint === true ? bigintUtxos(utxos) : jsonUtxos(utxos), endIndex };
}

type RewardUtxosResult = Json.PlatformGetRewardUTXOsResult | Big.PlatformGetRewardUTXOsResult;

/** getRewardUTXOs' answer with its UTXOs decoded. */
export interface DecodedRewardUtxos<R extends RewardUtxosResult, U> {
  numFetched: R['numFetched'];
  utxos: U[];
}

/** `platform.getRewardUTXOs`' answer with each UTXO decoded. Give `network` off mainnet: the answer does not say it. */
export function decodeGetRewardUTXOsResult<R extends RewardUtxosResult>(result: R, options: BigintOptions): DecodedRewardUtxos<R, BigintUtxo>;
export function decodeGetRewardUTXOsResult<R extends RewardUtxosResult>(result: R, options?: DefaultOptions): DecodedRewardUtxos<R, JsonUtxo>;
export function decodeGetRewardUTXOsResult<R extends RewardUtxosResult>(result: R, options?: ResultDecodeOptions): DecodedRewardUtxos<R, JsonUtxo | BigintUtxo>;
export function decodeGetRewardUTXOsResult<R extends RewardUtxosResult>(result: R, options?: ResultDecodeOptions): DecodedRewardUtxos<R, JsonUtxo | BigintUtxo> {
  checkedResult(result, { utxos: 'strings' }, options);
  const { numFetched } = result;
  if (result.encoding === 'json') return { numFetched, utxos: [] };
  const utxos = decodeUtxos(result.utxos, decodeOptions(options, result.encoding));
  return { numFetched, utxos: options?.bigint === true ? bigintUtxos(utxos) : jsonUtxos(utxos) };
}

// --- platform.getStake ------------------------------------------------------------------------------
type StakeResult = Json.PlatformGetStakeResult | Big.PlatformGetStakeResult;

/** getStake's answer with `stakedOutputs` decoded (TransferableOutputs, `fxID` included). */
export interface DecodedStake<R extends StakeResult, O> {
  staked: R['staked'];
  stakeds: R['stakeds'];
  stakedOutputs: O[];
}

/** `platform.getStake`'s answer with each staked output decoded. Give `network` off mainnet: the answer does not say it. */
export function decodeGetStakeResult<R extends StakeResult>(result: R, options: BigintOptions): DecodedStake<R, Big.TransferableOutput>;
export function decodeGetStakeResult<R extends StakeResult>(result: R, options?: DefaultOptions): DecodedStake<R, Json.TransferableOutput>;
export function decodeGetStakeResult<R extends StakeResult>(result: R, options?: ResultDecodeOptions): DecodedStake<R, Json.TransferableOutput | Big.TransferableOutput>;
export function decodeGetStakeResult<R extends StakeResult>(result: R, options?: ResultDecodeOptions): DecodedStake<R, Json.TransferableOutput | Big.TransferableOutput> {
  checkedResult(result, { stakedOutputs: 'strings' }, options);
  const { staked, stakeds } = result;
  // The node answers `json` only when there is no output (the encoding fails for any output).
  if (result.encoding === 'json') return { staked, stakeds, stakedOutputs: [] };
  const form = decodeOptions(options, result.encoding);
  const outputs: TransferableOutput[] = result.stakedOutputs.map((output, i) => {
    try {
      return decodeTransferableOutput(output, form);
    } catch (error) {
      throw error instanceof CodecError ? error.within(`stakedOutputs[${i}]`) : error;
    }
  });
  if (options?.bigint === true) {
    const big: Big.TransferableOutput[] = outputs as unknown as Served<TransferableOutput, bigint>[];
    return { staked, stakeds, stakedOutputs: big };
  }
  const json: Json.TransferableOutput[] = outputs as unknown as Served<TransferableOutput, Json.Uint64>[];
  return { staked, stakeds, stakedOutputs: json };
}

// --- platform.issueTx ---------------------------------------------------------------------------------
/** The params of `platform.issueTx` in the node's checksummed hex. */
export type IssueTxHexParams = Json.PlatformIssueTxParams & { encoding: 'hex' };

/**
 * `platform.issueTx` params for a signed tx: its bytes (a `Uint8Array`, or what `parseTx` returns)
 * or a tx object (decoded, or the node's JSON answer), as `{ tx: '0x…', encoding: 'hex' }` with
 * the checksum the node verifies.
 */
export function issueTxParams(tx: Uint8Array | { readonly bytes: Uint8Array } | SignedTx | Json.SignedTx | Big.SignedTx | Record<string, unknown>): IssueTxHexParams {
  if (typeof tx !== 'object' || tx === null) throw new CodecError(`a signed tx (bytes, parseTx's result or a tx object) expected, got ${excerpt(tx)}`);
  const parsed = (tx as { bytes?: unknown }).bytes;
  const bytes = tx instanceof Uint8Array ? tx : parsed instanceof Uint8Array ? parsed : encodeTx(tx as Record<string, unknown>);
  return { tx: encodeHex(bytes), encoding: 'hex' };
}

