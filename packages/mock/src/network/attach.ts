// How the mock node (mock-node.ts) uses a simulation, in three steps: before routing a request
// (the control API, latency, request-wide faults), before a method runs (queued failures, slow
// or dropped calls), and for the answer itself (the network's, when it covers the method).
import { handleControlRequest } from './control-http.js';
import { applyHealth } from './health.js';
import type { RpcFailure } from './faults.js';
import type { Simulation } from './index.js';

export interface EarlyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Reset the connection instead of answering. */
  reset?: boolean;
}

/** Without a network clock, failing checks carry the time of the spec's health example. */
const HEALTH_EXAMPLE_TIME = Date.parse('2026-11-20T10:15:00Z');

// Capped as a timer allows (2^31 − 1 ms; a longer wait would fire at once).
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 2 ** 31 - 1)));

/** api/server/server.go:263: what a node answers on a chain's routes while it is not bootstrapped. */
const UNAVAILABLE: EarlyAnswer = {
  status: 503,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: 'API call rejected because chain is not done bootstrapping\n',
};
const RESET: EarlyAnswer = { status: 0, headers: {}, body: '', reset: true };

/**
 * Before routing: the control API answers its own paths (when `control` is on); then the
 * request's delay, and a reset or a 503 when a fault is due. Undefined: route as usual. A
 * promise only when there is a delay to wait out (the answers are read, never changed).
 */
export function beforeRequest(simulation: Simulation, control: boolean, method: string, path: string, body: string): EarlyAnswer | undefined | Promise<EarlyAnswer | undefined> {
  if (control) {
    const answer = handleControlRequest(simulation.control, method, path, body);
    if (answer) return answer;
  }
  const { delayMs, fault } = simulation.faults.beforeRequest();
  const answer = fault?.kind === 'reset' ? RESET : fault?.kind === 'unavailable' ? UNAVAILABLE : undefined;
  return delayMs > 0 ? sleep(delayMs).then(() => answer) : answer;
}

/**
 * A method call's own fault: a delay, then a queued failure, or a reset (thrown as
 * ConnectionReset). A promise only when there is a delay to wait out.
 */
export function beforeCall(simulation: Simulation, method: string): RpcFailure | undefined | Promise<RpcFailure | undefined> {
  const { delayMs, failure, reset } = simulation.faults.beforeCall(method);
  const outcome = () => {
    if (reset) throw new ConnectionReset();
    return failure;
  };
  return delayMs > 0 ? sleep(delayMs).then(outcome) : outcome();
}

/** Thrown from a method call whose connection is to be reset; the mock node turns it into `reset: true`. */
export class ConnectionReset extends Error {
  override name = 'ConnectionReset';
}

/** The health report with the checks a test set. */
export const withHealth = <T>(simulation: Simulation, report: T): T => applyHealth(report, simulation.healthSettings, simulation.nowMs() ?? HEALTH_EXAMPLE_TIME);
