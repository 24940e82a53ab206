// ACP-236's auto-renewed validators executed as avalanchego v1.15.0-fuji does, end to end over
// HTTP on 127.0.0.1: txs built by @avanode/wallet's builders (buildAddAutoRenewedValidatorTx,
// buildSetAutoRenewedValidatorConfigTx), signed by signTx, issued with platform.issueTx to a local
// network whose Helicon is in the past; forged by hand (parsed, changed, signed again) only where
// the builder refuses to make the tx. Each refusal is checked against the node's text, and next to
// each rule the honest neighbour commits. Then the cycle (proposal_tx_executor.go
// RewardAutoRenewedValidatorTx): two restakes and an exit, and a restake capped by the maximum stake.
import { decodeUtxo, encodeCB58, encodeHex, encodeTx, nodeIdToString, parseTx, txId } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildAddAutoRenewedValidatorTx, buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, buildSetAutoRenewedValidatorConfigTx, keyAddress, keyAddressBytes, proofOfPossession, readUtxoHexes, signTx, type BuiltTx } from '@avanode/wallet';
import { createClient } from '@avanode/client';
import { validateResult } from '@avanode/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardTxID } from '../src/network/auto-renew.ts';
import { potentialReward, splitReward } from '../src/network/reward.ts';
import { signed } from './network-scenario.ts';

const AVAX = 1_000_000_000n;
const HOUR = 3600n;
const DAY = 24n * HOUR;
const LOCAL = 12345;
/** genesis_local.go's reward config as v1.15.0-fuji's primary-network calculator applies it here: Helicon (2025-01-01) more than 90 days before the seed's time, so ACP-285's minimum rate is 7.5 % (reward/calculator.go configForStakeStart). */
const CONFIG = { maxConsumptionRate: 120_000n, minConsumptionRate: 75_000n, mintingPeriodSec: 365n * DAY, supplyCap: 720_000_000n * AVAX };
const KEY = new Uint8Array(32).fill(0x51);
const ADDRESS = keyAddress(KEY, LOCAL);
const OTHER_KEY = new Uint8Array(32).fill(0x52);
const OTHER = keyAddress(OTHER_KEY, LOCAL);
const HELICON_PAST = '2025-01-01T00:00:00Z';

let server: MockServer;
let client: ReturnType<typeof createClient>;

const rpc = async (url: string, method: string, params: unknown = {}) => {
  const response = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
};
const result = async (method: string, params: unknown = {}) => (await rpc(server.url, method, params)).result!;
const issue = async (bytes: Uint8Array, url = server.url) => rpc(url, 'platform.issueTx', { tx: encodeHex(bytes), encoding: 'hex' });
/** The node's text for an executor refusal, as platform.issueTx answers it. */
const executed = (bytes: Uint8Array, text: string) => `couldn't issue tx: failed verification: failed execution: standard tx ${txId(bytes)} failed execution: ${text}`;

async function refused(bytes: Uint8Array, text: string, url = server.url) {
  expect((await issue(bytes, url)).error?.message).toBe(executed(bytes, text));
}
async function commits(bytes: Uint8Array) {
  const answer = await issue(bytes);
  expect(answer.error?.message).toBeUndefined();
  const { time } = server.control.mine();
  expect((await result('platform.getTxStatus', { txID: answer.result!.txID })).status).toBe('Committed');
  return BigInt(time);
}

/** What every builder takes, read from `url` for `from`'s UTXOs; `price` replaces the fee state's (0: no fee). */
async function common(url = server.url, price?: bigint) {
  const c = createClient({ url, retry: false });
  const { assetID: avaxAssetID } = (await rpc(url, 'platform.getStakingAssetID')).result as { assetID: string };
  const feeState = (await rpc(url, 'platform.getFeeState')).result as { price: string; capacity: string };
  const { timestamp } = (await rpc(url, 'platform.getTimestamp')).result as { timestamp: string };
  return {
    utxos: await readUtxoHexes(c, [ADDRESS]),
    fromAddresses: [ADDRESS],
    feeState: price === undefined ? feeState : { ...feeState, price: price.toString() },
    feeConfig: (await rpc(url, 'platform.getFeeConfig')).result as never,
    network: LOCAL,
    avaxAssetID,
    priceMultiplier: 1,
    minIssuanceTime: BigInt(Date.parse(timestamp) / 1000),
  };
}
const sign = async (built: BuiltTx, keys = [KEY]) => (await signTx(built, { keys })).bytes;

