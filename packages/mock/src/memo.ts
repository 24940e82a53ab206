// A bounded memo for work that depends only on its key (a path, a method name, a params text):
// callers choose the keys (any request can bring new ones), so it holds at most `maxEntries`,
// skips keys longer than `maxKeyLength`, and, given `sizeOf`, keeps the sizes of its values
// within `maxSize` (a value's size must not change once it is set). The oldest entries leave
// first (a Map iterates in insertion order).

export interface MemoLimits<V> {
  maxEntries: number;
  /** Longer keys are not kept (get misses, set does nothing). */
  maxKeyLength: number;
  /** The size of a value (in characters, say), counted against `maxSize`. */
  sizeOf?: (value: V) => number;
  maxSize?: number;
}

export class BoundedMemo<V extends object> {
  private readonly entries = new Map<string, V>();
  private size = 0;
  constructor(private readonly limits: MemoLimits<V>) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    const { maxEntries, maxKeyLength, sizeOf, maxSize = Infinity } = this.limits;
    if (key.length > maxKeyLength) return;
    const valueSize = sizeOf ? sizeOf(value) : 0;
    if (valueSize > maxSize) return;
    this.delete(key);
    while (this.entries.size > 0 && (this.entries.size >= maxEntries || this.size + valueSize > maxSize)) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    this.size += valueSize;
  }

  private delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    if (this.limits.sizeOf) this.size -= this.limits.sizeOf(value);
  }

  /** How many entries it holds (for tests of its bounds). */
  get count(): number {
    return this.entries.size;
  }
}
