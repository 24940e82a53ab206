// A fork of a live network (src/fork/): the upstream is a second mock server on 127.0.0.1
// holding a seeded network (validators with delegators, a permissioned subnet, an L1, UTXOs)
// with some history, read through the fork's upstream reader (src/fork/upstream.ts); the fork answers every read method as the upstream does at the fork height,
// reads each object once, then diverges only by what is issued to it (with @avanode/wallet over
// HTTP), and the upstream is unchanged afterwards.
import { createClient } from '@avanode/client';
import { TEST_KEYS } from '@avanode/mock';
import { startForkedMockServer, startMockServer, type MockServer } from '@avanode/mock/server';
import { nodeIdToString } from '@avanode/codec';
import { buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, buildBaseTx, buildConvertSubnetToL1Tx, buildCreateChainTx, buildCreateSubnetTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/fork/upstream.ts';
import { rpc } from './http-reader.js';

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const OWNER = { addresses: [EWOQ_ADDRESS], threshold: 1 };
const OTHER = keyAddress(`0x${'44'.repeat(32)}`, 'local');
const FRESH = keyAddress(`0x${'45'.repeat(32)}`, 'local');
const AVAX = 1_000_000_000n;
const DAY = 86_400;
const VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';
const keys = [EWOQ.privateKey];

type Json = Record<string, unknown>;
let upstream: MockServer;
let fork: Awaited<ReturnType<typeof startForkedMockServer>>;
let reader: Upstream;
const forkLog: string[] = [];
/** What the upstream held before the fork: its history (a BaseTx, a delegation) and the IDs the table reads. */
const seen = { sendTxID: '', delegationTxID: '', height: 0 };

const upstreamCall = (method: string, params: unknown = {}, endpoint = '/ext/bc/P') => rpc(upstream.url, endpoint, method, params);
const forkCall = (method: string, params: unknown = {}, endpoint = '/ext/bc/P') => rpc(fork.url, endpoint, method, params);

beforeAll(async () => {
  upstream = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 42 } });
  const client = createClient({ url: upstream.url, retry: false });
  // Some history on the upstream before the fork: a send and a delegation, each in its block.
  const sent = await sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: OTHER, amount: 1_000n * AVAX }] }, keys, wait: false });
  upstream.control.mine();
  const { validators } = (await upstreamCall('platform.getCurrentValidators')).result as { validators: Json[] };
  const target = validators.reduce((a, b) => (BigInt(a.endTime as string) > BigInt(b.endTime as string) ? a : b));
  const { timestamp } = (await upstreamCall('platform.getTimestamp')).result as { timestamp: string };
  const delegated = await sendTx(client, {
    build: buildAddPermissionlessDelegatorTx,
    params: { nodeID: target.nodeID as string, start: 0, end: Math.min(Number(target.endTime), Date.parse(timestamp) / 1000 + 20 * DAY), weight: 25n * AVAX, rewardsOwner: OWNER },
    keys,
    wait: false,
  });
  upstream.control.mine();
  upstream.control.advance(4_000);
  seen.sendTxID = sent.txID;
  seen.delegationTxID = delegated.txID;
  // The fork's own reader of a live node (src/fork/upstream.ts), whose log lists every request it sent.
  reader = createUpstream({ url: upstream.url, logger: (line) => forkLog.push(line) });
  fork = await startForkedMockServer({ port: 0, host: '127.0.0.1', network: { fork: { reader, log: (line) => forkLog.push(line) } } });
  seen.height = fork.fork.height;
});
afterAll(async () => {
  await fork?.close();
  await upstream?.close();
});