let seed = 0x20;
/** A fresh NodeID and BLS key per validator. */
const nextNode = () => {
  seed++;
  return { nodeID: nodeIdToString(new Uint8Array(20).fill(seed)), blsKey: new Uint8Array(32).fill(seed) };
};
const owner = (address: string) => ({ addresses: [address], threshold: 1 });

interface AddOptions {
  nodeID?: string;
  weight?: bigint;
  period?: bigint;
  delegationShares?: number;
  autoCompoundRewardShares?: number;
  rewards?: string;
  /** The delegation rewards' owner (default: `rewards`). */
  delegationRewards?: string;
  url?: string;
  price?: bigint;
}
/** A type 40 the wallet builds: honest by default (2,000 AVAX, 1 hour, 2 %, half the rewards restaked, KEY the authority). */
async function addTx(options: AddOptions = {}) {
  const node = nextNode();
  const rewards = options.rewards ?? ADDRESS;
  const built = buildAddAutoRenewedValidatorTx({
    ...(await common(options.url, options.price)),
    nodeID: options.nodeID ?? node.nodeID,
    weight: options.weight ?? 2_000n * AVAX,
    signer: await proofOfPossession(node.blsKey),
    validationRewardsOwner: owner(rewards),
    delegationRewardsOwner: owner(options.delegationRewards ?? rewards),
    validatorAuthority: owner(ADDRESS),
    delegationShares: options.delegationShares ?? 20_000,
    autoCompoundRewardShares: options.autoCompoundRewardShares ?? 500_000,
    period: options.period ?? HOUR,
  });
  return sign(built);
}

/** A type 41 the wallet builds for the validator `txID` added (KEY signs the auth). */
async function configTx(txID: string, period: bigint, autoCompoundRewardShares = 500_000, authority = ADDRESS) {
  const built = buildSetAutoRenewedValidatorConfigTx({ ...(await common()), fromAddresses: [...new Set([ADDRESS, authority])], txID, validatorAuthority: owner(authority), autoCompoundRewardShares, period });
  return sign(built, [KEY, OTHER_KEY]);
}

/** A tx the wallet built, changed by `change` and signed again by KEY in every slot (a test's own forgery). */
function forged(bytes: Uint8Array, change: (unsigned: Record<string, unknown>) => void): Uint8Array {
  const { tx } = parseTx(bytes);
  const copy = JSON.parse(JSON.stringify(tx, (_, v) => (typeof v === 'bigint' ? Number(v) : v))) as { unsignedTx: Record<string, unknown>; credentials: Array<{ signatures: string[] }> };
  change(copy.unsignedTx);
  return encodeTx(signed(copy as never, KEY) as never);
}

interface ShownValidator {
  txID: string;
  startTime: string;
  endTime: string;
  weight: string;
  potentialReward: string;
  accruedDelegateeReward: string;
  nextPeriod?: string;
  autoCompoundRewardShares?: string;
  validatorAuthority?: unknown;
}
const shown = async (nodeID: string) => ((await result('platform.getCurrentValidators', { nodeIDs: [nodeID] })).validators as ShownValidator[])[0];
const supply = async () => BigInt((await result('platform.getCurrentSupply')).supply as string);
/** The reward UTXOs of the RewardAutoRenewedValidatorTx for the cycle of `txID` that ended at `end`: amounts by owner. */
async function rewardsOf(txID: string, end: bigint) {
  const { utxos } = await result('platform.getRewardUTXOs', { txID: rewardTxID(txID, end), encoding: 'hex' });
  return (utxos as string[]).map((u) => decodeUtxo(u, { network: 'local' })).map((u) => ({ outputIndex: u.outputIndex, owner: (u.output as { addresses: string[] }).addresses[0], amount: BigInt((u.output as { amount: number | bigint }).amount) }));
}

