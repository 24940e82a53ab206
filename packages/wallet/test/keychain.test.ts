// A keychain signs as the node's Go signer does (wallet/chain/p/signer/visitor.go): keys that own
// nothing in the tx are ignored; `strict` keeps UnusedSignerError. And signTx, txComplexity and
// txFee take a tx as other tools hand it over: unsigned bytes, signed bytes, checksummed hex.
import { encodeHex, encodeHexNC, encodeUnsignedTx, parseTx } from '@avanode/codec';
import { MissingSignaturesError, TxInputError, UnusedSignerError, buildBaseTx, keyAddress, signTx, txComplexity, txFee } from '@avanode/wallet';
import { describe, expect, it } from 'vitest';
import { ADDR1, ADDR2, ADDR3, EWOQ, KEY2, KEY3, common, utxoHex } from './fixtures.js';

/** 18 keys that own nothing in the tests' txs (0x33…, 0x34…). */
const STRANGERS = Array.from({ length: 18 }, (_, i) => `0x${(0x33 + i).toString(16).repeat(32)}`);

describe('keychain', () => {
  it('a keychain of 20 keys of which two sign gives the bytes of those two alone', async () => {
    const utxos = [utxoHex({ amount: 9_000_000n, addresses: [ADDR1, ADDR2, ADDR3], threshold: 2 }), utxoHex({ amount: 5_000_000n, addresses: [ADDR2] })];
    const built = buildBaseTx({ ...common(utxos, { fromAddresses: [ADDR1, ADDR2] }), outputs: [{ address: ADDR3, amount: 10_000_000n }] });
    const keychain = [...STRANGERS.slice(0, 9), KEY2, ...STRANGERS.slice(9), EWOQ];
    expect(keychain).toHaveLength(20);
    const two = await signTx(built, { keys: [EWOQ, KEY2] });
    const all = await signTx(built, { keys: keychain });
    expect(two.complete).toBe(true);
    expect(all.hex).toBe(two.hex);
    expect(all.id).toBe(two.id);
    // Two credentials (inputs sorted by UTXO ID): the 2-of-3 input's two signatures, the 1-of-1 input's one.
    expect(parseTx(all.bytes).tx.credentials.map((c) => (c as { signatures: string[] }).signatures.length).sort()).toEqual([1, 2]);
    // strict: each unused key is named by its address, never by the key.
    const error = await signTx(built, { keys: keychain, strict: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnusedSignerError);
    expect((error as UnusedSignerError).addresses).toHaveLength(18);
    for (const key of STRANGERS) expect(String((error as Error).message)).not.toContain(key.slice(2, 20));
  });

  it('multisig and partial signing are unchanged: a keychain without a needed key still misses it', async () => {
    const utxos = [utxoHex({ amount: 9_000_000n, addresses: [ADDR1, ADDR2, ADDR3], threshold: 2 })];
    const built = buildBaseTx({ ...common(utxos, { fromAddresses: [ADDR2, ADDR3] }), outputs: [{ address: ADDR1, amount: 1_000n }] });
    await expect(signTx(built, { keys: [KEY2, ...STRANGERS] })).rejects.toBeInstanceOf(MissingSignaturesError);
    const first = await signTx(built, { keys: [KEY2, ...STRANGERS], partial: true });
    expect(first.complete).toBe(false);
    const done = await signTx(first.bytes, { keys: [KEY3, ...STRANGERS], utxos: built.spentUtxos });
    expect(done.complete).toBe(true);
    expect(done.hex).toBe((await signTx(built, { keys: [KEY2, KEY3] })).hex);
  });
});

describe('tx inputs', () => {
  const utxos = [utxoHex({ amount: 9_000_000n })];
  const built = buildBaseTx({ ...common(utxos), outputs: [{ address: keyAddress(KEY2, 12345), amount: 1_000n }] });
  const weights = { weights: [1, 1000, 1000, 4], price: 1 };

  it('takes unsigned bytes (avalanchejs toBytes(), txs.Codec.Marshal) and their checksummed hex', async () => {
    const unsigned = encodeUnsignedTx(built.unsignedTx);
    expect(unsigned).toEqual(built.unsignedBytes);
    const signed = await signTx(built, { keys: [EWOQ] });
    expect((await signTx(unsigned, { keys: [EWOQ], utxos })).hex).toBe(signed.hex);
    expect((await signTx(encodeHex(unsigned), { keys: [EWOQ], utxos })).hex).toBe(signed.hex);
    // Complexity and fee: the same from unsigned bytes, signed bytes, hex and the decoded tx.
    const complexity = txComplexity(signed.bytes);
    for (const form of [unsigned, encodeHex(unsigned), signed.hex, signed.tx, built.unsignedTx]) {
      expect(txComplexity(form)).toEqual(complexity);
      expect(txFee(form, weights)).toBe(txFee(signed.bytes, weights));
    }
  });

  it('refuses hex without the checksum by saying so, for signed and unsigned bytes', async () => {
    const signed = await signTx(built, { keys: [EWOQ] });
    for (const text of [encodeHexNC(signed.bytes), encodeHexNC(built.unsignedBytes)]) {
      await expect(signTx(text, { keys: [EWOQ], utxos })).rejects.toThrow(TxInputError);
      expect(() => txComplexity(text)).toThrow(
        "this hex has no checksum: the node's hex encoding ends in 4 checksum bytes (the last 4 of the sha256 of the bytes). Pass the bytes themselves, or encodeHex(bytes) from @avanode/codec",
      );
      expect(() => txFee(text, weights)).toThrow(/has no checksum/);
    }
    // Hex that is not a tx at all keeps the checksum error.
    expect(() => txComplexity('0x00000000000000')).toThrow(/invalid input checksum/);
  });
});

describe('amounts and keys', () => {
  it('generatePrivateKey gives distinct PrivateKey- keys that parse, sign and never repeat', async () => {
    const { generatePrivateKey, parsePrivateKey, formatAvax, parseAvax } = await import('@avanode/wallet');
    const keys = new Set(Array.from({ length: 50 }, () => generatePrivateKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^PrivateKey-[1-9A-HJ-NP-Za-km-z]{40,60}$/);
      expect(parsePrivateKey(key)).toHaveLength(32);
    }
    expect(parseAvax('1.5')).toBe(1_500_000_000n);
    expect(formatAvax(999_946_999_864_051n)).toBe('999946.999864051');
  });

  it('InsufficientFundsError names AVAX and counts in AVAX; other assets by ID in their unit', async () => {
    const { InsufficientFundsError } = await import('@avanode/wallet');
    const utxos = [utxoHex({ amount: 999_946_999_864_051n })];
    const error = (() => {
      try {
        buildBaseTx({ ...common(utxos), outputs: [{ address: ADDR2, amount: 99_999_999_000_000_000n }] });
      } catch (e) {
        return e as InstanceType<typeof InsufficientFundsError>;
      }
    })();
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error!.shortfalls[0]).toMatchObject({ assetName: 'AVAX', available: 999_946_999_864_051n });
    expect(error!.message).toMatch(/^insufficient funds: AVAX needs 99999999\.\d+ AVAX, 999946\.999864051 AVAX available$/);
    expect(new InsufficientFundsError([{ assetID: 'abc', needed: 5n, available: 2n }]).message).toBe('insufficient funds: asset abc needs 5, 2 available');
  });
});
