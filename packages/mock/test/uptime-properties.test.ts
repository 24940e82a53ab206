// A property of random staking sequences with uptimes (in process, fast-check, bounded): on a
// seeded local network whose Helicon comes five days after its start, validators and delegators
// built and signed by @avanode/wallet, each validator's uptime set by the test (before and while it
// validates), the clock moved between them. Whenever a staker of ours ends, it was paid exactly
// when the uptime of its validator met the bar at that moment (block/executor/options.go
// prefersCommit at v1.15.0-fuji: 80 %, or 90 % for a validator that started at or after Helicon),
// and getCurrentSupply is the start's plus what was funded plus the rewards promised to our
// stakers, less those forfeited (undoSupplyMintOnAbort).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeIdToString } from '@avanode/codec';
import { TEST_KEYS, testKeyAddress } from '@avanode/mock';
import { buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, keyAddress, proofOfPossession, signTx } from '@avanode/wallet';
import { runs } from '../../../scripts/properties.ts';
import { spendInputs } from './simulation-spend.ts';
import { splitReward } from '../src/network/reward.ts';
import { createSimulation, generateState, type Simulation } from '../src/network/index.ts';

const AVAX = 1_000_000_000n;
const DAY = 86_400;
const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const NETWORK = 12345;
const FROM = testKeyAddress(EWOQ, NETWORK);
const OWNER = { addresses: [keyAddress(new Uint8Array(32).fill(0x6f), NETWORK)], threshold: 1 };
const PERCENTS = [0, 79.99, 80, 85, 89.99999, 90, 100];

type Step =
  | { kind: 'validator'; durationSec: number; uptime: number }
  | { kind: 'delegator'; target: number; durationSec: number }
  | { kind: 'uptime'; target: number; uptime: number }
  | { kind: 'advance'; ms: number };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('validator' as const), durationSec: fc.constantFrom(DAY, 3 * DAY, 10 * DAY), uptime: fc.constantFrom(...PERCENTS) }),
    fc.record({ kind: fc.constant('delegator' as const), target: fc.nat(2), durationSec: fc.constantFrom(DAY, 2 * DAY) }),
    fc.record({ kind: fc.constant('uptime' as const), target: fc.nat(5), uptime: fc.constantFrom(...PERCENTS) }),
    fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 6 * DAY * 1000 }) }),
  ),
  { minLength: 6, maxLength: 14 },
);


interface Ours {
  kind: 'validator' | 'delegator';
  nodeID: string;
  potentialReward: bigint;
}

