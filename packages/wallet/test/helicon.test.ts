// ACP-236 on the write side: AddAutoRenewedValidatorTx (type 40) and
// SetAutoRenewedValidatorConfigTx (type 41) built, priced and signed as the node's Go wallet
// does at v1.15.0-fuji (builder.go, signer/visitor.go, txs/fee/complexity.go); their complexity,
// fee and signatures against @avalabs/avalanchejs 5.2.0's (a dev-only peer, used through its
// API only) for txs it builds from the same UTXOs at the same fee state, served by the mock.
import { addTxSignatures, pvm, secp256k1, utils, type Context } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import { encodeCB58, parseTx } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { AUTHORIZATION, txComplexity as rulesComplexity } from '@avanode/wallet/rules';
import {
  MissingDataError,
  buildAddAutoRenewedValidatorTx,
  buildSetAutoRenewedValidatorConfigTx,
  keyAddress,
  keyAddressBytes,
  proofOfPossession,
  readUtxoHexes,
  signTx,
  txComplexity,
  txFee,
} from '@avanode/wallet';
import { createClient } from '@avanode/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR1, ADDR2, ADDR3, EWOQ, KEY2, KEY3, common, utxoHex } from './fixtures.js';
import { localPeerContext } from '../../../scripts/peer-context.ts';

const BLS_KEY = new Uint8Array(32).fill(7);
const NODE_ID = 'NodeID-111111111111111111116DBWJs';
const TX_ID = encodeCB58(new Uint8Array(32).fill(9));

describe('builders for types 40 and 41', () => {
  it('AddAutoRenewedValidatorTx stakes the weight, carries the three owners, and prices as the node', async () => {
    const signer = await proofOfPossession(BLS_KEY);
    const built = buildAddAutoRenewedValidatorTx({
      ...common([utxoHex({ amount: 5_000_000_000n }), utxoHex({ amount: 3_000_000_000n })]),
      nodeID: NODE_ID,
      weight: 6_000_000_000n,
      signer,
      validationRewardsOwner: ADDR1,
      delegationRewardsOwner: { addresses: [ADDR2, ADDR1], threshold: 1 },
      validatorAuthority: { addresses: [ADDR3, ADDR2], threshold: 2 },
      delegationShares: 20_000,
      autoCompoundRewardShares: 500_000,
      period: 14n * 86_400n,
    });
    const tx = built.unsignedTx as unknown as Record<string, unknown>;
    expect(tx.type).toBe('AddAutoRenewedValidatorTx');
    expect(tx.nodeID).toMatch(/^0x[0-9a-f]{40}$/);
    expect((tx.stake as { output: { amount: bigint } }[]).reduce((sum, out) => sum + BigInt(out.output.amount), 0n)).toBe(6_000_000_000n);
    expect((tx.validatorAuthority as { threshold: number; addresses: string[] }).threshold).toBe(2);
    expect(BigInt(tx.period as bigint)).toBe(1_209_600n);
    // No authorization: one credential per input.
    expect(AUTHORIZATION.AddAutoRenewedValidatorTx).toBeNull();
    const signed = await signTx(built, { keys: [EWOQ] });
    expect(parseTx(signed.bytes).tx.credentials).toHaveLength((tx.inputs as unknown[]).length);
    // The fee burned pays the node's fee of the signed tx at the builder's gas price.
    expect(built.fee).toBeGreaterThanOrEqual(txFee(signed.bytes, { weights: [1, 1000, 1000, 4], price: built.gasPrice }));
    expect(txComplexity(signed.bytes)).toEqual(rulesComplexity(built.unsignedTx));
  });

  it('SetAutoRenewedValidatorConfigTx signs its auth with the validator authority: two credentials', async () => {
    const authority = { addresses: [ADDR2, ADDR3], threshold: 1, locktime: 0 };
    const built = buildSetAutoRenewedValidatorConfigTx({ ...common([utxoHex({ amount: 50_000_000n })], { fromAddresses: [ADDR1, ADDR3] }), txID: TX_ID, validatorAuthority: authority, autoCompoundRewardShares: 250_000, period: 0 });
    expect(AUTHORIZATION.SetAutoRenewedValidatorConfigTx).toMatchObject({ field: 'auth', owner: 'validator authority' });
    const signed = await signTx(built, { keys: [EWOQ, KEY3] });
    const credentials = parseTx(signed.bytes).tx.credentials as { signatures: string[] }[];
    expect(credentials).toHaveLength(2);
    expect(credentials[1]!.signatures).toHaveLength(1);
    // The auth's signature is KEY3's (ADDR3 is the authority address fromAddresses hold).
    expect((built.unsignedTx as unknown as { auth: { signatureIndices: number[] } }).auth.signatureIndices).toHaveLength(1);
    // Without the key of the authority: missing; without the owner, from bytes: asked for by name.
    await expect(signTx(built, { keys: [EWOQ] })).rejects.toThrow(/missing signatures: credential 1 needs/);
    await expect(signTx(built.unsignedBytes, { keys: [EWOQ, KEY3], utxos: built.spentUtxos })).rejects.toThrow(new MissingDataError(`the validator authority of ${TX_ID} (for the auth) is needed: pass it in options.owners`));
    const fromBytes = await signTx(built.unsignedBytes, { keys: [EWOQ, KEY3, KEY2], utxos: built.spentUtxos, owners: { [TX_ID]: authority } });
    expect(fromBytes.hex).toBe(signed.hex);
  });

  it('refuses an authority fromAddresses cannot sign for, and shares over 100%', () => {
    expect(() => buildSetAutoRenewedValidatorConfigTx({ ...common([utxoHex({ amount: 50_000_000n })]), txID: TX_ID, validatorAuthority: { addresses: [ADDR2] }, autoCompoundRewardShares: 0, period: 0 })).toThrow(
      'insufficient authorization: fromAddresses hold fewer than 1 of the validatorAuthority\'s addresses',
    );
    expect(() => buildSetAutoRenewedValidatorConfigTx({ ...common([utxoHex({ amount: 50_000_000n })]), txID: TX_ID, validatorAuthority: { addresses: [ADDR1] }, autoCompoundRewardShares: 1_000_001, period: 0 })).toThrow(
      'autoCompoundRewardShares must be an integer from 0 to 1000000 (millionths: 20000 = 2%)',
    );
  });
});

