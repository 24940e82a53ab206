// @avanode/codec/results: the hex answers of getTx, getBlock, getBlockByHeight, getUTXOs,
// getRewardUTXOs and getStake as the node's JSON answers, and issueTx params from a tx; with the
// client as the guide shows it, over a stubbed fetch.
import { createClient } from '@avanode/client';
import type { PlatformGetUTXOsResult } from '@avanode/types';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeBlock, decodeHex, decodeTx, encodeHex, encodeHexNC, encodeTx, encodeUtxo, parseTx, txId } from '@avanode/codec';
import {
  decodeGetBlockByHeightResult,
  decodeGetBlockResult,
  decodeGetRewardUTXOsResult,
  decodeGetStakeResult,
  decodeGetTxResult,
  decodeGetUTXOsResult,
  issueTxParams,
} from '../src/results.js';
import { plain, readRecordings } from './helpers.js';

const jsonTx = readRecordings('platform.getTx').find((r) => r.request.params?.encoding === 'json')!;
const txJson = jsonTx.response.result!.tx as Record<string, unknown>;
const txBytes = encodeTx(txJson);
const hexBlock = [...readRecordings('platform.getBlock'), ...readRecordings('platform.getBlockByHeight')].find((r) => r.request.params?.encoding === 'hex')!;
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const FUJI_ADDRESS = 'P-fuji1pmgmagjcljjzuz2ve339dx82khm7q8ge8dah8x';
const MAX_UINT64 = (1n << 64n) - 1n;

/** Every value in a decoded object, with its path. */
function leaves(value: unknown, path = ''): Array<[string, unknown]> {
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  return [[path, value]];
}

describe('decodeGetTxResult', () => {
  it('turns hex, hexc and hexnc answers into the node\'s json answer', () => {
    expect(jsonTx).toBeDefined();
    for (const result of [
      { tx: encodeHex(txBytes), encoding: 'hex' as const },
      { tx: encodeHex(txBytes), encoding: 'hexc' as const },
      { tx: encodeHexNC(txBytes), encoding: 'hexnc' as const },
    ]) {
      const decoded = decodeGetTxResult(result, { network: 'mainnet' });
      expect(plain(decoded)).toEqual({ tx: txJson, encoding: 'json' });
      expect(decoded.tx.id).toBe(jsonTx.request.params!.txID);
    }
  });

  it('returns a json answer as it is', () => {
    const result = { tx: txJson as never, encoding: 'json' as const };
    expect(decodeGetTxResult(result)).toBe(result);
  });

  it('gives every uint64 as a bigint with bigint: true, and nothing else', () => {
    const { tx } = decodeGetTxResult({ tx: encodeHex(txBytes), encoding: 'hex' }, { bigint: true });
    const unsigned = tx.unsignedTx as { validator: { weight: unknown; start: unknown }; networkID: unknown; outputs: Array<{ output: { amount: unknown; threshold: unknown } }> };
    expect(typeof unsigned.validator.weight).toBe('bigint');
    expect(typeof unsigned.validator.start).toBe('bigint');
    expect(typeof unsigned.networkID).toBe('number');
    expect(String(unsigned.validator.weight)).toBe(String((txJson.unsignedTx as { validator: { weight: number } }).validator.weight));
    const kinds = new Set(leaves(tx).map(([, v]) => typeof v));
    expect(kinds).toEqual(new Set(['string', 'number', 'bigint']));
  });

  it('refuses what the node never returns: a credential that is not a secp256k1fx.Credential', () => {
    const forged = encodeTx({ ...txJson, credentials: [{ signatureIndices: [0] }] });
    expect(decodeTx(forged).credentials[0]!.type).toBe('secp256k1fx.Input');
    expect(() => decodeGetTxResult({ tx: encodeHex(forged), encoding: 'hex' })).toThrow(CodecError);
    try {
      decodeGetTxResult({ tx: encodeHex(forged), encoding: 'hex' });
    } catch (error) {
      expect((error as CodecError).field).toBe('credentials[0]');
    }
  });

  it('refuses an encoding it cannot read', () => {
    expect(() => decodeGetTxResult({ tx: 'abc', encoding: 'cb58' } as never)).toThrow(/encoding "cb58"/);
  });
});

describe('decodeGetBlockResult / decodeGetBlockByHeightResult', () => {
  it('decodes the published hex block into the block with its id', () => {
    const result = hexBlock.response.result as { block: string; encoding: 'hex' };
    for (const decode of [decodeGetBlockResult, decodeGetBlockByHeightResult]) {
      const { block, encoding } = decode(result);
      expect(encoding).toBe('json');
      expect(plain(block)).toEqual(plain(decodeBlock(result.block)));
      if (hexBlock.request.params?.blockID) expect(block.id).toBe(hexBlock.request.params.blockID);
    }
  });
});

