// Validator sets by height on the simulated network, over HTTP on 127.0.0.1, as avalanchego
// v1.14.2 answers them (vms/platformvm/service.go GetValidatorsAt, GetAllValidatorsAt,
// SampleValidators; validators/manager.go; snow/validators/warp.go; utils/sampler): txs built
// and signed (ewoq) by @avanode/wallet change the sets at their block's height, a past height
// answers the set then, `proposed` is getProposedHeight's height, an L1's disabled validator
// counts under the empty node ID, and the node's refusals carry its text.
import { RpcError, createClient } from '@avanode/client';
import { decodeCB58, nodeIdToString } from '@avanode/codec';
import { TEST_KEYS, type StateFile } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildAddPermissionlessValidatorTx, buildConvertSubnetToL1Tx, buildCreateChainTx, buildCreateSubnetTx, buildDisableL1ValidatorTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendBlock, createLedger, lastBlock } from '../src/network/ledger.ts';
import { MAX_SNAPSHOTS, validatorSetsAt } from '../src/state/validator-sets.ts';

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const OWNER = { addresses: [EWOQ_ADDRESS], threshold: 1 };
const PRIMARY = '11111111111111111111111111111111LpoYY';
const EMPTY_NODE_ID = 'NodeID-111111111111111111116DBWJs';
const AVAX = 1_000_000_000n;
const VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

type SetAnswer = Record<string, { publicKey: string | null; weight: string }>;
type WarpSets = Record<string, { validators: Array<{ publicKey: string; weight: string; nodeIDs: string[] }>; totalWeight: string }>;

let server: MockServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  // A manual clock: blocks come only when the test mines or advances, so heights are known.
  server = await startMockServer({ port: 0, network: { seed: 21 } });
  client = createClient({ url: server.url, retry: false });
});
afterAll(() => server?.close());

const call = <T>(method: string, params: unknown) => client.call<T>(method, params);
const validatorsAt = (height: number | string, subnetID?: string) => call<SetAnswer>('platform.getValidatorsAt', { height, ...(subnetID ? { subnetID } : {}) });
const allValidatorsAt = async (height: number | string) => (await call<{ validatorSets: WarpSets }>('platform.getAllValidatorsAt', { height })).validatorSets;
const sample = async (size: number, subnetID?: string) => (await call<{ validators: string[] }>('platform.sampleValidators', { size, ...(subnetID ? { subnetID } : {}) })).validators;
const tip = async () => Number((await client.platform.getHeight()).height);
const rpcMessage = (promise: Promise<unknown>) => promise.then(() => '', (error: unknown) => (error instanceof RpcError ? error.rpcMessage : Promise.reject(error)));

/** Sends a tx (not waiting: the clock is manual), mines its block, and checks it committed; the block's height. */
async function commit(send: ReturnType<typeof sendTx>): Promise<number> {
  const { txID } = await send;
  const { height } = server.control.mine();
  expect((await client.platform.getTxStatus({ txID })).status).toBe('Committed');
  return height;
}

const blsSecret = (fill: number) => new Uint8Array(32).fill(fill);
const nodeID = (fill: number) => nodeIdToString(new Uint8Array(20).fill(fill));

/** validators.FlattenValidatorSet over a getValidatorsAt answer, written here from warp.go (keys ordered by their uncompressed bytes when they are points). */
function flatten(set: SetAnswer): { keyed: Map<string, { weight: bigint; nodeIDs: string[] }>; totalWeight: bigint } {
  const keyed = new Map<string, { weight: bigint; nodeIDs: string[] }>();
  let totalWeight = 0n;
  for (const [id, { publicKey, weight }] of Object.entries(set)) {
    totalWeight += BigInt(weight);
    if (publicKey === null) continue;
    const entry = keyed.get(publicKey) ?? { weight: 0n, nodeIDs: [] };
    entry.weight += BigInt(weight);
    entry.nodeIDs.push(id);
    keyed.set(publicKey, entry);
  }
  return { keyed, totalWeight };
}

