// The L1 warp message txs on the simulated network over HTTP on 127.0.0.1, as avalanchego v1.14.2
// executes them: RegisterL1ValidatorTx and SetL1ValidatorWeightTx built and signed (ewoq) by
// @avanode/wallet, their warp messages written here byte by byte (warp/, warp/payload,
// warp/message codecs) and signed by BLS keys made in this test for the L1's validators. The
// signature is checked before the executor (block/executor/manager.go VerifyTx,
// txs/executor/warp_verifier.go, warp/signature.go), the rest by standard_tx_executor.go; each
// refusal carries the node's text. The secret keys stay in this file: nothing prints them.
import { createClient } from '@avanode/client';
import { decodeCB58, decodeUtxo, encodeCB58, nodeIdToString, toHex } from '@avanode/codec';
import { TEST_KEYS, withDerivedIDs } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildConvertSubnetToL1Tx, buildCreateChainTx, buildCreateSubnetTx, buildRegisterL1ValidatorTx, buildSetL1ValidatorWeightTx, keyAddress, proofOfPossession, sendTx, TxRefusedError } from '@avanode/wallet';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarpParseError, parseAddressedCall, parseL1ValidatorWeight, parseRegisterL1Validator, parseWarpMessage } from '../src/executor/warp-message.ts';
import { bytes, concat, owner, u16, u32, u64 } from './warp-bytes.ts';

const bls = bls12_381.longSignatures;
const SIGNATURE_CIPHERSUITE = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const NETWORK_ID = 12345;
const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, NETWORK_ID);
const AVAX = 1_000_000_000n;

const idOf = (label: string) => sha256(new TextEncoder().encode(label));
const MANAGER_CHAIN = idOf('warp-test manager chain');
const MANAGER_ADDRESS = new Uint8Array(20).fill(0x11);


interface Registration {
  nodeID: Uint8Array;
  publicKey: Uint8Array;
  expiry: bigint;
  weight: bigint;
  subnetID?: Uint8Array;
}
const registerPayload = (r: Registration) =>
  concat(u16(0), u32(1), r.subnetID ?? decodeCB58(SUBNET_ID), bytes(r.nodeID), r.publicKey, u64(r.expiry), owner([EWOQ_ADDRESS]), owner([EWOQ_ADDRESS]), u64(r.weight));
const weightPayload = (validationID: Uint8Array, nonce: bigint, weight: bigint) => concat(u16(0), u32(3), validationID, u64(nonce), u64(weight));
const addressedCall = (payload: Uint8Array, source = MANAGER_ADDRESS) => concat(u16(0), u32(1), bytes(source), bytes(payload));
const unsignedMessage = (payload: Uint8Array, chain = MANAGER_CHAIN, networkID = NETWORK_ID) => concat(u16(0), u32(networkID), chain, bytes(payload));

// --- The L1's validators: BLS keys made here. `members` follows the L1's active set as the tests change it.
interface Member {
  secretKey: Uint8Array;
  compressed: Uint8Array;
  /** The uncompressed public key, hex: the canonical order's key. */
  sortKey: string;
}
const member = (secretKey: Uint8Array): Member => {
  const key = bls.getPublicKey(secretKey);
  return { secretKey, compressed: key.toBytes(true), sortKey: toHex(key.toBytes(false)) };
};
const validators = [1, 2, 3].map(() => member(bls12_381.utils.randomSecretKey()));
let members = [...validators];
const WEIGHT = 100n;

/** The signers' bit set: bit i for the i-th member in the canonical order (by uncompressed public key). */
const bitsOf = (signers: Member[]) => {
  const order = [...members].sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  return signers.map((s) => order.indexOf(s));
};