describe('decodeGetUTXOsResult / decodeGetRewardUTXOsResult', () => {
  const utxo = (amount: bigint, locked: boolean) => {
    const output = { addresses: [FUJI_ADDRESS], amount, locktime: 0, threshold: 1 };
    return encodeHex(encodeUtxo({ txID: AVAX, outputIndex: 3, assetID: AVAX, output: locked ? { locktime: 1_900_000_000, output } : output }));
  };

  it('prints addresses with the HRP of endIndex, keeps numFetched and endIndex', () => {
    const result: PlatformGetUTXOsResult = { numFetched: '2', utxos: [utxo(5n, false), utxo(7n, true)], endIndex: { address: FUJI_ADDRESS, utxo: AVAX }, encoding: 'hex' };
    const decoded = decodeGetUTXOsResult(result);
    expect(decoded.numFetched).toBe('2');
    expect(decoded.endIndex).toBe(result.endIndex);
    expect(plain(decoded.utxos[0])).toEqual({ txID: AVAX, outputIndex: 3, assetID: AVAX, output: { addresses: [FUJI_ADDRESS], amount: 5, locktime: 0, threshold: 1 } });
    expect(plain(decoded.utxos[1]!.output)).toEqual({ locktime: 1_900_000_000, output: { addresses: [FUJI_ADDRESS], amount: 7, locktime: 0, threshold: 1 } });
    // Asked for mainnet, the same bytes print avax addresses.
    const mainnet = decodeGetUTXOsResult(result, { network: 1 });
    expect((mainnet.utxos[0]!.output as { addresses: string[] }).addresses[0]).toMatch(/^P-avax1/);
  });

  it('gives amounts beyond 2^53 as exact decimal strings by default, bigints with bigint: true', () => {
    const result = { numFetched: 1, utxos: [utxo(MAX_UINT64, false)], encoding: 'hex' as const };
    const [text] = decodeGetRewardUTXOsResult(result, { network: 'fuji' }).utxos;
    expect((text!.output as { amount: unknown }).amount).toBe(String(MAX_UINT64));
    expect(JSON.parse(JSON.stringify(text)).output.amount).toBe('18446744073709551615');
    const [big] = decodeGetRewardUTXOsResult({ ...result, numFetched: 1n }, { network: 'fuji', bigint: true }).utxos;
    expect((big!.output as { amount: unknown }).amount).toBe(MAX_UINT64);
    expect((big!.output as { locktime: unknown }).locktime).toBe(0n);
  });

  it('names the UTXO that does not decode', () => {
    const bad = { numFetched: '2', utxos: [utxo(1n, false), '0x0000'], encoding: 'hex' as const };
    expect(() => decodeGetRewardUTXOsResult(bad)).toThrow(/utxos\[1\]/);
  });

  it('decodes the published mainnet pages', () => {
    const pages = readRecordings('platform.getUTXOs').filter((r) => r.response.result?.encoding === 'hex');
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const decoded = decodeGetUTXOsResult(page.response.result as PlatformGetUTXOsResult);
      expect(decoded.utxos.length).toBe(Number(page.response.result!.numFetched));
      for (const u of decoded.utxos) expect(JSON.stringify(u)).toMatch(/"P-avax1/);
    }
  });
});

describe('decodeGetStakeResult', () => {
  it('decodes the published staked outputs, whose amounts add up to `staked`', () => {
    const records = readRecordings('platform.getStake').filter((r) => Array.isArray(r.response.result?.stakedOutputs));
    expect(records.length).toBeGreaterThan(0);
    for (const rec of records) {
      const decoded = decodeGetStakeResult(rec.response.result as never);
      expect(decoded.staked).toBe(rec.response.result!.staked);
      let sum = 0n;
      for (const output of decoded.stakedOutputs) {
        expect(output.fxID).toBe('spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ');
        sum += BigInt((output.output as { amount: number | string }).amount);
      }
      expect(String(sum)).toBe(rec.response.result!.staked);
    }
  });
});

describe('issueTxParams', () => {
  it('gives the checksummed hex of a tx from its bytes, its parse, its decoded or its JSON form', () => {
    const expected = { tx: encodeHex(txBytes), encoding: 'hex' };
    expect(issueTxParams(txBytes)).toEqual(expected);
    expect(issueTxParams(parseTx(txBytes))).toEqual(expected);
    expect(issueTxParams(decodeTx(txBytes))).toEqual(expected);
    expect(issueTxParams(txJson)).toEqual(expected);
    expect(txId(decodeHex(issueTxParams(txJson).tx))).toBe(jsonTx.request.params!.txID);
  });
});

describe('with @avanode/client', () => {
  it('a getTx answer in hex, fetched by the client, decodes to the json answer', async () => {
    const calls: string[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      const request = JSON.parse(String(init.body)) as { id: number; method: string; params: Record<string, unknown> };
      calls.push(`${request.method} ${String(request.params.encoding)}`);
      const result = request.method === 'platform.issueTx' ? { txID: txId(decodeHex(String(request.params.tx))) } : { tx: encodeHex(txBytes), encoding: 'hex' };
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const client = createClient({ url: 'http://127.0.0.1:9650', fetch });
    const { tx } = decodeGetTxResult(await client.platform.getTx({ txID: String(jsonTx.request.params!.txID), encoding: 'hex' }));
    expect(plain(tx)).toEqual(txJson);
    expect(await client.platform.issueTx(issueTxParams(tx))).toEqual({ txID: tx.id });
    expect(calls).toEqual(['platform.getTx hex', 'platform.issueTx hex']);
  });
});