/** A local network with Helicon in the past, KEY funded with several UTXOs (each tx leaves some for the next; one big enough for the maximum stake). */
async function startNetwork() {
  server = await startMockServer({ port: 0, network: { seed: 41, heliconTime: HELICON_PAST } });
  client = createClient({ url: server.url, retry: false });
  // The seed's validators started after this Helicon: fully up, none forfeits its reward (ACP-267's
  // 90 %) and takes its promise out of the supply while these tests read the supply.
  const { validators } = await client.platform.getCurrentValidators({});
  for (const { nodeID } of validators as Array<{ nodeID: string }>) server.control.setUptime(nodeID, 100);
  for (let i = 0; i < 8; i++) server.control.fund(ADDRESS, (10_000n * AVAX).toString());
  server.control.fund(ADDRESS, (3_100_000n * AVAX).toString());
  server.control.fund(OTHER, (100n * AVAX).toString());
}
beforeAll(startNetwork);
afterAll(() => server?.close());

describe('AddAutoRenewedValidatorTx after Helicon (standard_tx_executor.go, staker_tx_verification.go verifyAddAutoRenewedValidatorTx)', () => {
  it('adds the validator for its period with its authority and shares; getCurrentValidators shows them as service.go writes them', async () => {
    const rewards = keyAddress(new Uint8Array(32).fill(0x61), LOCAL);
    const bytes = await addTx({ rewards, period: 2n * HOUR, autoCompoundRewardShares: 300_000, delegationShares: 50_000 });
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    const supply0 = await supply();
    const start = await commits(bytes);
    const reward = potentialReward(CONFIG, 2n * HOUR, 2_000n * AVAX, supply0);
    expect(reward).toBeGreaterThan(0n);
    const validator = (await shown(nodeID)) as unknown as Record<string, unknown>;
    expect(validator).toMatchObject({
      txID: txId(bytes),
      startTime: String(start),
      endTime: String(start + 2n * HOUR),
      weight: String(2_000n * AVAX),
      nodeID,
      potentialReward: String(reward),
      accruedDelegateeReward: '0',
      delegationFee: '5.0000',
      validatorAuthority: { locktime: '0', threshold: '1', addresses: [ADDRESS] },
      nextPeriod: '7200',
      autoCompoundRewardShares: '300000',
      delegatorCount: '0',
    });
    // api.AutoRenewedConfig is embedded after Signer and before the delegator members.
    const keys = Object.keys(validator);
    expect(keys.slice(keys.indexOf('signer'), keys.indexOf('delegatorCount') + 1)).toEqual(['signer', 'validatorAuthority', 'nextPeriod', 'autoCompoundRewardShares', 'delegatorCount']);
    // Its potential reward is minted into the supply at once, as putStaker's is.
    expect(await supply()).toBe(supply0 + reward);
    // The answer is what the spec's schema (spec/src/schemas/validators.yaml, from v1.15.0-fuji) allows: all three members or none.
    const answer = await result('platform.getCurrentValidators');
    expect(validateResult('platform.getCurrentValidators', answer)).toEqual({ ok: true });
    const { nextPeriod: _left, ...withoutNextPeriod } = validator;
    expect(validateResult('platform.getCurrentValidators', { validators: [validator] })).toEqual({ ok: true });
    expect(validateResult('platform.getCurrentValidators', { validators: [withoutNextPeriod] })).not.toEqual({ ok: true });
    // A validator added otherwise has none of the three.
    const plain = ((await result('platform.getCurrentValidators')).validators as Array<Record<string, unknown>>).filter((v) => v.txID !== txId(bytes) && v.potentialReward !== undefined);
    expect(plain.length).toBeGreaterThan(0);
    for (const v of plain) expect(v).not.toHaveProperty('nextPeriod');
  });

  it('a weight below the minimum stake is too low, above the maximum too large; 2,000 AVAX commits', async () => {
    await refused(await addTx({ weight: 2_000n * AVAX - 1n }), 'weight of this validator is too low');
    await refused(await addTx({ weight: 3_000_000n * AVAX + 1n }), 'weight of this validator is too large');
    await commits(await addTx({ weight: 2_000n * AVAX }));
  });

  it('delegation shares below the 2 % minimum are an insufficient delegation fee; 2 % commits', async () => {
    await refused(await addTx({ delegationShares: 19_999 }), 'staker charges an insufficient delegation fee');
    await commits(await addTx({ delegationShares: 20_000 }));
  });

  it("periods under ACP-273's local hour are too short, over a year too long; an hour and a year commit", async () => {
    await refused(await addTx({ period: HOUR - 1n }), 'staking period is too short');
    await refused(await addTx({ period: 365n * DAY + 1n }), 'staking period is too long');
    await commits(await addTx({ period: HOUR }));
    await commits(await addTx({ period: 365n * DAY }));
  });

  it('a second validator for the same NodeID is a duplicate', async () => {
    const first = await addTx();
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    await commits(first);
    await refused(await addTx({ nodeID }), `duplicate validator: ${nodeID}`);
  });

  it('a validator that pays no fee fails the flow check', async () => {
    const bytes = await addTx({ price: 0n });
    const answer = await issue(bytes);
    const { assetID } = await client.platform.getStakingAssetID({});
    expect(answer.error?.message).toMatch(new RegExp(`^${executed(bytes, 'flow check failed: insufficient unlocked funds: needs ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d+ more ${assetID}$`));
  });

  it("refuses what its SyntacticVerify refuses, in the node's order and wrapping", async () => {
    const honest = await addTx();
    const cases: Array<[string, (u: Record<string, unknown>) => void]> = [
      ['no stake', (u) => (u.stake = [])],
      ['a staker can only require at most 1000000 shares from delegators', (u) => (u.delegationShares = 1_000_001)],
      ['a staker can only restake at most 1000000 shares from rewards', (u) => (u.autoCompoundRewardShares = 1_000_001)],
      ['missing period', (u) => (u.period = 0)],
      ['invalid hash length: expected 20 bytes but got 19', (u) => (u.nodeID = `0x${'ab'.repeat(19)}`)],
      ['validator nodeID cannot be empty', (u) => (u.nodeID = `0x${'00'.repeat(20)}`)],
      ['verifying BaseTx: metadata failed verification: tx has wrong network ID', (u) => (u.networkID = 1)],
      ['verifying signer, rewards owners or validator authority: invalid proof of possession', (u) => ((u.signer as { proofOfPossession: string }).proofOfPossession = (parseTx(firstValidator).tx.unsignedTx as unknown as { signer: { proofOfPossession: string } }).signer.proofOfPossession)],
      ['missing signer', (u) => (u.signer = { type: 'signer.Empty' })],
      ['invalid staked asset', (u) => ((u.stake as Array<{ assetID: string }>)[0]!.assetID = encodeCB58(new Uint8Array(32).fill(7)))],
    ];
    for (const [text, change] of cases) await refused(forged(honest, change), text);
    // The honest tx, signed again the same way, commits.
    await commits(forged(honest, () => undefined));
  });

  it('before Helicon it is refused with errHeliconUpgradeNotActive (an unscheduled local network)', async () => {
    const before = await startMockServer({ port: 0, network: { seed: 42 } });
    try {
      before.control.fund(ADDRESS, (3_000n * AVAX).toString());
      const bytes = await addTx({ url: before.url });
      await refused(bytes, 'attempting to use a Helicon-upgrade feature prior to activation', before.url);
    } finally {
      await before.close();
    }
  });
});

