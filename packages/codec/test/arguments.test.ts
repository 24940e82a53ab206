// Every entry point checks its arguments (types, ranges, option objects) and refuses with a
// CodecError whose message quotes at most a short excerpt of the input (issue 27).
import { describe, expect, it } from 'vitest';
import {
  CodecError,
  addressToShortId,
  checksum,
  encodeHex,
  convertAddress,
  decodeBlock,
  decodeBytes,
  decodeCB58,
  decodeHex,
  decodeTx,
  decodeUtxo,
  encodeBytes,
  encodeCB58,
  encodeTx,
  formatAddress,
  formatAvax,
  formatBech32,
  fromHex,
  idFromString,
  idToString,
  networkHrp,
  nodeIdFromString,
  parseAddress,
  parseAvax,
  parseBech32,
  shortIdToAddress,
  toNanoAvax,
  txId,
  unsignedTxBytes,
  utxoId,
  blockId,
} from '@avanode/codec';
import { decodeGetBlockResult, decodeGetRewardUTXOsResult, decodeGetStakeResult, decodeGetTxResult, decodeGetUTXOsResult, issueTxParams } from '@avanode/codec/results';
import { readRecordings } from './helpers.js';

const refusal = (fn: () => unknown): CodecError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw new Error(`threw ${(e as Error)?.name}: ${(e as Error)?.message}`);
  }
  throw new Error('did not throw');
};

const utxoHex = (readRecordings('platform.getUTXOs')[0]!.response.result!.utxos as string[])[0]!;
const TX_ID = idToString(new Uint8Array(32).fill(7));

describe('amounts', () => {
  it('formatAvax refuses what parseAvax refuses: a negative amount', () => {
    expect(refusal(() => formatAvax(-5n)).message).toMatch(/uint64 range/);
    expect(refusal(() => formatAvax(-5)).message).toMatch(/uint64 range/);
    expect(refusal(() => parseAvax('-0.000000005')).message).toMatch(/not a decimal AVAX amount/);
  });

  it('a group separator is inserted as it is, never read as a replacement pattern', () => {
    expect(formatAvax(1_234_567_000_000_000n, { groupSeparator: '$`' })).toBe('1$`234$`567');
    expect(formatAvax(1_234_567_000_000_000n, { groupSeparator: "$&$'" })).toBe("1$&$'234$&$'567");
    expect(formatAvax(123_000_000_000n, { groupSeparator: ',' })).toBe('123');
  });

  it('options are checked: an object, minDecimals an integer 0..9, groupSeparator a string', () => {
    expect(refusal(() => formatAvax(1n, { minDecimals: -1 })).message).toMatch(/minDecimals/);
    expect(refusal(() => formatAvax(1n, { minDecimals: 1.5 })).message).toMatch(/minDecimals/);
    expect(refusal(() => formatAvax(1n, { minDecimals: 10 })).message).toMatch(/minDecimals/);
    expect(refusal(() => formatAvax(1n, { minDecimals: Number.NaN })).message).toMatch(/minDecimals/);
    expect(refusal(() => formatAvax(1n, { groupSeparator: (() => 'x') as unknown as string })).message).toMatch(/groupSeparator/);
    expect(refusal(() => formatAvax(1n, 'x' as never)).message).toMatch(/options/);
    expect(formatAvax(1n, { minDecimals: 9 })).toBe('0.000000001');
  });

  it('amounts of the wrong type are refused, not coerced', () => {
    for (const bad of [undefined, null, {}, [], 1.5, Number.NaN, Number.POSITIVE_INFINITY, true]) expect(refusal(() => toNanoAvax(bad as never))).toBeInstanceOf(CodecError);
    for (const bad of [undefined, null, 5, {}]) expect(refusal(() => parseAvax(bad as never))).toBeInstanceOf(CodecError);
  });

  it('a 10-million-digit amount is refused by a length cap, with a short message', () => {
    const huge = '9'.repeat(10_000_000);
    for (const fn of [() => parseAvax(huge), () => toNanoAvax(huge), () => formatAvax(huge), () => parseAvax(`0.${huge}`)]) {
      const e = refusal(fn);
      expect(e.message).toMatch(/longer than \d+ characters/);
      expect(e.message.length).toBeLessThan(160);
    }
    // Leading zeros and blanks within the cap are still read.
    expect(parseAvax(`  ${'0'.repeat(30)}1.5 `)).toBe(1_500_000_000n);
    expect(toNanoAvax(`${'0'.repeat(30)}7`)).toBe(7n);
  });
});