describe('getValidatorsAt by height', () => {
  it('a validator added by an AddPermissionlessValidatorTx is in the set from its block on, not before; its key and weight as sent', async () => {
    const before = await tip();
    const setBefore = await validatorsAt(before);
    const signer = await proofOfPossession(blsSecret(5));
    const added = nodeID(5);
    expect(setBefore[added]).toBeUndefined();
    const { timestamp } = await client.platform.getTimestamp();
    const end = Date.parse(timestamp) / 1000 + 30 * 86_400;
    const weight = 2_500n * AVAX;
    const height = await commit(
      sendTx(client, {
        build: buildAddPermissionlessValidatorTx,
        params: { nodeID: added, start: 0, end, weight, signer, validationRewardsOwner: OWNER, delegationRewardsOwner: OWNER, shares: 20_000 },
        keys: [EWOQ.privateKey],
        wait: false,
      }),
    );
    expect(height).toBe(before + 1);
    const setAfter = await validatorsAt(height);
    expect(setAfter[added]).toEqual({ publicKey: signer.publicKey, weight: String(weight) });
    // The same validators besides (their weights move as delegations end, below); the height below the block answers the old set.
    expect(Object.keys(setAfter).filter((id) => id !== added)).toEqual(Object.keys(setBefore));
    expect(await validatorsAt(height - 1)).toEqual(setBefore);
    // A height as a decimal string is the same height; an omitted one is 0.
    expect(await validatorsAt(String(height))).toEqual(setAfter);
    expect(await call('platform.getValidatorsAt', {})).toEqual(await validatorsAt(0));
    // The set is the current validators with their current delegators' weight.
    const current = (await client.platform.getCurrentValidators({})).validators as Array<{ nodeID: string; weight: string; delegatorWeight?: string; signer?: { publicKey: string } }>;
    expect(Object.keys(setAfter).sort()).toEqual(current.map((v) => v.nodeID).sort());
    for (const v of current) expect(setAfter[v.nodeID]).toEqual({ publicKey: v.signer?.publicKey ?? null, weight: String(BigInt(v.weight) + BigInt(v.delegatorWeight ?? '0')) });
    // Answered in node ID text order, as encoding/json writes a map.
    expect(Object.keys(setAfter)).toEqual(Object.keys(setAfter).sort());

    // proposed: getProposedHeight's height, the block before the ones of the last 30 s.
    const proposed = Number((await client.platform.getProposedHeight()).height);
    expect(proposed).toBe(height - 1);
    expect(await validatorsAt('proposed')).toEqual(setBefore);
    server.control.advance(31_000);
    const later = Number((await client.platform.getProposedHeight()).height);
    expect(later).toBeGreaterThanOrEqual(height);
    expect(await validatorsAt('proposed')).toEqual(setAfter);
  });

  it('refuses a height above the last accepted one with the node text, without rounding a large one', async () => {
    const height = await tip();
    expect(await rpcMessage(validatorsAt(height + 1))).toBe(
      `failed to get validator set at ${height + 1}: failed to fetch validator set at unfinalized height with SubnetID = ${PRIMARY}: current P-chain height (${height}) < requested P-Chain height (${height + 1})`,
    );
    const subnetID = '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F';
    expect(await rpcMessage(validatorsAt('18446744073709551614', subnetID))).toBe(
      `failed to get validator set at 18446744073709551614: failed to fetch validator set at unfinalized height with SubnetID = ${subnetID}: current P-chain height (${height}) < requested P-Chain height (18446744073709551614)`,
    );
    expect(await rpcMessage(allValidatorsAt(height + 7))).toBe(
      `failed to get validator sets at ${height + 7}: failed to fetch validator set at unfinalized height: current P-chain height (${height}) < requested P-Chain height (${height + 7})`,
    );
    // At the tip itself: answered. A subnet with no validators: an empty map.
    expect(await validatorsAt(height)).not.toEqual({});
    expect(await validatorsAt(height, subnetID)).toEqual({});
  });
});