let firstValidator: Uint8Array;
beforeAll(async () => {
  firstValidator = await addTx();
});

describe('SetAutoRenewedValidatorConfigTx (verifySetAutoRenewedValidatorConfigTx)', () => {
  it('changes the next period and the restaked share, signed by the validator authority', async () => {
    const add = await addTx();
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    await commits(add);
    await commits(await configTx(txId(add), 3n * HOUR, 1_000_000));
    expect(await shown(nodeID)).toMatchObject({ nextPeriod: '10800', autoCompoundRewardShares: '1000000', endTime: expect.any(String) });
    // Period 0: the validator leaves at the end of this cycle.
    await commits(await configTx(txId(add), 0n, 0));
    expect(await shown(nodeID)).toMatchObject({ nextPeriod: '0', autoCompoundRewardShares: '0' });
  });

  it('refuses a missing tx ID and shares over 100 %, as its SyntacticVerify does', async () => {
    const add = await addTx();
    await commits(add);
    const honest = await configTx(txId(add), HOUR);
    await refused(forged(honest, (u) => (u.txID = '11111111111111111111111111111111LpoYY')), 'missing tx id');
    await refused(forged(honest, (u) => (u.autoCompoundRewardShares = 1_000_001)), 'a staker can only restake at most 1000000 shares from rewards');
    await commits(forged(honest, () => undefined));
  });

  it('refuses a tx ID the chain does not have, and one that is not an AddAutoRenewedValidatorTx', async () => {
    const unknown = encodeCB58(new Uint8Array(32).fill(0x77));
    await refused(await configTx(unknown, HOUR), 'getting staker tx: not found');
    const { txID: funding } = server.control.fund(OTHER, (1n * AVAX).toString());
    await refused(await configTx(funding, HOUR), 'invalid staker tx type: *txs.BaseTx');
    const node = nextNode();
    const permissionless = await sign(
      buildAddPermissionlessValidatorTx({ ...(await common()), nodeID: node.nodeID, start: 0, end: Number(BigInt(Math.floor(server.control.status().clockMs / 1000)) + 2n * DAY), weight: 2_000n * AVAX, signer: await proofOfPossession(node.blsKey), validationRewardsOwner: owner(ADDRESS), delegationRewardsOwner: owner(ADDRESS), shares: 20_000 }),
    );
    await commits(permissionless);
    await refused(await configTx(txId(permissionless), HOUR), 'invalid staker tx type: *txs.AddPermissionlessValidatorTx');
  });

  it("refuses a next period under ACP-273's hour (but 0) or over a year", async () => {
    const add = await addTx();
    await commits(add);
    await refused(await configTx(txId(add), HOUR - 1n), 'staking period is too short');
    await refused(await configTx(txId(add), 365n * DAY + 1n), 'staking period is too long');
    await commits(await configTx(txId(add), 365n * DAY));
  });

  it('refuses an auth the validator authority did not sign', async () => {
    const add = await addTx();
    await commits(add);
    // OTHER is not the authority: its signature on the auth does not match.
    const built = buildSetAutoRenewedValidatorConfigTx({ ...(await common()), fromAddresses: [ADDRESS, OTHER], txID: txId(add), validatorAuthority: owner(OTHER), autoCompoundRewardShares: 0, period: HOUR });
    const bytes = await sign(built, [KEY, OTHER_KEY]);
    const answer = await issue(bytes);
    // secp256k1fx VerifyCredentials' ErrWrongSig, with the short IDs of the authority's address and the signer's.
    expect(answer.error?.message).toBe(executed(bytes, `unauthorized modification: wrong signature: expected signature from ${encodeCB58(keyAddressBytes(KEY))} but got from ${encodeCB58(keyAddressBytes(OTHER_KEY))}`));
  });

  it('refuses the tx of a validator that has left, and of one whose NodeID came back with another tx', async () => {
    const add = await addTx({ period: HOUR });
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    await commits(add);
    await commits(await configTx(txId(add), 0n));
    server.control.advance(Number(HOUR + 10n) * 1000);
    expect(await shown(nodeID)).toBeUndefined();
    await refused(await configTx(txId(add), HOUR), `getting validator ${nodeID} from state: not found`);
    const again = await addTx({ nodeID });
    await commits(again);
    await refused(await configTx(txId(add), HOUR), 'invalid staker tx: wrong tx id');
    await commits(await configTx(txId(again), HOUR));
  });
});

