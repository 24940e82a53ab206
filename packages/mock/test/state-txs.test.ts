// The txs that made a state file's subnets, chains and stakers (src/network/state-txs.ts), read
// over HTTP on 127.0.0.1 through the client: getTx finds each under the ID the state's answers
// name, its bytes hash to that ID, getTxStatus says Committed, block 1 holds it, and at a
// staker's end getRewardUTXOs finds its rewards and its stake comes back as a UTXO of its tx. A
// state that names another ID is refused with the path and the ID to write; the internal escape
// for states whose IDs are real upstream ones keeps them.
import { createClient } from '@avanode/client';
import { EMPTY_ID, decodeHex, decodeTx, decodeUtxo, nodeIdToString, txId, typeName } from '@avanode/codec';
import { StateError, createMockNode, generateState, withDerivedIDs, type StateFile } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { keyAddress } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/network/ledger.ts';

const AVAX = 1_000_000_000n;
const TIME = 1_767_300_000;
const DAY = 86_400;
const REWARDS = keyAddress(new Uint8Array(32).fill(0x31), 12345);
const DELEGATOR = keyAddress(new Uint8Array(32).fill(0x32), 12345);
const SUBNET_OWNER = keyAddress(new Uint8Array(32).fill(0x33), 12345);
const nodeID = (n: number) => nodeIdToString(new Uint8Array(20).fill(n));
const owner = (address: string) => ({ addresses: [address], threshold: 1, locktime: 0 });

