// One method call once its envelope is read, in the order a node meets it: a failure a test
// queued for the method (control.fail / slow / drop), the call's plan (service checks, schema,
// params as Go decodes them: plans.ts), the override of the layer, then the network's answer
// for the methods it covers or the spec's example. Synchronous unless something has to wait (a
// queued delay, an async override, a network's preparation), so the standalone server's common
// path makes no promise.
import type { CallAnswer, CallParams } from '../envelope/types.js';
import { mockData, type MethodMock } from '../generated/mock-data.js';
import { BoundedMemo } from '../memo.js';
import type { ServiceCheckContext } from '../node-checks/index.js';
import { beforeCall } from '../network/attach.js';
import type { Simulation } from '../network/index.js';
import { createExampleAnswers } from './examples.js';
import type { HealthAnswers } from './health.js';
import { MockRpcError, overrideAnswer } from './overrides.js';
import { createPlans, goParams, type CallPlan } from './plans.js';
import { freshResult } from './results.js';

/** A call: its method, params, route context and whether the schema checks them, with the overrides of the node's layer. */
export type Dispatch = (name: string, call: CallParams, context: ServiceCheckContext, validate: boolean, layer: Readonly<Record<string, unknown>>) => CallAnswer | Promise<CallAnswer>;

export interface DispatchOptions {
  simulation: Simulation;
  health: HealthAnswers;
  /** Orders the example answers' lists (createExampleAnswers). */
  seed: number | undefined;
}

/** A thrown error as the node answers it: a MockRpcError as it is, else a Go service error (-32000 with its text). */
function errorAnswer(error: unknown): CallAnswer {
  if (error instanceof MockRpcError) return { error: { code: error.code, message: error.message, data: error.data } };
  return { error: { code: -32000, message: (error as Error)?.message ?? String(error) } };
}

export function createDispatch({ simulation, health, seed }: DispatchOptions): Dispatch {
  const planOf = createPlans();
  const exampleAnswer = createExampleAnswers(seed);
  // The network's answers to the methods that only read it, until its state changes: by the
  // call's plan, each with the state's version it was worked out at; at most 4 million
  // characters of JSON in all.
  const networkAnswers = new BoundedMemo<{ version: number; answer: CallAnswer }>({
    maxEntries: 512,
    maxKeyLength: 64,
    sizeOf: (entry) => ('json' in entry.answer && entry.answer.json ? entry.answer.json.text.length : 0),
    maxSize: 4_000_000,
  });

  /** The answer without an override: the chain's for the methods its state answers (network/answers.ts), else the example's. */
  function defaultAnswer(name: string, mock: MethodMock, plan: CallPlan, remembered: boolean): CallAnswer {
    if (name === 'health.health' || name === 'health.readiness') return health.call(plan, mock);
    if (simulation.covers(name, plan.context.blockchainID)) {
      // Answers that only read the network hold until its state changes.
      const version = simulation.version();
      const remember = remembered && simulation.readsOnly(name);
      const known = remember ? networkAnswers.get(plan.id) : undefined;
      if (known && known.version === version) return known.answer;
      const covered = simulation.answer(name, plan.params, plan.context.blockchainID);
      // A Go service error: -32000 with its text.
      const answer: CallAnswer = !covered ? exampleAnswer(name, mock, plan.params) : 'error' in covered ? { error: { code: -32000, message: covered.error, data: null } } : freshResult(covered.result);
      if (remember) networkAnswers.set(plan.id, { version, answer });
      return answer;
    }
    plan.example ??= exampleAnswer(name, mock, plan.params);
    return plan.example;
  }

  /** The default answer, a thrown error answered as the node answers it. */
  function settled(name: string, mock: MethodMock, plan: CallPlan, remembered: boolean): CallAnswer {
    try {
      return defaultAnswer(name, mock, plan, remembered);
    } catch (error) {
      return errorAnswer(error);
    }
  }

  /** A call once a queued failure is ruled out: the checks, then the override or the default answer. */
  function answerCall(name: string, mock: MethodMock, call: CallParams, context: ServiceCheckContext, validate: boolean, layer: Readonly<Record<string, unknown>>): CallAnswer | Promise<CallAnswer> {
    const plan = planOf(name, mock, call, context, validate);
    if (plan.refused) return plan.refused;
    const override = layer[name];
    if (override !== undefined) {
      // A function gets params of its own: it may change them.
      const params = typeof override === 'function' ? goParams(mock, call.fresh()) : plan.params;
      return overrideAnswer(override, params, context.blockchainID ? { blockchainID: context.blockchainID } : {});
    }
    // The one place the network may wait before it answers: Simulation.prepare (none today, so no
    // promise is made; a network whose state is not all in memory fills it, e.g. to fetch what
    // the call reads). Its failure is the call's, answered as a thrown error is.
    const ready = simulation.prepare?.(name, plan.params, context.blockchainID);
    if (ready) return ready.then(() => settled(name, mock, plan, call.key !== undefined), errorAnswer);
    return settled(name, mock, plan, call.key !== undefined);
  }

  return (name, call, context, validate, layer) => {
    const mock = mockData.methods[name]!;
    // A failure a test queued for this method comes first (control.fail / slow / drop).
    const queued = beforeCall(simulation, name);
    if (queued instanceof Promise) return queued.then((failure) => (failure ? { error: failure } : answerCall(name, mock, call, context, validate, layer)));
    if (queued) return { error: queued };
    return answerCall(name, mock, call, context, validate, layer);
  };
}