/** A BitSetSignature by `signers` (all `members` by default) over `unsigned`; `signed` replaces the bytes they sign, `indices` the bit set. */
function signMessage(unsigned: Uint8Array, signers: Member[] = members, options: { signed?: Uint8Array; indices?: number[] } = {}): Uint8Array {
  let bits = 0n;
  for (const i of options.indices ?? bitsOf(signers)) bits |= 1n << BigInt(i);
  const hexBits = bits === 0n ? '' : bits.toString(16).padStart(Math.ceil(bits.toString(16).length / 2) * 2, '0');
  const bitSet = Uint8Array.from(hexBits.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  const point = bls.hash(options.signed ?? unsigned, SIGNATURE_CIPHERSUITE);
  const signature = bls.aggregateSignatures(signers.map((m) => bls.sign(point, m.secretKey))).toBytes(true);
  return concat(unsigned, u32(0), bytes(bitSet), signature);
}

const state = {
  networkID: NETWORK_ID,
  time: 1_750_000_000,
  height: 2,
  utxos: [{ address: EWOQ_ADDRESS, amount: EWOQ.amount }],
  subnets: [
    {
      owner: { addresses: [EWOQ_ADDRESS] },
      l1: { managerChainID: encodeCB58(MANAGER_CHAIN), managerAddress: `0x${toHex(MANAGER_ADDRESS)}` },
      l1Validators: validators.map((v, i) => ({
        nodeID: nodeIdToString(idOf(`warp-test node ${i}`).slice(0, 20)),
        weight: Number(WEIGHT),
        startTime: 1_749_000_000,
        publicKey: `0x${toHex(v.compressed)}`,
        balance: (10n * AVAX).toString(),
        remainingBalanceOwner: { addresses: [EWOQ_ADDRESS] },
        deactivationOwner: { addresses: [EWOQ_ADDRESS] },
      })),
    },
  ],
};
/** The ID of the CreateSubnetTx the mock makes for the state's subnet. */
const SUBNET_ID = withDerivedIDs(state).subnets![0]!.id!;
/** The validation IDs its ConvertSubnetToL1Tx derives for the state's validators, in the state's order. */
const VALIDATION_IDS = withDerivedIDs(state).subnets![0]!.l1Validators!.map((v) => decodeCB58(v.validationID));

let server: MockServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  server = await startMockServer({ port: 0, host: '127.0.0.1', network: { state, clock: 'real', blockTimeMs: 50 } });
  client = createClient({ url: server.url });
});
afterAll(() => server?.close());

/** The node's text of a refused tx, or '' when it committed. */
async function refusal(send: Promise<unknown>): Promise<string> {
  try {
    await send;
    return '';
  } catch (error) {
    if (error instanceof TxRefusedError) return error.nodeMessage;
    throw error;
  }
}
const chainTime = async () => BigInt(Date.parse((await client.platform.getTimestamp()).timestamp) / 1000);
/**
 * A warp message is verified against the validator set at the proposer's P-chain height, the
 * parent of the oldest of the last 64 blocks accepted in the last 30 s (validators/manager.go
 * GetMinimumHeight): after a change to the set, the clock moves on before a message signed by the new set.
 */
const settle = async () => {
  const changed = BigInt((await client.platform.getHeight()).height);
  // With a block every 50 ms the window is full (64 blocks) before 30 s pass: the proposer's
  // height stays 64 blocks behind the tip, past the block that made the change.
  server.control.advance(31_000);
  expect(BigInt((await client.platform.getProposedHeight()).height)).toBeGreaterThanOrEqual(changed);
};

/** A new validator's node ID, BLS key (as a member) and proof of possession. */
async function newValidator(label: string) {
  const secretKey = bls12_381.utils.randomSecretKey();
  const pop = await proofOfPossession(secretKey);
  return { nodeID: idOf(label).slice(0, 20), member: member(secretKey), publicKey: member(secretKey).compressed, proofOfPossession: pop.proofOfPossession };
}

const register = (message: Uint8Array, proofOfPossession: string, balance = AVAX) =>
  sendTx(client, { build: buildRegisterL1ValidatorTx, params: { balance, proofOfPossession, message }, keys: [EWOQ.privateKey] });
