// The C-chain side: the node's fee rule against its own tests' figures, the EVM address of a key,
// and the export and import builders and their signing byte for byte against @avalabs/avalanchejs
// 5.2.0 (evm.newExportTxFromBaseFee, evm.newImportTxFromBaseFee, addTxSignatures: its public API)
// from the same inputs, fee included, over random amounts, base fees, nonces and UTXO sets.
import { readFileSync } from 'node:fs';
import { encodeHex, encodeUtxo, formatAddress, fromHex, idToString } from '@avanode/codec';
import { type UnsignedExportTx, type UnsignedImportTx, atomicTxOrderError, decodeAtomicTx, parseAtomicTx } from '@avanode/codec/cchain';
import {
  InsufficientFundsError,
  MissingSignaturesError,
  buildCChainExportTx,
  buildCChainImportTx,
  checksumEvmAddress,
  createKeySigner,
  keyAddress,
  keyAddressBytes,
  parsePrivateKey as parseKey,
  signAtomicTx,
} from '@avanode/wallet';
import { RuleError, atomicTxBurned, atomicTxFee, atomicTxGas, recoverEvmAddress, verifyAtomicTxCredentials, verifyAtomicTxFlow, withBaseFeeMargin } from '@avanode/wallet/rules';
import { Utxo, addTxSignatures, evm, secp256k1, utils } from '@avalabs/avalanchejs';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EWOQ, KEY2 } from './fixtures.js';

const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
/** An unsigned tx's bytes as a signed tx with no credentials (what decodeAtomicTx reads). */
const encodeAtomicTxOf = (unsigned: Uint8Array) => Uint8Array.from([...unsigned, 0, 0, 0, 0]);

// --- the fee rule ---------------------------------------------------------------------------------
describe('the atomic fee rule (atomic/tx.go, import_tx.go, export_tx.go at v1.14.2)', () => {
  const golden = (JSON.parse(readFileSync(new URL('../../codec/test/vectors/atomic-v1.15.0-fuji.json', import.meta.url), 'utf8')) as { vectors: { name: string; hex: string; gas: number }[] }).vectors;
  for (const vector of golden) {
    it(`the gas of golden tx ${vector.name} is the test's ${vector.gas}`, () => {
      const { tx, unsignedBytes } = parseAtomicTx(fromHex(vector.hex));
      expect(atomicTxGas(tx.unsignedTx, unsignedBytes)).toBe(BigInt(vector.gas));
      expect(atomicTxGas(tx.unsignedTx)).toBe(BigInt(vector.gas));
    });
  }

  // TestExportTxGasCost and TestImportTxGasCost (vm/{export,import}_tx_test.go): [gas, base fee in wei, fee in nAVAX].
  const cases: [bigint, bigint, bigint][] = [
    [1230n, 1n, 1n],
    [11230n, 1n, 1n],
    [1230n, 25_000_000_000n, 30750n],
    [1230n, 225_000_000_000n, 276750n],
    [3366n, 25_000_000_000n, 84150n],
    [3366n, 225_000_000_000n, 757350n],
    [2318n, 25_000_000_000n, 57950n],
    [2378n, 25_000_000_000n, 59450n],
    [2234n, 25_000_000_000n, 55850n],
    [11022n, 25_000_000_000n, 275550n],
  ];
  for (const [gas, baseFee, fee] of cases) {
    it(`CalculateDynamicFee(${gas}, ${baseFee} wei) = ${fee} nAVAX (rounded up)`, () => {
      expect(atomicTxFee(gas, baseFee)).toBe(fee);
    });
  }

  it('rounds up, refuses a negative or non-bigint base fee, and adds the margin rounded up', () => {
    expect(atomicTxFee(1n, 0n)).toBe(0n);
    expect(atomicTxFee(3n, 333_333_334n)).toBe(2n); // 1.000000002 → 2
    expect(() => atomicTxFee(1n, -1n)).toThrow(RangeError);
    expect(() => atomicTxFee(1n, 25 as never)).toThrow(RangeError);
    expect(withBaseFeeMargin(25_000_000_000n)).toBe(31_250_000_000n);
    expect(withBaseFeeMargin(1n, 25n)).toBe(2n);
    expect(withBaseFeeMargin(100n, 0n)).toBe(100n);
  });
});