async function play(sim: Simulation, helicon: bigint, sequence: Step[], signers: Array<Awaited<ReturnType<typeof proofOfPossession>>>) {
  const ledger = () => sim.ledger()!;
  // The seed's own validators fully up: only ours forfeit.
  for (const s of ledger().stakers) if (s.permissionless) sim.control.setUptime(s.nodeID, 100);
  const supply0 = ledger().supply;
  const funded = 100_000n * AVAX;
  sim.control.fund(FROM, funded);
  const ours = new Map<string, Ours>();
  const validators: Array<{ nodeID: string; start: bigint }> = [];
  /** The uptime the test last set for each of our validators. */
  const uptimeOf = new Map<string, number>();
  let promised = 0n;
  let forfeited = 0n;
  const seen = { commits: 0, aborts: 0, afterHelicon: 0, beforeHelicon: 0, delegatorsPaid: 0, delegatorsForfeited: 0 };
  const current = () => {
    const ids = new Set<string>();
    for (const s of ledger().stakers) {
      ids.add(s.txID);
      for (const d of s.delegators) ids.add(d.txID);
    }
    return ids;
  };
  for (const [i, step] of sequence.entries()) {
    const live = current();
    if (step.kind === 'advance') sim.control.advance(step.ms);
    else if (step.kind === 'uptime') {
      const target = validators[step.target];
      if (target && live.has([...ours].find(([, o]) => o.kind === 'validator' && o.nodeID === target.nodeID)?.[0] ?? '')) {
        sim.control.setUptime(target.nodeID, step.uptime);
        uptimeOf.set(target.nodeID, step.uptime);
      }
    } else {
      const now = Math.floor(sim.nowMs()! / 1000);
      const common = spendInputs(sim, FROM, NETWORK);
      const nodeID = step.kind === 'validator' ? nodeIdToString(new Uint8Array(20).fill(i + 1).map((b, j) => (j === 0 ? 0xce : b))) : (validators[step.target]?.nodeID ?? nodeIdToString(new Uint8Array(20).fill(0xdf)));
      const built =
        step.kind === 'validator'
          ? buildAddPermissionlessValidatorTx({ ...common, nodeID, start: 0, end: now + step.durationSec, weight: 2_000n * AVAX, signer: signers[i]!, validationRewardsOwner: OWNER, delegationRewardsOwner: OWNER, shares: 20_000 })
          : buildAddPermissionlessDelegatorTx({ ...common, nodeID, start: 0, end: now + step.durationSec, weight: 25n * AVAX, rewardsOwner: OWNER });
      const signed = await signTx(built, { keys: [EWOQ.privateKey] });
      const answer = sim.answer('platform.issueTx', { tx: signed.hex, encoding: 'hex' }) as { result?: unknown; error?: string };
      sim.control.mine();
      if (answer.result && current().has(signed.id)) {
        const staker = ledger().stakers.find((s) => s.nodeID === nodeID && s.permissionless);
        if (step.kind === 'validator') {
          validators.push({ nodeID, start: staker!.startTime });
          sim.control.setUptime(nodeID, step.uptime);
          uptimeOf.set(nodeID, step.uptime);
          ours.set(signed.id, { kind: 'validator', nodeID, potentialReward: staker!.permissionless!.potentialReward });
        } else ours.set(signed.id, { kind: 'delegator', nodeID, potentialReward: staker!.delegators.find((d) => d.txID === signed.id)!.potentialReward });
        promised += ours.get(signed.id)!.potentialReward;
      }
    }
    // Each of ours that ended in this step: paid exactly when its validator's uptime met the bar.
    const after = current();
    for (const [txID, staker] of ours) {
      if (!live.has(txID) || after.has(txID)) continue;
      const validator = validators.find((v) => v.nodeID === staker.nodeID)!;
      const bar = validator.start >= helicon ? 0.9 : 0.8;
      const commit = uptimeOf.get(staker.nodeID)! / 100 >= bar;
      if (!commit) forfeited += staker.potentialReward;
      seen[commit ? 'commits' : 'aborts']++;
      if (staker.kind === 'delegator') seen[commit ? 'delegatorsPaid' : 'delegatorsForfeited']++;
      seen[validator.start >= helicon ? 'afterHelicon' : 'beforeHelicon']++;
      const paid = rewardAmounts(sim, txID);
      const own = staker.kind === 'validator' ? staker.potentialReward : splitReward(staker.potentialReward, 20_000n).delegator;
      // Its own reward is among its reward UTXOs exactly on commit (a validator's commission is paid either way).
      if (own > 0n) expect(paid.includes(own), `${staker.kind} at ${uptimeOf.get(staker.nodeID)} % (bar ${bar})`).toBe(commit);
      if (staker.kind === 'delegator') expect(paid.length).toBe(commit && own > 0n ? 1 : 0);
    }
    expect(ledger().supply, 'supply = start + funded + promised − forfeited').toBe(supply0 + funded + promised - forfeited);
  }
  return seen;
}

/** The amounts of a staker's reward UTXOs (getRewardUTXOs'), from the UTXO set (nobody spends them). */
function rewardAmounts(sim: Simulation, txID: string): bigint[] {
  const byBytes = new Map<Uint8Array, bigint>();
  for (const utxo of sim.ledger()!.utxos.values()) byBytes.set(utxo.bytes, utxo.amount);
  return (sim.ledger()!.rewardUtxos.get(txID) ?? []).map((bytes) => byBytes.get(bytes)!);
}

describe('random staking sequences with uptimes, across Helicon', () => {
  it('property: a staker is paid exactly when its validator meets 80 % (90 % from Helicon on); the supply drops by every forfeit', async () => {
    const signers = await Promise.all(Array.from({ length: 14 }, (_, i) => proofOfPossession(new Uint8Array(32).fill(0x90 + i))));
    const state = generateState(9);
    const helicon = BigInt(state.time) + 5n * BigInt(DAY);
    const heliconTime = new Date(Number(helicon) * 1000).toISOString().replace('.000Z', 'Z');
    const seen = { commits: 0, aborts: 0, afterHelicon: 0, beforeHelicon: 0, delegatorsPaid: 0, delegatorsForfeited: 0 };
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const sim = createSimulation({ network: { state: { ...state, upgrades: { heliconTime } } } });
        for (const [key, count] of Object.entries(await play(sim, helicon, sequence, signers))) seen[key as keyof typeof seen] += count;
      }),
      runs(10),
    );
    // The sequences reach stakers' ends on both sides of the bar and of the activation.
    for (const [key, count] of Object.entries(seen)) expect(count, key).toBeGreaterThan(0);
  });
});