const setWeight = (message: Uint8Array) => sendTx(client, { build: buildSetL1ValidatorWeightTx, params: { message }, keys: [EWOQ.privateKey] });
const executorText = (text: string) => new RegExp(`^couldn't issue tx: failed verification: failed execution: standard tx \\S+ failed execution: ${text}$`);
const warpText = (text: string) => new RegExp(`^couldn't issue tx: failed verification: failed verifying warp messages: ${text}$`);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('RegisterL1ValidatorTx and SetL1ValidatorWeightTx, executed', () => {
  it('registers an L1 validator, reweights it, refuses a stale nonce, then removes it and returns its balance', async () => {
    const fresh = await newValidator('warp-test new node');
    const expiry = (await chainTime()) + 3600n;
    const payload = registerPayload({ nodeID: fresh.nodeID, publicKey: fresh.publicKey, expiry, weight: 40n });
    const registered = await register(signMessage(unsignedMessage(addressedCall(payload))), fresh.proofOfPossession, 3n * AVAX);
    expect(registered.status).toBe('Committed');
    members.push(fresh.member);
    // Signed by the new set before the proposer's height reaches it: the new signer is unknown there.
    expect(await refusal(setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(sha256(payload), 0n, 71n))))))).toMatch(warpText(literal('unknown validator: NumIndices (3) >= NumFilteredValidators (3)')));
    await settle();
    // message.ValidationID: sha256 of the RegisterL1Validator payload's bytes.
    const validationID = encodeCB58(sha256(payload));
    const listed = (await client.platform.getCurrentValidators({ subnetID: SUBNET_ID })).validators as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(4);
    const added = await client.platform.getL1Validator({ validationID });
    expect(added).toMatchObject({ subnetID: SUBNET_ID, nodeID: nodeIdToString(fresh.nodeID), weight: '40', minNonce: '0', balance: String(3n * AVAX), publicKey: `0x${toHex(fresh.publicKey)}` });
    expect(listed.find((v) => v.validationID === validationID)).toMatchObject({ weight: '40', startTime: added.startTime });
    expect(BigInt(added.startTime)).toBeGreaterThanOrEqual(BigInt(state.time));

    // The same message again: its expiry entry is there.
    const again = await refusal(register(signMessage(unsignedMessage(addressedCall(payload))), fresh.proofOfPossession, 3n * AVAX));
    expect(again).toMatch(executorText(`warp message already issued for validationID ${validationID}`));

    const id = sha256(payload);
    expect((await setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(id, 0n, 70n)))))).status).toBe('Committed');
    await settle();
    expect(await client.platform.getL1Validator({ validationID })).toMatchObject({ weight: '70', minNonce: '1' });

    // Nonce below minNonce.
    const stale = await refusal(setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(id, 0n, 80n))))));
    expect(stale).toMatch(executorText('warp message contains stale nonce 0 must be at least 1'));

    // Weight 0 removes it; its balance comes back to the remaining balance owner as a UTXO of the tx.
    const removed = await setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(id, 5n, 0n)))));
    expect(removed.status).toBe('Committed');
    members = members.filter((m) => m !== fresh.member);
    await settle();
    expect((await client.platform.getCurrentValidators({ subnetID: SUBNET_ID })).validators).toHaveLength(3);
    await expect(client.platform.getL1Validator({ validationID })).rejects.toThrow(/not found/);
    const { utxos } = await client.platform.getUTXOs({ addresses: [EWOQ_ADDRESS], encoding: 'hex' });
    const refunds = utxos.map((hex) => decodeUtxo(hex)).filter((u) => u.txID === removed.txID);
    expect(refunds.map((u) => BigInt((u.output as { amount: number | bigint }).amount))).toContain(3n * AVAX);
  });
});

