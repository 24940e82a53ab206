// The call's dispatch (src/rpc/dispatch.ts): the one place a network may wait before it answers,
// Simulation.prepare. Without it (every network today) a call makes no promise; with it, the
// network answers only once it has settled, and its failure is the call's -32000 error.
import { describe, expect, it } from 'vitest';
import type { CallParams } from '../src/envelope/types.ts';
import { createSimulation } from '../src/network/index.ts';
import { createDispatch } from '../src/rpc/dispatch.ts';
import { createHealthAnswers } from '../src/rpc/health.ts';

const P = { path: '/ext/bc/P' };
const params = (value: unknown): CallParams => ({ value, key: undefined, fresh: () => structuredClone(value) });

function dispatcher() {
  const simulation = createSimulation({ network: { seed: 7 } });
  const dispatch = createDispatch({ simulation, health: createHealthAnswers(simulation, true), seed: undefined });
  return { simulation, dispatch };
}

describe('the dispatch of a call', () => {
  it('answers without a promise when no network prepares', () => {
    const { simulation, dispatch } = dispatcher();
    expect(simulation.prepare).toBeUndefined();
    const answer = dispatch('platform.getHeight', params({}), P, true, {});
    expect(answer).not.toBeInstanceOf(Promise);
    expect(answer).toMatchObject({ result: { height: String(simulation.control.status().height) } });
  });

  it('waits for the network to prepare, then answers from the state it prepared', async () => {
    const { simulation, dispatch } = dispatcher();
    const seen: unknown[] = [];
    simulation.prepare = async (method, got, blockchainID) => {
      seen.push([method, got, blockchainID]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      // What the preparation writes is what the answer reads.
      simulation.control.mine();
    };
    const before = simulation.control.status().height;
    const answer = dispatch('platform.getHeight', params({}), P, true, {});
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toMatchObject({ result: { height: String(before + 1) } });
    expect(seen).toEqual([['platform.getHeight', {}, undefined]]);
  });

  it('answers a failed preparation as the call\'s -32000 error', async () => {
    const { simulation, dispatch } = dispatcher();
    simulation.prepare = () => Promise.reject(new Error('upstream: connection refused'));
    expect(await dispatch('platform.getHeight', params({}), P, true, {})).toEqual({ error: { code: -32000, message: 'upstream: connection refused' } });
  });

  it('does not prepare for a call refused by its checks, nor for an overridden one', async () => {
    const { simulation, dispatch } = dispatcher();
    let prepared = 0;
    simulation.prepare = async () => {
      prepared++;
    };
    const refused = dispatch('platform.getBalance', params({ addresses: ['not an address'] }), P, true, {});
    expect(refused).not.toBeInstanceOf(Promise);
    expect(refused).toHaveProperty('invalidParams');
    const overridden = await dispatch('platform.getHeight', params({}), P, true, { 'platform.getHeight': { height: '42' } });
    expect(overridden).toMatchObject({ result: { height: '42' } });
    expect(prepared).toBe(0);
  });
});
