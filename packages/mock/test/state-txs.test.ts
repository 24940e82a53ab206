// The txs that made a state file's subnets, chains and stakers (src/network/state-txs.ts), read
// over HTTP on 127.0.0.1 through the client: getTx finds each under the ID the state's answers
// name, its bytes hash to that ID, getTxStatus says Committed, block 1 holds it, and at a
// staker's end getRewardUTXOs finds its rewards and its stake comes back as a UTXO of its tx. A
// state that names another ID is refused with the path and the ID to write; the internal escape
// for states whose IDs are real upstream ones keeps them. An L1's ConvertSubnetToL1Tx: its
// conversion ID checked against the node's hash of the conversion data written out here, and
// against what the executor derives when a wallet-built conversion of the same subnet and
// validators is issued; each initial validator's validation ID, and a later one's kept.
import { createClient } from '@avanode/client';
import { EMPTY_ID, decodeCB58, decodeHex, decodeTx, decodeUtxo, encodeCB58, nodeIdToString, toHex, txId, typeName } from '@avanode/codec';
import { StateError, TEST_KEYS, createMockNode, generateState, withDerivedIDs, type StateFile } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildConvertSubnetToL1Tx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, rewardValidatorTx } from '../src/network/ledger.ts';

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
    // Each staker's RewardValidatorTx is on the chain, in a proposal block followed by its commit block (builder.go NewRewardValidatorTx).
    for (const staker of [DELEGATOR_TX, VALIDATOR_TX]) {
      const id = txId(rewardValidatorTx(staker));
      expect((await client.platform.getTxStatus({ txID: id })).status).toBe('Committed');
      const { tx } = await client.platform.getTx({ txID: id, encoding: 'hex' });
      expect(typeName(decodeTx(decodeHex(tx as string), { network: 12345 }).unsignedTx)).toBe('RewardValidatorTx');
    }
    const height = Number((await client.platform.getHeight()).height);
    const blocks = await Promise.all(Array.from({ length: height - 5 }, (_, i) => client.platform.getBlockByHeight({ height: 6 + i, encoding: 'json' })));
    const proposals = blocks.map((b) => b.block as { id: string; tx?: { id: string }; txs?: unknown[] });
    const proposalOf = (staker: string) => proposals.findIndex((b) => b.tx?.id === txId(rewardValidatorTx(staker)));
    for (const staker of [DELEGATOR_TX, VALIDATOR_TX]) {
      const at = proposalOf(staker);
      expect(at, staker).toBeGreaterThan(-1);
      expect(proposals[at + 1], staker).toMatchObject({ parentID: proposals[at]!.id });
      expect(proposals[at + 1]!.txs, staker).toBeUndefined();
    }
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

  it('numbers the memo of a tx the state makes twice alike (two subnets of one owner), so each has an ID of its own', () => {
    const twice = { ...state, validators: [], subnets: [{ owner: owner(SUBNET_OWNER) }, { owner: owner(SUBNET_OWNER) }] };
    const [first, second] = withDerivedIDs(twice).subnets!.map((s) => s.id);
    expect(first).toBe(SUBNET_ID);
    expect(second).not.toBe(first);
    const ledger = createLedger(twice, 2000);
    expect(txId(ledger.txs.get(second!)!.bytes)).toBe(second);
    expect((decodeTx(ledger.txs.get(second!)!.bytes, { network: 12345 }).unsignedTx as unknown as { memo: string }).memo).toBe('0x00000001');
  });

  it("makes the seed's IDs the same way: a seeded network's stakers and subnets have their txs", () => {
    const seeded = generateState(42);
    const ledger = createLedger(seeded, 2000);
    const named = [...seeded.validators!.flatMap((v) => [v.txID!, ...(v.delegators ?? []).map((d) => d.txID!)]), ...seeded.subnets!.flatMap((s) => [s.id!, ...(s.validators ?? []).map((v) => v.txID!)])];
    expect(named.length).toBeGreaterThan(5);
    for (const id of named) expect(txId(ledger.txs.get(id)!.bytes)).toBe(id);
    // The seed's L1 has its conversion too, its IDs derived from it.
    const l1 = seeded.subnets!.find((s) => s.l1)!;
    expect(typeName(decodeTx(ledger.txs.get(l1.l1!.txID!)!.bytes, { network: seeded.networkID }).unsignedTx)).toBe('ConvertSubnetToL1Tx');
    expect(ledger.subnets.find((s) => s.id === l1.id)?.l1?.conversionID).toBe(l1.l1!.conversionID);
    expect(l1.l1Validators!.map((v) => v.validationID).sort()).toEqual([validationID(l1.id, 0), validationID(l1.id, 1)].sort());
  });
});