describe('refusals, each with the node text', () => {
  it('wrong source address', async () => {
    const fresh = await newValidator('warp-test wrong source');
    const payload = registerPayload({ nodeID: fresh.nodeID, publicKey: fresh.publicKey, expiry: (await chainTime()) + 3600n, weight: 10n });
    const text = await refusal(register(signMessage(unsignedMessage(addressedCall(payload, new Uint8Array(20).fill(0x22)))), fresh.proofOfPossession));
    expect(text).toMatch(executorText(`wrong warp message source address expected 0x${'11'.repeat(20)} but got 0x${'22'.repeat(20)}`));
  });

  it('expired, and too far in the future', async () => {
    const fresh = await newValidator('warp-test expired');
    const now = await chainTime();
    const expired = registerPayload({ nodeID: fresh.nodeID, publicKey: fresh.publicKey, expiry: now - 10n, weight: 10n });
    expect(await refusal(register(signMessage(unsignedMessage(addressedCall(expired))), fresh.proofOfPossession))).toMatch(executorText(`warp message expired at ${now - 10n} and it is currently \\d+`));
    const later = registerPayload({ nodeID: fresh.nodeID, publicKey: fresh.publicKey, expiry: now + 100_000n, weight: 10n });
    expect(await refusal(register(signMessage(unsignedMessage(addressedCall(later))), fresh.proofOfPossession))).toMatch(
      executorText('warp message not yet allowed because time is \\d+ seconds in the future but the limit is 86400'),
    );
  });

  it('insufficient signing weight: one of three validators', async () => {
    const text = await refusal(setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[0]!, 1n, 5n))), [validators[1]!])));
    expect(text).toMatch(warpText(literal('signature weight is insufficient: 67*300 > 100*100')));
  });

  it('bad aggregate signature: a quorum that signed other bytes', async () => {
    const unsigned = unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[0]!, 1n, 5n)));
    const text = await refusal(setWeight(signMessage(unsigned, members, { signed: unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[0]!, 1n, 6n))) })));
    expect(text).toMatch(warpText('signature is invalid'));
  });

  it('a signer outside the set, a wrong network ID', async () => {
    const unsigned = unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[0]!, 1n, 5n)));
    expect(await refusal(setWeight(signMessage(unsigned, members, { indices: [0, 1, 3] })))).toMatch(warpText(literal('unknown validator: NumIndices (3) >= NumFilteredValidators (3)')));
    const elsewhere = unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[0]!, 1n, 5n)), MANAGER_CHAIN, 5);
    expect(await refusal(setWeight(signMessage(elsewhere)))).toMatch(warpText('wrong networkID'));
  });

  it('unknown validation ID', async () => {
    const text = await refusal(setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(idOf('no such validation'), 0n, 5n))))));
    expect(text).toMatch(executorText('could not load L1 validator: not found'));
  });

  it('removing the last L1 validator (after two removals that leave one)', async () => {
    const remove = async (index: number, nonce: bigint) => setWeight(signMessage(unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[index]!, nonce, 0n)))));
    expect((await remove(2, 0n)).status).toBe('Committed');
    members = members.filter((m) => m !== validators[2]);
    await settle();
    expect((await remove(1, 0n)).status).toBe('Committed');
    members = members.filter((m) => m !== validators[1]);
    await settle();
    expect(await refusal(remove(0, 0n))).toMatch(executorText('attempting to remove the last L1 validator from a converted subnet'));
    expect((await client.platform.getCurrentValidators({ subnetID: SUBNET_ID })).validators).toHaveLength(1);
  });
});

describe('more refusals', () => {
  it('a source chain no tx created, and a proof of possession of another key', async () => {
    const stranger = idOf('warp-test no chain');
    const message = signMessage(unsignedMessage(addressedCall(weightPayload(VALIDATION_IDS[0]!, 9n, 5n)), stranger));
    expect(await refusal(setWeight(message))).toMatch(warpText(`problem retrieving blockchain "${encodeCB58(stranger)}": not found`));
    const fresh = await newValidator('warp-test pop');
    const other = await newValidator('warp-test other pop');
    const payload = registerPayload({ nodeID: fresh.nodeID, publicKey: fresh.publicKey, expiry: (await chainTime()) + 3600n, weight: 10n });
    expect(await refusal(register(signMessage(unsignedMessage(addressedCall(payload))), other.proofOfPossession))).toMatch(executorText('invalid proof of possession'));
  });
});

