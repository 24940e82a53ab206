// The uptime model and ACP-267, over HTTP on 127.0.0.1: validators and delegators built and
// signed with ewoq by @avanode/wallet on a local network whose Helicon comes a day after its
// start; each validator's uptime set by the test (control.setUptime and POST /_avanode/uptime).
// At a staker's end the reward is paid only when the uptime of its validator meets the bar, as
// avalanchego v1.15.0-fuji's block/executor/options.go prefersCommit decides: 80 % (genesis
// UptimeRequirement) for a validator that started before Helicon, 90 % from Helicon on; on abort
// (proposal_tx_executor.go RewardValidatorTx) the stake comes back, the reward does not, the supply
// drops by it, a delegator of a validator under the bar gets nothing either, and a validator's
// commission from delegators already paid is still paid. info.uptime as network/network.go
// NodeUptime computes it, with the node's UptimeRequirement (80 %: ACP-267 does not reach it).
import { createClient } from '@avanode/client';
import { decodeBlock, decodeUtxo, encodeTx, nodeIdToString, txId } from '@avanode/codec';
import { TEST_KEYS, createMockNode } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildAddAutoRenewedValidatorTx, buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_ID } from '../src/node-identity.ts';
import { rewardTxID } from '../src/network/auto-renew.ts';
import { splitReward } from '../src/network/reward.ts';
import { validateStateFile } from '../src/network/state-file.ts';

const AVAX = 1_000_000_000n;
const DAY = 86_400n;
const LOCAL = 12345;
const START = 1_900_000_000n;
/** Helicon a day after the state's time: the first validators start before it, later ones after. */
const HELICON = START + DAY;
const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, LOCAL);

let server: MockServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  const state = { networkID: LOCAL, time: Number(START), height: 1, supply: String(400_000_000n * AVAX), utxos: [{ address: EWOQ_ADDRESS, amount: String(1_000_000n * AVAX) }], upgrades: { heliconTime: new Date(Number(HELICON) * 1000).toISOString().replace('.000Z', 'Z') } };
  server = await startMockServer({ port: 0, network: { state } });
  client = createClient({ url: server.url, retry: false });
});
afterAll(() => server?.close());

