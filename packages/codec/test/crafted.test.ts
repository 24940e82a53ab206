// Crafted bytes cannot make the decoder slow or hungry (issue 27: 50 MB blocks of tiny txs took
// 21 s and 735 MB). What is checked here is functional, not timed: dense crafted inputs are
// refused within their first megabytes (so what they allocate is bounded by that prefix),
// real-shaped inputs far above the budgets' allowances are not refused, and the printers that
// replaced the primitives' slow paths print the same text. The timings are in bench/codec-crafted.mjs.
import { hex as scureHex } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeBlock, decodeTx, decodeUtxo, encodeBlock, encodeHexNC, formatAddress, fromHex, idToString, toHex } from '@avanode/codec';
import { goString } from '../src/codec/schema.js';

const MB = 1024 * 1024;

/** Big-endian bytes, field by field. */
function bytes(size: number, write: (put: { u16(v: number): void; u32(v: number): void; u64(v: number): void; fill(n: number, b: number): void; left(): number }) => void): Uint8Array {
  const buf = new Uint8Array(size);
  const view = new DataView(buf.buffer);
  let pos = 0;
  write({
    u16(v) {
      view.setUint16(pos, v);
      pos += 2;
    },
    u32(v) {
      view.setUint32(pos, v);
      pos += 4;
    },
    u64(v) {
      view.setBigUint64(pos, BigInt(v));
      pos += 8;
    },
    fill(n, b) {
      buf.fill(b, pos, pos + n);
      pos += n;
    },
    left: () => size - pos,
  });
  expect(pos).toBe(size);
  return buf;
}

const refusal = (fn: () => unknown): CodecError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw e;
  }
  throw new Error('was not refused');
};

describe('dense crafted inputs are refused early', () => {
  it('a 16 MB block of 16-byte txs (AdvanceTimeTx, no credentials): refused within its first 2 MB', () => {
    const count = 1_000_000;
    const block = bytes(58 + count * 16, (w) => {
      w.u16(0);
      w.u32(32); // BanffStandardBlock
      w.u64(1_732_000_000);
      w.fill(32, 7);
      w.u64(1);
      w.u32(count);
      for (let i = 0; i < count; i++) {
        w.u32(19); // AdvanceTimeTx
        w.u64(i);
        w.u32(0);
      }
    });
    const e = refusal(() => decodeBlock(block));
    // 10 bytes of heap and a cb58 ID per 16 bytes: either budget may be the first to refuse it.
    expect(e.reason).toMatch(/(more than 4 bytes of memory per input byte|more than one ID or address per 32 input bytes).*: refused as crafted$/);
    expect(e.field).toMatch(/^txs\[\d+\]$/);
    expect(e.offset).toBeGreaterThan(0);
    expect(e.offset).toBeLessThan(2 * MB);
  });

  it('16 MB of 4-byte credentials (signer.Empty, a Verifiable with no fields): refused within 2 MB', () => {
    const count = 4_000_000;
    const tx = bytes(18 + count * 4, (w) => {
      w.u16(0);
      w.u32(19);
      w.u64(1);
      w.u32(count);
      for (let i = 0; i < count; i++) w.u32(27);
    });
    const e = refusal(() => decodeTx(tx));
    expect(e.reason).toMatch(/more than 4 bytes of memory per input byte/);
    expect(e.field).toMatch(/^credentials\[\d+\]$/);
    expect(e.offset).toBeLessThan(2 * MB);
  });

  it('16 MB of distinct addresses in one output: refused by the print budget within 4 MB', () => {
    const count = 800_000;
    const utxo = bytes(98 + count * 20, (w) => {
      w.u16(0);
      w.fill(32, 1);
      w.u32(0);
      w.fill(32, 2);
      w.u32(7); // secp256k1fx.TransferOutput
      w.u64(1);
      w.u64(0);
      w.u32(1);
      w.u32(count);
      for (let i = 0; i < count; i++) {
        w.u32(i);
        w.fill(16, 9);
      }
    });
    const e = refusal(() => decodeUtxo(utxo));
    expect(e.reason).toMatch(/more than one ID or address per 32 input bytes/);
    expect(e.field).toMatch(/^output\.addresses\[\d+\]$/);
    expect(e.offset).toBeLessThan(4 * MB);
  });

  it('a huge count is refused before anything is read, a list of uint32 is not refused', () => {
    const claim = bytes(18 + 8, (w) => {
      w.u16(0);
      w.u32(19);
      w.u64(1);
      w.u32(0x7fffffff);
      w.fill(w.left(), 0);
    });
    expect(refusal(() => decodeTx(claim)).reason).toMatch(/^slice length 2147483647 needs at least/);
    // 24 MB of signature indices: 1 slot per 4 bytes, within the budget.
    const count = 6_000_000;
    const indices = bytes(26 + count * 4, (w) => {
      w.u16(0);
      w.u32(19);
      w.u64(1);
      w.u32(1);
      w.u32(10); // secp256k1fx.Input
      w.u32(count);
      for (let i = 0; i < count; i++) w.u32(i);
    });
    const tx = decodeTx(indices);
    const [credential] = tx.credentials as { signatureIndices: number[] }[];
    expect(credential!.signatureIndices).toHaveLength(count);
    expect(credential!.signatureIndices[count - 1]).toBe(count - 1);
  });
});

