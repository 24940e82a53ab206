// The Health API's answers: health.health and health.readiness over JSON-RPC, and the GET
// endpoints (api/health/handler.go), from the spec's example (or its unhealthy report when the
// node is set unhealthy) with the checks a test set through the control API laid over it.
import type { HealthReport } from '@avanode/types';
import type { CallAnswer } from '../envelope/types.js';
import { mockData, type MethodMock } from '../generated/mock-data.js';
import { isObject } from '../is-object.js';
import { withHealth } from '../network/attach.js';
import type { Simulation } from '../network/index.js';
import { matchingExample } from './examples.js';
import type { CallPlan, Example } from './plans.js';
import { fixedResult } from './results.js';

export interface HealthAnswers {
  /** health.health or health.readiness over JSON-RPC, for a call's plan. */
  call(plan: CallPlan, mock: MethodMock): CallAnswer;
  /** api/health/handler.go:49-68 NewGetHandler: the report (`health`, `readiness`, `liveness`), 200 or 503, any HTTP method. */
  get(key: string): { status: number; headers: Record<string, string>; body: string };
}

export function createHealthAnswers(simulation: Simulation, healthy: boolean): HealthAnswers {
  let unhealthy: HealthReport | undefined;
  function unhealthyReport(): HealthReport {
    if (!unhealthy) {
      const example = mockData.httpEndpoints['health.get']?.examples.find((e) => isObject(e) && e.status === 503) as { body?: HealthReport } | undefined;
      unhealthy = structuredClone(example?.body ?? { checks: {}, healthy: false });
    }
    return unhealthy;
  }

  /** The example (or the unhealthy report) with the checks a test set. */
  function report(example: Example | undefined): unknown {
    return withHealth(simulation, healthy ? (example?.result ?? null) : unhealthyReport());
  }

  return {
    call(plan, mock) {
      if (plan.matched === undefined) plan.matched = matchingExample(mock, plan.params) ?? null;
      const answer = report(plan.matched ?? undefined);
      // Without settings the report is the example itself (or the one unhealthy report): it never changes.
      return simulation.healthSettings.size === 0 ? fixedResult(answer) : { result: answer };
    },
    get(key) {
      const got = (key === 'liveness' ? { checks: {}, healthy: true } : report(matchingExample(mockData.methods[key === 'readiness' ? 'health.readiness' : 'health.health']!, {}))) as HealthReport;
      return { status: got.healthy ? 200 : 503, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify({ checks: got.checks, healthy: got.healthy })}\n` };
    },
  };
}
