// Crafted P-chain bytes of a chosen size, each packing as many of the smallest elements the
// codec allows as fit: what a hostile node or file could send to make a decoder slow or hungry.
// Every input is valid for the codec (it decodes), so the figures measure the decoder's own
// work up to the point where the decoder refuses them. packages/codec/test/crafted.test.ts builds
// its own (the tests import nothing from here).

/** Big-endian writer into a buffer of exactly the size asked for. */
class Bytes {
  constructor(size) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
    this.pos = 0;
  }
  u16(v) {
    this.view.setUint16(this.pos, v);
    this.pos += 2;
  }
  u32(v) {
    this.view.setUint32(this.pos, v);
    this.pos += 4;
  }
  u64(v) {
    this.view.setBigUint64(this.pos, BigInt(v));
    this.pos += 8;
  }
  fill(n, byte) {
    this.buf.fill(byte, this.pos, this.pos + n);
    this.pos += n;
  }
  done() {
    if (this.pos !== this.buf.length) throw new Error(`crafted ${this.pos} of ${this.buf.length} bytes`);
    return this.buf;
  }
}

// Type IDs (vms/platformvm/txs/codec.go, block/codec.go at v1.14.2).
const T = { transferOutput: 7, input: 10, baseTx: 34, advanceTimeTx: 19, emptySigner: 27, banffStandardBlock: 32, createChainTx: 15 };

/** A Banff standard block header: version, type, time, parentID, height, then the tx count. */
function standardBlock(w, txCount) {
  w.u16(0);
  w.u32(T.banffStandardBlock);
  w.u64(1_732_000_000);
  w.fill(32, 7);
  w.u64(20_000_000);
  w.u32(txCount);
}

/** An empty BaseTx on network 5 (fuji: addresses print with its HRP). */
function baseTxHead(w) {
  w.u32(T.baseTx);
  w.u32(5);
  w.fill(32, 0);
}

/**
 * The shapes, by name: `size` → bytes of exactly that size (±a few bytes of padding in a memo).
 * Each is the cheapest element to send and the dearest to decode of its kind.
 */
export const crafted = {
  /** A block of 16-byte txs (AdvanceTimeTx, no credentials): an object, a sha256 and a cb58 tx ID each. */
  tinyTxs(size) {
    const header = 2 + 4 + 8 + 32 + 8 + 4;
    const count = Math.floor((size - header) / 16);
    const w = new Bytes(header + count * 16);
    standardBlock(w, count);
    for (let i = 0; i < count; i++) {
      w.u32(T.advanceTimeTx);
      w.u64(i);
      w.u32(0);
    }
    return w.done();
  },
  /** One tx whose credentials are 4-byte signer.Empty values (a Verifiable with no fields): an object each. */
  emptyCredentials(size) {
    const header = 2 + 4 + 8 + 4;
    const count = Math.floor((size - header) / 4);
    const w = new Bytes(header + count * 4);
    w.u16(0);
    w.u32(T.advanceTimeTx);
    w.u64(1);
    w.u32(count);
    for (let i = 0; i < count; i++) w.u32(T.emptySigner);
    return w.done();
  },
  /** One tx whose credentials are 8-byte secp256k1fx.Input values with no signature index: an object and a list each. */
  emptyInputs(size) {
    const header = 2 + 4 + 8 + 4;
    const count = Math.floor((size - header) / 8);
    const w = new Bytes(header + count * 8);
    w.u16(0);
    w.u32(T.advanceTimeTx);
    w.u64(1);
    w.u32(count);
    for (let i = 0; i < count; i++) {
      w.u32(T.input);
      w.u32(0);
    }
    return w.done();
  },
  /** A UTXO whose output lists 20-byte addresses, all distinct: a bech32 string each. */
  addresses(size) {
    const header = 2 + 32 + 4 + 32 + 4 + 8 + 8 + 4 + 4;
    const count = Math.floor((size - header) / 20);
    const w = new Bytes(header + count * 20);
    w.u16(0);
    w.fill(32, 1);
    w.u32(0);
    w.fill(32, 2);
    w.u32(T.transferOutput);
    w.u64(1);
    w.u64(0);
    w.u32(1);
    w.u32(count);
    for (let i = 0; i < count; i++) {
      w.u32(i);
      w.fill(16, i & 0xff);
    }
    return w.done();
  },
  /** A tx whose credential holds one huge list of uint32 signature indices. */
  signatureIndices(size) {
    const header = 2 + 4 + 8 + 4 + 4 + 4;
    const count = Math.floor((size - header) / 4);
    const w = new Bytes(header + count * 4);
    w.u16(0);
    w.u32(T.advanceTimeTx);
    w.u64(1);
    w.u32(1);
    w.u32(T.input);
    w.u32(count);
    for (let i = 0; i < count; i++) w.u32(i);
    return w.done();
  },
  /** One BaseTx whose memo is the whole input: a hex string twice its size. */
  memo(size) {
    const header = 2 + 4 + 4 + 32 + 4 + 4 + 4 + 4;
    const w = new Bytes(size);
    w.u16(0);
    baseTxHead(w);
    w.u32(0);
    w.u32(0);
    w.u32(size - header);
    w.fill(size - header, 0xab);
    w.u32(0);
    return w.done();
  },
  /** A block of CreateChainTxs whose 65,535-byte chain names are invalid UTF-8 (each byte printed as U+FFFD, as Go does). */
  badUtf8Names(size) {
    const header = 2 + 4 + 8 + 32 + 8 + 4;
    const name = 0xffff;
    const tx = 4 + 4 + 32 + 4 + 4 + 4 + 32 + 2 + name + 32 + 4 + 4 + 4 + 4 + 4;
    const count = Math.max(1, Math.floor((size - header) / tx));
    const w = new Bytes(header + count * tx);
    standardBlock(w, count);
    for (let i = 0; i < count; i++) {
      w.u32(T.createChainTx);
      w.u32(5);
      w.fill(32, 0);
      w.u32(0);
      w.u32(0);
      w.u32(0);
      w.fill(32, 3);
      w.u16(name);
      w.fill(name, 0xe1);
      w.fill(32, 4);
      w.u32(0);
      w.u32(0);
      w.u32(T.input);
      w.u32(0);
      w.u32(0);
    }
    return w.done();
  },
};
