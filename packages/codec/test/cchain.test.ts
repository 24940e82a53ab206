// The C-chain's atomic codec (@avanode/codec/cchain) against the node's own tests:
// - the golden txs of vms/saevm/cchain/tx/tx_test.go at v1.15.0-fuji (mainnet txs and synthetic
//   ones, in coreth's codec), extracted by scripts/extract-atomic-vectors.mjs: bytes, ID and gas;
// - the gas cases of coreth's TestExportTxGasCost and TestImportTxGasCost at v1.14.2
//   (graft/coreth/plugin/evm/atomic/vm/{export,import}_tx_test.go), whose IDs are random but
//   whose gas fixes each tx's unsigned length: gas = unsigned bytes + 1,000 per signature
//   (+ 10,000 with the fixed fee);
// - the Compare cases of coreth's TestEVMOutputCompare and TestEVMInputCompare (vm/tx_test.go).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type UnsignedAtomicTx,
  type UnsignedExportTx,
  type UnsignedImportTx,
  CodecError,
  atomicTxId,
  atomicTxOrderError,
  compareEVMAccounts,
  decodeAtomicTx,
  decodeAtomicUtxo,
  decodeUnsignedAtomicTx,
  encodeAtomicTx,
  encodeAtomicUtxo,
  encodeUnsignedAtomicTx,
  parseAtomicTx,
  sortAtomicTx,
} from '@avanode/codec/cchain';
import { fromHex, idToString, toHex } from '@avanode/codec';
import { plain } from './helpers.js';

interface AtomicVector {
  name: string;
  source: string;
  id: string;
  hex: string;
  gas: number;
}
const golden = (JSON.parse(readFileSync(new URL('./vectors/atomic-v1.15.0-fuji.json', import.meta.url), 'utf8')) as { vectors: AtomicVector[] }).vectors;

const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const X_CHAIN = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const P_CHAIN = '11111111111111111111111111111111LpoYY';

/** The node's gas (atomic/{import,export}_tx.go#GasUsed with fixedFee): bytes, signatures, 10,000. */
function nodeGas(unsigned: UnsignedAtomicTx, unsignedLength: number): number {
  const signatures = 'sourceChain' in unsigned ? unsigned.importedInputs.reduce((n, i) => n + i.input.signatureIndices.length, 0) : unsigned.inputs.length;
  return unsignedLength + 1000 * signatures + 10_000;
}

