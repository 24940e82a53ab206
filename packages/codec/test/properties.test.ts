// Property tests. `pnpm fuzz` (AVANODE_FUZZ=20) multiplies the number of runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CodecError,
  SECP256K1FX_ID,
  decodeBlock,
  decodeTx,
  decodeUnsignedTx,
  decodeUtxo,
  encodeBlock,
  encodeHexNC,
  encodeTx,
  encodeUtxo,
  formatAddress,
  fromHex,
  idToString,
  nodeIdToString,
  parseTx,
  shortIdToString,
  toHex,
  txId,
} from '@avanode/codec';
import { goVectors, plain, readRecordings } from './helpers.js';

const runs = (n: number) => n * Number(process.env.AVANODE_FUZZ ?? 1);
const bytesOf = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
const id = bytesOf(32).map(idToString);
const nodeID = bytesOf(20).map(nodeIdToString);
const u32 = fc.nat({ max: 0xffffffff });
// uint64s: numbers while exact, bigints above 2^53 − 1 (the decoder's representation).
const u64 = fc
  .oneof(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 32n }), fc.constantFrom(0n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 64n - 1n))
  .map((n) => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n));
const hexBytes = (max: number) => fc.uint8Array({ maxLength: max }).map(encodeHexNC);
const address = bytesOf(20).map((b) => formatAddress(b, 1));

const transferOutput = fc.record({ addresses: fc.array(address, { maxLength: 3 }), amount: u64, locktime: u64, threshold: u32 });
const output = fc.oneof(transferOutput, fc.record({ locktime: u64, output: transferOutput }));
const transferInput = fc.record({ amount: u64, signatureIndices: fc.array(u32, { maxLength: 3 }) });
const input = fc.oneof(transferInput, fc.record({ locktime: u64, input: transferInput }));
const transferableOutput = fc.record({ assetID: id, fxID: fc.constant(SECP256K1FX_ID), output });
const transferableInput = fc.record({ txID: id, outputIndex: u32, assetID: id, fxID: fc.constant(SECP256K1FX_ID), input });
const owners = fc.record({ addresses: fc.array(address, { maxLength: 3 }), locktime: u64, threshold: u32 });
const auth = fc.record({ signatureIndices: fc.array(u32, { maxLength: 3 }) });
const credential = fc.record({ signatures: fc.array(bytesOf(65).map(encodeHexNC), { maxLength: 2 }) });
const pop = fc.record({ publicKey: bytesOf(48).map(encodeHexNC), proofOfPossession: bytesOf(96).map(encodeHexNC) });
const validator = fc.record({ nodeID, start: u64, end: u64, weight: u64 });
const pChainOwner = fc.record({ threshold: u32, addresses: fc.array(bytesOf(20).map(shortIdToString), { maxLength: 2 }) });
const base = {
  networkID: fc.constant(1),
  blockchainID: id,
  outputs: fc.array(transferableOutput, { maxLength: 3 }),
  inputs: fc.array(transferableInput, { maxLength: 3 }),
  memo: hexBytes(40),
};

const unsignedTx = fc.oneof(
  fc.record(base),
  fc.record({ ...base, validator, stake: fc.array(transferableOutput, { maxLength: 2 }), rewardsOwner: owners, shares: u32 }),
  fc.record({ ...base, validator, subnetID: id, signer: fc.oneof(fc.constant({}), pop), stake: fc.array(transferableOutput, { maxLength: 2 }), validationRewardsOwner: owners, delegationRewardsOwner: owners, shares: u32 }),
  fc.record({
    ...base,
    subnetID: id,
    chainName: fc.string({ maxLength: 30 }).filter((s) => s.isWellFormed()),
    vmID: id,
    fxIDs: fc.array(id, { maxLength: 2 }),
    genesisData: fc.uint8Array({ maxLength: 50 }).map((b) => Buffer.from(b).toString('base64')),
    subnetAuthorization: auth,
  }),
  fc.record({ ...base, sourceChain: id, importedInputs: fc.array(transferableInput, { maxLength: 2 }) }),
  fc.record({ ...base, destinationChain: id, exportedOutputs: fc.array(transferableOutput, { maxLength: 2 }) }),
  fc.record({ time: u64 }),
  fc.record({ txID: id }),
  fc.record({ ...base, subnetID: id, subnetAuthorization: auth, newOwner: owners }),
  fc.record({
    ...base,
    subnetID: id,
    chainID: id,
    address: hexBytes(32),
    validators: fc.array(fc.record({ nodeID: hexBytes(32), weight: u64, balance: u64, signer: pop, remainingBalanceOwner: pChainOwner, deactivationOwner: pChainOwner }), { maxLength: 2 }),
    subnetAuthorization: auth,
  }),
  fc.record({ ...base, balance: u64, proofOfPossession: fc.array(fc.nat({ max: 255 }), { minLength: 96, maxLength: 96 }), message: hexBytes(80) }),
  fc.record({ ...base, validationID: id, disableAuthorization: auth }),
);
const signedTx = fc.record({ unsignedTx, credentials: fc.array(credential, { maxLength: 2 }) });