describe('the cycle (proposal_tx_executor.go RewardAutoRenewedValidatorTx)', () => {
  // A network of its own: the auto-renewed validators added above would renew in the same hours and mint into the same supply.
  beforeAll(async () => {
    await server.close();
    await startNetwork();
  });

  it('restakes the shares of each reward for two cycles, pays the rest, then exits with period 0, paying everything restaked', async () => {
    const rewards = keyAddress(new Uint8Array(32).fill(0x62), LOCAL);
    const weight0 = 2_000n * AVAX;
    const add = await addTx({ rewards, weight: weight0, period: HOUR, autoCompoundRewardShares: 250_000 });
    const txID = txId(add);
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    const supply0 = await supply();
    const start = await commits(add);
    const reward1 = potentialReward(CONFIG, HOUR, weight0, supply0);
    const restaked1 = splitReward(reward1, 250_000n).delegatee;
    expect(restaked1).toBeGreaterThan(0n);
    expect(restaked1).toBeLessThan(reward1);

    // Cycle 1 ends: a quarter of its reward restaked, the rest paid by the reward tx; cycle 2 from its end.
    server.control.advance(Number(HOUR) * 1000);
    const weight1 = weight0 + restaked1;
    const reward2 = potentialReward(CONFIG, HOUR, weight1, supply0 + reward1);
    expect(await shown(nodeID)).toMatchObject({ txID, startTime: String(start + HOUR), endTime: String(start + 2n * HOUR), weight: String(weight1), potentialReward: String(reward2), nextPeriod: '3600' });
    expect(await rewardsOf(txID, start + HOUR)).toEqual([{ outputIndex: 0, owner: rewards, amount: reward1 - restaked1 }]);
    expect(await supply()).toBe(supply0 + reward1 + reward2);

    // Cycle 2 ends the same way, on the grown weight.
    server.control.advance(Number(HOUR) * 1000);
    const restaked2 = splitReward(reward2, 250_000n).delegatee;
    const weight2 = weight1 + restaked2;
    const reward3 = potentialReward(CONFIG, HOUR, weight2, supply0 + reward1 + reward2);
    expect(await shown(nodeID)).toMatchObject({ startTime: String(start + 2n * HOUR), endTime: String(start + 3n * HOUR), weight: String(weight2), potentialReward: String(reward3) });
    expect(await rewardsOf(txID, start + 2n * HOUR)).toEqual([{ outputIndex: 0, owner: rewards, amount: reward2 - restaked2 }]);

    // Period 0: at the end of cycle 3 it leaves, its stake back as UTXOs of its tx, this cycle's reward and everything restaked paid.
    await commits(await configTx(txID, 0n));
    server.control.advance(Number(HOUR) * 1000);
    expect(await shown(nodeID)).toBeUndefined();
    expect(await rewardsOf(txID, start + 3n * HOUR)).toEqual([{ outputIndex: 0, owner: rewards, amount: reward3 + restaked1 + restaked2 }]);
    expect(BigInt((await result('platform.getBalance', { addresses: [rewards] })).balance as string)).toBe(reward1 + reward2 + reward3);
    const stakeIndex = (parseTx(add).tx.unsignedTx as unknown as { outputs: unknown[] }).outputs.length;
    const { utxos } = await result('platform.getUTXOs', { addresses: [ADDRESS], encoding: 'hex', limit: 1024 });
    const returned = (utxos as string[]).map((u) => decodeUtxo(u, { network: 'local' })).filter((u) => u.txID === txID && u.outputIndex >= stakeIndex);
    expect(returned.reduce((sum, u) => sum + BigInt((u.output as { amount: number | bigint }).amount), 0n)).toBe(weight0);
    // Everything paid was minted when each cycle began: the supply did not move at the exit.
    expect(await supply()).toBe(supply0 + reward1 + reward2 + reward3);
  });

  it("restakes the shares of its delegatee reward too: a delegation ending with the cycle, its commission split like the validator's reward", async () => {
    const rewards = keyAddress(new Uint8Array(32).fill(0x64), LOCAL);
    const commission = keyAddress(new Uint8Array(32).fill(0x65), LOCAL);
    const delegatorRewards = keyAddress(new Uint8Array(32).fill(0x66), LOCAL);
    const weight0 = 2_000n * AVAX;
    const add = await addTx({ rewards, delegationRewards: commission, weight: weight0, period: DAY, delegationShares: 100_000, autoCompoundRewardShares: 500_000 });
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    const supply0 = await supply();
    const start = await commits(add);
    const reward1 = potentialReward(CONFIG, DAY, weight0, supply0);
    const delegation = 500n * AVAX;
    const delegator = await sign(buildAddPermissionlessDelegatorTx({ ...(await common()), nodeID, start: 0, end: Number(start + DAY), weight: delegation, rewardsOwner: owner(delegatorRewards) }));
    const delegatedAt = await commits(delegator);
    const delegatorReward = potentialReward(CONFIG, start + DAY - delegatedAt, delegation, supply0 + reward1);
    const { delegatee: commissionEarned, delegator: delegatorPart } = splitReward(delegatorReward, 100_000n);
    expect(commissionEarned).toBeGreaterThan(0n);

    server.control.advance(Number(DAY) * 1000);
    const restakedValidation = splitReward(reward1, 500_000n).delegatee;
    const restakedCommission = splitReward(commissionEarned, 500_000n).delegatee;
    const weight1 = weight0 + restakedValidation + restakedCommission;
    expect(await shown(nodeID)).toMatchObject({ weight: String(weight1), accruedDelegateeReward: '0', potentialReward: String(potentialReward(CONFIG, DAY, weight1, supply0 + reward1 + delegatorReward)) });
    // mintRewards: the validation part first, then the delegatee part, at output indices 0 and 1 of the reward tx.
    expect(await rewardsOf(txId(add), start + DAY)).toEqual([
      { outputIndex: 0, owner: rewards, amount: reward1 - restakedValidation },
      { outputIndex: 1, owner: commission, amount: commissionEarned - restakedCommission },
    ]);
    expect(BigInt((await result('platform.getBalance', { addresses: [delegatorRewards] })).balance as string)).toBe(delegatorPart);
  });

  it('restakes no more than the maximum stake allows, and pays the rest', async () => {
    const rewards = keyAddress(new Uint8Array(32).fill(0x63), LOCAL);
    const weight0 = 3_000_000n * AVAX - 1_000n;
    const add = await addTx({ rewards, weight: weight0, period: HOUR, autoCompoundRewardShares: 1_000_000 });
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    const supply0 = await supply();
    const start = await commits(add);
    const reward1 = potentialReward(CONFIG, HOUR, weight0, supply0);
    expect(reward1).toBeGreaterThan(1_000n);
    server.control.advance(Number(HOUR) * 1000);
    expect(await shown(nodeID)).toMatchObject({ weight: String(3_000_000n * AVAX) });
    expect(await rewardsOf(txId(add), start + HOUR)).toEqual([{ outputIndex: 0, owner: rewards, amount: reward1 - 1_000n }]);
  });

  it('leaves a delegator its own minimum period after Helicon (ACP-273 is for validators): 2 hours is too short', async () => {
    const add = await addTx({ period: 30n * DAY });
    const nodeID = nodeIdToString(new Uint8Array(20).fill(seed));
    await commits(add);
    const now = BigInt(Math.floor(server.control.status().clockMs / 1000));
    const delegate = async (end: bigint) => sign(buildAddPermissionlessDelegatorTx({ ...(await common()), nodeID, start: 0, end: Number(end), weight: 25n * AVAX, rewardsOwner: owner(ADDRESS) }));
    await refused(await delegate(now + 2n * HOUR), 'staking period is too short');
    await commits(await delegate(now + DAY));
  });
});