// --- addresses ------------------------------------------------------------------------------------
describe('one key, its addresses', () => {
  it("gives the local network's well-known EVM address for ewoq, with its EIP-55 checksum, and the same short ID as P-, X- and C-", () => {
    expect(keyAddress(EWOQ, 'local', 'EVM')).toBe('0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC');
    expect(keyAddress(EWOQ, 'local')).toBe('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(keyAddress(EWOQ, 'local', 'C')).toBe('C-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(keyAddress(EWOQ, 'local', 'X')).toBe('X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    expect(() => keyAddress(EWOQ, 'local', 'Q' as never)).toThrow(/P, X, C or EVM/);
  });

  it('agrees with avalanchejs on random keys', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (raw) => {
        const key = Uint8Array.from(raw);
        key[0] = 1 + (key[0]! % 100); // a valid scalar
        const theirs = secp256k1.publicKeyToEthAddress(secp256k1.getPublicKey(key));
        expect(keyAddress(key, 1, 'EVM').toLowerCase()).toBe(utils.bufferToHex(theirs));
        expect(checksumEvmAddress(theirs)).toBe(keyAddress(key, 1, 'EVM'));
      }),
      { numRuns: 30 },
    );
  });
});

// --- builders and signing against avalanchejs ---------------------------------------------------
const context = {
  networkID: 5,
  hrp: 'fuji',
  xBlockchainID: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
  pBlockchainID: '11111111111111111111111111111111LpoYY',
  cBlockchainID: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  avaxAssetID: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
  baseTxFee: 1_000_000n,
  createAssetTxFee: 10_000_000n,
} as unknown as Parameters<typeof evm.newExportTxFromBaseFee>[0];
const evmManager = utils.getManagerForVM('EVM');
const theirUtxo = (hex: string) => evmManager.unpack(utils.hexToBuffer(hex).subarray(0, -4), Utxo);
const keyFrom = (seed: number) => {
  const key = sha256(new Uint8Array([seed & 0xff, seed >> 8, 42]));
  key[0] = 1 + (key[0]! % 100);
  return key;
};