// --- An L1's conversion. The node's derivations, written out here from the Go source (v1.14.2):
// ids.ID#Append: sha256(id ‖ uint32 big-endian i); message.SubnetToL1ConversionID: sha256 of
// SubnetToL1ConversionData in the warp message codec (uint16 version 0, IDs as 32 bytes, []byte
// with a uint32 length, a [48]byte key, uint64 weights, all big-endian).
const be = (bytes: number, value: bigint) => Uint8Array.from({ length: bytes }, (_, i) => Number((value >> BigInt(8 * (bytes - 1 - i))) & 0xffn));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const validationID = (subnetID: string, index: number) => encodeCB58(sha256(concat(decodeCB58(subnetID), be(4, BigInt(index)))));
function conversionID(subnetID: string, chainID: string, address: Uint8Array, validators: Array<{ nodeID: Uint8Array; publicKey: Uint8Array; weight: bigint }>): string {
  const members = validators.map((v) => concat(be(4, BigInt(v.nodeID.length)), v.nodeID, v.publicKey, be(8, v.weight)));
  return encodeCB58(sha256(concat(be(2, 0n), decodeCB58(subnetID), decodeCB58(chainID), be(4, BigInt(address.length)), address, be(4, BigInt(members.length)), ...members)));
}

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const MANAGER_ADDRESS = new Uint8Array(20).fill(0x44);
/** Three BLS keys made here: two initial validators (node IDs 9 and 7, out of order), one registered later (8). */
const keys = [0x19, 0x17, 0x18].map((n) => {
  const secretKey = sha256(new Uint8Array([n]));
  return { secretKey, publicKey: bls12_381.longSignatures.getPublicKey(secretKey).toBytes(true) };
});
const LATER_ID = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
const l1Member = (n: number, k: number, weight: number, extra: Record<string, unknown> = {}) => ({
  nodeID: nodeID(n),
  weight,
  startTime: TIME - DAY,
  publicKey: `0x${toHex(keys[k]!.publicKey)}`,
  balance: String(5n * AVAX),
  remainingBalanceOwner: owner(EWOQ_ADDRESS),
  deactivationOwner: owner(EWOQ_ADDRESS),
  ...extra,
});
/** A subnet of ewoq's with a chain on it, and ewoq's funds: what the L1 state is converted from, and what the wallet converts. */
const plain: StateFile = {
  networkID: 12345,
  time: TIME,
  height: 3,
  utxos: [{ address: EWOQ_ADDRESS, amount: String(100n * AVAX) }],
  subnets: [{ owner: { addresses: [EWOQ_ADDRESS] } }],
};
const L1_SUBNET = withDerivedIDs(plain).subnets![0]!.id;
const MANAGER_CHAIN = withDerivedIDs({ ...plain, chains: [{ name: 'manager', subnetID: L1_SUBNET, vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy' }] }).chains![0]!.id;
const withChainOf = (s: StateFile): StateFile => ({ ...s, chains: [{ name: 'manager', subnetID: L1_SUBNET, vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy' }] });
const l1State = (members = [l1Member(9, 0, 30), l1Member(7, 1, 20), l1Member(8, 2, 10, { initial: false, validationID: LATER_ID })], l1: Record<string, unknown> = {}): StateFile =>
  withChainOf({ ...plain, subnets: [{ owner: { addresses: [EWOQ_ADDRESS] }, l1: { managerChainID: MANAGER_CHAIN, managerAddress: `0x${toHex(MANAGER_ADDRESS)}`, ...l1 }, l1Validators: members as never }] });
const L1 = withDerivedIDs(l1State()).subnets![0]!;
/** The initial validators sorted by node ID, as ConvertSubnetToL1Tx wants them: 7 (key 1), then 9 (key 0). */
const CONVERSION_ID = conversionID(L1_SUBNET, MANAGER_CHAIN, MANAGER_ADDRESS, [
  { nodeID: new Uint8Array(20).fill(7), publicKey: keys[1]!.publicKey, weight: 20n },
  { nodeID: new Uint8Array(20).fill(9), publicKey: keys[0]!.publicKey, weight: 30n },
]);

describe("a state file's L1", () => {
  let l1Server: MockServer;
  let l1Client: ReturnType<typeof createClient>;
  beforeAll(async () => {
    l1Server = await startMockServer({ port: 0, host: '127.0.0.1', network: { state: l1State() } });
    l1Client = createClient({ url: l1Server.url, retry: false });
  });
  afterAll(() => l1Server?.close());

  it('comes with its ConvertSubnetToL1Tx: getTx finds it, Committed in block 1 after the subnet and chain, its validators the initial ones sorted by node ID', async () => {
    const txID = L1.l1!.txID!;
    const { tx } = await l1Client.platform.getTx({ txID, encoding: 'hex' });
    expect(txId(decodeHex(tx as string))).toBe(txID);
    expect((await l1Client.platform.getTxStatus({ txID })).status).toBe('Committed');
    const block = (await l1Client.platform.getBlockByHeight({ height: 1, encoding: 'json' })).block as { txs: Array<{ id: string }> };
    expect(block.txs.map((t) => t.id).slice(1)).toEqual([L1_SUBNET, MANAGER_CHAIN, txID]);
    const unsigned = (await l1Client.platform.getTx({ txID, encoding: 'json' })).tx as { unsignedTx: Record<string, unknown> };
    expect(unsigned.unsignedTx).toMatchObject({ subnetID: L1_SUBNET, chainID: MANAGER_CHAIN, address: `0x${toHex(MANAGER_ADDRESS)}` });
    const validators = unsigned.unsignedTx.validators as Array<{ nodeID: string; weight: number; balance: number; signer: { publicKey: string }; remainingBalanceOwner: { addresses: string[] } }>;
    expect(validators.map((v) => [v.nodeID, v.weight, v.balance, v.signer.publicKey])).toEqual([
      [`0x${'07'.repeat(20)}`, 20, Number(5n * AVAX), `0x${toHex(keys[1]!.publicKey)}`],
      [`0x${'09'.repeat(20)}`, 30, Number(5n * AVAX), `0x${toHex(keys[0]!.publicKey)}`],
    ]);
  });

  it("answers the node's conversion ID and validation IDs; a validator registered later keeps its own", async () => {
    expect(L1.l1!.conversionID).toBe(CONVERSION_ID);
    expect((await l1Client.platform.getSubnet({ subnetID: L1_SUBNET })).conversionID).toBe(CONVERSION_ID);
    // State order 9, 7, 8: 7 is the conversion's validator 0, 9 its validator 1.
    expect(L1.l1Validators!.map((v) => v.validationID)).toEqual([validationID(L1_SUBNET, 1), validationID(L1_SUBNET, 0), LATER_ID]);
    for (const [i, n] of [9, 7, 8].entries()) {
      expect(await l1Client.platform.getL1Validator({ validationID: L1.l1Validators![i]!.validationID })).toMatchObject({ nodeID: nodeID(n), subnetID: L1_SUBNET });
    }
  });

  it('derives what the executor derives for the same conversion built by @avanode/wallet and issued', async () => {
    const server = await startMockServer({ port: 0, host: '127.0.0.1', network: { state: withChainOf(plain) } });
    try {
      const client = createClient({ url: server.url, retry: false });
      const subnetOwner = { addresses: [EWOQ_ADDRESS], threshold: 1 };
      const validators = await Promise.all(
        [[9, 0, 30n], [7, 1, 20n]].map(async ([n, k, weight]) => ({
          nodeID: nodeID(n as number),
          weight: weight as bigint,
          balance: 5n * AVAX,
          signer: await proofOfPossession(keys[k as number]!.secretKey),
          remainingBalanceOwner: subnetOwner,
          deactivationOwner: subnetOwner,
        })),
      );
      // The wallet sorts them by node ID, as the tx wants.
      const converted = await sendTx(client, { build: buildConvertSubnetToL1Tx, params: { subnetID: L1_SUBNET, subnetOwner, chainID: MANAGER_CHAIN, address: MANAGER_ADDRESS, validators }, keys: [EWOQ.privateKey], wait: false });
      for (let i = 0; i < 5 && (await client.platform.getTxStatus({ txID: converted.txID })).status !== 'Committed'; i++) server.control.advance(2000);
      expect((await client.platform.getTxStatus({ txID: converted.txID })).status).toBe('Committed');
      expect((await client.platform.getSubnet({ subnetID: L1_SUBNET })).conversionID).toBe(L1.l1!.conversionID);
      const { validators: current } = await client.platform.getCurrentValidators({ subnetID: L1_SUBNET });
      const byNode = new Map(current.map((v) => [(v as { nodeID: string }).nodeID, (v as { validationID: string }).validationID]));
      expect([byNode.get(nodeID(9)), byNode.get(nodeID(7))]).toEqual([L1.l1Validators![0]!.validationID, L1.l1Validators![1]!.validationID]);
    } finally {
      await server.close();
    }
  });

  it('refuses a given conversion, validation or tx ID that is not the derived one, naming the path and the derived ID; the derived ones load', () => {
    expect(() => createMockNode({ network: { state: l1State(undefined, { conversionID: LATER_ID }) } })).toThrow(
      new StateError(`state.subnets[0].l1.conversionID: ${LATER_ID} is not the conversion ID the L1's ConvertSubnetToL1Tx derives; the tx the mock makes for it derives ${CONVERSION_ID} (write that, or leave it out)`),
    );
    const wrongValidation = [l1Member(9, 0, 30), l1Member(7, 1, 20, { validationID: LATER_ID })];
    expect(() => createMockNode({ network: { state: l1State(wrongValidation) } })).toThrow(
      new StateError(`state.subnets[0].l1Validators[1].validationID: ${LATER_ID} is not the validation ID the L1's ConvertSubnetToL1Tx derives; the tx the mock makes for it derives ${validationID(L1_SUBNET, 0)} (write that, or leave it out)`),
    );
    expect(() => createMockNode({ network: { state: l1State(undefined, { txID: LATER_ID }) } })).toThrow(/^state\.subnets\[0\]\.l1\.txID: 2wiU5P.* is not the ID of the tx that made it; the tx the mock makes for it has the ID /);
    const given = [l1Member(9, 0, 30, { validationID: validationID(L1_SUBNET, 1) }), l1Member(7, 1, 20, { validationID: validationID(L1_SUBNET, 0) })];
    expect(createMockNode({ network: { state: l1State(given, { conversionID: conversionID(L1_SUBNET, MANAGER_CHAIN, MANAGER_ADDRESS, [{ nodeID: new Uint8Array(20).fill(7), publicKey: keys[1]!.publicKey, weight: 20n }, { nodeID: new Uint8Array(20).fill(9), publicKey: keys[0]!.publicKey, weight: 30n }]), txID: L1.l1!.txID }) } }).control.status()).toMatchObject({ network: true });
  });

  it('refuses what no conversion can hold: a later validator without its ID, two initial validators of one node, a weight of 0, an L1 without initial validators and without its conversion ID', () => {
    expect(() => createMockNode({ network: { state: l1State([l1Member(9, 0, 30), l1Member(8, 2, 10, { initial: false })]) } })).toThrow(/^state\.subnets\[0\]\.l1Validators\[1\]\.validationID: missing \(a validator registered after the conversion/);
    expect(() => createMockNode({ network: { state: l1State([l1Member(9, 0, 30), l1Member(9, 1, 20)]) } })).toThrow(/^state\.subnets\[0\]\.l1Validators\[\d\]\.nodeID: NodeID-\S+ is another initial validator's too \(conversion validators must be sorted and unique\)$/);
    expect(() => createMockNode({ network: { state: l1State([l1Member(9, 0, 0)]) } })).toThrow(/^state\.subnets\[0\]\.l1Validators\[0\]\.weight: an initial validator's weight must be non-zero/);
    const later = [l1Member(8, 2, 10, { initial: false, validationID: LATER_ID })];
    expect(() => createMockNode({ network: { state: l1State(later) } })).toThrow(/^state\.subnets\[0\]\.l1\.conversionID: missing \(an L1 with no initial validator gets no ConvertSubnetToL1Tx/);
  });

  it('keeps the given conversion ID of an L1 with no initial validator, with no conversion tx', () => {
    const ledger = createLedger(l1State([l1Member(8, 2, 10, { initial: false, validationID: LATER_ID })], { conversionID: LATER_ID }), 2000);
    expect(ledger.subnets[0]!.l1?.conversionID).toBe(LATER_ID);
    const types = ledger.blocks[1]!.txIDs.map((id) => typeName(decodeTx(ledger.txs.get(id)!.bytes, { network: 12345 }).unsignedTx));
    expect(types).toEqual(['BaseTx', 'CreateSubnetTx', 'CreateChainTx']);
    expect(ledger.l1Validators.map((v) => v.validationID)).toEqual([LATER_ID]);
  });

  it("keeps given IDs with the internal escape for real upstream IDs", () => {
    const ledger = createLedger(l1State(undefined, { conversionID: LATER_ID }), 2000, { trustGivenTxIDs: true });
    expect(ledger.subnets[0]!.l1?.conversionID).toBe(LATER_ID);
  });
});
