// What staking mints on the simulated network, as avalanchego v1.14.2 does it: the reward
// calculator against the node's own vectors (vms/platformvm/reward/calculator_test.go
// TestRewards, TestSplit), and over HTTP on 127.0.0.1 a validator and a delegator (built and
// signed with ewoq by @avanode/wallet) whose potential rewards raise getCurrentSupply when they
// are added and come back as reward UTXOs of their txs when they end (getRewardUTXOs, getBalance);
// funding through the control API raises the supply by what it mints.
import { createClient } from '@avanode/client';
import { decodeUtxo, nodeIdToString } from '@avanode/codec';
import { TEST_KEYS } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { potentialReward, splitReward } from '../src/network/reward.ts';

const AVAX = 1_000_000_000n;
const MEGA = 1_000_000n * AVAX;
const DAY = 86_400n;
/** genesis_*.go's reward config, as calculator_test.go's defaultConfig. */
const CONFIG = { maxConsumptionRate: 120_000n, minConsumptionRate: 100_000n, mintingPeriodSec: 365n * DAY, supplyCap: 720n * MEGA };

describe('the reward calculator (reward/calculator.go)', () => {
  it("gives the node's TestRewards values", () => {
    const cases: Array<[bigint, bigint, bigint, bigint]> = [
      [365n * DAY, MEGA, 360n * MEGA, 120_000n * AVAX],
      [365n * DAY, MEGA, 400n * MEGA, 96_000n * AVAX],
      [365n * DAY, 2n * MEGA, 400n * MEGA, 192_000n * AVAX],
      [365n * DAY, MEGA, 720n * MEGA, 0n],
      [DAY, MEGA, 360n * MEGA, 274_122_724_713n],
      [DAY, 5_000_000n, 360n * MEGA, 1_370n],
      [DAY, MEGA, 400n * MEGA, 219_298_179_771n],
      [DAY, 2n * MEGA, 400n * MEGA, 438_596_359_542n],
      [DAY, MEGA, 720n * MEGA, 0n],
    ];
    for (const [duration, amount, supply, expected] of cases) expect(potentialReward(CONFIG, duration, amount, supply), `${duration}s ${amount} at ${supply}`).toBe(expected);
  });

  it('never mints past the cap (TestRewardsOverflow, TestRewardsMint)', () => {
    const config = { maxConsumptionRate: 1_000_000n, minConsumptionRate: 1_000_000n, mintingPeriodSec: DAY, supplyCap: 1000n };
    expect(potentialReward(config, DAY, 1000n, 1n)).toBe(999n);
    const big = { ...config, supplyCap: 2n ** 64n - 1n };
    expect(potentialReward(big, DAY, 2n ** 64n - 1n, 1n)).toBe(2n ** 64n - 2n);
  });

  it("splits as the node's TestSplit", () => {
    const cases: Array<[bigint, bigint, bigint]> = [
      [1000n, 500_000n, 500n],
      [1n, 1_000_000n, 1n],
      [1n, 999_999n, 1n],
      [1n, 1n, 1n],
      [1n, 0n, 0n],
      [9223374036974675809n, 2n, 18446748749757n],
      [9223374036974675809n, 1_000_000n, 9223374036974675809n],
      [9223372036855275808n, 999_998n, 9223353590111202098n],
      [9223372036855275808n, 2n, 18446744349518n],
    ];
    for (const [amount, shares, delegatee] of cases) expect(splitReward(amount, shares)).toEqual({ delegatee, delegator: amount - delegatee });
  });
});

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const REWARDS = keyAddress(new Uint8Array(32).fill(0x2b), 12345);
const DELEGATOR_REWARDS = keyAddress(new Uint8Array(32).fill(0x2c), 12345);
const OWNER = { addresses: [EWOQ_ADDRESS], threshold: 1 };

let server: MockServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  server = await startMockServer({ port: 0, network: { seed: 31 } });
  client = createClient({ url: server.url, retry: false });
});
afterAll(() => server?.close());

const supply = async () => BigInt((await client.platform.getCurrentSupply({})).supply);
const rewardSum = async (txID: string, owner: string) => {
  const { utxos } = await client.platform.getRewardUTXOs({ txID });
  return (utxos as string[]).map((u) => decodeUtxo(u, { network: 'local' })).filter((u) => (u.output as { addresses: string[] }).addresses.includes(owner)).reduce((sum, u) => sum + BigInt((u.output as { amount: number | bigint }).amount), 0n);
};
const balance = async (address: string) => BigInt((await client.platform.getBalance({ addresses: [address] })).balance);

