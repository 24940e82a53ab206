// The warp codecs' building blocks for tests that write warp messages byte by byte, independently
// of the mock's reader (src/executor/warp-message.ts): codec version 0, big-endian integers,
// a []byte with a uint32 length, a secp256k1fx owner.
import { parseAddress } from '@avanode/codec';

export const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
export const u16 = (n: number) => new Uint8Array([n >> 8, n & 0xff]);
export const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};
export const u64 = (n: bigint) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n);
  return b;
};
export const bytes = (b: Uint8Array) => concat(u32(b.length), b);
export const owner = (addresses: string[], threshold = 1) => concat(u32(threshold), u32(addresses.length), ...addresses.map((a) => parseAddress(a).bytes));