describe('golden atomic txs of avalanchego v1.15.0-fuji (vms/saevm/cchain/tx/tx_test.go)', () => {
  it('has the six golden txs', () => {
    expect(golden.map((v) => v.name)).toEqual(['import', 'export', 'import_multi_input', 'export_same_address_multi_asset', 'export_multi_address_multi_asset', 'import_non_avax']);
  });
  for (const vector of golden) {
    it(`${vector.name}: decodes, has the test's ID and gas, and encodes back to the same bytes`, () => {
      const bytes = fromHex(vector.hex);
      const parsed = parseAtomicTx(bytes);
      expect(parsed.id).toBe(vector.id);
      expect(atomicTxId(bytes)).toBe(vector.id);
      expect(toHex(encodeAtomicTx(parsed.tx))).toBe(vector.hex);
      expect(toHex(encodeUnsignedAtomicTx(parsed.tx.unsignedTx))).toBe(toHex(parsed.unsignedBytes));
      expect(nodeGas(parsed.tx.unsignedTx, parsed.unsignedBytes.length)).toBe(vector.gas);
      // Plain JSON of the decoded tx (no `type`, numbers) writes the same bytes.
      const json = JSON.parse(JSON.stringify(plain(parsed.tx))) as Record<string, unknown>;
      expect(toHex(encodeAtomicTx(json))).toBe(vector.hex);
      expect(atomicTxId(json as never)).toBe(vector.id);
      // Every golden tx is in the order the node requires today, but the import of block 132481:
      // accepted before ApricotPhase2, it pays three EVM outputs to the same address and asset,
      // which the rule since (sorted and unique) refuses.
      expect(atomicTxOrderError(parsed.tx.unsignedTx)).toBe(vector.name === 'import_multi_input' ? 'outputs not sorted and unique' : undefined);
      expect(toHex(encodeUnsignedAtomicTx(sortAtomicTx(parsed.tx.unsignedTx)))).toBe(toHex(parsed.unsignedBytes));
    });
  }

  it('the import of C-chain block 4 holds the Go test\'s values', () => {
    const tx = decodeAtomicTx(fromHex(golden[0]!.hex));
    expect(tx.unsignedTx.type).toBe('UnsignedImportTx');
    const unsigned = tx.unsignedTx as UnsignedImportTx;
    expect(plain(unsigned)).toEqual({
      networkID: 1,
      blockchainID: C_CHAIN,
      sourceChain: X_CHAIN,
      importedInputs: [
        {
          txID: '2VqSFA5hxukiv1FSAB8ShjwHwmPev9ZS8VD9aUTCDRoff7T5Bi',
          outputIndex: 1,
          assetID: AVAX,
          fxID: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ',
          input: { amount: 50_000_000, signatureIndices: [0] },
        },
      ],
      outputs: [{ address: '0xb8b5a87d1c05676f1f966da49151fa54dbe68c33', amount: 50_000_000, assetID: AVAX }],
    });
    expect(Object.keys(tx)).toEqual(['unsignedTx', 'credentials', 'id']);
    expect(plain(tx.credentials)).toEqual([
      { signatures: ['0x3e6614876ee01d3b8b27480c00bdcb0ae84ee3e8346d2d5f08320f7dd3e76c4540be021fe85e91817654c9310b54e8f2e88d81db52b8693842b90f3dbd23bd5c01'] },
    ]);
  });

  it('the export of C-chain block 48 goes to the X-chain, its owner printed X-avax1…', () => {
    const tx = decodeAtomicTx(fromHex(golden[1]!.hex), { uint64: 'bigint' });
    const unsigned = tx.unsignedTx as UnsignedExportTx;
    expect(unsigned.type).toBe('UnsignedExportTx');
    expect(unsigned.destinationChain).toBe(X_CHAIN);
    expect(plain(unsigned.inputs)).toEqual([{ address: '0xeb019ccd325ad53543a7e7e3b04828bdecf3cff6', amount: 1_000_001n, assetID: AVAX, nonce: 0n }]);
    const output = unsigned.exportedOutputs[0]!.output;
    expect(output.addresses).toHaveLength(1);
    expect(output.addresses[0]).toMatch(/^X-avax1[02-9ac-hj-np-z]{38}$/);
    expect(output.amount).toBe(1n);
    // The caller's alias wins.
    const asP = decodeAtomicTx(fromHex(golden[1]!.hex), { chain: 'P', network: 'fuji' }).unsignedTx as UnsignedExportTx;
    expect(asP.exportedOutputs[0]!.output.addresses[0]).toMatch(/^P-fuji1/);
  });

  it('the synthetic exports go to the P-chain (the empty ID): owners printed P-…', () => {
    const unsigned = decodeUnsignedAtomicTx(parseAtomicTx(fromHex(golden[3]!.hex)).unsignedBytes) as UnsignedExportTx;
    expect(unsigned.destinationChain).toBe(P_CHAIN);
    for (const out of unsigned.exportedOutputs) for (const a of out.output.addresses) expect(a).toMatch(/^P-custom1/); // network ID 0
  });
});

// --- coreth v1.14.2's gas cases -----------------------------------------------------------------
const id = (byte: number) => idToString(new Uint8Array(32).fill(byte));
const evm = (byte: number) => `0x${byte.toString(16).padStart(2, '0').repeat(20)}`;

function exportTx(inputs: number, outputAmount = 5_000_000): UnsignedExportTx {
  return {
    networkID: 5,
    blockchainID: id(1),
    destinationChain: id(2),
    inputs: Array.from({ length: inputs }, (_, i) => ({ address: evm(i + 1), amount: 5_000_000, assetID: id(3), nonce: 0 })),
    exportedOutputs: [{ assetID: id(3), fxID: '', output: { type: 'secp256k1fx.TransferOutput', amount: outputAmount, locktime: 0, threshold: 1, addresses: [`P-fuji1${bech32Of(7)}`] } }],
  } as unknown as UnsignedExportTx;
}

// A bech32 address of 20 equal bytes, written with the codec's own encoder through a UTXO round trip.
function bech32Of(byte: number): string {
  const utxoBytes = fromHex(`0000${'11'.repeat(32)}00000000${'22'.repeat(32)}00000007${'00'.repeat(8)}${'00'.repeat(8)}0000000100000001${byte.toString(16).padStart(2, '0').repeat(20)}`);
  return decodeAtomicUtxo(utxoBytes, { network: 'fuji' }).output.addresses[0]!.slice('P-fuji1'.length);
}

