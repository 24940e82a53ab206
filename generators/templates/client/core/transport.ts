// The transport: one HTTP exchange with a timeout per request, the caller's signal, no redirect
// followed and the body read up to a cap. Part of the core (it makes every call, the common case
// included); the lazily loaded modules reach it through the core's `parts`, never by import.
import { ConfigError } from './base-errors.js';
import type { CoreParts, Exchange, ExchangeInit, RequestOptions } from './types.js';

/**
 * Throws a ConfigError for a numeric option out of range (NaN included). Every numeric option is
 * an integer up to 2^31 − 1 (the longest a timer waits: a longer setTimeout fires at once), from
 * 0 for a delay (`timeoutMs`, `baseDelayMs`, `maxDelayMs`), from 1 for a count (`attempts`,
 * `maxBatchSize`, `maxResponseBytes`); `timeoutMs` also takes Infinity (0 and Infinity: none).
 */
export function checkOptions(options: object): void {
  for (const [key, value] of Object.entries(options)) {
    // biome-ignore lint/suspicious/noDoubleEquals: the operands have one type each here, and every byte of this file ships up front.
    if (typeof value == 'number' && !(Number.isInteger(value) && value >= +!key.endsWith('Ms') && value < 2 ** 31) && !(key == 'timeoutMs' && value == Infinity)) {
      throw new ConfigError(`${key} is out of range: ${value}`, undefined, { option: key });
    }
  }
}

/**
 * `parts.exchange`: one HTTP exchange of the client whose parts it is called on (`this`: its
 * `fetch`, `timeoutMs` and `maxResponseBytes`). See `CoreParts['exchange']`.
 */
export async function exchange(this: CoreParts, url: string, init: ExchangeInit, options: RequestOptions | undefined, accept?: (status: number) => boolean): Promise<Exchange> {
  const config = this.config;
  if (options) checkOptions(options);
  const timeoutMs = options?.timeoutMs ?? config.timeoutMs ?? 30_000;
  const controller = new AbortController();
  const signal = options?.signal;
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort);
  if (signal?.aborted) onAbort();
  const timer = timeoutMs < Infinity && timeoutMs && setTimeout(() => controller.abort(), timeoutMs);
  try {
    // `init` is the caller's own fresh object, completed in place: a spread costs 1 µs on Node 20.
    // Its `redirect` is never `follow` (ExchangeInit's type says so).
    init.signal = controller.signal;
    const response = await (config.fetch ?? fetch)(url, init);
    // The body is read as a stream, counted after decompression (fetch inflates as it goes),
    // so that a huge or compressed-bomb answer stops at the cap, and an error's body at what
    // its excerpt keeps (2048 bytes: 512 characters of up to 4 bytes). Past it, the stream is
    // cancelled (the connection let go) and `over` set: the call cannot take that text for the answer.
    const max = (accept ? accept(response.status) : response.ok) ? (config.maxResponseBytes ?? 2 ** 26) : 2048;
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    // biome-ignore lint/suspicious/noAssignInExpressions: one read per turn, in the condition: the shortest loop, and this file ships up front.
    for (let chunk: ReadableStreamReadResult<Uint8Array>; reader && size <= max && !(chunk = await reader.read()).done; chunks.push(chunk.value)) size += chunk.value.length;
    const over = size > max;
    if (over) reader!.cancel().catch(() => {});
    // Decoded once, whole: a streaming TextDecoder misses Node's fast UTF-8 path (20% of a
    // 2.4 MB answer on Node 20), and so does a Blob.
    const bytes = new Uint8Array(size);
    size = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, size);
      size += chunk.length;
    }
    return { url, timeoutMs, response, text: new TextDecoder().decode(bytes), over };
  } catch (error) {
    // Aborted while the caller's signal is not: the timer did it.
    return { url, timeoutMs, error, timedOut: controller.signal.aborted };
  } finally {
    // false and 0 are no timer: clearing them does nothing.
    clearTimeout(timer as number);
    signal?.removeEventListener('abort', onAbort);
  }
}
