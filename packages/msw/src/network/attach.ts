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

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined);

/** api/server/server.go:263: what a node answers on a chain's routes while it is not bootstrapped. */
const UNAVAILABLE: EarlyAnswer = {
  status: 503,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: 'API call rejected because chain is not done bootstrapping\n',
};

/**
 * Before routing: the control API answers its own paths (when `control` is on); then the
 * request's delay, and a reset or a 503 when a fault is due. Undefined: route as usual.
 */
export async function beforeRequest(simulation: Simulation, control: boolean, method: string, path: string, body: string): Promise<EarlyAnswer | undefined> {
  if (control) {
    const answer = handleControlRequest(simulation.control, method, path, body);
    if (answer) return answer;
  }
  const { delayMs, fault } = simulation.faults.beforeRequest();
  await sleep(delayMs);
  if (fault?.kind === 'reset') return { status: 0, headers: {}, body: '', reset: true };
  if (fault?.kind === 'unavailable') return UNAVAILABLE;
  return undefined;
}

/** A method call's own fault: a delay, then a queued failure, or a reset (thrown as ConnectionReset). */
export async function beforeCall(simulation: Simulation, method: string): Promise<RpcFailure | undefined> {
  const { delayMs, failure, reset } = simulation.faults.beforeCall(method);
  await sleep(delayMs);
  if (reset) throw new ConnectionReset();
  return failure;
}

/** Thrown from a method call whose connection is to be reset; the mock node turns it into `reset: true`. */
export class ConnectionReset extends Error {
  override name = 'ConnectionReset';
}

/** The health report with the checks a test set. */
export const withHealth = <T>(simulation: Simulation, report: T): T => applyHealth(report, simulation.healthSettings, simulation.nowMs() ?? HEALTH_EXAMPLE_TIME);