describe('utxoId', () => {
  it('refuses an output index outside uint32, or not an integer', () => {
    for (const bad of [2 ** 32, -1, 1.5, Number.NaN, '1', undefined, 2n]) {
      expect(refusal(() => utxoId({ txID: TX_ID, outputIndex: bad as number })).message).toMatch(/outputIndex/);
    }
    expect(refusal(() => utxoId(null as never))).toBeInstanceOf(CodecError);
    expect(refusal(() => utxoId({ txID: 5 as never, outputIndex: 0 })).message).toMatch(/txID/);
  });

  it('gives distinct IDs at both ends of the range', () => {
    const first = utxoId({ txID: TX_ID, outputIndex: 0 });
    const last = utxoId({ txID: TX_ID, outputIndex: 2 ** 32 - 1 });
    expect(first).not.toBe(last);
    expect(idFromString(last)).toHaveLength(32);
  });
});

describe('networks', () => {
  it('look-ups never walk the prototype chain', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(refusal(() => networkHrp(name)).message).toMatch(/network name/);
    }
  });

  it('a network ID is a uint32, as constants.NetworkID parses one', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 32, 'network-4294967296', 'network--1', '+5', `network-${'9'.repeat(5000)}`]) {
      const e = refusal(() => networkHrp(bad));
      expect(e.message.length).toBeLessThan(160);
    }
    expect(networkHrp(2 ** 32 - 1)).toBe('custom');
    expect(networkHrp('network-4294967295')).toBe('custom');
  });

  it('an explicit hrp must be one bech32 can print', () => {
    for (const bad of [{ hrp: '' }, { hrp: 'UPPER' }, { hrp: 'a b' }, { hrp: 5 }, { hrp: 'x'.repeat(100) }, {}, null, true]) {
      expect(refusal(() => networkHrp(bad as never))).toBeInstanceOf(CodecError);
    }
    expect(networkHrp({ hrp: 'mynet' })).toBe('mynet');
  });
});

describe('decode options', () => {
  it('a bad network, encoding, chain or options value is a CodecError, not the base library\'s error', () => {
    for (const options of [{ network: { hrp: 'UPPER' } }, { network: { hrp: '' } }, { network: -1 }, { network: '__proto__' }, { encoding: 'base64' }, { chain: 5 }, { chain: 'x'.repeat(1000) }, 'fuji', 5]) {
      for (const decode of [decodeUtxo, decodeTx, decodeBlock]) {
        const e = refusal(() => decode(utxoHex, options as never));
        expect(e.message.length).toBeLessThan(200);
      }
    }
    expect(refusal(() => decodeBytes('0x00', 'base64' as never)).message).toMatch(/encoding/);
    expect(refusal(() => encodeBytes(new Uint8Array(1), 'base64' as never)).message).toMatch(/encoding/);
  });
});

