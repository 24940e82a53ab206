// A signed tx as both chains' codecs lay it out: the unsigned tx, then its credentials, with an ID
// that hashes the struct as marshalled alone, codec version 0 first (the P-chain's txs.Tx#Initialize,
// coreth's atomic Metadata#Initialize). pchain/types.ts and cchain/types.ts read theirs through it.
import { sha256 } from '@noble/hashes/sha2.js';
import { CodecError } from '../errors.js';
import { encodeCB58 } from '../encoding/ids.js';
import { type Codec, type Context, type Reader, HEAP } from './schema.js';

export interface TxStruct<U, C> {
  unsignedTx: U;
  credentials: C[];
  id: string;
}

/** Reads a Tx struct at `r.pos`; `start` is where it begins, `unsignedEnd` where its unsigned part stops. */
export function readTxStruct<U, C>(r: Reader, ctx: Context, unsigned: Codec<U>, credentials: Codec<C[]>): { tx: TxStruct<U, C>; start: number; unsignedEnd: number } {
  const start = r.pos;
  // The tx object and its cb58 ID (at most 50 characters).
  r.charge(HEAP.object + 3 * HEAP.member + HEAP.string + 50);
  r.print();
  const tx: TxStruct<U, C> = { unsignedTx: undefined as unknown as U, credentials: [], id: '' };
  try {
    tx.unsignedTx = unsigned.read(r, ctx);
  } catch (error) {
    throw error instanceof CodecError ? error.within('unsignedTx') : error;
  }
  const unsignedEnd = r.pos;
  try {
    tx.credentials = credentials.read(r, ctx);
  } catch (error) {
    throw error instanceof CodecError ? error.within('credentials') : error;
  }
  const hash = sha256.create();
  hash.update(new Uint8Array(2));
  hash.update(r.bytes.subarray(start, r.pos));
  tx.id = encodeCB58(hash.digest());
  return { tx, start, unsignedEnd };
}
