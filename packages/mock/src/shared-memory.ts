// Shared memory between the simulated chains (chains/atomic/shared_memory.go, v1.14.2): what one
// chain exports waits here, keyed by the pair of chains, until the other imports it. The node's
// three calls, seen from a chain `self`: get(peer, utxoIDs) reads what `peer` exported to
// `self`; indexed(peer, addresses, start, limit) lists it by owner (getUTXOs({ sourceChain }));
// apply(from, requests) writes a block's atomic requests (Put to the peer, Remove of what `self`
// imported), all or nothing.

/** One exported UTXO: its ID (cb58), the bytes the UTXO codec gives it, and the owner's addresses (20-byte short IDs, cb58) it is indexed by. */
export interface SharedUtxo {
  id: string;
  idBytes: Uint8Array;
  bytes: Uint8Array;
  /** Owner short IDs (cb58), the traits Indexed looks up. */
  keys: string[];
  /** The decoded values a chain's executor needs, kept beside the bytes. */
  value: Readonly<Record<string, unknown>>;
}

/** A chain's writes with one block (atomic.Requests): what it puts for `peer`, and what of `peer`'s it removes. */
export interface AtomicRequests {
  put: SharedUtxo[];
  remove: string[];
}

/** chains/atomic's "not found" (database.ErrNotFound). */
export class SharedMemoryNotFound extends Error {
  constructor() {
    super('not found');
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export class SharedMemory {
  /** `from→to` → the UTXOs `from` exported to `to`, by ID. */
  readonly #values = new Map<string, Map<string, SharedUtxo>>();

  #between(from: string, to: string): Map<string, SharedUtxo> {
    const key = `${from}→${to}`;
    const known = this.#values.get(key);
    if (known) return known;
    const map = new Map<string, SharedUtxo>();
    this.#values.set(key, map);
    return map;
  }

  /** sharedMemory.Get: every ID must be there (one missing: not found). */
  get(self: string, peer: string, utxoIDs: readonly string[]): SharedUtxo[] {
    const map = this.#between(peer, self);
    return utxoIDs.map((id) => {
      const found = map.get(id);
      if (!found) throw new SharedMemoryNotFound();
      return found;
    });
  }

  /**
   * sharedMemory.Indexed: the UTXOs of `addresses` (short IDs, cb58) that `peer` exported to
   * `self`, addresses in byte order then UTXO IDs in byte order, after (`startAddress`,
   * `startUTXO`) when given, at most `limit`; with the last address and UTXO looked at.
   */
  indexed(self: string, peer: string, addresses: readonly string[], addressBytes: (key: string) => Uint8Array, start: { address?: string; utxo?: Uint8Array }, limit: number): { utxos: SharedUtxo[]; lastAddress: string | undefined; lastUTXO: SharedUtxo | undefined } {
    const map = this.#between(peer, self);
    const sorted = [...new Set(addresses)].map((key) => ({ key, bytes: addressBytes(key) })).sort((a, b) => compareBytes(a.bytes, b.bytes));
    const found: SharedUtxo[] = [];
    let lastAddress: string | undefined;
    let lastUTXO: SharedUtxo | undefined;
    const startBytes = start.address === undefined ? undefined : addressBytes(start.address);
    for (const { key, bytes } of sorted) {
      if (startBytes && compareBytes(bytes, startBytes) < 0) continue;
      const from = startBytes && compareBytes(bytes, startBytes) === 0 ? start.utxo : undefined;
      const owned = [...map.values()].filter((u) => u.keys.includes(key)).sort((a, b) => compareBytes(a.idBytes, b.idBytes));
      for (const utxo of owned) {
        if (from && compareBytes(utxo.idBytes, from) <= 0) continue;
        if (found.length >= limit) return { utxos: found, lastAddress, lastUTXO };
        lastAddress = key;
        lastUTXO = utxo;
        if (!found.includes(utxo)) found.push(utxo);
      }
    }
    return { utxos: found, lastAddress, lastUTXO };
  }

  /** sharedMemory.Apply: `self`'s requests per peer chain; a removal of what is not there fails the whole batch, nothing written. */
  apply(self: string, requests: ReadonlyMap<string, AtomicRequests>): void {
    for (const [peer, { remove }] of requests) {
      const inbound = this.#between(peer, self);
      for (const id of remove) if (!inbound.has(id)) throw new SharedMemoryNotFound();
    }
    for (const [peer, { put, remove }] of requests) {
      const inbound = this.#between(peer, self);
      for (const id of remove) inbound.delete(id);
      const outbound = this.#between(self, peer);
      for (const utxo of put) outbound.set(utxo.id, utxo);
    }
  }

  /** Every UTXO waiting, per direction (the conservation checks and the control API's status). */
  waiting(): Array<{ from: string; to: string; utxo: SharedUtxo }> {
    const all: Array<{ from: string; to: string; utxo: SharedUtxo }> = [];
    for (const [key, map] of this.#values) {
      const [from, to] = key.split('→') as [string, string];
      for (const utxo of map.values()) all.push({ from, to, utxo });
    }
    return all;
  }
}