describe('buildCChainExportTx and signAtomicTx against avalanchejs 5.2.0 (newExportTxFromBaseFee, addTxSignatures)', () => {
  it('writes the same unsigned and signed bytes, fee included, over random exports to P and X', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5000 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        // avalanchejs takes the base fee in nAVAX per gas: ours takes wei, 10⁹ times it.
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 2n }),
        fc.constantFrom('P', 'X'),
        fc.integer({ min: 1, max: 3 }),
        async (seed, amount, baseFeeNanoAvax, nonce, destination, owners) => {
          const key = keyFrom(seed);
          const toKeys = Array.from({ length: owners }, (_, i) => keyAddressBytes(keyFrom(seed + 1 + i)));
          const destinationChain = destination === 'P' ? context.pBlockchainID : context.xBlockchainID;
          const theirs = evm.newExportTxFromBaseFee(context, baseFeeNanoAvax, amount, destinationChain, secp256k1.publicKeyToEthAddress(secp256k1.getPublicKey(key)), toKeys, nonce);
          const ours = buildCChainExportTx({
            network: 'fuji',
            baseFeeWei: baseFeeNanoAvax * 1_000_000_000n,
            destinationChain: destination,
            from: keyAddress(key, 'fuji', 'EVM'),
            nonce,
            amount,
            to: { addresses: toKeys.map((k) => formatAddress(k, 'fuji', destination)) },
          });
          expect(hexOf(ours.unsignedBytes)).toBe(utils.bufferToHex(theirs.toBytes()));
          expect(ours.fee).toBe(ours.gas * baseFeeNanoAvax);
          const unsigned = ours.unsignedTx as UnsignedExportTx;
          expect(atomicTxBurned(unsigned, context.avaxAssetID)).toBe(ours.fee);
          expect(atomicTxOrderError(unsigned)).toBeUndefined();
          const signed = await signAtomicTx(ours, { keys: [key] });
          await addTxSignatures({ unsignedTx: theirs, privateKeys: [key] });
          expect(signed.hex).toBe(encodeHex(theirs.getSignedTx().toBytes()));
          // The C-chain recovers the EVM input's account from the credential.
          const credential = signed.tx.credentials[0] as { signatures: string[] };
          expect(hexOf(recoverEvmAddress(sha256(ours.unsignedBytes), fromHex(credential.signatures[0]!.slice(2))))).toBe(unsigned.inputs[0]!.address);
          expect(decodeAtomicTx(signed.bytes).id).toBe(signed.id);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses an export its balance cannot pay, naming what is needed', () => {
    const params = { network: 'fuji' as const, baseFeeWei: 25_000_000_000n, destinationChain: 'P', from: keyAddress(EWOQ, 'fuji', 'EVM'), nonce: 0, amount: 1_000_000_000n, to: keyAddress(EWOQ, 'fuji') };
    const fee = buildCChainExportTx(params).fee;
    expect(() => buildCChainExportTx({ ...params, balanceWei: (1_000_000_000n + fee) * 1_000_000_000n - 1n })).toThrow(InsufficientFundsError);
    expect(buildCChainExportTx({ ...params, balanceWei: (1_000_000_000n + fee) * 1_000_000_000n }).fee).toBe(fee);
    expect(() => buildCChainExportTx({ ...params, amount: 0 })).toThrow(/above 0/);
    expect(() => buildCChainExportTx({ ...params, destinationChain: 'C' })).toThrow(/another chain/);
    expect(() => buildCChainExportTx({ ...params, from: '0x1234' })).toThrow(/0x EVM address/);
    expect(() => buildCChainExportTx({ ...params, baseFeeWei: 25 as never })).toThrow(/wei per gas/);
    expect(() => buildCChainExportTx({ ...params, network: 1337 })).toThrow(/cChainID is needed/);
  });
});