function importTx(inputs: { asset: number; signatures: number }[], outputs: { asset: number }[]): UnsignedImportTx {
  return {
    networkID: 5,
    blockchainID: id(1),
    sourceChain: id(2),
    importedInputs: inputs.map((input, i) => ({
      txID: id(10 + i),
      outputIndex: 0,
      assetID: id(input.asset),
      fxID: '',
      input: { type: 'secp256k1fx.TransferInput', amount: 5_000_000, signatureIndices: Array.from({ length: input.signatures }, (_, k) => k) },
    })),
    outputs: outputs.map((output) => ({ address: evm(1), amount: 5_000_000, assetID: id(output.asset) })),
  } as unknown as UnsignedImportTx;
}

/** [case, tx, gas without the fixed fee] from TestExportTxGasCost and TestImportTxGasCost. */
const gasCases: [string, UnsignedAtomicTx, number][] = [
  ['export: simple', exportTx(1), 1230],
  ['export: complex (3 inputs)', exportTx(3, 15_000_000), 3366],
  ['import: simple', importTx([{ asset: 3, signatures: 1 }], [{ asset: 3 }]), 1230],
  ['import: simple ANT', importTx([{ asset: 3, signatures: 1 }, { asset: 4, signatures: 1 }], [{ asset: 4 }]), 2318],
  ['import: complex ANT', importTx([{ asset: 3, signatures: 1 }, { asset: 4, signatures: 1 }], [{ asset: 3 }, { asset: 4 }]), 2378],
  ['import: multisig', importTx([{ asset: 3, signatures: 2 }], [{ asset: 3 }]), 2234],
  ['import: large (10 inputs)', importTx(Array.from({ length: 10 }, () => ({ asset: 3, signatures: 1 })), [{ asset: 3 }]), 11022],
];

describe("coreth v1.14.2's gas cases fix each tx's unsigned length", () => {
  for (const [name, tx, gas] of gasCases) {
    it(`${name}: ${gas} gas`, () => {
      const bytes = encodeUnsignedAtomicTx(tx);
      expect(nodeGas(tx, bytes.length) - 10_000).toBe(gas);
      // And the bytes read back to the same tx.
      expect(toHex(encodeUnsignedAtomicTx(decodeUnsignedAtomicTx(bytes)))).toBe(toHex(bytes));
    });
  }
});

describe('the order the node requires (atomic/{import,export}_tx.go#Verify)', () => {
  const address = (byte: number) => `0x${'00'.repeat(19)}${byte.toString(16).padStart(2, '0')}`;
  const assetId = (byte: number) => idToString(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? byte : 0)));
  // TestEVMOutputCompare and TestEVMInputCompare (vm/tx_test.go): [a, b, expected].
  const cases: [string, [number, number], [number, number], number][] = [
    ['address less', [1, 1], [2, 0], -1],
    ['address greater; assetIDs equal', [2, 0], [1, 0], 1],
    ['addresses equal; assetID less', [1, 0], [1, 1], -1],
    ['equal', [0, 0], [0, 0], 0],
  ];
  for (const [name, [aAddress, aAsset], [bAddress, bAsset], expected] of cases) {
    it(`EVM output and input Compare: ${name}`, () => {
      const a = { address: address(aAddress), amount: 1, assetID: assetId(aAsset), nonce: 9 };
      const b = { address: address(bAddress), amount: 2, assetID: assetId(bAsset), nonce: 0 };
      expect(Math.sign(compareEVMAccounts(a, b))).toBe(expected);
      expect(Math.sign(compareEVMAccounts(b, a))).toBe(-expected || 0);
    });
  }

  it("names the node's refusal for each list out of order, and sortAtomicTx fixes it", () => {
    const importUnsorted = importTx([{ asset: 3, signatures: 1 }, { asset: 3, signatures: 1 }], [{ asset: 3 }]);
    importUnsorted.importedInputs.reverse();
    expect(atomicTxOrderError(importUnsorted)).toBe('inputs not sorted and unique');
    expect(atomicTxOrderError(sortAtomicTx(importUnsorted))).toBeUndefined();
    const importDuplicateOutputs = importTx([{ asset: 3, signatures: 1 }], [{ asset: 3 }, { asset: 3 }]);
    expect(atomicTxOrderError(importDuplicateOutputs)).toBe('outputs not sorted and unique');
    const exportUnsorted = exportTx(2);
    exportUnsorted.inputs.reverse();
    expect(atomicTxOrderError(exportUnsorted)).toBe('inputs not sorted and unique');
    expect(atomicTxOrderError(sortAtomicTx(exportUnsorted))).toBeUndefined();
    const twoOutputs = exportTx(1);
    const second = structuredClone(plain(twoOutputs.exportedOutputs[0])) as (typeof twoOutputs.exportedOutputs)[0];
    (second.output as { amount: number }).amount = 1;
    twoOutputs.exportedOutputs.push(second);
    expect(atomicTxOrderError(twoOutputs)).toBe('tx outputs not sorted');
    const sorted = sortAtomicTx(twoOutputs);
    expect(sorted.exportedOutputs.map((o) => o.output.amount)).toEqual([1, 5_000_000]);
    expect(atomicTxOrderError(sorted)).toBeUndefined();
    // Equal outputs are allowed (IsSortedTransferableOutputs does not ask for uniqueness).
    twoOutputs.exportedOutputs[1] = twoOutputs.exportedOutputs[0]!;
    expect(atomicTxOrderError(twoOutputs)).toBeUndefined();
  });
});

