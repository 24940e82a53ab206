// Bad bytes end in a CodecError naming the offset and the field, never in a hang, a RangeError
// or an allocation sized by an untrusted length prefix.
import { describe, expect, it } from 'vitest';
import { CodecError, decodeBlock, decodeTx, decodeUnsignedTx, decodeUtxo, encodeBlock, encodeHex, encodeTx, fromHex, toHex } from '@avanode/codec';
import { readRecordings } from './helpers.js';

const error = (fn: () => unknown): CodecError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw e;
  }
  throw new Error('did not throw');
};

// Hex written one argument per field of the node's byte layout, so each field stays readable.
const fields = (...hex: string[]): string => hex.join('');

const utxoHex = (readRecordings('platform.getUTXOs')[0]!.response.result!.utxos as string[])[0]!;
const blockHex = readRecordings('platform.getBlock').find((r) => r.request.params?.encoding === 'hex')!.response.result!.block as string;
const utxo = fromHex(utxoHex.slice(2, -8));
const block = fromHex(blockHex.slice(2, -8));

describe('bad bytes', () => {
  it('truncated input: every prefix fails with the offset and field where it stopped', () => {
    for (let end = 0; end < utxo.length; end++) {
      const e = error(() => decodeUtxo(utxo.subarray(0, end)));
      expect(e.reason).toMatch(/^truncated|^slice length \d+ needs at least/);
      expect(e.offset).toBeLessThanOrEqual(end);
    }
    const e = error(() => decodeUtxo(utxo.subarray(0, utxo.length - 3)));
    expect(e.field).toBe('output.addresses');
    expect(e.offset).toBe(utxo.length - 24);
    expect(e.message).toBe(`slice length 1 needs at least 20 bytes, 17 left at output.addresses (offset ${utxo.length - 24})`);
    const id = error(() => decodeUtxo(utxo.subarray(0, 20)));
    expect(id.message).toBe('truncated: ID needs 32 bytes, 18 left at txID (offset 2)');
    for (let end = 0; end < block.length; end += 7) expect(error(() => decodeBlock(block.subarray(0, end)))).toBeInstanceOf(CodecError);
  });

  it('trailing garbage', () => {
    const e = error(() => decodeUtxo(new Uint8Array([...utxo, 0])));
    expect(e.reason).toBe(`trailing bytes: read ${utxo.length} of ${utxo.length + 1}`);
    expect(e.offset).toBe(utxo.length);
  });

  it('an unknown codec version', () => {
    const bad = utxo.slice();
    bad[1] = 1;
    expect(error(() => decodeUtxo(bad)).reason).toBe('unknown codec version 1');
  });

  it('an unknown type ID, a skipped one, and a type that does not implement the field', () => {
    const at = 2 + 32 + 4 + 32; // version, txID, outputIndex, assetID: the output's type ID
    const bad = utxo.slice();
    for (const [typeId, reason] of [
      [0xffffffff, 'unknown type ID 4294967295'],
      [6, 'unknown type ID 6'], // secp256k1fx.MintOutput: skipped by the P-chain codec
      [9, 'type ID 9 (secp256k1fx.Credential) does not implement State'],
      [12, 'type ID 12 (AddValidatorTx) does not implement State'],
    ] as const) {
      new DataView(bad.buffer).setUint32(at, typeId);
      const e = error(() => decodeUtxo(bad));
      expect(e.reason).toBe(reason);
      expect([e.field, e.offset]).toEqual(['output', at]);
    }
    // A block type ID where a tx goes, and a tx where a block goes.
    expect(error(() => decodeTx(fromHex('0000' + '00000000'))).reason).toBe('type ID 0 (ApricotProposalBlock) does not implement UnsignedTx');
    expect(error(() => decodeBlock(fromHex('0000' + '00000013'))).reason).toBe('type ID 19 (AdvanceTimeTx) does not implement Block');
  });

  it('a length prefix larger than the bytes left is refused before any allocation', () => {
    // UTXO whose address count is 2^31 - 1: would need 40 GiB of addresses.
    const bad = utxo.slice();
    const countAt = utxo.length - 24;
    new DataView(bad.buffer).setUint32(countAt, 0x7fffffff);
    const e = error(() => decodeUtxo(bad));
    expect(e.reason).toBe(`slice length 2147483647 needs at least 42949672940 bytes, 20 left`);
    expect([e.field, e.offset]).toEqual(['output.addresses', countAt]);
    new DataView(bad.buffer).setUint32(countAt, 0x80000000);
    expect(error(() => decodeUtxo(bad)).reason).toMatch(/exceeds the codec's maximum/);
    // A memo (a []byte) claiming 4 GiB.
    const memo = fromHex(fields('0000', '00000022', '00000001', '00'.repeat(32), '00000000', '00000000', 'ffffffff', '00000000'));
    expect(error(() => decodeUnsignedTx(memo)).reason).toMatch(/^bytes length 4294967295 exceeds the 4 bytes left/);
  });

  it('a lock inside a lock is refused as a recursive interface type (as the node does)', () => {
    const lock = (inner: string) => fields('00000016', '0000000000000001', inner);
    const transferOut = fields('00000007', '0000000000000001', '0000000000000000', '00000000', '00000000');
    const utxoOf = (out: string) => fromHex(fields('0000', '00'.repeat(32), '00000000', '00'.repeat(32), out));
    expect(decodeUtxo(utxoOf(lock(transferOut))).output.type).toBe('stakeable.LockOut');
    const e = error(() => decodeUtxo(utxoOf(lock(lock(transferOut)))));
    expect(e.reason).toBe('recursive interface types: stakeable.LockOut');
    expect(e.field).toBe('output.output');
  });

  it('wrong hex checksum', () => {
    const flipped = utxoHex.slice(0, -1) + (utxoHex.endsWith('0') ? '1' : '0');
    expect(error(() => decodeUtxo(flipped)).reason).toBe('invalid input checksum');
    expect(decodeUtxo(encodeHex(utxo)).outputIndex).toBe(0);
  });

  it('encoding refuses values that do not fit, naming the member', () => {
    const decoded = decodeBlock(block);
    const e = error(() => encodeBlock({ ...decoded, height: -1 }));
    expect(e.field).toBe('height');
    const commit = { parentID: decoded.parentID, height: 1, id: '' };
    expect(error(() => encodeBlock(commit)).reason).toMatch(/ambiguous Block: ApricotAbortBlock or ApricotCommitBlock/);
    expect(toHex(encodeBlock({ ...commit, type: 'ApricotCommitBlock' })).slice(0, 12)).toBe('000000000002');
    expect(error(() => encodeTx({ unsignedTx: { time: 2n ** 64n }, credentials: [] })).field).toBe('unsignedTx.time');
  });
});