describe('property: random valid objects round-trip', () => {
  it('property: signed txs: decode(encode(x)) = x, encode(decode(b)) = b, and the ID is the hash', () => {
    fc.assert(
      fc.property(signedTx, (tx) => {
        const bytes = encodeTx(tx);
        const parsed = parseTx(bytes, { network: 1 });
        const { id, ...rest } = plain(parsed.tx) as Record<string, unknown>;
        expect(rest).toEqual(tx);
        expect(id).toBe(txId(bytes));
        expect(toHex(encodeTx(parsed.tx))).toBe(toHex(bytes));
        expect(toHex(parsed.unsignedBytes)).toBe(toHex(bytes.subarray(0, parsed.unsignedBytes.length)));
      }),
      { numRuns: runs(300) },
    );
  });

  it('property: UTXOs with every output type round-trip', () => {
    const utxo = fc.record({ txID: id, outputIndex: u32, assetID: id, output });
    fc.assert(
      fc.property(utxo, (value) => {
        const bytes = encodeUtxo(value);
        expect(plain(decodeUtxo(bytes))).toEqual(value);
      }),
      { numRuns: runs(300) },
    );
  });

  it('property: Banff standard and proposal blocks round-trip', () => {
    const standard = fc.record({ time: u64, parentID: id, height: u64, txs: fc.array(signedTx, { maxLength: 2 }) });
    fc.assert(
      fc.property(standard, (block) => {
        const bytes = encodeBlock(block);
        const decoded = decodeBlock(bytes, { network: 1 });
        expect(decoded.type).toBe('BanffStandardBlock');
        expect(toHex(encodeBlock(decoded))).toBe(toHex(bytes));
      }),
      { numRuns: runs(100) },
    );
  });
});

// Inputs worth mutating: every vector and recording with bytes.
const seeds: Uint8Array[] = [
  ...goVectors.map((v) => fromHex(v.hex)),
  ...readRecordings('platform.getUTXOs').flatMap((r) => (r.response.result?.utxos as string[] | undefined) ?? []).map((h) => fromHex(h.slice(2, -8))),
  ...readRecordings('platform.getBlock').filter((r) => r.request.params?.encoding === 'hex').map((r) => fromHex((r.response.result!.block as string).slice(2, -8))),
];
const decoders = [decodeTx, decodeUnsignedTx, decodeBlock, decodeUtxo];

function onlyCodecErrors(bytes: Uint8Array): void {
  for (const decode of decoders) {
    try {
      const value = decode(bytes);
      // What comes out is bounded by what came in: no length prefix can inflate it.
      expect(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).length).toBeLessThan(20 * bytes.length + 500);
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      expect(error.offset).toBeLessThanOrEqual(bytes.length);
    }
  }
}

describe('property: bad bytes only ever raise CodecError', () => {
  it('property: random bytes (with a valid version and a random type ID)', () => {
    const typed = fc.tuple(fc.nat({ max: 45 }), fc.uint8Array({ maxLength: 400 })).map(([typeId, rest]) => new Uint8Array([0, 0, 0, 0, 0, typeId, ...rest]));
    fc.assert(fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }), typed), onlyCodecErrors), { numRuns: runs(2000) });
  });

  it('property: mutated real txs, blocks and UTXOs (flipped, inserted, deleted, truncated bytes)', () => {
    const mutated = fc
      .tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 }), fc.nat({ max: 3 })), { minLength: 1, maxLength: 4 }))
      .map(([seed, edits]) => {
        let bytes = Array.from(seed);
        for (const [at, value, kind] of edits) {
          const i = at % (bytes.length + 1);
          if (kind === 0) bytes[i] = value;
          else if (kind === 1) bytes.splice(i, 0, value);
          else if (kind === 2) bytes.splice(i, 1);
          else bytes = bytes.slice(0, i);
        }
        return new Uint8Array(bytes);
      });
    fc.assert(fc.property(mutated, onlyCodecErrors), { numRuns: runs(2000) });
  });

  it('property: a huge length prefix anywhere is refused quickly', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.nat(), (seed, at) => {
        const bytes = seed.slice();
        const i = at % Math.max(1, bytes.length - 3);
        new DataView(bytes.buffer).setUint32(i, 0xfffffff0);
        const started = performance.now();
        onlyCodecErrors(bytes);
        expect(performance.now() - started).toBeLessThan(1000);
      }),
      { numRuns: runs(500) },
    );
  });
});
