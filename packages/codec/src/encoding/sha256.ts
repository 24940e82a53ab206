import { sha256 } from '@noble/hashes/sha2.js';

// sha256 of the bytes the codec reads and prints (each hex string's checksum, each cb58 ID's,
// a `PrivateKey-…` key's too: the wallet reads keys with decodeCB58), with one @noble/hashes
// state reused. `sha256(bytes)` makes a new state per call, and a new state's 64-byte buffer
// and DataView cost a third of hashing a 120-byte UTXO (measured on Node 20: 1.6 µs fresh,
// 1.1 µs reused). Before each use the state is reset by copying a pristine, never-updated one
// into it (`_cloneInto(to)`, @noble/hashes' copy of a state into an existing instance: words,
// length, position and flags), so nothing a previous call left, a thrown error's half-done
// state included, reaches the next hash. After each use it is wiped (`destroy()`: its words
// and its buffer, which holds the input's last block), and so is the checksum's digest: a key
// read or printed as cb58 stays nowhere in the codec's memory.
const PRISTINE = /* @__PURE__ */ sha256.create();
const state = /* @__PURE__ */ sha256.create();

/** sha256 of `bytes`, written into `out` (at least 32 bytes; a new array by default). */
export function sha256Of(bytes: Uint8Array, out: Uint8Array = new Uint8Array(32)): Uint8Array {
  PRISTINE._cloneInto(state);
  try {
    state.update(bytes);
    state.digestInto(out);
  } finally {
    state.destroy();
  }
  return out;
}

/** The digest the checksums are taken from: zeroed once compared, never kept. */
const scratch = /* @__PURE__ */ new Uint8Array(32);

/** Whether `expected` (4 bytes) is the node's checksum of `body`: the last 4 bytes of its sha256, written into `digest`. */
export function checksumMatches(body: Uint8Array, expected: Uint8Array, digest: Uint8Array = scratch): boolean {
  sha256Of(body, digest);
  const matches = expected[0] === digest[28] && expected[1] === digest[29] && expected[2] === digest[30] && expected[3] === digest[31];
  if (digest === scratch) scratch.fill(0);
  return matches;
}

/** What the reused state and digest hold between calls, for test/reuse.test.ts to check that no input stays in them. */
export const heldBetweenCalls = (): Uint8Array[] => [(state as unknown as { buffer: Uint8Array }).buffer, scratch];
