// A call's plan: what a method does with its params before it answers, the same for every call
// with the same method, route and params (the service checks and the schema, and the params as
// Go decodes them), worked out once and kept in a bounded memo by the params' text.
import { validateParams } from '@avanode/validators';
import type { CallAnswer, CallParams } from '../envelope/types.js';
import type { MethodMock } from '../generated/mock-data.js';
import { isObject } from '../is-object.js';
import { BoundedMemo } from '../memo.js';
import { serviceChecks, type ServiceCheckContext } from '../node-checks/index.js';

export type Example = MethodMock['examples'][number];

export interface CallPlan {
  /** Names the plan for the network's remembered answers (a new name per plan, never reused). */
  id: string;
  /** What the plan is for: the method, its route's context (an object per route) and whether the schema checks. */
  name: string;
  context: ServiceCheckContext;
  validate: boolean;
  refused?: CallAnswer;
  params: unknown;
  /** The example the params match (null: the method has none). */
  matched?: Example | null;
  example?: CallAnswer;
}

/** Plans kept per params (CallParams.key): one is the rule, a few when the params go to several methods or routes. */
const PLANS_PER_PARAMS = 4;

/** Each method's param names by their lower-case form, for goParams. */
const paramNames = new WeakMap<MethodMock, Map<string, string>>();

/**
 * Params as Go decodes them into the args struct: member names matched case-insensitively,
 * unknown members ignored (encoding/json). A new object: the params it is made from are shared.
 */
export function goParams(mock: MethodMock, params: unknown): unknown {
  if (mock.byPosition || !isObject(params)) return params;
  let byLowerCase = paramNames.get(mock);
  if (!byLowerCase) {
    byLowerCase = new Map(mock.params.map((name) => [name.toLowerCase(), name]));
    paramNames.set(mock, byLowerCase);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const name = byLowerCase.get(key.toLowerCase());
    if (name) out[name] = value;
  }
  return out;
}

/** The refusal of params by the service checks, else by the method's params schema (when `validate`). */
function refusalOf(name: string, mock: MethodMock, params: unknown, context: ServiceCheckContext, validate: boolean): CallAnswer | undefined {
  const refusal = serviceChecks[name]?.(params, context);
  if (refusal) return { error: refusal };
  if (!validate) return undefined;
  const verdict = validateParams(name, params);
  if (verdict.ok) return undefined;
  const [first] = verdict.errors;
  const index = mock.byPosition ? Number(/^\/(\d+)/.exec(first!.path)?.[1] ?? 0) : undefined;
  return { invalidParams: { ...(index !== undefined ? { index } : {}), message: `${first!.path || '/'} ${first!.message}` } };
}

/** A node's plans: the plan of a call, the same object for the same method, route context and params. */
export function createPlans(): (name: string, mock: MethodMock, call: CallParams, context: ServiceCheckContext, validate: boolean) => CallPlan {
  // The plans of the calls with the same params (CallParams.key), a few methods and routes each:
  // found by comparing objects the memos keep (the method's name, the route's context), so no
  // key is put together per call.
  const plans = new BoundedMemo<CallPlan[]>({ maxEntries: 1024, maxKeyLength: 64 });
  let planCount = 0;
  return (name, mock, call, context, validate) => {
    const known = call.key === undefined ? undefined : plans.get(call.key);
    if (known) for (const plan of known) if (plan.name === name && plan.context === context && plan.validate === validate) return plan;
    const params = goParams(mock, call.value);
    const plan: CallPlan = { id: `plan ${++planCount}`, name, context, validate, params };
    const refused = refusalOf(name, mock, params, context, validate);
    if (refused) plan.refused = refused;
    if (call.key !== undefined) {
      if (!known) plans.set(call.key, [plan]);
      else if (known.push(plan) > PLANS_PER_PARAMS) known.shift();
    }
    return plan;
  };
}