describe('an L1 converted by txs, its manager chain a CreateChainTx', () => {
  it('registers a validator with a message from that chain, signed by the validator the conversion added', async () => {
    const subnetOwner = { addresses: [EWOQ_ADDRESS], threshold: 1 };
    const keys = [EWOQ.privateKey];
    const subnet = await sendTx(client, { build: buildCreateSubnetTx, params: { owner: subnetOwner }, keys });
    const chain = await sendTx(client, { build: buildCreateChainTx, params: { subnetID: subnet.txID, subnetOwner, chainName: 'manager', vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy', genesisData: '{}' }, keys });
    const first = await newValidator('warp-test converted first');
    const address = new Uint8Array(20).fill(0x33);
    const converted = await sendTx(client, {
      build: buildConvertSubnetToL1Tx,
      params: {
        subnetID: subnet.txID,
        subnetOwner,
        chainID: chain.txID,
        address,
        validators: [{ nodeID: nodeIdToString(first.nodeID), weight: 100n, balance: AVAX, signer: { publicKey: `0x${toHex(first.publicKey)}`, proofOfPossession: first.proofOfPossession }, remainingBalanceOwner: subnetOwner, deactivationOwner: subnetOwner }],
      },
      keys,
    });
    expect(converted.status).toBe('Committed');
    await settle();
    const fresh = await newValidator('warp-test converted second');
    const payload = registerPayload({ nodeID: fresh.nodeID, publicKey: fresh.publicKey, expiry: (await chainTime()) + 600n, weight: 50n, subnetID: decodeCB58(subnet.txID) });
    const unsigned = unsignedMessage(addressedCall(payload, address), decodeCB58(chain.txID));
    // The chain's subnet is the new L1, whose one validator must sign: the test L1's quorum is not it.
    expect(await refusal(register(signMessage(unsigned, members, { indices: [0] }), fresh.proofOfPossession))).toMatch(warpText('signature is invalid'));
    const registered = await register(signMessage(unsigned, [first.member], { indices: [0] }), fresh.proofOfPossession);
    expect(registered.status).toBe('Committed');
    const { validators: listed } = await client.platform.getCurrentValidators({ subnetID: subnet.txID });
    expect((listed as Array<{ nodeID: string; weight: string }>).map((v) => [v.nodeID, v.weight]).sort()).toEqual([[nodeIdToString(first.nodeID), '100'], [nodeIdToString(fresh.nodeID), '50']].sort());
  });
});

describe('the warp message reader (bounded, the node codec texts)', () => {
  const payload = weightPayload(idOf('x'), 1n, 2n);
  const message = signMessage(unsignedMessage(addressedCall(payload)));
  const text = (run: () => unknown) => {
    try {
      run();
      return '';
    } catch (error) {
      if (error instanceof WarpParseError) return error.message;
      throw error;
    }
  };

  it('reads what it was written from', () => {
    const parsed = parseWarpMessage(message);
    expect(parsed.unsigned.networkID).toBe(NETWORK_ID);
    expect(parsed.unsigned.bytes).toEqual(unsignedMessage(addressedCall(payload)));
    expect(parseAddressedCall(parsed.unsigned.payload).payload).toEqual(payload);
    expect(parseL1ValidatorWeight(payload)).toEqual({ validationID: idOf('x'), nonce: 1n, weight: 2n });
  });

  it('refuses every truncation, trailing bytes, unknown versions and types, and the wrong payload type', () => {
    for (let cut = 0; cut < message.length; cut++) expect(text(() => parseWarpMessage(message.subarray(0, cut)))).not.toBe('');
    expect(text(() => parseWarpMessage(message.subarray(0, 1)))).toBe("couldn't unpack codec version");
    expect(text(() => parseWarpMessage(message.subarray(0, 4)))).toBe("couldn't unmarshal uint32: packer has insufficient length for input");
    expect(text(() => parseWarpMessage(concat(message, new Uint8Array(1))))).toBe(`trailing buffer space: read ${message.length} provided ${message.length + 1}`);
    expect(text(() => parseWarpMessage(concat(u16(1), message.subarray(2))))).toBe('unknown codec version');
    expect(text(() => parseAddressedCall(concat(u16(0), u32(7))))).toBe("couldn't unmarshal interface: unknown type ID 7");
    expect(text(() => parseAddressedCall(concat(u16(0), u32(0), idOf('h'))))).toBe('wrong payload type: *payload.Hash');
    expect(text(() => parseRegisterL1Validator(payload))).toBe('wrong payload type: *message.L1ValidatorWeight');
    expect(text(() => parseL1ValidatorWeight(concat(u16(0), u32(2), idOf('v'), new Uint8Array([2]))))).toBe("couldn't unmarshal bool: unexpected value when unpacking bool");
    // A length past the bytes there is refused without reading (or allocating) it.
    expect(text(() => parseAddressedCall(concat(u16(0), u32(1), u32(0xffffffff))))).toBe('max slice length exceeded; array length, 4294967295, exceeds maximum length, 2147483647');
    expect(text(() => parseAddressedCall(concat(u16(0), u32(1), u32(1000), new Uint8Array(3))))).toBe('packer has insufficient length for input');
    expect(text(() => parseAddressedCall(new Uint8Array(24 * 1024 + 1)))).toBe('byte array exceeds maximum length: 24577 > 24576');
  });
});
