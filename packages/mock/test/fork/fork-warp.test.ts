// The warp message txs on a fork (src/fork/lazy.ts loadWarpSubjects). A fork reads at start the
// subnets that have a validator set at the fork height, which today is every L1 (an L1 keeps at
// least one validator; an inactive one's weight is in the set too). The txs do not rely on it: here
// the reader leaves one L1 (its one validator out of balance, its manager chain on another L1 whose
// validators, BLS keys made here, sign) out of getAllValidatorsAt, so the start does not read it.
// A RegisterL1ValidatorTx naming it, or a SetL1ValidatorWeightTx naming one of its validations,
// reads it (getSubnet, its validators) before it executes, and executes on the fork as on the
// upstream; the upstream is unchanged.
import { decodeCB58, encodeCB58, nodeIdToString, toHex } from '@avanode/codec';
import { createClient } from '@avanode/client';
import { TEST_KEYS, withDerivedIDs } from '@avanode/mock';
import { startForkedMockServer, startMockServer, type ForkReader, type MockServer } from '@avanode/mock/server';
import { buildRegisterL1ValidatorTx, buildSetL1ValidatorWeightTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/fork/upstream.ts';
import { rpc } from './http-reader.js';
import { bytes, concat, owner, u16, u32, u64 } from '../warp-bytes.ts';

const bls = bls12_381.longSignatures;
const SIGNATURE_CIPHERSUITE = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const NETWORK_ID = 12345;
const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, NETWORK_ID);
const AVAX = 1_000_000_000n;
const idOf = (label: string) => sha256(new TextEncoder().encode(label));
const MANAGER_CHAIN = idOf('fork-warp manager chain');
const MANAGER_ADDRESS = new Uint8Array(20).fill(0x22);

const registerPayload = (subnetID: Uint8Array, nodeID: Uint8Array, publicKey: Uint8Array, expiry: bigint, weight: bigint) =>
  concat(u16(0), u32(1), subnetID, bytes(nodeID), publicKey, u64(expiry), owner([EWOQ_ADDRESS]), owner([EWOQ_ADDRESS]), u64(weight));
const weightPayload = (validationID: Uint8Array, nonce: bigint, weight: bigint) => concat(u16(0), u32(3), validationID, u64(nonce), u64(weight));
const addressedCall = (payload: Uint8Array) => concat(u16(0), u32(1), bytes(MANAGER_ADDRESS), bytes(payload));
const unsignedMessage = (payload: Uint8Array) => concat(u16(0), u32(NETWORK_ID), MANAGER_CHAIN, bytes(payload));

/** The signing L1's validators: BLS keys made here. */
const signers = [1, 2, 3].map(() => {
  const secretKey = bls12_381.utils.randomSecretKey();
  const key = bls.getPublicKey(secretKey);
  return { secretKey, compressed: key.toBytes(true), sortKey: toHex(key.toBytes(false)) };
});
/** A BitSetSignature by every signer over `unsigned` (bit i: the i-th in the canonical order, by uncompressed key). */
function signMessage(unsigned: Uint8Array): Uint8Array {
  const count = signers.length;
  const bitSet = new Uint8Array([(1 << count) - 1]);
  const point = bls.hash(unsigned, SIGNATURE_CIPHERSUITE);
  const signature = bls.aggregateSignatures(signers.map((m) => bls.sign(point, m.secretKey))).toBytes(true);
  return concat(unsigned, u32(0), bytes(bitSet), signature);
}
const message = (payload: Uint8Array) => signMessage(unsignedMessage(addressedCall(payload)));

// Conversion and validation IDs left out: the state derives them from the L1's ConvertSubnetToL1Tx.
const l1 = () => ({ managerChainID: encodeCB58(MANAGER_CHAIN), managerAddress: `0x${toHex(MANAGER_ADDRESS)}` });
const validator = (label: string, publicKey: Uint8Array, balance: bigint) => ({
  nodeID: nodeIdToString(idOf(`fork-warp node ${label}`).slice(0, 20)),
  weight: 100,
  startTime: 1_749_000_000,
  publicKey: `0x${toHex(publicKey)}`,
  balance: balance.toString(),
  remainingBalanceOwner: { addresses: [EWOQ_ADDRESS] },
  deactivationOwner: { addresses: [EWOQ_ADDRESS] },
});
const dormantKey = bls.getPublicKey(bls12_381.utils.randomSecretKey()).toBytes(true);
const state = {
  networkID: NETWORK_ID,
  time: 1_750_000_000,
  height: 2,
  utxos: [{ address: EWOQ_ADDRESS, amount: EWOQ.amount }],
  subnets: [
    // The L1 whose manager chain signs (active validators: read at the fork's start).
    { owner: { addresses: [EWOQ_ADDRESS] }, l1: l1(), l1Validators: signers.map((s, i) => validator(`signing ${i}`, s.compressed, 10n * AVAX)) },
    // An L1 managed from there whose one validator has no balance left: in no validator set.
    { owner: { addresses: [EWOQ_ADDRESS] }, l1: l1(), l1Validators: [validator('dormant', dormantKey, 0n)] },
  ],
};
const derived = withDerivedIDs(state).subnets!;
const SIGNING = derived[0]!.id!;
const DORMANT = derived[1]!.id!;
const DORMANT_VALIDATION = derived[1]!.l1Validators![0]!.validationID!;

let upstream: MockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, host: '127.0.0.1', network: { state } });
});
afterAll(() => upstream?.close());

