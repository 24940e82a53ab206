// ACP-285 on the mock: avalanchego v1.15.0-fuji's primary-network reward calculator
// (vms/platformvm/reward/calculator.go NewPrimaryNetworkCalculator, configForStakeStart), whose
// minimum consumption rate moves from the configured one toward 7.5 % over the 90 days after
// Helicon, by the share of the ramp elapsed at the staker's start (big.Int over nanoseconds).
// Checked against the node's own vectors (calculator_test.go TestPrimaryNetworkCalculatorHeliconRewards
// and, before Helicon, TestRewards), then over HTTP on 127.0.0.1: the same staking sequence,
// built and signed with ewoq by @avanode/wallet, on local networks whose Helicon is unscheduled,
// a third of the ramp back, or long past, and on one network whose Helicon comes in the middle.
// The expected rewards are worked out here from the Go formula: the ramped minimum rate by hand,
// then calculator.Calculate (reward.ts potentialReward, itself checked against TestRewards).
import { createClient } from '@avanode/client';
import { decodeUtxo, nodeIdToString } from '@avanode/codec';
import { TEST_KEYS } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { describe, expect, it } from 'vitest';
import { potentialReward, primaryNetworkReward, splitReward } from '../src/network/reward.ts';

const AVAX = 1_000_000_000n;
const MEGA = 1_000_000n * AVAX;
const DAY = 86_400n;
const RAMP = 90n * DAY;
/** calculator_test.go defaultConfig (genesis_*.go's reward config). */
const CONFIG = { maxConsumptionRate: 120_000n, minConsumptionRate: 100_000n, mintingPeriodSec: 365n * DAY, supplyCap: 720n * MEGA };

