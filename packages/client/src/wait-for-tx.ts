// Waits for a P-chain transaction to reach a final status by polling `platform.getTxStatus`.
// Hand-written and its own entry (`@avanode/client/wait-for-tx`): an app that never waits for a
// transaction ships none of it, and the error classes it throws live here, not in the core.
//
// What is final comes from vms/platformvm/service.go (Service.GetTxStatus, v1.14.2): `Committed`
// and `Aborted` are read from the accepted state; `Dropped` (with `reason`) is this node's mempool
// refusing the tx as invalid; `Processing` is a preferred block or the mempool; `Unknown` is a tx
// the node does not track, which is also what a node answers before gossip has brought it a tx
// issued elsewhere, so it keeps the wait going like `Processing`.
import type { Methods } from '@avanode/types';
import type { Client, MethodTypes } from './generated/create-client.js';
import { AvanodeError, ConfigError, TimeoutError } from './generated/core/errors.js';
// The client's own wait (rejects with the signal's reason), shared with its retries.
import { sleep } from './generated/core/retry.js';

type TxStatusResult = Methods['platform.getTxStatus']['result'];

/** A status after which the tx will not change (as this node sees it). */
export type FinalTxStatus = 'Committed' | 'Aborted' | 'Dropped';

export interface WaitForTxOptions {
  /** Longest wait in all, requests included: 1 to 2^31 − 1 ms, or `Infinity` for none (default 60 000 ms). */
  timeoutMs?: number;
  /** Wait after the first poll, doubled after each poll up to `maxIntervalMs`: 1 to 2^31 − 1 ms (default 500 ms). */
  intervalMs?: number;
  /** Longest wait between two polls: 1 to 2^31 − 1 ms (default 5000 ms). */
  maxIntervalMs?: number;
  /** Stops the wait at any point, a request in flight included; the wait rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The tx reached a final status other than `Committed`: `Aborted`, or `Dropped` with the node's `reason`. */
export class TxFailedError extends AvanodeError {
  override name = 'TxFailedError';
  declare txID: string;
  declare status: Exclude<FinalTxStatus, 'Committed'>;
  /** Why the node dropped it (`Dropped` only), e.g. `failed to verify: insufficient funds`. */
  declare reason: string | undefined;
}

/** No final status within `timeoutMs`; `lastStatus` is what the node said last (`Processing`, `Unknown`), if it answered. */
export class TxWaitTimeoutError extends TimeoutError {
  override name = 'TxWaitTimeoutError';
  declare txID: string;
  declare lastStatus: string | undefined;
}

const METHOD = 'platform.getTxStatus';


/**
 * Polls `platform.getTxStatus` for `txID` until its status is final. Resolves with the answer
 * when it is `Committed`; rejects with a `TxFailedError` when it is `Aborted` or `Dropped` (with
 * the node's reason), a `TxWaitTimeoutError` after `timeoutMs`, the signal's reason on an abort
 * (before, between or during polls), or the error of a poll (after the client's own retries).
 * Polls at once, then after `intervalMs`, doubling the interval up to `maxIntervalMs`.
 */
export async function waitForTx<M extends MethodTypes>(
  client: Pick<Client<M>, 'call'>,
  txID: string,
  options: WaitForTxOptions = {},
): Promise<TxStatusResult & { status: 'Committed' }> {
  const { timeoutMs = 60_000, intervalMs = 500, maxIntervalMs = 5000, signal } = options;
  // Each an integer from 1 to 2^31 − 1 (a timer's range; a longer one fires at once), or Infinity for timeoutMs.
  for (const [option, value] of Object.entries({ timeoutMs, intervalMs, maxIntervalMs })) {
    if (!(Number.isInteger(value) && value > 0 && value < 2 ** 31) && !(option === 'timeoutMs' && value === Infinity)) throw new ConfigError(`${option} is out of range: ${value}`, METHOD, { option });
  }
  if (signal?.aborted) throw signal.reason;

  // One controller stops both the wait between polls and a poll in flight, and its reason is what
  // the wait rejects with: the caller's (an abort), or the timeout error made at the deadline.
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let lastStatus: string | undefined;
  const timer =
    timeoutMs < Infinity
      ? setTimeout(() => controller.abort(new TxWaitTimeoutError(`transaction ${txID}: not final within ${timeoutMs} ms (${lastStatus})`, METHOD, { txID, timeoutMs, lastStatus })), timeoutMs)
      : undefined;
  try {
    for (let wait = intervalMs; ; wait = Math.min(maxIntervalMs, wait * 2)) {
      const answer = (await client.call(METHOD, { txID }, { signal: controller.signal })) as { status?: string; reason?: string } | null;
      const { status, reason } = answer ?? {};
      lastStatus = status;
      if (status === 'Committed') return answer as TxStatusResult & { status: 'Committed' };
      if (status === 'Aborted' || status === 'Dropped') throw new TxFailedError(`transaction ${txID}: ${status}${reason ? ` (${reason})` : ''}`, METHOD, { txID, status, reason });
      // An abort since the answer came would not reach the sleep's listener.
      controller.signal.throwIfAborted();
      await sleep(wait, controller.signal);
    }
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