describe('real shapes well past the allowances decode', () => {
  it('a 6 MB block of 12,000 BaseTxs (2 inputs, 2 outputs, 2 credentials each) is not refused', () => {
    const address = (i: number) => formatAddress(new Uint8Array(20).fill(i & 0xff), 5);
    const asset = idToString(new Uint8Array(32).fill(3));
    const tx = (i: number) => ({
      unsignedTx: {
        networkID: 5,
        blockchainID: '11111111111111111111111111111111LpoYY',
        outputs: [0, 1].map((k) => ({ assetID: asset, output: { addresses: [address(i + k)], amount: 1_000 + i, locktime: 0, threshold: 1 } })),
        inputs: [0, 1].map((k) => ({ txID: idToString(new Uint8Array(32).fill((i + k) & 0xff)), outputIndex: k, assetID: asset, input: { amount: 5_000 + i, signatureIndices: [0] } })),
        memo: '0x',
      },
      credentials: [0, 1].map(() => ({ signatures: [`0x${'ab'.repeat(65)}`] })),
    });
    const one = encodeBlock({ time: 1, parentID: asset, height: 1, txs: [tx(0)] });
    const txs = Array.from({ length: 12_000 }, (_, i) => tx(i));
    const block = encodeBlock({ time: 1, parentID: asset, height: 1, txs });
    expect(block.length).toBeGreaterThan(12_000 * (one.length - 58));
    expect(block.length).toBeGreaterThan(6 * 1000 * 1000);
    const decoded = decodeBlock(block) as { txs: { unsignedTx: { outputs: { output: { addresses: string[] } }[] } }[] };
    expect(decoded.txs).toHaveLength(12_000);
    // One pass, and the network still settles at the first networkID: fuji's addresses.
    expect(decoded.txs[11_999]!.unsignedTx.outputs[1]!.output.addresses[0]).toMatch(/^P-fuji1/);
  });

  it('a 24 MB memo decodes to one hex string of the same bytes', () => {
    const size = 24 * MB;
    const tx = bytes(2 + 4 + 4 + 32 + 4 + 4 + 4 + size + 4, (w) => {
      w.u16(0);
      w.u32(34); // BaseTx
      w.u32(1);
      w.fill(32, 0);
      w.u32(0);
      w.u32(0);
      w.u32(size);
      w.fill(size, 0xa5);
      w.u32(0);
    });
    const { memo } = decodeTx(tx).unsignedTx as { memo: string };
    expect(memo.length).toBe(2 + 2 * size);
    expect(memo.startsWith('0xa5a5')).toBe(true);
    expect(memo.endsWith('a5a5')).toBe(true);
  });
});

describe('the printers that replaced slow paths print the same text', () => {
  it('toHex is @scure/base\'s hex, and fromHex reads it back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(toHex(data)).toBe(scureHex.encode(data));
        expect(encodeHexNC(data)).toBe(`0x${scureHex.encode(data)}`);
        expect(fromHex(toHex(data).toUpperCase())).toEqual(data);
        expect(fromHex(scureHex.encode(data))).toEqual(data);
      }),
      { numRuns: 300 },
    );
  });

  it('fromHex refuses what @scure/base refuses: any character that is not a hex digit, an odd length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: 'binary' }), (text) => {
        let theirs: Uint8Array | undefined;
        try {
          theirs = scureHex.decode(text);
        } catch {}
        if (theirs === undefined) expect(() => fromHex(text)).toThrow(CodecError);
        else expect(fromHex(text)).toEqual(theirs);
      }),
      { numRuns: 2000 },
    );
    for (const text of ['0g', 'g0', '0\u0130', '\u06600', '012', ' 0']) expect(() => fromHex(text), text).toThrow(CodecError);
    expect(fromHex('0xAbcD', 'hex', 2)).toEqual(new Uint8Array([0xab, 0xcd]));
  });

  it('invalid UTF-8 prints as Go prints it, also when long', () => {
    const reference = (data: Uint8Array) => {
      // One code point at a time (slow, obviously right): Go's utf8.DecodeRune.
      let out = '';
      for (let i = 0; i < data.length; ) {
        let size = 0;
        for (const n of [1, 2, 3, 4]) {
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(i, i + n));
            size = n;
            break;
          } catch {}
        }
        out += size === 0 ? '\ufffd' : new TextDecoder().decode(data.subarray(i, i + size));
        i += size === 0 ? 1 : size;
      }
      return out;
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (data) => {
        expect(goString(data)).toBe(reference(data));
      }),
      { numRuns: 500 },
    );
    expect(goString(new Uint8Array(65_535).fill(0xe1))).toBe('\ufffd'.repeat(65_535));
  });
});
