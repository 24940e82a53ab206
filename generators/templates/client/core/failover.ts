// Several URLs (`url: [primary, backup, …]`), loaded with the rest of the complete path, so that
// an app with one URL carries none of it. Each attempt of a call walks the list from the URL the
// client is on: a read moves on to the next URL at once when the transport failed (no answer, a
// timeout, HTTP 408, 429 or 5xx); anything else, and any call not known as a read, stays with
// the one URL. The retries of complete.ts wrap the whole walk, as viem's fallback transport does.
import type { CoreParts } from './types.js';
import { AvanodeError, RpcError, TimeoutError } from './errors.js';
import { retryable } from './retry.js';

/** Per client: the index of the URL it is on, and since when. */
const positions = new WeakMap<CoreParts, { at: number; since: number }>();

/**
 * Runs `attempt` with the base URL the client is on and, for a read whose transport failed, with
 * the next ones in turn. Rejects with the last error, its `errors` holding those of the URLs before.
 */
export async function walk<T>(parts: CoreParts, read: boolean, signal: AbortSignal | undefined, attempt: (base: string) => Promise<T>): Promise<T> {
  const bases = ([] as string[]).concat(parts.config.url).map((url) => url.replace(/\/+$/, ''));
  const position = positions.get(parts) ?? { at: 0, since: 0 };
  positions.set(parts, position);
  // After the cool-down the first URL is tried again.
  if (position.at && Date.now() - position.since >= (parts.config.cooldownMs ?? 60_000)) position.at = 0;
  const start = position.at;
  const errors: AvanodeError[] = [];
  // The URL that answered (a result, or the node's own JSON-RPC error) is the one to stay on.
  const stay = (at: number) => {
    if (position.at !== at) Object.assign(position, { at, since: Date.now() });
  };
  for (let i = 0; ; i++) {
    const at = (start + i) % bases.length;
    try {
      const result = await attempt(bases[at]!);
      stay(at);
      return result;
    } catch (error) {
      if (signal?.aborted || !(error instanceof AvanodeError)) throw error;
      if (error instanceof RpcError) stay(at);
      else if (read && (retryable(error) || error instanceof TimeoutError) && i + 1 < bases.length) {
        errors.push(error);
        continue;
      }
      if (errors.length) error.errors = errors;
      throw error;
    }
  }
}
