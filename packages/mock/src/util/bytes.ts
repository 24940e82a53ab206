// Byte helpers every room of the mock uses; nothing local below them (the bottom of the import order).

/** Go's bytes.Compare: the node's order of IDs, outputs and keys. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