describe('bad input', () => {
  const bytes = fromHex(golden[0]!.hex);
  it('refuses truncated bytes, trailing bytes, a wrong version and unknown type IDs with a CodecError naming the field', () => {
    expect(() => decodeAtomicTx(bytes.subarray(0, 100))).toThrow(CodecError);
    expect(() => decodeAtomicTx(bytes.subarray(0, 100))).toThrow(/at unsignedTx\.importedInputs \(offset 74\)/);
    expect(() => decodeAtomicTx(Uint8Array.from([...bytes, 0]))).toThrow(/trailing bytes/);
    expect(() => decodeAtomicTx(Uint8Array.from([0, 1, ...bytes.subarray(2)]))).toThrow(/unknown codec version 1/);
    const p = Uint8Array.from(bytes);
    p[5] = 17; // the P-chain's ImportTx ID: not an atomic type
    expect(() => decodeAtomicTx(p)).toThrow(/unknown type ID 17/);
    const skipped = Uint8Array.from(bytes);
    skipped[5] = 3; // skipped by SkipRegistrations(3)
    expect(() => decodeAtomicTx(skipped)).toThrow(/unknown type ID 3/);
  });

  it('refuses bad arguments and values that cannot be encoded', () => {
    expect(() => decodeAtomicTx(42 as never)).toThrow(CodecError);
    expect(() => decodeAtomicTx(bytes, { uint64: 'float' as never })).toThrow(/uint64 must be one of/);
    expect(() => decodeAtomicTx(bytes, { chain: 42 as never })).toThrow(CodecError);
    expect(() => encodeUnsignedAtomicTx({ networkID: 1 })).toThrow(/no UnsignedTx type has the members/);
    const tx = decodeAtomicTx(bytes);
    const unsigned = tx.unsignedTx as UnsignedImportTx;
    expect(() => encodeUnsignedAtomicTx({ ...unsigned, outputs: [{ ...unsigned.outputs[0]!, address: '0x1234' }] })).toThrow(/outputs\[0\]\.address/);
    expect(() => encodeUnsignedAtomicTx({ ...unsigned, outputs: [{ ...unsigned.outputs[0]!, amount: -1 }] })).toThrow(CodecError);
    expect(() => encodeAtomicTx(null as never)).toThrow(CodecError);
  });

  it('reads a UTXO of shared memory and writes it back', () => {
    const hex = `0000${'11'.repeat(32)}00000003${'22'.repeat(32)}00000007${'00'.repeat(7)}64${'00'.repeat(8)}0000000100000001${'ab'.repeat(20)}`;
    const utxo = decodeAtomicUtxo(fromHex(hex), { network: 'fuji', uint64: 'bigint' });
    expect(utxo.outputIndex).toBe(3);
    expect(utxo.output.amount).toBe(100n);
    expect(utxo.output.addresses[0]).toMatch(/^P-fuji1/);
    expect(toHex(encodeAtomicUtxo(utxo))).toBe(hex);
  });
});