describe('the results helpers', () => {
  it('a missing list or encoding is a CodecError, not a TypeError', () => {
    const cases: [string, () => unknown][] = [
      ['getTx, no encoding', () => decodeGetTxResult({ tx: '0x00' } as never)],
      ['getTx, no tx', () => decodeGetTxResult({ encoding: 'hex' } as never)],
      ['getTx, not an object', () => decodeGetTxResult(undefined as never)],
      ['getBlock, no encoding', () => decodeGetBlockResult({ block: '0x00' } as never)],
      ['getBlock, null', () => decodeGetBlockResult(null as never)],
      ['getUTXOs, no list', () => decodeGetUTXOsResult({ numFetched: '0', encoding: 'hex', endIndex: { address: '', utxo: '' } } as never)],
      ['getUTXOs, a null list', () => decodeGetUTXOsResult({ numFetched: '0', utxos: null, encoding: 'hex', endIndex: {} } as never)],
      ['getUTXOs, no encoding', () => decodeGetUTXOsResult({ numFetched: '0', utxos: [], endIndex: {} } as never)],
      ['getUTXOs, no endIndex', () => decodeGetUTXOsResult({ numFetched: '1', utxos: [utxoHex], encoding: 'hex' } as never)],
      ['getUTXOs, a number in the list', () => decodeGetUTXOsResult({ numFetched: '1', utxos: [5], encoding: 'hex', endIndex: {} } as never)],
      ['getRewardUTXOs, no list', () => decodeGetRewardUTXOsResult({ numFetched: '0', encoding: 'hex' } as never)],
      ['getStake, no list', () => decodeGetStakeResult({ staked: 0, stakeds: {}, encoding: 'hex' } as never)],
      ['getStake, no encoding', () => decodeGetStakeResult({ staked: 0, stakeds: {}, stakedOutputs: [] } as never)],
      ['options not an object', () => decodeGetUTXOsResult({ numFetched: '0', utxos: [], encoding: 'hex', endIndex: {} } as never, 'x' as never)],
      ['bigint not a boolean', () => decodeGetUTXOsResult({ numFetched: '0', utxos: [], encoding: 'hex', endIndex: {} } as never, { bigint: 'yes' } as never)],
      ['issueTx, nothing', () => issueTxParams(undefined as never)],
    ];
    for (const [what, fn] of cases) expect(refusal(fn), what).toBeInstanceOf(CodecError);
    expect(refusal(() => decodeGetUTXOsResult({ numFetched: '0', encoding: 'hex', endIndex: {} } as never)).field).toBe('utxos');
  });

  it('the encoding named in an error is an excerpt', () => {
    const e = refusal(() => decodeGetTxResult({ tx: '0x00', encoding: 'z'.repeat(100_000) } as never));
    expect(e.message.length).toBeLessThan(160);
  });
});

describe('other entry points check their arguments', () => {
  const bytes20 = new Uint8Array(20);
  it('bytes and strings of the wrong type', () => {
    const cases: (() => unknown)[] = [
      () => formatAddress('P-avax1' as never),
      () => formatAddress(bytes20, 1, 5 as never),
      () => formatBech32(5 as never, bytes20),
      () => formatBech32('avax', [1, 2] as never),
      () => parseAddress(undefined as never),
      () => parseBech32(5 as never),
      () => convertAddress(5 as never, 1),
      () => addressToShortId(null as never),
      () => shortIdToAddress(undefined as never),
      () => encodeCB58('abc' as never),
      () => decodeCB58(undefined as never),
      () => idToString(undefined as never),
      () => idFromString(5 as never),
      () => nodeIdFromString(undefined as never),
      () => fromHex(5 as never),
      () => decodeHex(undefined as never),
      () => encodeBytes('00' as never),
      () => checksum('00' as never),
      () => encodeHex([0] as never),
      () => txId(5 as never),
      () => unsignedTxBytes(undefined as never),
      () => blockId(null as never),
      () => encodeTx(undefined as never),
      () => decodeUtxo(5 as never),
    ];
    for (const fn of cases) expect(refusal(fn)).toBeInstanceOf(CodecError);
  });

  it('error messages quote at most a short excerpt of the input', () => {
    const long = `P-avax1${'q'.repeat(200_000)}`;
    const cases: (() => unknown)[] = [
      () => parseAddress(long),
      () => parseAddress('x'.repeat(200_000)),
      () => parseBech32(long),
      () => decodeCB58(`0${'1'.repeat(200_000)}`),
      () => idFromString('z'.repeat(200_000)),
      () => nodeIdFromString('z'.repeat(200_000)),
      () => nodeIdFromString(`NodeID-${'0'.repeat(200_000)}`),
      () => parseAvax(`1.${'x'.repeat(200_000)}`),
      () => networkHrp('n'.repeat(200_000)),
      () => encodeTx({ unsignedTx: { type: 'T'.repeat(200_000) }, credentials: [] }),
      () => encodeTx({ unsignedTx: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`member${i}`, 0])), credentials: [] }),
      () => decodeHex(`0x${'g'.repeat(200_000)}`),
    ];
    for (const fn of cases) {
      const e = refusal(fn);
      expect(e.message.length, e.message.slice(0, 100)).toBeLessThan(200);
    }
  });
});