describe('rewards on the simulated network (putStaker, rewardValidatorTx, rewardDelegatorTx)', () => {
  it('funding raises the supply by what it mints', async () => {
    const before = await supply();
    server.control.fund(REWARDS, 5n * AVAX);
    expect(await supply()).toBe(before + 5n * AVAX);
  });

  it("a validator's and a delegator's potential rewards raise the supply when added, and are paid to their owners when they end", async () => {
    const { timestamp } = await client.platform.getTimestamp();
    const start = BigInt(Date.parse(timestamp) / 1000);
    const end = start + 30n * DAY;
    const nodeID = nodeIdToString(new Uint8Array(20).fill(0x3d));
    const weight = 2_000n * AVAX;
    const supply0 = await supply();
    const validator = await sendTx(client, {
      build: buildAddPermissionlessValidatorTx,
      params: { nodeID, start: 0, end: Number(end), weight, signer: await proofOfPossession(new Uint8Array(32).fill(0x3d)), validationRewardsOwner: { addresses: [REWARDS], threshold: 1 }, delegationRewardsOwner: { addresses: [REWARDS], threshold: 1 }, shares: 100_000 },
      keys: [EWOQ.privateKey],
      wait: false,
    });
    const { time } = server.control.mine();
    const expectedValidator = potentialReward(CONFIG, end - BigInt(time), weight, supply0);
    expect(expectedValidator).toBeGreaterThan(0n);
    const [shown] = (await client.platform.getCurrentValidators({ nodeIDs: [nodeID] })).validators as Array<{ potentialReward: string }>;
    expect(BigInt(shown!.potentialReward)).toBe(expectedValidator);
    const supply1 = await supply();
    expect(supply1).toBe(supply0 + expectedValidator);

    const delegation = 500n * AVAX;
    const delegator = await sendTx(client, {
      build: buildAddPermissionlessDelegatorTx,
      params: { nodeID, start: 0, end: Number(end - DAY), weight: delegation, rewardsOwner: { addresses: [DELEGATOR_REWARDS], threshold: 1 } },
      keys: [EWOQ.privateKey],
      wait: false,
    });
    const added = server.control.mine();
    const expectedDelegator = potentialReward(CONFIG, end - DAY - BigInt(added.time), delegation, supply1);
    expect(await supply()).toBe(supply1 + expectedDelegator);
    const split = splitReward(expectedDelegator, 100_000n);

    const rewardsBefore = await balance(REWARDS);
    // Past both ends: the delegator is rewarded first, its validator's part accrues and is paid with the validator's reward.
    server.control.advance(Number(31n * DAY) * 1000);
    expect(await rewardSum(delegator.txID, DELEGATOR_REWARDS)).toBe(split.delegator);
    expect(await balance(DELEGATOR_REWARDS)).toBe(split.delegator);
    expect(await rewardSum(validator.txID, REWARDS)).toBe(expectedValidator + split.delegatee);
    expect(await balance(REWARDS)).toBe(rewardsBefore + expectedValidator + split.delegatee);
    // Everything minted was promised when the stakers were added: the supply did not move again.
    expect(await supply()).toBe(supply1 + expectedDelegator);
  });
});

// The owners named above hold nothing else, so the balances above are the rewards alone.
it('keeps the reward owners apart from the funded key', () => {
  expect(new Set([EWOQ_ADDRESS, REWARDS, DELEGATOR_REWARDS]).size).toBe(3);
  expect(OWNER.addresses).toEqual([EWOQ_ADDRESS]);
});

describe("a state file's staking parameters (state/params.ts over genesis_local.go's)", () => {
  it('sets the minimum period, fee and the reward config; the rules and the reward follow them', async () => {
    const state = {
      networkID: 12345,
      time: 1_800_000_000,
      height: 1,
      supply: String(400n * MEGA),
      utxos: [{ address: EWOQ_ADDRESS, amount: String(10_000n * AVAX) }],
      staking: { minStakeDuration: 3600, minDelegationFee: 0, reward: { maxConsumptionRate: 200_000, minConsumptionRate: 200_000, mintingPeriod: String(365n * DAY) } },
    };
    const local = await startMockServer({ port: 0, network: { state } });
    try {
      const c = createClient({ url: local.url, retry: false });
      const end = 1_800_000_000n + 3_600n;
      const sent = sendTx(c, {
        build: buildAddPermissionlessValidatorTx,
        params: { nodeID: nodeIdToString(new Uint8Array(20).fill(0x3e)), start: 0, end: Number(end), weight: 2_000n * AVAX, signer: await proofOfPossession(new Uint8Array(32).fill(0x3e)), validationRewardsOwner: OWNER, delegationRewardsOwner: OWNER, shares: 0 },
        keys: [EWOQ.privateKey],
        wait: false,
      });
      const { txID } = await sent;
      const { time } = local.control.mine();
      expect((await c.platform.getTxStatus({ txID })).status).toBe('Committed');
      const [shown] = (await c.platform.getCurrentValidators({ nodeIDs: [nodeIdToString(new Uint8Array(20).fill(0x3e))] })).validators as Array<{ potentialReward: string }>;
      const config = { ...CONFIG, maxConsumptionRate: 200_000n, minConsumptionRate: 200_000n };
      expect(BigInt(shown!.potentialReward)).toBe(potentialReward(config, end - BigInt(time), 2_000n * AVAX, 400n * MEGA));
      expect(BigInt(shown!.potentialReward)).toBeGreaterThan(potentialReward(CONFIG, end - BigInt(time), 2_000n * AVAX, 400n * MEGA));
    } finally {
      await local.close();
    }
  });

  it('refuses a reward config whose minimum rate is above its maximum, and a zero minting period', async () => {
    const base = { networkID: 12345, time: 1_800_000_000, height: 1 };
    await expect(startMockServer({ port: 0, network: { state: { ...base, staking: { reward: { minConsumptionRate: 2, maxConsumptionRate: 1 } } } } })).rejects.toThrow(/state\.staking\.reward: minConsumptionRate 2 is above maxConsumptionRate 1/);
    await expect(startMockServer({ port: 0, network: { state: { ...base, staking: { reward: { mintingPeriod: 0 } } } } })).rejects.toThrow(/state\.staking\.reward\.mintingPeriod: expected a minting period of at least 1 second/);
  });
});