describe('the primary-network calculator (reward/calculator.go at v1.15.0-fuji)', () => {
  it("gives the node's TestPrimaryNetworkCalculatorHeliconRewards values", () => {
    const helicon = 1_000_000n;
    // name, minimum rate, maximum rate (0: the config's), start after Helicon, expected reward.
    const cases: Array<[string, bigint, bigint, bigint, bigint]> = [
      ['at_helicon', 100_000n, 0n, 0n, 274_122_724_713n],
      ['one_third_ramp', 100_000n, 0n, RAMP / 3n, 251_355_136_048n],
      ['at_ramp_end', 100_000n, 0n, RAMP, 205_817_226_496n],
      ['custom_min_rate_above_target', 80_000n, 0n, RAMP / 2n, 212_647_776_318n],
      ['custom_min_rate_below_target', 10_000n, 0n, RAMP / 2n, 117_020_078_814n],
      ['below_target_at_helicon', 74_999n, 0n, 0n, 205_814_494_276n],
      ['below_target_mid_ramp', 74_999n, 0n, RAMP / 2n, 205_814_494_276n],
      ['below_target_at_ramp_end', 74_999n, 0n, RAMP, 205_817_226_496n],
      ['at_target_mid_ramp', 75_000n, 0n, RAMP / 2n, 205_817_226_496n],
      ['above_target_at_helicon', 75_001n, 0n, 0n, 205_819_958_716n],
      ['above_target_mid_ramp', 75_001n, 0n, RAMP / 2n, 205_819_958_716n],
      ['above_target_at_ramp_end', 75_001n, 0n, RAMP, 205_817_226_496n],
      ['target_above_max', 10_000n, 20_000n, RAMP, 27_472_321_261n],
    ];
    for (const [name, min, max, after, expected] of cases) {
      const config = { ...CONFIG, minConsumptionRate: min, ...(max ? { maxConsumptionRate: max } : {}) };
      expect(primaryNetworkReward(config, helicon, helicon + after, DAY, MEGA, 360n * MEGA), name).toBe(expected);
    }
  });

  it("is v1.14.2's calculator before Helicon (TestRewards, newCalculatorsBeforeHelicon), and past the ramp's end the 7.5 % one", () => {
    const helicon = 1_000_000n;
    const cases: Array<[bigint, bigint, bigint, bigint]> = [
      [365n * DAY, MEGA, 360n * MEGA, 120_000n * AVAX],
      [DAY, MEGA, 360n * MEGA, 274_122_724_713n],
      [DAY, 2n * MEGA, 400n * MEGA, 438_596_359_542n],
      [DAY, MEGA, 720n * MEGA, 0n],
    ];
    for (const [duration, amount, supply, expected] of cases) expect(primaryNetworkReward(CONFIG, helicon, helicon - 1n, duration, amount, supply)).toBe(expected);
    const target = { ...CONFIG, minConsumptionRate: 75_000n };
    expect(primaryNetworkReward(CONFIG, helicon, helicon + 10n * RAMP, DAY, MEGA, 360n * MEGA)).toBe(potentialReward(target, DAY, MEGA, 360n * MEGA));
  });
});

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const LOCAL = 12345;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, LOCAL);
const START = 1_900_000_000n;
const rfc3339 = (sec: bigint) => new Date(Number(sec) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * configForStakeStart by hand for genesis_local.go's 10 % minimum: before Helicon as it is; after
 * it, 10 % less 2.5 points · (start − Helicon) / 90 days, in nanoseconds, rounded down; 7.5 % from
 * the ramp's end.
 */
function rampedMinimum(heliconSec: bigint, startSec: bigint): bigint {
  if (startSec < heliconSec) return 100_000n;
  const elapsedNs = (startSec - heliconSec) * 1_000_000_000n;
  const rampNs = RAMP * 1_000_000_000n;
  return elapsedNs >= rampNs ? 75_000n : 100_000n - (25_000n * elapsedNs) / rampNs;
}

async function network(heliconSec?: bigint): Promise<MockServer> {
  const state = {
    networkID: LOCAL,
    time: Number(START),
    height: 1,
    supply: String(400_000_000n * AVAX),
    utxos: [{ address: EWOQ_ADDRESS, amount: String(100_000n * AVAX) }],
    ...(heliconSec !== undefined ? { upgrades: { heliconTime: rfc3339(heliconSec) } } : {}),
  };
  return startMockServer({ port: 0, network: { state } });
}

interface Played {
  validatorStart: bigint;
  validatorReward: bigint;
  delegatorStart: bigint;
  delegatorReward: bigint;
  supplyBefore: bigint;
  supplyAfterAdds: bigint;
  paidValidator: bigint;
  paidDelegator: bigint;
}

const VALIDATOR_WEIGHT = 2_000n * AVAX;
const DELEGATION = 500n * AVAX;

/** The sequence: a validator for 30 days, a day later a delegation of 20 days to it, then past both ends. */
async function play(server: MockServer, seed: number): Promise<Played> {
  const client = createClient({ url: server.url, retry: false });
  const now = async () => BigInt(Date.parse((await client.platform.getTimestamp()).timestamp) / 1000);
  const supply = async () => BigInt((await client.platform.getCurrentSupply({})).supply);
  const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
  const rewards = keyAddress(new Uint8Array(32).fill(seed), LOCAL);
  const delegatorRewards = keyAddress(new Uint8Array(32).fill(seed + 1), LOCAL);
  const supplyBefore = await supply();
  const end = (await now()) + 30n * DAY;
  const validator = await sendTx(client, {
    build: buildAddPermissionlessValidatorTx,
    params: { nodeID, start: 0, end: Number(end), weight: VALIDATOR_WEIGHT, signer: await proofOfPossession(new Uint8Array(32).fill(seed)), validationRewardsOwner: { addresses: [rewards], threshold: 1 }, delegationRewardsOwner: { addresses: [rewards], threshold: 1 }, shares: 100_000 },
    keys: [EWOQ.privateKey],
    wait: false,
  });
  const validatorStart = BigInt(server.control.mine().time);
  server.control.advance(Number(DAY) * 1000);
  const delegator = await sendTx(client, {
    build: buildAddPermissionlessDelegatorTx,
    params: { nodeID, start: 0, end: Number(end - 5n * DAY), weight: DELEGATION, rewardsOwner: { addresses: [delegatorRewards], threshold: 1 } },
    keys: [EWOQ.privateKey],
    wait: false,
  });
  const delegatorStart = BigInt(server.control.mine().time);
  const [shown] = (await client.platform.getCurrentValidators({ nodeIDs: [nodeID] })).validators as Array<{ potentialReward: string; delegators: Array<{ txID: string; potentialReward: string }> }>;
  const supplyAfterAdds = await supply();
  server.control.advance(Number(31n * DAY) * 1000);
  const paid = async (txID: string, owner: string) => {
    const { utxos } = await client.platform.getRewardUTXOs({ txID });
    return (utxos as string[]).map((u) => decodeUtxo(u, { network: 'local' })).filter((u) => (u.output as { addresses: string[] }).addresses.includes(owner)).reduce((sum, u) => sum + BigInt((u.output as { amount: number | bigint }).amount), 0n);
  };
  return {
    validatorStart,
    validatorReward: BigInt(shown!.potentialReward),
    delegatorStart,
    delegatorReward: BigInt(shown!.delegators.find((d) => d.txID === delegator.txID)!.potentialReward),
    supplyBefore,
    supplyAfterAdds,
    paidValidator: await paid(validator.txID, rewards),
    paidDelegator: await paid(delegator.txID, delegatorRewards),
  };
}

/** What the node mints and pays for the sequence, from the Go formula with the ramp at each staker's start. */
function expectedOf(played: Played, heliconSec: bigint | undefined, validatorEnd: bigint, delegatorEnd: bigint) {
  const at = (start: bigint) => ({ ...CONFIG, minConsumptionRate: heliconSec === undefined ? 100_000n : rampedMinimum(heliconSec, start) });
  const validator = potentialReward(at(played.validatorStart), validatorEnd - played.validatorStart, VALIDATOR_WEIGHT, played.supplyBefore);
  const delegator = potentialReward(at(played.delegatorStart), delegatorEnd - played.delegatorStart, DELEGATION, played.supplyBefore + validator);
  return { validator, delegator };
}

describe('ACP-285 over HTTP: the same staking sequence before and after the activation', () => {
  it('mints and pays the ramped rewards after Helicon, the v1.14.2 ones before, and the two differ', async () => {
    const outcomes: Array<{ name: string; helicon: bigint | undefined; played: Played }> = [];
    for (const [name, helicon] of [
      ['unscheduled', undefined],
      ['a third of the ramp back', START - 30n * DAY],
      ['long past', START - 365n * DAY],
    ] as const) {
      const server = await network(helicon);
      try {
        outcomes.push({ name, helicon, played: await play(server, 0x41) });
      } finally {
        await server.close();
      }
    }
    for (const { name, helicon, played } of outcomes) {
      // The validator's end was read a block before it started: 30 days from START; the delegation's 5 days earlier.
      const validatorEnd = START + 30n * DAY;
      const { validator, delegator } = expectedOf(played, helicon, validatorEnd, validatorEnd - 5n * DAY);
      expect(played.validatorStart, name).toBe(START);
      expect(played.validatorReward, name).toBe(validator);
      expect(played.delegatorReward, name).toBe(delegator);
      expect(played.supplyAfterAdds, name).toBe(played.supplyBefore + validator + delegator);
      const split = splitReward(delegator, 100_000n);
      expect(played.paidDelegator, name).toBe(split.delegator);
      expect(played.paidValidator, name).toBe(validator + split.delegatee);
    }
    const [before, third, past] = outcomes.map((o) => o.played);
    // A third of the ramp: 10 % − 2.5 / 3 points, rounded down; past it: 7.5 %.
    expect(rampedMinimum(START - 30n * DAY, START)).toBe(91_667n);
    expect(before!.validatorReward).toBeGreaterThan(third!.validatorReward);
    expect(third!.validatorReward).toBeGreaterThan(past!.validatorReward);
    expect(before!.delegatorReward).toBeGreaterThan(third!.delegatorReward);
    expect(past!.validatorReward).toBe(potentialReward({ ...CONFIG, minConsumptionRate: 75_000n }, 30n * DAY, VALIDATOR_WEIGHT, before!.supplyBefore));
  });

  it('on one chain whose Helicon comes between two validators: the first keeps the old rate, the second starts on the ramp', async () => {
    const helicon = START + 10n * DAY;
    const server = await network(helicon);
    try {
      const first = await play(server, 0x51);
      // The first sequence ran to START + 32 days: 22 days into the ramp.
      const second = await play(server, 0x53);
      expect(first.validatorStart).toBeLessThan(helicon);
      expect(first.delegatorStart).toBeLessThan(helicon);
      expect(second.validatorStart).toBeGreaterThanOrEqual(helicon);
      const firstEnd = START + 30n * DAY;
      const secondEnd = first.validatorStart + 32n * DAY + 30n * DAY;
      expect(second.validatorStart).toBe(first.validatorStart + 32n * DAY);
      const e1 = expectedOf(first, helicon, firstEnd, firstEnd - 5n * DAY);
      const e2 = expectedOf(second, helicon, secondEnd, secondEnd - 5n * DAY);
      expect(first.validatorReward).toBe(e1.validator);
      expect(second.validatorReward).toBe(e2.validator);
      expect(second.delegatorReward).toBe(e2.delegator);
      expect(rampedMinimum(helicon, second.validatorStart)).toBe(100_000n - (25_000n * 22n) / 90n);
      // The rate dropped between them: the second's reward is below what v1.14.2's calculator would give it.
      expect(second.validatorReward).toBeLessThan(potentialReward(CONFIG, 30n * DAY, VALIDATOR_WEIGHT, second.supplyBefore));
      expect(second.paidValidator).toBe(e2.validator + splitReward(e2.delegator, 100_000n).delegatee);
    } finally {
      await server.close();
    }
  });
});