describe("ACP-273 on Fuji and mainnet (genesis_fuji.go 12 h, genesis_mainnet.go 48 h, from Helicon's activation)", () => {
  const FUJI_HELICON = BigInt(Date.UTC(2026, 6, 28, 15) / 1000);
  /** A network from a state file at `time`, KEY holding 10,000 AVAX; `heliconTime` for mainnet, whose activation is unscheduled. */
  async function network(networkID: number, time: bigint, heliconTime?: string) {
    const address = keyAddress(KEY, networkID);
    return startMockServer({ port: 0, network: { state: { networkID, time: Number(time), height: 1, utxos: [{ address, amount: String(10_000n * AVAX) }], ...(heliconTime ? { upgrades: { heliconTime } } : {}) } } });
  }
  /** An AddPermissionlessValidatorTx of 2,000 AVAX for `period` seconds from the chain's time, built by the wallet for `url`'s network. */
  async function validatorFor(url: string, networkID: number, period: bigint) {
    const address = keyAddress(KEY, networkID);
    const c = createClient({ url, retry: false });
    const { timestamp } = (await rpc(url, 'platform.getTimestamp')).result as { timestamp: string };
    const now = BigInt(Date.parse(timestamp) / 1000);
    const node = nextNode();
    const built = buildAddPermissionlessValidatorTx({
      utxos: await readUtxoHexes(c, [address]),
      fromAddresses: [address],
      feeState: (await rpc(url, 'platform.getFeeState')).result as never,
      feeConfig: (await rpc(url, 'platform.getFeeConfig')).result as never,
      network: networkID,
      avaxAssetID: ((await rpc(url, 'platform.getStakingAssetID')).result as { assetID: string }).assetID,
      minIssuanceTime: now,
      nodeID: node.nodeID,
      start: 0,
      end: Number(now + period),
      weight: 2_000n * AVAX,
      signer: await proofOfPossession(node.blsKey),
      validationRewardsOwner: owner(address),
      delegationRewardsOwner: owner(address),
      shares: 20_000,
    });
    return sign(built);
  }
  const issuedOn = async (node: MockServer, bytes: Uint8Array) => {
    const answer = await issue(bytes, node.url);
    if (answer.error) return answer.error.message;
    node.control.mine();
    return (await rpc(node.url, 'platform.getTxStatus', { txID: answer.result!.txID })).result!.status;
  };

  it('Fuji: 12 hours commits after 2026-07-28T15:00:00Z and 12 hours less a second is too short; before it, 12 hours is too short', async () => {
    const after = await network(5, FUJI_HELICON + 60n);
    const before = await network(5, FUJI_HELICON - 2n * DAY);
    try {
      const short = await validatorFor(after.url, 5, 12n * HOUR - 1n);
      expect(await issuedOn(after, short)).toBe(executed(short, 'staking period is too short'));
      expect(await issuedOn(after, await validatorFor(after.url, 5, 12n * HOUR))).toBe('Committed');
      const early = await validatorFor(before.url, 5, 12n * HOUR);
      expect(await issuedOn(before, early)).toBe(executed(early, 'staking period is too short'));
      expect(await issuedOn(before, await validatorFor(before.url, 5, DAY))).toBe('Committed');
    } finally {
      await after.close();
      await before.close();
    }
  });

  it("mainnet: 48 hours commits once a state file's Helicon is past, 48 hours less a second is too short; unscheduled, the minimum stays 14 days", async () => {
    const time = 1_900_000_000n;
    const after = await network(1, time, '2030-01-01T00:00:00Z');
    const unscheduled = await network(1, time);
    try {
      const short = await validatorFor(after.url, 1, 48n * HOUR - 1n);
      expect(await issuedOn(after, short)).toBe(executed(short, 'staking period is too short'));
      expect(await issuedOn(after, await validatorFor(after.url, 1, 48n * HOUR))).toBe('Committed');
      const early = await validatorFor(unscheduled.url, 1, 14n * DAY - 1n);
      expect(await issuedOn(unscheduled, early)).toBe(executed(early, 'staking period is too short'));
      expect(await issuedOn(unscheduled, await validatorFor(unscheduled.url, 1, 14n * DAY))).toBe('Committed');
    } finally {
      await after.close();
      await unscheduled.close();
    }
  });

  it("takes a state file's staking.heliconMinStakeDuration (the node's --helicon-min-stake-duration), refusing 0", async () => {
    const address = keyAddress(KEY, LOCAL);
    const state = { networkID: LOCAL, time: 1_900_000_000, height: 1, utxos: [{ address, amount: String(10_000n * AVAX) }], upgrades: { heliconTime: '2030-01-01T00:00:00Z' }, staking: { heliconMinStakeDuration: 1800 } };
    const node = await startMockServer({ port: 0, network: { state } });
    try {
      const short = await validatorFor(node.url, LOCAL, 1799n);
      expect(await issuedOn(node, short)).toBe(executed(short, 'staking period is too short'));
      expect(await issuedOn(node, await validatorFor(node.url, LOCAL, 1800n))).toBe('Committed');
    } finally {
      await node.close();
    }
    await expect(startMockServer({ port: 0, network: { state: { ...state, staking: { heliconMinStakeDuration: 0 } } } })).rejects.toThrow(
      'state.staking.heliconMinStakeDuration: expected a duration of at least 1 second (helicon min stake duration must be > 0), got 0',
    );
  });
});