describe('against @avalabs/avalanchejs 5.2.0 (pvm.e.newAddAutoRenewedValidatorTx, newSetAutoRenewedValidatorConfigTx)', () => {
  const KEY = new Uint8Array(32).fill(0x41);
  const AUTHORITY_KEY = new Uint8Array(32).fill(0x42);
  const SENDER = keyAddress(KEY, 'local');
  let server: MockServer;
  let api: pvm.PVMApi;
  let context: Context;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, network: { seed: 11 } });
    server.control.fund(SENDER, (5_000n * 1_000_000_000n).toString());
    server.control.fund(SENDER, (3n * 1_000_000_000n).toString());
    api = new pvm.PVMApi(server.url);
    const client = createClient({ url: server.url });
    const { assetID } = await client.platform.getStakingAssetID({});
    context = localPeerContext(assetID, await api.getFeeConfig());
  });
  afterAll(() => server.close());

  /** Their complexity and fee of their unsigned tx equal ours; their signed bytes equal what signTx makes of the unsigned bytes. */
  const compare = async (unsignedTx: ReturnType<typeof pvm.e.newBaseTx>, keys: Uint8Array[], owners: Record<string, { addresses: string[]; threshold: number; locktime: number }> = {}) => {
    const bytes = unsignedTx.toBytes();
    const { weights } = context.platformFeeConfig;
    const theirs = pvm.getTxComplexity(unsignedTx.getTx());
    const ours = txComplexity(bytes);
    expect([ours.bandwidth, ours.dbRead, ours.dbWrite, ours.compute]).toEqual([0, 1, 2, 3].map((i) => BigInt((theirs as unknown as Record<number, number | bigint>)[i]!)));
    const { price } = await api.getFeeState();
    const fee = txFee(bytes, { weights: [weights[0], weights[1], weights[2], weights[3]], price });
    expect(fee).toBe(pvm.calculateFee(unsignedTx.getTx(), weights, price));
    await addTxSignatures({ unsignedTx, privateKeys: keys });
    const peerSigned = unsignedTx.getSignedTx().toBytes();
    const utxos = await readUtxoHexes(createClient({ url: server.url }), [SENDER]);
    const signed = await signTx(bytes, { keys, utxos, owners });
    return { fee, signed, peerSigned };
  };

  it('type 40: complexity, fee and signatures equal', async () => {
    const feeState = await api.getFeeState();
    const { utxos } = await api.getUTXOs({ addresses: [SENDER] });
    const signer = await proofOfPossession(BLS_KEY);
    const unsignedTx = pvm.e.newAddAutoRenewedValidatorTx(
      {
        feeState,
        fromAddressesBytes: [utils.bech32ToBytes(SENDER)],
        utxos,
        nodeId: NODE_ID,
        publicKey: utils.hexToBuffer(signer.publicKey as string),
        signature: utils.hexToBuffer(signer.proofOfPossession as string),
        rewardAddresses: [keyAddressBytes(KEY)],
        delegatorRewardsOwner: [keyAddressBytes(KEY)],
        ownerAddresses: [keyAddressBytes(AUTHORITY_KEY)],
        shares: 20_000,
        weight: 2_000n * 1_000_000_000n,
        autoCompoundRewardShares: 1_000_000,
        period: 14n * 86_400n,
      },
      context,
    );
    const { signed, peerSigned } = await compare(unsignedTx as never, [KEY]);
    expect(signed.bytes).toEqual(peerSigned);
    expect((signed.tx.unsignedTx as { type: string }).type).toBe('AddAutoRenewedValidatorTx');
  });

  it('type 41: complexity, fee and both credentials equal', async () => {
    const feeState = await api.getFeeState();
    const { utxos } = await api.getUTXOs({ addresses: [SENDER] });
    const unsignedTx = pvm.e.newSetAutoRenewedValidatorConfigTx(
      { feeState, fromAddressesBytes: [utils.bech32ToBytes(SENDER)], utxos, validatorTxId: TX_ID, auth: [0], autoCompoundRewardShares: 300_000, period: 7n * 86_400n },
      context,
    );
    const authority = { addresses: [keyAddress(AUTHORITY_KEY, 'local')], threshold: 1, locktime: 0 };
    const { signed, peerSigned } = await compare(unsignedTx as never, [KEY, AUTHORITY_KEY], { [TX_ID]: authority });
    const ours = signed.tx.credentials as { signatures: string[] }[];
    const theirs = parseTx(peerSigned).tx.credentials as { signatures: string[] }[];
    expect(ours).toHaveLength(theirs.length);
    // The inputs' credentials are the same bytes.
    expect(ours.slice(0, -1)).toEqual(theirs.slice(0, -1));
    // avalanchejs's builder takes the auth's indices but not its owner, so addTxSignatures leaves
    // the auth's signature empty (one 65-byte zero signature). Ours is the authority key's
    // signature of the tx hash: the one avalanchejs's secp256k1.signHash makes with that key.
    expect(theirs.at(-1)!.signatures).toEqual([`0x${'00'.repeat(65)}`]);
    const expected = await secp256k1.signHash(sha256(unsignedTx.toBytes()), AUTHORITY_KEY);
    expect(ours.at(-1)!.signatures).toEqual([`0x${Buffer.from(expected).toString('hex')}`]);
    // Otherwise the bytes are the same: the signed tx with their auth signature filled in is ours.
    expect(signed.bytes.subarray(0, signed.bytes.length - 65)).toEqual(peerSigned.subarray(0, peerSigned.length - 65));
  });
});