describe('an L1 converted and one validator disabled', () => {
  let subnetID: string;
  let convertedAt: number;
  let disabledAt: number;
  const keys = [EWOQ.privateKey];
  let pops: Array<Awaited<ReturnType<typeof proofOfPossession>>>;

  beforeAll(async () => {
    pops = [await proofOfPossession(blsSecret(7)), await proofOfPossession(blsSecret(8))];
    const subnet = await sendTx(client, { build: buildCreateSubnetTx, params: { owner: OWNER }, keys, wait: false });
    server.control.mine();
    subnetID = subnet.txID;
    const chain = await sendTx(client, { build: buildCreateChainTx, params: { subnetID, subnetOwner: OWNER, chainName: 'm', vmID: VM_ID, genesisData: '{}' }, keys, wait: false });
    server.control.mine();
    const validators = [
      { nodeID: nodeID(7), weight: 30n, balance: AVAX, signer: pops[0]!, remainingBalanceOwner: OWNER, deactivationOwner: OWNER },
      { nodeID: nodeID(8), weight: 12n, balance: AVAX, signer: pops[1]!, remainingBalanceOwner: OWNER, deactivationOwner: OWNER },
    ];
    convertedAt = await commit(sendTx(client, { build: buildConvertSubnetToL1Tx, params: { subnetID, subnetOwner: OWNER, chainID: chain.txID, address: '0x0feedc0de0000000000000000000000000000000', validators }, keys, wait: false }));
    const { validators: current } = await client.platform.getCurrentValidators({ subnetID });
    const disabled = (current as Array<{ nodeID: string; validationID: string }>).find((v) => v.nodeID === nodeID(8))!;
    disabledAt = await commit(sendTx(client, { build: buildDisableL1ValidatorTx, params: { validationID: disabled.validationID, deactivationOwner: OWNER }, keys, wait: false }));
  });

  it('holds the active validators with their keys, the disabled one’s weight under the empty node ID, each from its block on', async () => {
    expect(await validatorsAt(convertedAt - 1, subnetID)).toEqual({});
    expect(await validatorsAt(convertedAt, subnetID)).toEqual({
      [nodeID(7)]: { publicKey: pops[0]!.publicKey, weight: '30' },
      [nodeID(8)]: { publicKey: pops[1]!.publicKey, weight: '12' },
    });
    expect(await validatorsAt(disabledAt - 1, subnetID)).toEqual(await validatorsAt(convertedAt, subnetID));
    const after = await validatorsAt(disabledAt, subnetID);
    expect(after).toEqual({ [EMPTY_NODE_ID]: { publicKey: null, weight: '12' }, [nodeID(7)]: { publicKey: pops[0]!.publicKey, weight: '30' } });
    // getTotalStake counts the inactive weight too.
    expect((await client.platform.getTotalStake({ subnetID })).weight).toBe('42');
  });

  it('getAllValidatorsAt agrees with getValidatorsAt for every subnet, at every height asked', async () => {
    const subnets = [PRIMARY, ...((await client.platform.getSubnets({})).subnets as Array<{ id: string }>).map((s) => s.id)];
    for (const height of [0, convertedAt - 1, convertedAt, disabledAt, await tip(), 'proposed'] as const) {
      const all = await allValidatorsAt(height);
      const withValidators: string[] = [];
      for (const id of [...new Set(subnets)]) {
        const set = await validatorsAt(height, id);
        if (Object.keys(set).length === 0) {
          expect(all[id], `${id} at ${height}`).toBeUndefined();
          continue;
        }
        withValidators.push(id);
        const { keyed, totalWeight } = flatten(set);
        const warp = all[id]!;
        expect(warp.totalWeight, `${id} at ${height}`).toBe(String(totalWeight));
        expect(new Map(warp.validators.map((v) => [v.publicKey, { weight: BigInt(v.weight), nodeIDs: [...v.nodeIDs].sort() }]))).toEqual(new Map([...keyed].map(([k, v]) => [k, { weight: v.weight, nodeIDs: v.nodeIDs.sort() }])));
      }
      expect(Object.keys(all).sort(), `subnets at ${height}`).toEqual(withValidators.sort());
    }
    // The L1 after the disable: only the active key, the total with the inactive weight.
    expect((await allValidatorsAt(disabledAt))[subnetID]).toEqual({ validators: [{ publicKey: pops[0]!.publicKey, weight: '30', nodeIDs: [nodeID(7)] }], totalWeight: '42' });
  });

  it('orders a flattened set by the keys’ uncompressed bytes (bls.PublicKeyToUncompressedBytes)', async () => {
    const { validators } = (await allValidatorsAt(convertedAt))[subnetID]!;
    const uncompressed = (hex: string) => bls12_381.G1.Point.fromHex(hex.slice(2)).toBytes(false);
    const sorted = [...validators].sort((a, b) => Buffer.compare(uncompressed(a.publicKey), uncompressed(b.publicKey)));
    expect(validators.map((v) => v.publicKey)).toEqual(sorted.map((v) => v.publicKey));
    expect(validators).toHaveLength(2);
  });

  it('sampleValidators: by weight units without replacement, repeats allowed, sorted by node ID bytes; the node’s refusals', async () => {
    // The L1 holds 42 units: 30 of node 7, 12 of the empty node ID; a sample of all 42 takes each unit once.
    const whole = await sample(42, subnetID);
    expect(whole.filter((id) => id === nodeID(7))).toHaveLength(30);
    expect(whole.filter((id) => id === EMPTY_NODE_ID)).toHaveLength(12);
    const byBytes = [...whole].sort((a, b) => Buffer.compare(decodeCB58(a.slice(7)), decodeCB58(b.slice(7))));
    expect(whole).toEqual(byBytes);
    // Deterministic: the same state, the same sample.
    expect(await sample(42, subnetID)).toEqual(whole);
    expect(await sample(5, subnetID)).toHaveLength(5);
    expect(await rpcMessage(sample(43, subnetID))).toBe(`sampling ${subnetID} errored with insufficient weight`);
    // size 0 answers an empty list, even for a subnet without validators; a size above 0 there is refused.
    const empty = '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F';
    expect(await sample(0, empty)).toEqual([]);
    expect(await call('platform.sampleValidators', {})).toEqual({ validators: [] });
    expect(await rpcMessage(sample(1, empty))).toBe(`sampling ${empty} errored with missing validators`);
    // The primary network: each sampled ID is a current validator.
    const primary = await validatorsAt(await tip());
    const drawn = await sample(9);
    expect(drawn).toHaveLength(9);
    for (const id of drawn) expect(primary[id]).toBeDefined();
  });
});