const supply = async () => BigInt((await client.platform.getCurrentSupply({})).supply);
const now = async () => BigInt(Date.parse((await client.platform.getTimestamp()).timestamp) / 1000);
/** The reward UTXOs of a staker's tx: output index, owner, amount. */
const rewardsOf = async (txID: string) => {
  const { utxos } = await client.platform.getRewardUTXOs({ txID });
  return (utxos as string[]).map((u) => decodeUtxo(u, { network: 'local' })).map((u) => ({ outputIndex: u.outputIndex, owner: (u.output as { addresses: string[] }).addresses[0], amount: BigInt((u.output as { amount: number | bigint }).amount) }));
};
/** The type of the block after the proposal block holding `txID` (a bounded walk down from the tip). */
async function decisionAfter(txID: string): Promise<string> {
  const blockAt = async (height: number) => decodeBlock((await client.platform.getBlockByHeight({ height: String(height), encoding: 'hex' })).block as string, { network: 'local' }) as { type: string; tx?: unknown };
  const tip = Number((await client.platform.getHeight()).height);
  for (let h = tip - 1; h > Math.max(0, tip - 200); h--) {
    const block = await blockAt(h);
    if (block.type === 'BanffProposalBlock' && txId(encodeTx(block.tx as never)) === txID) return (await blockAt(h + 1)).type;
  }
  throw new Error(`no proposal block holds ${txID} in the last 200 blocks`);
}
const balance = async (address: string) => BigInt((await client.platform.getBalance({ addresses: [address] })).balance);
const shown = async (nodeID: string) => ((await client.platform.getCurrentValidators({ nodeIDs: [nodeID] })).validators as Array<Record<string, string>>)[0];
/** POST /_avanode/uptime, the control API's HTTP twin. */
const postUptime = async (body: unknown) => {
  const response = await fetch(`${server.url}/_avanode/uptime`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};

let next = 0x60;
/** A validator of 2,000 AVAX for `days` from now, its rewards to a fresh address; committed. */
async function validator(days: bigint) {
  next++;
  const nodeID = nodeIdToString(new Uint8Array(20).fill(next));
  const rewards = keyAddress(new Uint8Array(32).fill(next), LOCAL);
  const end = (await now()) + days * DAY;
  const sent = await sendTx(client, {
    build: buildAddPermissionlessValidatorTx,
    params: { nodeID, start: 0, end: Number(end), weight: 2_000n * AVAX, signer: await proofOfPossession(new Uint8Array(32).fill(next)), validationRewardsOwner: { addresses: [rewards], threshold: 1 }, delegationRewardsOwner: { addresses: [rewards], threshold: 1 }, shares: 100_000 },
    keys: [EWOQ.privateKey],
    wait: false,
  });
  const { time } = server.control.mine();
  expect((await client.platform.getTxStatus({ txID: sent.txID })).status).toBe('Committed');
  return { nodeID, rewards, txID: sent.txID, start: BigInt(time), end };
}

/** A delegation of 500 AVAX to `nodeID` until `end`, its reward to a fresh address; committed. */
async function delegator(nodeID: string, end: bigint) {
  next++;
  const rewards = keyAddress(new Uint8Array(32).fill(next), LOCAL);
  const sent = await sendTx(client, {
    build: buildAddPermissionlessDelegatorTx,
    params: { nodeID, start: 0, end: Number(end), weight: 500n * AVAX, rewardsOwner: { addresses: [rewards], threshold: 1 } },
    keys: [EWOQ.privateKey],
    wait: false,
  });
  server.control.mine();
  expect((await client.platform.getTxStatus({ txID: sent.txID })).status).toBe('Committed');
  const [listed] = (await client.platform.getCurrentValidators({ nodeIDs: [nodeID] })).validators as Array<{ delegators: Array<{ txID: string; potentialReward: string }> }>;
  const potentialReward = BigInt(listed!.delegators.find((d) => d.txID === sent.txID)!.potentialReward);
  return { rewards, txID: sent.txID, potentialReward };
}

/** Moves the clock to `time` (Unix seconds) and makes a block there. */
async function advanceTo(time: bigint) {
  const ms = Number(time - (await now())) * 1000;
  if (ms > 0) server.control.advance(ms);
  server.control.mine();
}

describe('uptimes a test sets (control.setUptime, POST /_avanode/uptime)', () => {
  it("shows them in getCurrentValidators as the node's Float32 with four places, and refuses what is out of bounds", async () => {
    const v = await validator(30n);
    expect((await shown(v.nodeID))!.uptime).toBe('100.0000');
    expect(server.control.setUptime(v.nodeID, 85)).toEqual({ nodeID: v.nodeID, uptime: '85.0000' });
    expect((await shown(v.nodeID))!.uptime).toBe('85.0000');
    expect(await postUptime({ nodeID: v.nodeID, percent: 97.25 })).toEqual({ status: 200, body: { nodeID: v.nodeID, uptime: '97.2500' } });
    expect((await shown(v.nodeID))!.uptime).toBe('97.2500');
    // Go's float32 of 89.99999 prints 90.0000, though the node compares the exact value (below the 90 % bar).
    expect((await postUptime({ nodeID: v.nodeID, percent: '89.99999' })).body.uptime).toBe('90.0000');
    for (const percent of [100.5, -1, 'abc', null, '1e3']) {
      const answer = await postUptime({ nodeID: v.nodeID, percent });
      expect(answer.status, String(percent)).toBe(400);
      expect(answer.body.error).toMatch(/percent: a number from 0 to 100 expected|setUptime: percent must be a number from 0 to 100/);
    }
    const stranger = nodeIdToString(new Uint8Array(20).fill(0x01));
    expect(await postUptime({ nodeID: stranger, percent: 50 })).toEqual({ status: 400, body: { error: `setUptime: ${stranger} is not a current validator of the primary network` } });
    // A huge NodeID is refused, and its text is not echoed whole.
    const huge = await postUptime({ nodeID: 'NodeID-'.padEnd(100_000, 'x'), percent: 50 });
    expect(huge.status).toBe(400);
    expect(huge.body.error!.length).toBeLessThan(200);
    expect((await shown(v.nodeID))!.uptime).toBe('90.0000');
  });
});

describe('ACP-267: the reward decision at a staker end (options.go prefersCommit)', () => {
  it('pays a validator that started before Helicon at 85 % (the 80 % bar); at 79.99 % it forfeits', async () => {
    expect(await now()).toBeLessThan(HELICON);
    const paid = await validator(30n);
    const forfeits = await validator(30n);
    expect(paid.start).toBeLessThan(HELICON);
    server.control.setUptime(paid.nodeID, 85);
    server.control.setUptime(forfeits.nodeID, 79.99);
    const paidReward = BigInt((await shown(paid.nodeID))!.potentialReward!);
    const forfeitReward = BigInt((await shown(forfeits.nodeID))!.potentialReward!);
    expect(paidReward > 0n && forfeitReward > 0n).toBe(true);
    const supply0 = await supply();
    await advanceTo(forfeits.end);
    expect(await rewardsOf(paid.txID)).toEqual([{ outputIndex: 2, owner: paid.rewards, amount: paidReward }]);
    expect(await balance(paid.rewards)).toBe(paidReward);
    // Aborted: no reward UTXO, the stake back to ewoq, the promise out of the supply.
    expect(await rewardsOf(forfeits.txID)).toEqual([]);
    expect(await balance(forfeits.rewards)).toBe(0n);
    expect(await supply()).toBe(supply0 - forfeitReward);
    // Each RewardValidatorTx is on the chain in a proposal block; its decision block is a commit
    // for the paid one and an abort for the other, whose tx the node keeps with status Aborted.
    for (const [staker, status, decision] of [[paid, 'Committed', 'BanffCommitBlock'], [forfeits, 'Aborted', 'BanffAbortBlock']] as const) {
      const rewardTx = txId(encodeTx({ unsignedTx: { type: 'RewardValidatorTx', txID: staker.txID }, credentials: [] } as never));
      expect(await client.platform.getTxStatus({ txID: rewardTx })).toEqual({ status });
      expect(await decisionAfter(rewardTx)).toBe(decision);
    }
  });

  it('needs 90 % of a validator that started after Helicon: 85 % forfeits, 90 % is paid', async () => {
    await advanceTo(HELICON);
    const under = await validator(20n);
    const at = await validator(20n);
    expect(under.start).toBeGreaterThanOrEqual(HELICON);
    server.control.setUptime(under.nodeID, 85);
    server.control.setUptime(at.nodeID, 90);
    const underReward = BigInt((await shown(under.nodeID))!.potentialReward!);
    const atReward = BigInt((await shown(at.nodeID))!.potentialReward!);
    expect(underReward > 0n && atReward > 0n).toBe(true);
    const supply0 = await supply();
    const ewoq0 = await balance(EWOQ_ADDRESS);
    await advanceTo(at.end);
    expect(await rewardsOf(under.txID)).toEqual([]);
    expect(await balance(under.rewards)).toBe(0n);
    expect(await rewardsOf(at.txID)).toEqual([{ outputIndex: 2, owner: at.rewards, amount: atReward }]);
    expect(await supply()).toBe(supply0 - underReward);
    // Both stakes came back to the staker (ewoq's change address is its own).
    expect(await balance(EWOQ_ADDRESS)).toBe(ewoq0 + 4_000n * AVAX);
  });

  it("gives a delegator of a validator under the bar no reward, its validator no commission; at the bar both are paid", async () => {
    const under = await validator(20n);
    const at = await validator(20n);
    server.control.setUptime(under.nodeID, 89.99999);
    server.control.setUptime(at.nodeID, 90);
    const dUnder = await delegator(under.nodeID, under.end - DAY);
    const dAt = await delegator(at.nodeID, at.end - DAY);
    const underReward = BigInt((await shown(under.nodeID))!.potentialReward!);
    expect(underReward > 0n && dUnder.potentialReward > 0n && dAt.potentialReward > 0n).toBe(true);
    const supply0 = await supply();
    await advanceTo(at.end);
    expect(await rewardsOf(dUnder.txID)).toEqual([]);
    expect(await balance(dUnder.rewards)).toBe(0n);
    expect(await rewardsOf(under.txID)).toEqual([]);
    const split = splitReward(dAt.potentialReward, 100_000n);
    expect(await rewardsOf(dAt.txID)).toEqual([{ outputIndex: 2, owner: dAt.rewards, amount: split.delegator }]);
    expect(await balance(dAt.rewards)).toBe(split.delegator);
    const rewardsAt = await rewardsOf(at.txID);
    expect(rewardsAt.map((r) => r.outputIndex)).toEqual([2, 3]);
    expect(rewardsAt[1]).toEqual({ outputIndex: 3, owner: at.rewards, amount: split.delegatee });
    // Out of the supply: the validator's promise and its delegator's, both forfeited; the others were paid.
    expect(await supply()).toBe(supply0 - underReward - dUnder.potentialReward);
  });

  it("still pays a validator under the bar its commission from delegators paid while it was up, at the first index after its stake", async () => {
    const v = await validator(20n);
    const d = await delegator(v.nodeID, v.end - 5n * DAY);
    const reward = BigInt((await shown(v.nodeID))!.potentialReward!);
    expect(reward > 0n && d.potentialReward > 0n).toBe(true);
    // Up while its delegator ends (the delegator is paid, the commission accrues), down by its own end.
    await advanceTo(v.end - 5n * DAY);
    const split = splitReward(d.potentialReward, 100_000n);
    expect(await rewardsOf(d.txID)).toEqual([{ outputIndex: 2, owner: d.rewards, amount: split.delegator }]);
    expect((await shown(v.nodeID))!.accruedDelegateeReward).toBe(String(split.delegatee));
    server.control.setUptime(v.nodeID, 50);
    const supply0 = await supply();
    await advanceTo(v.end);
    expect(await rewardsOf(v.txID)).toEqual([{ outputIndex: 2, owner: v.rewards, amount: split.delegatee }]);
    expect(await supply()).toBe(supply0 - reward);
  });
});

describe("ACP-267 for an auto-renewed validator (RewardAutoRenewedValidatorTx's abort branch)", () => {
  it('restakes a cycle ended at 100 %; at 85 % the next aborts: it leaves with its stake and what it restaked, without that cycle\'s reward', async () => {
    expect(await now()).toBeGreaterThanOrEqual(HELICON);
    next++;
    const nodeID = nodeIdToString(new Uint8Array(20).fill(next));
    const rewards = keyAddress(new Uint8Array(32).fill(next), LOCAL);
    const sent = await sendTx(client, {
      build: buildAddAutoRenewedValidatorTx,
      params: {
        nodeID,
        weight: 2_000n * AVAX,
        signer: await proofOfPossession(new Uint8Array(32).fill(next)),
        validationRewardsOwner: { addresses: [rewards], threshold: 1 },
        delegationRewardsOwner: { addresses: [rewards], threshold: 1 },
        validatorAuthority: { addresses: [EWOQ_ADDRESS], threshold: 1 },
        delegationShares: 20_000,
        autoCompoundRewardShares: 500_000,
        period: 3_600n,
      },
      keys: [EWOQ.privateKey],
      wait: false,
    });
    const start = BigInt(server.control.mine().time);
    expect((await client.platform.getTxStatus({ txID: sent.txID })).status).toBe('Committed');
    const reward1 = BigInt((await shown(nodeID))!.potentialReward!);
    await advanceTo(start + 3_600n);
    // Cycle 1 committed: half its reward restaked, the rest paid by its reward tx.
    const restaked1 = splitReward(reward1, 500_000n).delegatee;
    expect(restaked1).toBeGreaterThan(0n);
    expect(await rewardsOf(rewardTxID(sent.txID, start + 3_600n))).toEqual([{ outputIndex: 0, owner: rewards, amount: reward1 - restaked1 }]);
    const cycle2 = (await shown(nodeID))!;
    expect(cycle2.weight).toBe(String(2_000n * AVAX + restaked1));
    const reward2 = BigInt(cycle2.potentialReward!);
    expect(reward2).toBeGreaterThan(0n);
    server.control.setUptime(nodeID, 85);
    const supply0 = await supply();
    const ewoq0 = await balance(EWOQ_ADDRESS);
    await advanceTo(start + 7_200n);
    expect(await shown(nodeID)).toBeUndefined();
    // mintRewardOnAbort: only what it restaked before; the cycle's reward leaves the supply.
    expect(await rewardsOf(rewardTxID(sent.txID, start + 7_200n))).toEqual([{ outputIndex: 0, owner: rewards, amount: restaked1 }]);
    expect(await balance(rewards)).toBe(reward1);
    expect(await supply()).toBe(supply0 - reward2);
    expect(await balance(EWOQ_ADDRESS)).toBe(ewoq0 + 2_000n * AVAX);
  });
});

describe("info.uptime (network.go NodeUptime): this node's uptime as its validator peers observe it", () => {
  const WEIGHT = { self: 2_000n * AVAX, up: 3_000n * AVAX, down: 5_000n * AVAX, delegated: 1_000n * AVAX };
  const owner = { addresses: [EWOQ_ADDRESS], threshold: 1, locktime: 0 };
  // The txs' IDs are the mock's own (network/state-txs.ts derives them from the txs it makes).
  const stateWith = (selfStart: bigint, heliconTime?: string) => ({
    networkID: LOCAL,
    time: Number(START),
    height: 1,
    ...(heliconTime ? { upgrades: { heliconTime } } : {}),
    validators: [
      { nodeID: NODE_ID, startTime: Number(selfStart), endTime: Number(START + 100n * DAY), weight: String(WEIGHT.self), rewardOwner: owner },
      {
        nodeID: nodeIdToString(new Uint8Array(20).fill(2)),
        startTime: Number(START - DAY),
        endTime: Number(START + 100n * DAY),
        weight: String(WEIGHT.up),
        rewardOwner: owner,
        uptime: '99.5',
        delegators: [{ startTime: Number(START - DAY), endTime: Number(START + 50n * DAY), weight: String(WEIGHT.delegated), rewardOwner: owner }],
      },
      { nodeID: nodeIdToString(new Uint8Array(20).fill(4)), startTime: Number(START - DAY), endTime: Number(START + 100n * DAY), weight: String(WEIGHT.down), rewardOwner: owner, connected: false },
    ],
  });
  /**
   * NodeUptime by hand: this node's stake at 100 %, the connected peer's (3,000 + 1,000 delegated)
   * at the whole percent it observes, the disconnected one's (5,000) only in the total (11,000).
   */
  const expected = (observed: number) => {
    const total = 11_000;
    const weighted = (100 * 2_000 + observed * 4_000) / total;
    const rewarding = (100 * (2_000 + (observed / 100 >= 0.8 ? 4_000 : 0))) / total;
    return { rewardingStakePercentage: rewarding.toFixed(4), weightedAveragePercentage: weighted.toFixed(4) };
  };

  it('weighs the connected validator peers by stake and counts those that see this node at 80 % or more', async () => {
    const node = await startMockServer({ port: 0, network: { state: stateWith(START - DAY) } });
    try {
      const c = createClient({ url: node.url, retry: false });
      // Fully up: every peer sees 100 %.
      expect(await c.info.uptime()).toEqual({ rewardingStakePercentage: '54.5455', weightedAveragePercentage: '54.5455' });
      expect(expected(100)).toEqual({ rewardingStakePercentage: '54.5455', weightedAveragePercentage: '54.5455' });
      node.control.setUptime(NODE_ID, 85);
      expect(await c.info.uptime()).toEqual(expected(85));
      expect(await c.info.uptime()).toEqual({ rewardingStakePercentage: '54.5455', weightedAveragePercentage: '49.0909' });
      node.control.setUptime(NODE_ID, 79.9);
      // A peer sends a whole percent (uint32(fraction · 100)): 79 %, under the 80 % bar.
      expect(await c.info.uptime()).toEqual({ rewardingStakePercentage: '18.1818', weightedAveragePercentage: '46.9091' });
      expect(expected(79)).toEqual({ rewardingStakePercentage: '18.1818', weightedAveragePercentage: '46.9091' });
    } finally {
      await node.close();
    }
  });

  it('keeps the 80 % bar for a node that started validating after Helicon (ACP-267 is not in NodeUptime at v1.15.0-fuji)', async () => {
    const node = await startMockServer({ port: 0, network: { state: stateWith(START, '2030-01-01T00:00:00Z') } });
    try {
      expect(START).toBeGreaterThanOrEqual(BigInt(Date.UTC(2030, 0, 1) / 1000));
      node.control.setUptime(NODE_ID, 85);
      expect(await createClient({ url: node.url, retry: false }).info.uptime()).toEqual(expected(85));
    } finally {
      await node.close();
    }
  });

  it("answers the node's error where this node does not validate; the examples' chain keeps the example", async () => {
    const answer = await fetch(`${server.url}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"info.uptime"}' });
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: "couldn't get node uptime: node is not a validator", data: null }, id: 1 });
    const examples = createMockNode();
    const fromExamples = await examples.handle({ method: 'POST', path: '/ext/info', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"info.uptime"}' });
    expect(JSON.parse(fromExamples.body).result).toEqual({ rewardingStakePercentage: '98.6012', weightedAveragePercentage: '97.2500' });
  });
});

describe("a state file's uptime", () => {
  it('is a percentage from 0 to 100 as decimal text, kept and shown as the node shows it', () => {
    const base = { networkID: LOCAL, time: 1, height: 1 };
    const v = (uptime: unknown) => ({ ...base, validators: [{ nodeID: NODE_ID, txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN', startTime: 0, endTime: 10, weight: 1, rewardOwner: { addresses: [EWOQ_ADDRESS] }, uptime }] });
    expect(() => validateStateFile(v('99.5'))).not.toThrow();
    for (const bad of ['100.0001', 'abc', '-1', 85]) expect(() => validateStateFile(v(bad)), String(bad)).toThrow(/state\.validators\[0\]\.uptime: expected a percentage from "0" to "100"/);
  });
});
