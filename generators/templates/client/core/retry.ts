// Whether and when to try a failed request again (loaded on the first failure only).
import type { RetryOptions } from './types.js';
import { HttpError, NetworkError, type AvanodeError } from './errors.js';

/**
 * `Retry-After` in milliseconds: delta-seconds (digits only) or an HTTP date; a date in the past
 * is 0, anything else (a negative number, `soon`) is no advice. The caller compares it with
 * `maxDelayMs`, so a huge value never becomes a sleep.
 */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? +text * 1000 : /[a-z]/i.test(text) ? Date.parse(text) - Date.now() : NaN;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** A failure a second try (or another node) may not have: no answer, or HTTP 408, 429 or 5xx. */
export const retryable = (error: AvanodeError) =>
  error instanceof NetworkError || (error instanceof HttpError && (error.status === 408 || error.status === 429 || error.status >= 500));

/**
 * The wait before attempt `n + 1`, or -1 for no retry: only network errors and HTTP 408, 429
 * and 5xx are retried, with exponential backoff or the server's `Retry-After` when it is not
 * longer than `maxDelayMs`.
 */
export function retryDelay(error: AvanodeError, n: number, options: RetryOptions): number {
  const { attempts = 3, baseDelayMs = 250, maxDelayMs = 5000 } = options;
  if (!retryable(error) || n >= attempts) return -1;
  const wait = (error instanceof HttpError ? retryAfterMs(error.retryAfter) : undefined) ?? Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(n - 1, 40));
  // A server asking for more than maxDelayMs (validated ≤ 2^31 − 1 ms) gets no retry rather than a long sleep.
  return wait > maxDelayMs ? -1 : wait;
}

export const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
