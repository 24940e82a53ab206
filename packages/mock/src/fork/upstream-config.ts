// The upstream's option errors and the pin check, apart from upstream.ts so that cache.ts can
// use them without importing upstream.ts back (upstream.ts loads cache.ts: no import cycle).

/** A bad option of `createUpstream` or `pin` (`option` names it). */
export class UpstreamConfigError extends Error {
  override name = 'UpstreamConfigError';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`upstream ${option}: ${message}`);
  }
}

/** Checks a network ID (uint32) and height (a safe integer) to pin at. */
export function checkPin(networkID: unknown, forkHeight: unknown): void {
  if (!(Number.isInteger(networkID) && (networkID as number) >= 0 && (networkID as number) <= 0xffff_ffff)) throw new UpstreamConfigError('networkID', `must be a uint32, not ${String(networkID)}`);
  if (!(Number.isSafeInteger(forkHeight) && (forkHeight as number) >= 0)) throw new UpstreamConfigError('forkHeight', `must be an integer from 0 to 2^53 - 1, not ${String(forkHeight)}`);
}
