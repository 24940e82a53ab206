// Keys, signing, partial signing and merging, proofs of possession.
import { inspect } from 'node:util';
import { decodeTx, parseAddress, parseTx } from '@avanode/codec';
import {
  KeyFormatError,
  MissingSignaturesError,
  UnusedSignerError,
  buildBaseTx,
  buildCreateChainTx,
  createKeySigner,
  keyAddress,
  mergeSignatures,
  parsePrivateKey,
  proofOfPossession,
  signTx,
  verifyProofOfPossession,
  type Signer,
} from '@avanode/wallet';
import { verifyCredentials, verifySpend } from '@avanode/wallet/rules';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { ADDR1, ADDR2, ADDR3, EWOQ, KEY2, KEY3, common, utxoHex } from './fixtures.js';
import vectors from './vectors/avalanchego-v1.14.2.json' with { type: 'json' };

const EWOQ_HEX = '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';

describe('keys', () => {
  it('reads PrivateKey-cb58 and 0x hex to the same 32 bytes, and the ewoq address', () => {
    expect(parsePrivateKey(EWOQ)).toEqual(parsePrivateKey(EWOQ_HEX));
    // genesis_local.json funds this address with the ewoq key.
    expect(keyAddress(EWOQ, 'local')).toBe('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(keyAddress(EWOQ, 'mainnet')).toBe('P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5');
  });
  it('refuses bad keys without quoting them', () => {
    const cases = [EWOQ.slice(0, -1), `${EWOQ_HEX}00`, 'ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN', `0x${'00'.repeat(32)}`, `0x${'ff'.repeat(32)}`];
    for (const text of cases) {
      let error: unknown;
      try {
        parsePrivateKey(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(KeyFormatError);
      const message = (error as Error).message;
      expect(message).not.toContain(text.slice(12, 30));
      expect(message).not.toContain('ewoqjP7P');
    }
  });
  it('a key signer never shows its key: toString, JSON, inspect', () => {
    const signer = createKeySigner(EWOQ);
    const key = parsePrivateKey(EWOQ);
    const keyHex = Buffer.from(key).toString('hex');
    const shown = [String(signer), `${signer}`, JSON.stringify(signer), inspect(signer, { showHidden: true, depth: Number.POSITIVE_INFINITY }), inspect({ signer }), Object.keys(signer).join(',')];
    for (const text of shown) {
      expect(text).not.toContain(keyHex);
      expect(text).not.toContain('ewoqjP7P');
      expect(text).not.toContain(key.join(','));
    }
    expect(String(signer)).toMatch(/^KeySigner\([0-9a-f]{40}\)$/);
  });
});

describe('signTx (wallet/chain/p/signer)', () => {
  it('signs one credential per input in order, each signature recovering to the owner', async () => {
    const utxos = [utxoHex({ amount: 3_000_000n }), utxoHex({ amount: 2_000_000n }), utxoHex({ amount: 1_000_000n })];
    const built = buildBaseTx({ ...common(utxos), outputs: [{ address: ADDR2, amount: 5_500_000n }] });
    const signed = await signTx(built, { keys: [EWOQ] });
    const parsed = parseTx(signed.bytes);
    expect(parsed.id).toBe(signed.id);
    const inputs = (parsed.tx.unsignedTx as { inputs: { txID: string; outputIndex: number; input: { amount: number; signatureIndices: number[] } }[] }).inputs;
    expect(parsed.tx.credentials).toHaveLength(inputs.length);
    expect(inputs.length).toBe(3);
    // Each input verifies as the node verifies it, against its UTXO.
    inputs.forEach((input, i) => {
      const utxo = built.spentUtxos.find((u) => u.txID === input.txID)!;
      expect(() =>
        verifySpend({ unsignedBytes: parsed.unsignedBytes, now: 2_000, input: input.input, credential: parsed.tx.credentials[i] as { signatures: string[] }, utxo: utxo.output as never }),
      ).not.toThrow();
    });
    // The key signs once and the signature is reused (sigCache).
    const sigs = (parsed.tx.credentials as { signatures: string[] }[]).map((c) => c.signatures[0]);
    expect(new Set(sigs).size).toBe(1);
    // Low S, v ∈ {0,1}.
    const raw = Buffer.from(sigs[0]!.slice(2), 'hex');
    expect(BigInt(`0x${raw.subarray(32, 64).toString('hex')}`) <= secp256k1.Point.CURVE().n / 2n).toBe(true);
    expect(raw[64]! <= 1).toBe(true);
    expect(signed.complete).toBe(true);
    expect(signed.hex.startsWith('0x')).toBe(true);
  });

  it('refuses a key that owns no input when strict, and missing signatures; signs partially when asked', async () => {
    const utxos = [utxoHex({ amount: 3_000_000n })];
    const built = buildBaseTx({ ...common(utxos), outputs: [{ address: ADDR2, amount: 1n }] });
    await expect(signTx(built, { keys: [EWOQ, KEY2], strict: true })).rejects.toBeInstanceOf(UnusedSignerError);
    expect((await signTx(built, { keys: [EWOQ, KEY2] })).hex).toBe((await signTx(built, { keys: [EWOQ] })).hex);
    await expect(signTx(built, { keys: [] })).rejects.toBeInstanceOf(MissingSignaturesError);
    const partial = await signTx(built, { keys: [], partial: true });
    expect(partial.complete).toBe(false);
  });

  it('multisig: two parties sign apart, the copies merge into a tx the node accepts', async () => {
    const owners = [ADDR1, ADDR2, ADDR3];
    const utxos = [utxoHex({ amount: 9_000_000n, addresses: owners, threshold: 2 })];
    const built = buildBaseTx({ ...common(utxos, { fromAddresses: [ADDR2, ADDR3] }), outputs: [{ address: ADDR1, amount: 1_000n }] });
    const first = await signTx(built, { keys: [KEY2], partial: true });
    const second = await signTx(built, { keys: [KEY3], partial: true });
    expect(first.complete).toBe(false);
    await expect(signTx(built, { keys: [KEY2] })).rejects.toThrow(/missing signatures: credential 0 needs/);
    const merged = mergeSignatures(first.hex, second.bytes);
    expect(merged.complete).toBe(true);
    const parsed = parseTx(merged.bytes);
    const input = (parsed.tx.unsignedTx as { inputs: { input: { signatureIndices: number[] } }[] }).inputs[0]!.input;
    const utxo = built.spentUtxos[0]!.output as unknown as { addresses: string[]; threshold: number; locktime: number };
    expect(() => verifyCredentials({ unsignedBytes: parsed.unsignedBytes, now: 0, input, credential: parsed.tx.credentials[0] as never, owner: utxo })).not.toThrow();
    // Signing a partly signed copy keeps the other's signature.
    const continued = await signTx(first.bytes, { keys: [KEY3], utxos: built.spentUtxos });
    expect(continued.hex).toBe(merged.hex);
  });

  it('puts the subnet authorization credential last', async () => {
    const utxos = [utxoHex({ amount: 50_000_000n }), utxoHex({ amount: 50_000_000n })];
    const subnetOwner = { addresses: [ADDR1], threshold: 1 };
    const built = buildCreateChainTx({ ...common(utxos), subnetID: built0(), subnetOwner, chainName: 'chain', vmID: built0(), genesisData: '{}' });
    const signed = await signTx(built, { keys: [EWOQ] });
    const tx = decodeTx(signed.bytes) as unknown as { unsignedTx: { inputs: unknown[] }; credentials: { signatures: string[] }[] };
    expect(tx.credentials).toHaveLength(tx.unsignedTx.inputs.length + 1);
    expect(() =>
      verifyCredentials({ unsignedBytes: parseTx(signed.bytes).unsignedBytes, now: 0, input: { signatureIndices: [0] }, credential: tx.credentials.at(-1)!, owner: { locktime: 0, threshold: 1, addresses: [ADDR1] } }),
    ).not.toThrow();
  });

  it('takes any Signer, and refuses one that returns another key’s signature', async () => {
    const utxos = [utxoHex({ amount: 3_000_000n })];
    const built = buildBaseTx({ ...common(utxos), outputs: [{ address: ADDR2, amount: 1n }] });
    const inner = createKeySigner(EWOQ);
    const external: Signer = { addresses: inner.addresses, signHash: async (hash, address) => inner.signHash(hash, address) };
    const viaExternal = await signTx(built, { signers: [external] });
    expect(viaExternal.hex).toBe((await signTx(built, { keys: [EWOQ] })).hex);
    const liar: Signer = { addresses: inner.addresses, signHash: (hash, _address) => createKeySigner(KEY2).signHash(hash, createKeySigner(KEY2).addresses[0]!) };
    await expect(signTx(built, { signers: [liar] })).rejects.toThrow(/signature by \w+ when asked for/);
    expect(parseAddress(ADDR1).bytes).toEqual(inner.addresses[0]);
  });
});

function built0(): string {
  return '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm';
}

describe(`proof of possession (${vectors.proofOfPossession.source})`, () => {
  it('is the node’s for the local network’s first staker key', async () => {
    const pop = await proofOfPossession(vectors.proofOfPossession.secretKey);
    expect(pop).toEqual({ publicKey: vectors.proofOfPossession.publicKey, proofOfPossession: vectors.proofOfPossession.proofOfPossession });
    expect(await verifyProofOfPossession(pop)).toBe(true);
    const broken = { ...pop, proofOfPossession: `${pop.proofOfPossession.slice(0, -2)}00` };
    expect(await verifyProofOfPossession(broken)).toBe(false);
    await expect(proofOfPossession('0x12')).rejects.toBeInstanceOf(KeyFormatError);
  });
});