/** The read calls of the table: every Info and P-chain read the network answers, with params from the upstream's state. */
async function readCalls(): Promise<Array<[string, Json, string?]>> {
  const { validators } = (await upstreamCall('platform.getCurrentValidators')).result as { validators: Json[] };
  const { subnets } = (await upstreamCall('platform.getSubnets')).result as { subnets: Json[] };
  const subnetIDs = subnets.map((s) => s.id as string).filter((id) => id !== '11111111111111111111111111111111LpoYY');
  const l1 = [];
  for (const id of subnetIDs) {
    const { result } = await upstreamCall('platform.getSubnet', { subnetID: id });
    if ((result as Json).isPermissioned === false) l1.push(id);
  }
  const l1Validators = ((await upstreamCall('platform.getCurrentValidators', { subnetID: l1[0] })).result as { validators: Json[] }).validators;
  const { blockchains } = (await upstreamCall('platform.getBlockchains')).result as { blockchains: Json[] };
  const tip = seen.height;
  const block1 = ((await upstreamCall('platform.getBlockByHeight', { height: 1, encoding: 'json' })).result as { block: Json }).block;
  const mintTxID = ((block1.txs as Json[])[0] as Json).id as string;
  const tipBlock = ((await upstreamCall('platform.getBlockByHeight', { height: tip, encoding: 'json' })).result as { block: Json }).block;
  const withDelegators = validators.find((v) => v.delegatorCount !== '0')!;
  const rewardOwner = ((validators[0]!.validationRewardOwner as Json).addresses as string[])[0]!;
  const calls: Array<[string, Json, string?]> = [
    ['info.getNetworkID', {}, '/ext/info'],
    ['info.getNetworkName', {}, '/ext/info'],
    ['info.upgrades', {}, '/ext/info'],
    ['info.getBlockchainID', { alias: 'X' }, '/ext/info'],
    ['info.getBlockchainID', { alias: 'C' }, '/ext/info'],
    ['info.isBootstrapped', { chain: 'P' }, '/ext/info'],
    ['info.uptime', {}, '/ext/info'],
    ['platform.getHeight', {}],
    ['platform.getTimestamp', {}],
    ['platform.getStakingAssetID', {}],
    ['platform.getCurrentSupply', {}],
    ['platform.getMinStake', {}],
    ['platform.getFeeConfig', {}],
    ['platform.getFeeState', {}],
    ['platform.getValidatorFeeConfig', {}],
    ['platform.getValidatorFeeState', {}],
    ['platform.getBlockchains', {}],
    ['platform.getSubnets', {}],
    ['platform.getSubnets', { ids: subnetIDs }],
    ['platform.getCurrentValidators', {}],
    ['platform.getCurrentValidators', { nodeIDs: [withDelegators.nodeID] }],
    ['platform.getTotalStake', {}],
    ...subnetIDs.flatMap((id): Array<[string, Json]> => [
      ['platform.getSubnet', { subnetID: id }],
      ['platform.getCurrentValidators', { subnetID: id }],
      ['platform.getTotalStake', { subnetID: id }],
      ['platform.validates', { subnetID: id }],
      ['platform.getValidatorsAt', { subnetID: id, height: tip }],
      ['platform.getValidatorsAt', { subnetID: id, height: 1 }],
    ]),
    ...l1Validators.map((v): [string, Json] => ['platform.getL1Validator', { validationID: v.validationID }]),
    ['platform.getL1Validator', { validationID: '2Z36RnQuk1hvsnFeGWzfZUfXNr7w99SZ5wXaH1xNH4JX6TJvfd' }],
    ['platform.getValidatorsAt', { height: tip }],
    ['platform.getValidatorsAt', { height: tip - 1 }],
    ['platform.getValidatorsAt', { height: 0 }],
    ['platform.getAllValidatorsAt', { height: tip }],
    ['platform.getAllValidatorsAt', { height: 1 }],
    ['platform.getValidatorsAt', { height: tip + 1 }],
    ...blockchains.flatMap((c): Array<[string, Json]> => [
      ['platform.getBlockchainStatus', { blockchainID: c.id }],
      ['platform.validatedBy', { blockchainID: c.id }],
    ]),
    ['platform.getBlockByHeight', { height: 0, encoding: 'hex' }],
    ['platform.getBlockByHeight', { height: 1, encoding: 'json' }],
    ['platform.getBlockByHeight', { height: tip - 1, encoding: 'hex' }],
    ['platform.getBlockByHeight', { height: tip, encoding: 'hex' }],
    ['platform.getBlockByHeight', { height: tip, encoding: 'json' }],
    ['platform.getBlockByHeight', { height: tip + 1, encoding: 'hex' }],
    ['platform.getBlock', { blockID: tipBlock.id, encoding: 'json' }],
    ['platform.getBlock', { blockID: block1.id, encoding: 'hex' }],
    ['platform.getBlock', { blockID: tipBlock.parentID, encoding: 'hexnc' }],
    ['platform.getTx', { txID: mintTxID, encoding: 'json' }],
    ['platform.getTx', { txID: seen.sendTxID, encoding: 'hex' }],
    ['platform.getTx', { txID: seen.delegationTxID, encoding: 'json' }],
    ['platform.getTx', { txID: '2Z36RnQuk1hvsnFeGWzfZUfXNr7w99SZ5wXaH1xNH4JX6TJvfd' }],
    ['platform.getTxStatus', { txID: seen.sendTxID }],
    ['platform.getTxStatus', { txID: '2Z36RnQuk1hvsnFeGWzfZUfXNr7w99SZ5wXaH1xNH4JX6TJvfd' }],
    ['platform.getRewardUTXOs', { txID: seen.delegationTxID }],
    ['platform.getUTXOs', { addresses: [EWOQ_ADDRESS], encoding: 'hex' }],
    ['platform.getUTXOs', { addresses: [OTHER, EWOQ_ADDRESS], limit: 1 }],
    ['platform.getUTXOs', { addresses: [rewardOwner], encoding: 'hex' }],
    ['platform.getBalance', { addresses: [EWOQ_ADDRESS] }],
    ['platform.getBalance', { addresses: [OTHER, rewardOwner] }],
    ['platform.getStake', { addresses: [EWOQ_ADDRESS] }],
    ['platform.getStake', { addresses: [rewardOwner], validatorsOnly: true }],
  ];
  return calls;
}