describe('buildCChainImportTx and signAtomicTx against avalanchejs 5.2.0 (newImportTxFromBaseFee, addTxSignatures)', () => {
  it('writes the same unsigned and signed bytes, fee included, over random shared-memory UTXO sets from P and X', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5000 }),
        fc.array(fc.record({ amount: fc.bigInt({ min: 1_000_000n, max: 10n ** 13n }), index: fc.integer({ min: 0, max: 5 }), mine: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 1n, max: 200n }),
        fc.constantFrom('P', 'X'),
        async (seed, specs, baseFeeNanoAvax, source) => {
          const key = keyFrom(seed);
          const mine = formatAddress(keyAddressBytes(key), 'fuji', 'C');
          const other = formatAddress(keyAddressBytes(keyFrom(seed + 7)), 'fuji', 'C');
          const utxos = specs.map((spec, i) =>
            encodeHex(encodeUtxo({ txID: idToString(sha256(new Uint8Array([seed & 0xff, i]))), outputIndex: spec.index, assetID: context.avaxAssetID, output: { addresses: [spec.mine ? mine : other], amount: spec.amount, locktime: 0, threshold: 1 } })),
          );
          const to = keyAddress(key, 'fuji', 'EVM');
          const sourceChain = source === 'P' ? context.pBlockchainID : context.xBlockchainID;
          const ownedTotal = specs.filter((s) => s.mine).reduce((a, s) => a + s.amount, 0n);
          let ours: ReturnType<typeof buildCChainImportTx>;
          try {
            ours = buildCChainImportTx({ network: 'fuji', baseFeeWei: baseFeeNanoAvax * 1_000_000_000n, sourceChain: source, utxos, fromAddresses: [mine], to, minIssuanceTime: 0 });
          } catch (error) {
            // Only when what we own cannot pay the fee of importing it all (a fee at a high base fee may exceed small UTXOs).
            expect(error).toBeInstanceOf(InsufficientFundsError);
            const [shortfall] = (error as InsufficientFundsError).shortfalls;
            expect(shortfall!.available).toBe(ownedTotal);
            expect(shortfall!.needed).toBeGreaterThan(ownedTotal);
            return;
          }
          // avalanchejs is given only the UTXOs the key owns: given others before them it charges no fee (below).
          const owned = utxos.filter((_, i) => specs[i]!.mine);
          const theirs = evm.newImportTxFromBaseFee(context, secp256k1.publicKeyToEthAddress(secp256k1.getPublicKey(key)), [keyAddressBytes(key)], owned.map(theirUtxo), sourceChain, baseFeeNanoAvax);
          expect(hexOf(ours.unsignedBytes)).toBe(utils.bufferToHex(theirs.toBytes()));
          const unsigned = ours.unsignedTx as UnsignedImportTx;
          expect(unsigned.importedInputs).toHaveLength(specs.filter((s) => s.mine).length);
          expect(BigInt(unsigned.outputs[0]!.amount)).toBe(ownedTotal - ours.fee);
          expect(atomicTxOrderError(unsigned)).toBeUndefined();
          const signed = await signAtomicTx(ours, { keys: [key] });
          await addTxSignatures({ unsignedTx: theirs, privateKeys: [key] });
          expect(signed.hex).toBe(encodeHex(theirs.getSignedTx().toBytes()));
          expect(signed.tx.credentials).toHaveLength(unsigned.importedInputs.length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('imports nothing it cannot pay the fee with, skips other assets, locked and foreign UTXOs, and signs a 2-of-2 with both keys', async () => {
    const mine = keyAddress(EWOQ, 'fuji', 'C');
    const second = keyAddress(KEY2, 'fuji', 'C');
    const utxo = (amount: bigint, addresses: string[], extra: Record<string, unknown> = {}, assetID = context.avaxAssetID as string, i = 0) =>
      encodeHex(encodeUtxo({ txID: idToString(sha256(new Uint8Array([i, 9]))), outputIndex: 0, assetID, output: { addresses, amount, locktime: 0, threshold: addresses.length, ...extra } }));
    const base = { network: 'fuji' as const, baseFeeWei: 25_000_000_000n, sourceChain: 'P', fromAddresses: [mine], to: keyAddress(EWOQ, 'fuji', 'EVM'), minIssuanceTime: 100 };
    expect(() => buildCChainImportTx({ ...base, utxos: [utxo(1000n, [mine])] })).toThrow(InsufficientFundsError);
    const built = buildCChainImportTx({
      ...base,
      utxos: [utxo(5_000_000n, [mine], {}, context.avaxAssetID as string, 1), utxo(9n ** 9n, [mine], { locktime: 101 }, context.avaxAssetID as string, 2), utxo(7n ** 9n, [mine], {}, idToString(sha256(new Uint8Array([1]))), 3), utxo(8n ** 9n, [second], {}, context.avaxAssetID as string, 4)],
    });
    expect((built.unsignedTx as UnsignedImportTx).importedInputs.map((i) => BigInt(i.input.amount))).toEqual([5_000_000n]);
    // A UTXO both keys own (threshold 2): two signature indices, each by its key.
    const sorted = [keyAddressBytes(EWOQ), keyAddressBytes(KEY2)].sort(Buffer.compare as never).map((b) => formatAddress(b, 'fuji', 'C'));
    const multisig = buildCChainImportTx({ ...base, fromAddresses: [mine, second], utxos: [utxo(5_000_000n, sorted, {}, context.avaxAssetID as string, 5)] });
    expect((multisig.unsignedTx as UnsignedImportTx).importedInputs[0]!.input.signatureIndices).toEqual([0, 1]);
    await expect(signAtomicTx(multisig, { keys: [EWOQ] })).rejects.toThrow(MissingSignaturesError);
    const signed = await signAtomicTx(multisig, { signers: [createKeySigner(KEY2), createKeySigner(EWOQ)] });
    expect((signed.tx.credentials[0] as { signatures: string[] }).signatures).toHaveLength(2);
    // Same gas as the node counts: 1,000 per signature index.
    expect(multisig.gas).toBe(BigInt(multisig.unsignedBytes.length) + 2000n + 10_000n);
  });

  it("charges the node's fee where avalanchejs 5.2.0 charges none: a UTXO of another address listed first", () => {
    const mine = keyAddressBytes(EWOQ);
    const other = keyAddressBytes(KEY2);
    const utxos = [other, mine].map((owner, i) =>
      encodeHex(encodeUtxo({ txID: idToString(new Uint8Array(32).fill(3 + i)), outputIndex: 0, assetID: context.avaxAssetID, output: { addresses: [formatAddress(owner, 'fuji', 'C')], amount: 1_000_000n, locktime: 0, threshold: 1 } })),
    );
    const ours = buildCChainImportTx({ network: 'fuji', baseFeeWei: 1_000_000_000n, sourceChain: 'P', utxos, fromAddresses: [formatAddress(mine, 'fuji', 'C')], to: keyAddress(EWOQ, 'fuji', 'EVM') });
    const theirs = evm.newImportTxFromBaseFee(context, secp256k1.publicKeyToEthAddress(secp256k1.getPublicKey(parseKey(EWOQ))), [mine], utxos.map(theirUtxo), context.pBlockchainID, 1n);
    const theirsTx = decodeAtomicTx(encodeAtomicTxOf(theirs.toBytes())).unsignedTx as UnsignedImportTx;
    // Same one input; ours burns ⌈gas × 1 gwei / 10⁹⌉ = gas nAVAX, theirs burns nothing (the node refuses it: flow check).
    expect(theirsTx.importedInputs).toHaveLength(1);
    expect(ours.fee).toBe(ours.gas);
    expect(atomicTxBurned(ours.unsignedTx, context.avaxAssetID)).toBe(ours.gas);
    expect(atomicTxBurned(theirsTx, context.avaxAssetID)).toBe(0n);
  });
});

describe("verifyAtomicTxCredentials: the C-chain's credential checks (tx_semantic_verifier.go), for the mock", () => {
  const avax = context.avaxAssetID as string;
  it('passes signed exports and imports, and refuses each broken credential with the node text', async () => {
    const exported = buildCChainExportTx({ network: 'fuji', baseFeeWei: 25_000_000_000n, destinationChain: 'P', from: keyAddress(EWOQ, 'fuji', 'EVM'), nonce: 3, amount: 5n * 10n ** 9n, to: keyAddress(EWOQ, 'fuji') });
    const good = await signAtomicTx(exported, { keys: [EWOQ] });
    const wrongKey = await signAtomicTx({ unsignedTx: { ...exported.unsignedTx, inputs: [{ ...(exported.unsignedTx as UnsignedExportTx).inputs[0]!, address: keyAddress(KEY2, 'fuji', 'EVM').toLowerCase() }] } as UnsignedExportTx }, { keys: [KEY2] });
    const creds = (signed: { tx: { credentials: unknown[] } }) => signed.tx.credentials as { signatures: string[] }[];
    const check = (credentials: { signatures: string[] }[]) => () => verifyAtomicTxCredentials({ unsigned: exported.unsignedTx, credentials, now: 0 });
    expect(check(creds(good))).not.toThrow();
    expect(check([])).toThrow('export tx contained incorrect number of credentials want 1 got 0');
    expect(check([{ signatures: [...creds(good)[0]!.signatures, ...creds(good)[0]!.signatures] }])).toThrow('incorrect number of signatures want 1 signature for EVM Input Credential, but got 2');
    expect(check(creds(wrongKey))).toThrow("signature doesn't match public key");
    expect(check(creds(wrongKey))).toThrow(RuleError);

    const utxo = { assetID: avax, amount: 9_000_000n, locktime: 0n, threshold: 1, addresses: [keyAddress(EWOQ, 'fuji', 'C')] };
    const utxoHexOf = (u: typeof utxo) => encodeHex(encodeUtxo({ txID: idToString(new Uint8Array(32).fill(5)), outputIndex: 0, assetID: u.assetID, output: { addresses: u.addresses, amount: u.amount, locktime: 0, threshold: 1 } }));
    const imported = buildCChainImportTx({ network: 'fuji', baseFeeWei: 25_000_000_000n, sourceChain: 'P', utxos: [utxoHexOf(utxo)], fromAddresses: [keyAddress(EWOQ, 'fuji', 'C')], to: keyAddress(EWOQ, 'fuji', 'EVM') });
    const signedImport = await signAtomicTx(imported, { keys: [EWOQ] });
    const importCheck = (credentials: { signatures: string[] }[], u = utxo) => () => verifyAtomicTxCredentials({ unsigned: imported.unsignedTx, credentials, utxoOf: () => u, now: 0 });
    expect(importCheck(creds(signedImport))).not.toThrow();
    expect(importCheck([])).toThrow('incorrect number of credentials: (1 vs. 0)');
    expect(importCheck(creds(signedImport), { ...utxo, assetID: idToString(new Uint8Array(32).fill(1)) })).toThrow("asset IDs in the input don't match the utxo");
    expect(importCheck(creds(signedImport), { ...utxo, amount: 1n })).toThrow('import tx transfer failed verification: utxo amount and input amount are not equal: 1 != 9000000');
    expect(importCheck(creds(wrongKey), utxo)).toThrow(/^import tx transfer failed verification: wrong signature: expected signature from \w+ but got from \w+$/);
  });
});

describe("verifyAtomicTxFlow: the C-chain's flow check with the fee at the block's base fee, for the mock", () => {
  it('passes a built tx at its base fee and below, refuses it above with the node text', () => {
    const avaxAssetID = context.avaxAssetID as string;
    const exported = buildCChainExportTx({ network: 'fuji', baseFeeWei: 25_000_000_000n, destinationChain: 'P', from: keyAddress(EWOQ, 'fuji', 'EVM'), nonce: 3, amount: 5n * 10n ** 9n, to: keyAddress(EWOQ, 'fuji') });
    expect(() => verifyAtomicTxFlow(exported.unsignedTx, { baseFeeWei: 25_000_000_000n, avaxAssetID })).not.toThrow();
    expect(() => verifyAtomicTxFlow(exported.unsignedTx, { baseFeeWei: 1n, avaxAssetID })).not.toThrow();
    // One more nAVAX of fee than it burns: ⌈gas × baseFee / 10⁹⌉ > fee once the base fee passes fee × 10⁹ / gas.
    const tooHigh = (exported.fee * 1_000_000_000n) / exported.gas + 1n;
    expect(atomicTxFee(exported.gas, tooHigh)).toBe(exported.fee + 1n);
    expect(() => verifyAtomicTxFlow(exported.unsignedTx, { baseFeeWei: tooHigh, avaxAssetID })).toThrow('export tx flow check failed due to: insufficient funds');
    const mine = keyAddress(EWOQ, 'fuji', 'C');
    const utxo = encodeHex(encodeUtxo({ txID: idToString(new Uint8Array(32).fill(6)), outputIndex: 0, assetID: avaxAssetID, output: { addresses: [mine], amount: 9_000_000n, locktime: 0, threshold: 1 } }));
    const imported = buildCChainImportTx({ network: 'fuji', baseFeeWei: 25_000_000_000n, sourceChain: 'P', utxos: [utxo], fromAddresses: [mine], to: keyAddress(EWOQ, 'fuji', 'EVM') });
    expect(() => verifyAtomicTxFlow(imported.unsignedTx, { baseFeeWei: 25_000_000_000n, avaxAssetID })).not.toThrow();
    expect(() => verifyAtomicTxFlow(imported.unsignedTx, { baseFeeWei: 26_000_000_000n, avaxAssetID })).toThrow('import tx flow check failed due to: insufficient funds');
  });
});
