// Type expectations of @avanode/codec/results, checked by tsc (test/types.test.ts): what it
// returns is @avanode/types' shapes (the client's results), and the codec's own shapes are not.
import type * as Json from '@avanode/types';
import type * as Big from '@avanode/types/bigint';
import type { Block, SignedTx, TransferableOutput, Utxo } from '../../src/index.js';
import {
  type Served,
  decodeGetBlockByHeightResult,
  decodeGetBlockResult,
  decodeGetRewardUTXOsResult,
  decodeGetStakeResult,
  decodeGetTxResult,
  decodeGetUTXOsResult,
  issueTxParams,
} from '../../src/results.js';

declare const txResult: Json.PlatformGetTxResult;
declare const bigTxResult: Big.PlatformGetTxResult;
declare const blockResult: Json.PlatformGetBlockResult;
declare const heightResult: Json.PlatformGetBlockByHeightResult;
declare const utxosResult: Json.PlatformGetUTXOsResult;
declare const bigUtxosResult: Big.PlatformGetUTXOsResult;
declare const rewardResult: Json.PlatformGetRewardUTXOsResult;
declare const stakeResult: Json.PlatformGetStakeResult;
declare const flag: boolean;

// Each decoded answer is the method's `json` result as @avanode/types describes it.
export const tx: Extract<Json.PlatformGetTxResult, { encoding: 'json' }> = decodeGetTxResult(txResult);
export const signed: Json.SignedTx = decodeGetTxResult(bigTxResult, { network: 'fuji' }).tx;
export const bigTx: Big.SignedTx = decodeGetTxResult(txResult, { bigint: true }).tx;
export const block: Json.PlatformBlock = decodeGetBlockResult(blockResult).block;
export const byHeight: Big.PlatformBlock = decodeGetBlockByHeightResult(heightResult, { bigint: true }).block;
export const stakedOutputs: Json.TransferableOutput[] = decodeGetStakeResult(stakeResult).stakedOutputs;
export const staked: Json.Uint64 = decodeGetStakeResult(stakeResult).staked;
export const bigStakedOutputs: Big.TransferableOutput[] = decodeGetStakeResult(stakeResult, { bigint: true }).stakedOutputs;
export const outputs: Json.TransferableOut[] = decodeGetUTXOsResult(utxosResult).utxos.map((u) => u.output);
export const endIndex: Json.UTXOEndIndex = decodeGetUTXOsResult(utxosResult).endIndex;
export const bigFetched: bigint | '0' = decodeGetUTXOsResult(bigUtxosResult, { bigint: true }).numFetched;
export const rewards: Big.TransferableOut[] = decodeGetRewardUTXOsResult(rewardResult, { bigint: true }).utxos.map((u) => u.output);
export const params: Json.PlatformIssueTxParams = issueTxParams(decodeGetTxResult(txResult).tx);
export const either: Json.SignedTx | Big.SignedTx = decodeGetTxResult(txResult, { bigint: flag }).tx;

// The codec's shapes, as a node serves them, are @avanode/types' shapes, in both number forms.
export const servedTx = (t: Served<SignedTx, Json.Uint64>): Json.SignedTx => t;
export const servedBigTx = (t: Served<SignedTx, bigint>): Big.SignedTx => t;
export const servedBlock = (b: Served<Block, Json.Uint64>): Json.PlatformBlock => b;
export const servedBigBlock = (b: Served<Block, bigint>): Big.PlatformBlock => b;
export const servedOutput = (o: Served<TransferableOutput, Json.Uint64>): Json.TransferableOutput => o;
export const servedUtxo = (u: Served<Utxo, Json.Uint64>): Json.TransferableOut => u.output;

// …and without that mapping they are not: the codec's uint64s may be bigints, its credentials
// any Verifiable, its fxID any string.
// @ts-expect-error number | bigint is not string | number
export const rawTx = (t: SignedTx): Json.SignedTx => t;
// @ts-expect-error the default form is not the bigint one
export const wrongForm: Big.SignedTx = decodeGetTxResult(txResult).tx;
// @ts-expect-error a bigint answer's numFetched is not a string
export const wrongFetched: string = decodeGetUTXOsResult(bigUtxosResult, { bigint: true }).numFetched;
// @ts-expect-error an answer needs its encoding
decodeGetTxResult({ tx: '0x' });