/** A fresh fork of the upstream, with its reader's log; the validator sets it reads at start leave the dormant L1 out. */
async function forkOf(): Promise<{ fork: Awaited<ReturnType<typeof startForkedMockServer>>; reader: Upstream; warnings: string[] }> {
  const warnings: string[] = [];
  const reader = createUpstream({ url: upstream.url, logger: (line) => warnings.push(line) });
  const withoutDormant: ForkReader = {
    async read(endpoint, method, params) {
      const result = await reader.read(endpoint, method, params);
      if (method !== 'platform.getAllValidatorsAt') return result;
      const { validatorSets, ...rest } = result as { validatorSets: Record<string, unknown> };
      const { [DORMANT]: dormant, ...others } = validatorSets;
      expect(dormant).toBeDefined();
      return { ...rest, validatorSets: others };
    },
    pin: (networkID, height) => reader.pin(networkID, height),
  };
  const fork = await startForkedMockServer({ port: 0, host: '127.0.0.1', network: { fork: { reader: withoutDormant, log: (line) => warnings.push(line) } } });
  return { fork, reader, warnings };
}
const readsOf = (reader: Upstream, subnetID: string) => reader.log.filter((e) => e.method === 'platform.getSubnet' && e.params.subnetID === subnetID).length;
const chainTime = async (url: string) => BigInt(Date.parse(((await rpc(url, '/ext/bc/P', 'platform.getTimestamp')).result as { timestamp: string }).timestamp) / 1000);

describe('warp message txs on a fork', () => {
  it('the fork starts without the dormant L1 read (left out of the sets it read), the signing L1 read whole', async () => {
    const { fork, reader } = await forkOf();
    try {
      expect(readsOf(reader, SIGNING)).toBe(1);
      expect(readsOf(reader, DORMANT)).toBe(0);
    } finally {
      await fork.close();
    }
  });

  it('a SetL1ValidatorWeightTx naming the dormant L1\'s validation reads that L1 first, then executes', async () => {
    const { fork, reader, warnings } = await forkOf();
    try {
      const client = createClient({ url: fork.url, retry: false });
      const sent = await sendTx(client, { build: buildSetL1ValidatorWeightTx, params: { message: message(weightPayload(decodeCB58(DORMANT_VALIDATION), 0n, 60n)) }, keys: [EWOQ.privateKey], wait: false });
      expect(readsOf(reader, DORMANT)).toBe(1);
      expect(reader.log.some((e) => e.method === 'platform.getL1Validator' && e.params.validationID === DORMANT_VALIDATION)).toBe(true);
      fork.control.mine();
      expect(((await rpc(fork.url, '/ext/bc/P', 'platform.getTxStatus', { txID: sent.txID })).result as { status: string }).status).toBe('Committed');
      expect((await rpc(fork.url, '/ext/bc/P', 'platform.getL1Validator', { validationID: DORMANT_VALIDATION })).result).toMatchObject({ subnetID: DORMANT, weight: '60', minNonce: '1' });
      // Upstream: unchanged.
      expect((await rpc(upstream.url, '/ext/bc/P', 'platform.getL1Validator', { validationID: DORMANT_VALIDATION })).result).toMatchObject({ weight: '100', minNonce: '0' });
      expect(readsOf(reader, DORMANT)).toBe(1);
      expect(warnings).toEqual([]);
    } finally {
      await fork.close();
    }
  });

  it('a RegisterL1ValidatorTx naming the dormant L1 reads it (its conversion) first, then registers the validator', async () => {
    const { fork, reader, warnings } = await forkOf();
    try {
      const secretKey = bls12_381.utils.randomSecretKey();
      const pop = await proofOfPossession(secretKey);
      const nodeID = idOf('fork-warp new node').slice(0, 20);
      const payload = registerPayload(decodeCB58(DORMANT), nodeID, bls.getPublicKey(secretKey).toBytes(true), (await chainTime(fork.url)) + 3600n, 40n);
      const client = createClient({ url: fork.url, retry: false });
      const sent = await sendTx(client, { build: buildRegisterL1ValidatorTx, params: { balance: AVAX, proofOfPossession: pop.proofOfPossession, message: message(payload) }, keys: [EWOQ.privateKey], wait: false });
      expect(readsOf(reader, DORMANT)).toBe(1);
      fork.control.mine();
      expect(((await rpc(fork.url, '/ext/bc/P', 'platform.getTxStatus', { txID: sent.txID })).result as { status: string }).status).toBe('Committed');
      const validationID = encodeCB58(sha256(payload));
      expect((await rpc(fork.url, '/ext/bc/P', 'platform.getL1Validator', { validationID })).result).toMatchObject({ subnetID: DORMANT, nodeID: nodeIdToString(nodeID), weight: '40', balance: String(AVAX) });
      const listed = ((await rpc(fork.url, '/ext/bc/P', 'platform.getCurrentValidators', { subnetID: DORMANT })).result as { validators: unknown[] }).validators;
      expect(listed).toHaveLength(2);
      // Upstream: one validator still, and no such validation.
      expect(((await rpc(upstream.url, '/ext/bc/P', 'platform.getCurrentValidators', { subnetID: DORMANT })).result as { validators: unknown[] }).validators).toHaveLength(1);
      expect((await rpc(upstream.url, '/ext/bc/P', 'platform.getL1Validator', { validationID })).error?.message).toBeDefined();
      expect(warnings).toEqual([]);
    } finally {
      await fork.close();
    }
  });
});