describe('a state file: the sets before and after a staker’s start', () => {
  it('takes a staker to join at the first block at or after its start time', async () => {
    const time = 1_767_300_000;
    const owner = { addresses: [EWOQ_ADDRESS], threshold: 1, locktime: 0 };
    const state: StateFile = {
      networkID: 12345,
      time,
      height: 10,
      validators: [
        { nodeID: nodeID(1), startTime: time - 86_400, endTime: time + 86_400 * 60, weight: String(2_000n * AVAX), rewardOwner: owner },
        // Block h's time is time − (10 − h)·2 s: this one starts at block 7's.
        { nodeID: nodeID(2), startTime: time - 6, endTime: time + 86_400 * 60, weight: String(3_000n * AVAX), rewardOwner: owner },
      ],
    };
    const loaded = await startMockServer({ port: 0, network: { state } });
    try {
      const at = (height: number) => createClient({ url: loaded.url, retry: false }).call<SetAnswer>('platform.getValidatorsAt', { height });
      expect(Object.keys(await at(6))).toEqual([nodeID(1)]);
      expect(Object.keys(await at(7)).sort()).toEqual([nodeID(1), nodeID(2)].sort());
      expect(await at(10)).toEqual(await at(7));
    } finally {
      await loaded.close();
    }
  });
});

describe('the recorded history', () => {
  it('keeps a snapshot only when the sets change, at most MAX_SNAPSHOTS; an older height answers the oldest kept', () => {
    const owner = { addresses: [EWOQ_ADDRESS], threshold: 1, locktime: 0 };
    const ledger = createLedger({ networkID: 12345, time: 1_767_300_000, height: 3, validators: [{ nodeID: nodeID(1), startTime: 1_767_000_000, endTime: 1_768_000_000, weight: '1000', rewardOwner: owner }] }, 2000);
    expect(ledger.validatorSets.map((s) => s.height)).toEqual([0]);
    // Blocks that change nothing add no snapshot.
    for (let i = 0; i < 5; i++) appendBlock(ledger, lastBlock(ledger).time + 2, []);
    expect(ledger.validatorSets).toHaveLength(1);
    const staker = ledger.stakers[0]!;
    const changes = MAX_SNAPSHOTS + 10;
    for (let i = 1; i <= changes; i++) {
      staker.weight = 1000n + BigInt(i);
      appendBlock(ledger, lastBlock(ledger).time + 2, []);
    }
    expect(ledger.validatorSets).toHaveLength(MAX_SNAPSHOTS);
    const top = lastBlock(ledger).height;
    const weightAt = (height: number) => validatorSetsAt(ledger, height).get(PRIMARY)![0]!.weight;
    expect(weightAt(top)).toBe(1000n + BigInt(changes));
    expect(weightAt(top - 100)).toBe(1000n + BigInt(changes - 100));
    // Older than the oldest kept: the oldest kept answers (the sets then are no longer known).
    const oldest = ledger.validatorSets[0]!;
    expect(oldest.height).toBe(top - MAX_SNAPSHOTS + 1);
    expect(weightAt(0)).toBe(weightAt(oldest.height));
  });
});