const state: StateFile = {
  networkID: 12345,
  time: TIME,
  height: 5,
  supply: String(500_000_000n * AVAX),
  utxos: [{ address: REWARDS, amount: String(10n * AVAX) }],
  validators: [
    {
      nodeID: nodeID(1),
      startTime: TIME - DAY,
      endTime: TIME + 20 * DAY,
      weight: String(2_000n * AVAX),
      delegationFee: '5.0000',
      potentialReward: String(7n * AVAX),
      rewardOwner: owner(REWARDS),
      delegators: [{ startTime: TIME - DAY, endTime: TIME + 10 * DAY, weight: String(25n * AVAX), rewardOwner: owner(DELEGATOR), potentialReward: String(1n * AVAX) }],
    },
  ],
  subnets: [{ owner: owner(SUBNET_OWNER), validators: [{ nodeID: nodeID(1), startTime: TIME - DAY, endTime: TIME + 5 * DAY, weight: 20 }] }],
};
const ids = withDerivedIDs(state);
const VALIDATOR_TX = ids.validators![0]!.txID;
const DELEGATOR_TX = ids.validators![0]!.delegators![0]!.txID;
const SUBNET_ID = ids.subnets![0]!.id;
const SUBNET_VALIDATOR_TX = ids.subnets![0]!.validators![0]!.txID;
// A chain on the subnet: its ID follows from the subnet's.
const withChain: StateFile = { ...state, chains: [{ name: 'app', subnetID: SUBNET_ID, vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy' }] };
const CHAIN_ID = withDerivedIDs(withChain).chains![0]!.id;

let server: MockServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  server = await startMockServer({ port: 0, host: '127.0.0.1', network: { state: withChain } });
  client = createClient({ url: server.url, retry: false });
});
afterAll(() => server?.close());

const txType = async (txID: string) => {
  const { tx } = await client.platform.getTx({ txID, encoding: 'json' });
  return (tx as { unsignedTx: Record<string, unknown> }).unsignedTx;
};

describe("a state file's txs", () => {
  it("are the ones the answers name: the validator's, its delegator's, the subnet's, its validator's and the chain's", async () => {
    const { validators } = await client.platform.getCurrentValidators({});
    const validator = validators[0] as { txID: string; delegators?: Array<{ txID: string }> };
    expect(validator.txID).toBe(VALIDATOR_TX);
    expect((await client.platform.getCurrentValidators({ nodeIDs: [nodeID(1)] })).validators[0]).toMatchObject({ txID: VALIDATOR_TX });
    const withDelegators = (await client.platform.getCurrentValidators({ nodeIDs: [nodeID(1)] })).validators[0] as { delegators?: Array<{ txID: string }> };
    expect(withDelegators.delegators?.map((d) => d.txID)).toEqual([DELEGATOR_TX]);
    expect((await client.platform.getSubnets({})).subnets.map((s) => s.id)).toContain(SUBNET_ID);
    expect((await client.platform.getCurrentValidators({ subnetID: SUBNET_ID })).validators.map((v) => (v as { txID: string }).txID)).toEqual([SUBNET_VALIDATOR_TX]);
    expect((await client.platform.getBlockchains()).blockchains.map((c) => c.id)).toEqual([CHAIN_ID]);
  });

  it('are found by getTx as the node would have taken them, their bytes hashing to their IDs, Committed in block 1', async () => {
    const expected: Array<[string, string]> = [
      [VALIDATOR_TX, 'AddPermissionlessValidatorTx'],
      [DELEGATOR_TX, 'AddPermissionlessDelegatorTx'],
      [SUBNET_ID, 'CreateSubnetTx'],
      [SUBNET_VALIDATOR_TX, 'AddSubnetValidatorTx'],
      [CHAIN_ID, 'CreateChainTx'],
    ];
    const block = (await client.platform.getBlockByHeight({ height: 1, encoding: 'json' })).block as { txs: Array<{ id: string }> };
    for (const [id, type] of expected) {
      const { tx } = await client.platform.getTx({ txID: id, encoding: 'hex' });
      expect(txId(decodeHex(tx as string)), type).toBe(id);
      expect(typeName(decodeTx(decodeHex(tx as string), { network: 12345 }).unsignedTx)).toBe(type);
      expect((await client.platform.getTxStatus({ txID: id })).status, type).toBe('Committed');
      expect(block.txs.map((t) => t.id), type).toContain(id);
    }
    const validator = await txType(VALIDATOR_TX);
    expect(validator).toMatchObject({ subnetID: EMPTY_ID, validator: { nodeID: nodeID(1), start: TIME - DAY, end: TIME + 20 * DAY, weight: Number(2_000n * AVAX) }, shares: 50_000 });
    expect((validator.stake as Array<{ output: { amount: number; addresses: string[] } }>)[0]!.output).toMatchObject({ amount: Number(2_000n * AVAX), addresses: [REWARDS] });
    expect(await txType(DELEGATOR_TX)).toMatchObject({ validator: { nodeID: nodeID(1), weight: Number(25n * AVAX) }, rewardsOwner: { addresses: [DELEGATOR] } });
    expect(await txType(SUBNET_ID)).toMatchObject({ owner: { addresses: [SUBNET_OWNER], threshold: 1 } });
    expect(await txType(SUBNET_VALIDATOR_TX)).toMatchObject({ validator: { nodeID: nodeID(1), weight: 20, subnetID: SUBNET_ID } });
    expect(await txType(CHAIN_ID)).toMatchObject({ subnetID: SUBNET_ID, chainName: 'app' });
  });

  it("give the stake and the rewards back as UTXOs of the staker's tx when it ends", async () => {
    expect((await client.platform.getRewardUTXOs({ txID: VALIDATOR_TX, encoding: 'hex' })).utxos).toEqual([]);
    for (let i = 0; i < 3 && (await client.platform.getHeight()).height === '5'; i++) server.control.advance(21 * DAY * 1000);
    const rewards = (await client.platform.getRewardUTXOs({ txID: VALIDATOR_TX, encoding: 'hex' })).utxos.map((hex) => decodeUtxo(hex as string) as unknown as { txID: string; outputIndex: number; output: { amount: number; addresses: string[] } });
    // The validator's own reward (output 1, after its stake), then the delegation fee it earned (5 % of the delegator's 1 AVAX).
    expect(rewards.map((u) => [u.txID, u.outputIndex, u.output.amount])).toEqual([
      [VALIDATOR_TX, 1, Number(7n * AVAX)],
      [VALIDATOR_TX, 2, Number(AVAX / 20n)],
    ]);
    expect((await client.platform.getRewardUTXOs({ txID: DELEGATOR_TX, encoding: 'hex' })).utxos).toHaveLength(1);
    const { utxos } = await client.platform.getUTXOs({ addresses: [REWARDS], encoding: 'hex' });
    const stake = utxos.map((hex) => decodeUtxo(hex as string) as unknown as { txID: string; outputIndex: number; output: { amount: number } }).find((u) => u.txID === VALIDATOR_TX && u.outputIndex === 0);
    expect(stake?.output.amount).toBe(Number(2_000n * AVAX));
  });
});

describe("a state file's IDs", () => {
  it('are refused when they are not the IDs of the txs, naming the path and the ID to write; the derived one loads', () => {
    const other = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
    const wrong = { ...state, validators: [{ ...state.validators![0]!, txID: other }] };
    const text = `state.validators[0].txID: ${other} is not the ID of the tx that made it; the tx the mock makes for it has the ID ${VALIDATOR_TX} (write that, or leave it out)`;
    expect(() => createMockNode({ network: { state: wrong } })).toThrow(new StateError(text));
    expect(() => createMockNode({ network: { state: { ...state, subnets: [{ ...state.subnets![0]!, id: other }] } } })).toThrow(/^state\.subnets\[0\]\.id: 2wiU5P.* has the ID /);
    const right = { ...state, validators: [{ ...state.validators![0]!, txID: VALIDATOR_TX }] };
    expect(createMockNode({ network: { state: right } }).control.status()).toMatchObject({ validators: 2 });
  });

  it("refuses a subnet chain whose subnet is not the state's, and a primary network chain without its ID", () => {
    expect(() => createMockNode({ network: { state: { ...state, chains: [{ name: 'x', subnetID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN', vmID: EMPTY_ID }] } } })).toThrow(/^state\.chains\[0\]\.subnetID: .* is no subnet of the state/);
    expect(() => createMockNode({ network: { state: { ...state, chains: [{ name: 'X-Chain', subnetID: EMPTY_ID, vmID: EMPTY_ID }] } } })).toThrow(/^state\.chains\[0\]\.id: missing/);
  });

  it("keeps given IDs with the internal escape for real upstream IDs (the fork's), the tx found under them", () => {
    const upstream = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
    const ledger = createLedger({ ...state, validators: [{ ...state.validators![0]!, txID: upstream }] }, 2000, { trustGivenTxIDs: true });
    expect(ledger.stakers.find((s) => s.subnetID === EMPTY_ID)?.txID).toBe(upstream);
    expect(ledger.txs.get(upstream)?.height).toBe(1);
    expect(ledger.blocks[1]!.txIDs).toContain(upstream);
  });

  it('refuses a supply below what the state holds; the sum itself loads', () => {
    const held = 10n * AVAX + 2_000n * AVAX + 25n * AVAX;
    expect(() => createMockNode({ network: { state: { ...state, supply: String(held - 1n) } } })).toThrow(new StateError(`state.supply: ${held - 1n} nAVAX is less than the state holds (${held} nAVAX in its UTXOs, stakes and L1 balances)`));
    expect(createMockNode({ network: { state: { ...state, supply: String(held) } } }).control.status()).toMatchObject({ network: true });
  });

  it("makes the seed's IDs the same way: a seeded network's stakers and subnets have their txs", () => {
    const seeded = generateState(42);
    const ledger = createLedger(seeded, 2000);
    const named = [...seeded.validators!.flatMap((v) => [v.txID!, ...(v.delegators ?? []).map((d) => d.txID!)]), ...seeded.subnets!.flatMap((s) => [s.id!, ...(s.validators ?? []).map((v) => v.txID!)])];
    expect(named.length).toBeGreaterThan(5);
    for (const id of named) expect(txId(ledger.txs.get(id)!.bytes)).toBe(id);
  });
});
