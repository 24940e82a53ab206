// The P-chain mempool's txs with the bytes they hold, as avalanchego v1.14.2's
// vms/txs/mempool/mempool.go counts them: every tx added takes its size from a budget of
// maxMempoolSize (64 MiB) and gives it back when it leaves (in a block, or dropped), so a full
// mempool refuses the next tx with ErrMempoolFull until a block empties it.
import type { SignedTx } from '@avanode/codec';

/** mempool.go maxMempoolSize: the most bytes the mempool's txs may hold together. */
export const MAX_MEMPOOL_BYTES = 64 * 1024 * 1024;

export interface PendingTx {
  bytes: Uint8Array;
  tx: SignedTx;
  unsignedBytes: Uint8Array;
  /** The IDs of the UTXOs it spends (mempool.consumedUTXOs). */
  inputIDs: readonly string[];
}

/** Issued txs, not yet in a block, in issue order, and the bytes they hold. */
export class Mempool extends Map<string, PendingTx> {
  #bytes = 0;
  /** UTXO ID → the pending tx spending it: a conflict is found without going over every pending tx. */
  #consumed = new Map<string, string>();

  // Map's constructor would add the entries before #bytes exists: they are added after it.
  constructor(entries: Iterable<readonly [string, PendingTx]> = []) {
    super();
    for (const [id, pending] of entries) this.set(id, pending);
  }

  /** Whether a pending tx spends one of these UTXOs (consumedUTXOs.HasOverlap). */
  conflicts(inputIDs: Iterable<string>): boolean {
    for (const id of inputIDs) if (this.#consumed.has(id)) return true;
    return false;
  }

  /** mempool.bytesAvailable: what is left of the budget. */
  get bytesAvailable(): number {
    return MAX_MEMPOOL_BYTES - this.#bytes;
  }

  override set(id: string, pending: PendingTx): this {
    this.#forget(id);
    this.#bytes += pending.bytes.length;
    for (const input of pending.inputIDs) this.#consumed.set(input, id);
    return super.set(id, pending);
  }

  override delete(id: string): boolean {
    this.#forget(id);
    return super.delete(id);
  }

  override clear(): void {
    this.#bytes = 0;
    this.#consumed.clear();
    super.clear();
  }

  #forget(id: string): void {
    const previous = this.get(id);
    if (!previous) return;
    this.#bytes -= previous.bytes.length;
    for (const input of previous.inputIDs) if (this.#consumed.get(input) === id) this.#consumed.delete(input);
  }
}