describe('a fork at the upstream’s height', () => {
  it('answers every read as the upstream does at the fork height', async () => {
    const calls = await readCalls();
    expect(calls.length).toBeGreaterThan(60);
    const methods = new Set([...calls.map(([m]) => m), 'platform.getProposedHeight']);
    // getProposedHeight is the node's own (validators/manager.go: the blocks it accepted in the last 30 s): a fork just started has none, so it answers its tip.
    expect((await forkCall('platform.getProposedHeight')).result).toEqual({ height: String(seen.height) });
    for (const [method, params, endpoint] of calls) {
      const [a, b] = [await upstreamCall(method, params, endpoint), await forkCall(method, params, endpoint)];
      expect(b, `${method} ${JSON.stringify(params)}`).toEqual(a);
    }
    // Every read the network answers is in the table (its own list, src/network/answers.ts readOnlyAnswers, less sampleValidators which samples at random).
    const { readOnlyAnswers } = await import('../../src/network/answers.js');
    expect([...readOnlyAnswers].filter((m) => !methods.has(m) && m !== 'platform.sampleValidators')).toEqual([]);
  });

  it('reads each object from the upstream once: the table again makes no request, and no read was made twice', async () => {
    const before = reader.log.length;
    for (const [method, params, endpoint] of await readCalls()) await forkCall(method, params, endpoint);
    expect(reader.log.length).toBe(before);
    const keys = reader.log.map((r) => `${r.method} ${JSON.stringify(r.params)}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(reader.log.some((r) => r.method === 'platform.issueTx')).toBe(false);
    expect(reader.log.every((r) => r.outcome !== 'failed' && r.attempt === 1)).toBe(true);
  });
});

describe('what is issued to the fork, with @avanode/wallet over HTTP', () => {
  const upstreamBefore: Record<string, unknown> = {};
  let client: ReturnType<typeof createClient>;
  const issued: string[] = [];
  const commit = async (send: ReturnType<typeof sendTx>) => {
    const { txID } = await send;
    issued.push(txID);
    fork.control.mine();
    const status = (await forkCall('platform.getTxStatus', { txID })).result as Json;
    expect(status, txID).toEqual({ status: 'Committed' });
    return txID;
  };

  beforeAll(async () => {
    client = createClient({ url: fork.url, retry: false });
    for (const [name, method, params] of [
      ['height', 'platform.getHeight', {}],
      ['ewoq', 'platform.getBalance', { addresses: [EWOQ_ADDRESS] }],
      ['fresh', 'platform.getBalance', { addresses: [FRESH] }],
      ['validators', 'platform.getCurrentValidators', {}],
      ['subnets', 'platform.getSubnets', {}],
    ] as const) upstreamBefore[name] = (await upstreamCall(method, params)).result;
  });

  it('sends: the balances move on the fork only', async () => {
    const before = (await forkCall('platform.getBalance', { addresses: [FRESH] })).result as Json;
    expect(before.balance).toBe('0');
    await commit(sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: FRESH, amount: 7n * AVAX }] }, keys, wait: false }));
    expect(((await forkCall('platform.getBalance', { addresses: [FRESH] })).result as Json).balance).toBe(String(7n * AVAX));
    expect(((await forkCall('platform.getHeight')).result as Json).height).toBe(String(seen.height + 1));
  });

  it('delegates to a validator copied from the upstream, and adds a validator of its own', async () => {
    const { validators } = (await forkCall('platform.getCurrentValidators')).result as { validators: Json[] };
    const target = validators.reduce((a, b) => (BigInt(a.endTime as string) > BigInt(b.endTime as string) ? a : b));
    const now = Date.parse(((await forkCall('platform.getTimestamp')).result as { timestamp: string }).timestamp) / 1000;
    await commit(sendTx(client, { build: buildAddPermissionlessDelegatorTx, params: { nodeID: target.nodeID as string, start: 0, end: Math.min(Number(target.endTime), now + 15 * DAY), weight: 30n * AVAX, rewardsOwner: OWNER }, keys, wait: false }));
    const one = ((await forkCall('platform.getCurrentValidators', { nodeIDs: [target.nodeID] })).result as { validators: Json[] }).validators[0]!;
    expect(BigInt(one.delegatorWeight as string)).toBe(BigInt(target.delegatorWeight as string) + 30n * AVAX);
    const nodeID = nodeIdToString(new Uint8Array(20).fill(0x61));
    await commit(
      sendTx(client, {
        build: buildAddPermissionlessValidatorTx,
        params: { nodeID, start: 0, end: now + 30 * DAY, weight: 2_000n * AVAX, signer: await proofOfPossession(new Uint8Array(32).fill(0x61)), validationRewardsOwner: OWNER, delegationRewardsOwner: OWNER, shares: 20_000 },
        keys,
        wait: false,
      }),
    );
    const listed = ((await forkCall('platform.getCurrentValidators', { nodeIDs: [nodeID] })).result as { validators: Json[] }).validators;
    expect(listed.map((v) => v.weight)).toEqual([String(2_000n * AVAX)]);
  });

  it('creates a subnet and converts it to an L1; the L1 copied from the upstream keeps its validators', async () => {
    const subnetID = await commit(sendTx(client, { build: buildCreateSubnetTx, params: { owner: OWNER }, keys, wait: false }));
    const chainID = await commit(sendTx(client, { build: buildCreateChainTx, params: { subnetID, subnetOwner: OWNER, chainName: 'forked', vmID: VM_ID, genesisData: '{}' }, keys, wait: false }));
    const validators = [{ nodeID: nodeIdToString(new Uint8Array(20).fill(0x62)), weight: 20n, balance: AVAX, signer: await proofOfPossession(new Uint8Array(32).fill(0x62)), remainingBalanceOwner: OWNER, deactivationOwner: OWNER }];
    await commit(sendTx(client, { build: buildConvertSubnetToL1Tx, params: { subnetID, subnetOwner: OWNER, chainID, address: '0x0feedc0de0000000000000000000000000000000', validators }, keys, wait: false }));
    expect(((await forkCall('platform.getSubnet', { subnetID })).result as Json).isPermissioned).toBe(false);
    const set = (await forkCall('platform.getValidatorsAt', { subnetID, height: Number(((await forkCall('platform.getHeight')).result as Json).height) })).result;
    expect(Object.keys(set as Json)).toEqual([validators[0]!.nodeID]);
    // The upstream's L1 is still there, its validators as the upstream lists them.
    const copied = ((await upstreamCall('platform.getSubnets')).result as { subnets: Json[] }).subnets.map((s) => s.id as string);
    for (const id of copied.filter((x) => x !== '11111111111111111111111111111111LpoYY')) {
      expect((await forkCall('platform.getCurrentValidators', { subnetID: id })).result, id).toEqual((await upstreamCall('platform.getCurrentValidators', { subnetID: id })).result);
      expect((await forkCall('platform.getSubnet', { subnetID: id })).result, id).toEqual((await upstreamCall('platform.getSubnet', { subnetID: id })).result);
    }
  });

  it('leaves the upstream as it was: its height, balances, validators and subnets; the fork’s txs unknown there', async () => {
    for (const [name, method, params] of [
      ['height', 'platform.getHeight', {}],
      ['ewoq', 'platform.getBalance', { addresses: [EWOQ_ADDRESS] }],
      ['fresh', 'platform.getBalance', { addresses: [FRESH] }],
      ['validators', 'platform.getCurrentValidators', {}],
      ['subnets', 'platform.getSubnets', {}],
    ] as const) expect((await upstreamCall(method, params)).result, name).toEqual(upstreamBefore[name]);
    expect(issued.length).toBe(6);
    for (const txID of issued) expect((await upstreamCall('platform.getTxStatus', { txID })).result).toEqual({ status: 'Unknown' });
    expect(reader.log.some((r) => r.method === 'platform.issueTx')).toBe(false);
    // And the fork diverged by exactly those: its ewoq balance is lower, its height 6 blocks higher.
    expect(((await forkCall('platform.getHeight')).result as Json).height).toBe(String(seen.height + 6));
    expect(BigInt(((await forkCall('platform.getBalance', { addresses: [EWOQ_ADDRESS] })).result as Json).balance as string)).toBeLessThan(BigInt((upstreamBefore.ewoq as Json).balance as string) - 2_037n * AVAX);
  });
});
