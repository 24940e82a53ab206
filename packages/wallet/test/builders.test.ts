// Builders over random UTXO sets (fast-check): value is conserved, the fee is at least the node's
// and at most the multiplier's bound, locked UTXOs never pay fees, and every tx re-encodes byte for byte.
import { decodeUnsignedTx, encodeUnsignedTx } from '@avanode/codec';
import {
  InsufficientFundsError,
  buildAddPermissionlessDelegatorTx,
  buildAddPermissionlessValidatorTx,
  buildAddSubnetValidatorTx,
  buildConvertSubnetToL1Tx,
  buildCreateSubnetTx,
  buildDisableL1ValidatorTx,
  buildExportTx,
  buildImportTx,
  buildIncreaseL1ValidatorBalanceTx,
  buildRemoveSubnetValidatorTx,
  buildTransferSubnetOwnershipTx,
  buildBaseTx,
  type BuiltTx,
} from '@avanode/wallet';
import { outputComplexity, toDimensions, toGas, txComplexity, txFee } from '@avanode/wallet/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDR1, ADDR2, AVAX, OTHER_ASSET, common, feeConfig, utxoHex } from './fixtures.js';
import vectors from './vectors/avalanchego-v1.14.2.json' with { type: 'json' };

type Loose = Record<string, unknown>;
const amountOf = (out: Loose): bigint => BigInt((out.output as Loose).amount as number | bigint ?? ((out.output as Loose).output as Loose).amount as number);
const inAmount = (input: Loose): bigint => {
  const inner = input.input as Loose;
  return BigInt((inner.amount ?? (inner.input as Loose).amount) as number | bigint);
};
const sum = (list: Loose[], asset: string, of: (x: Loose) => bigint) => list.filter((x) => x.assetID === asset).reduce((a, x) => a + of(x), 0n);

function checkInvariants(built: BuiltTx, multiplier: bigint) {
  const tx = built.unsignedTx as unknown as Loose;
  // Byte for byte through the codec.
  expect(encodeUnsignedTx(decodeUnsignedTx(built.unsignedBytes))).toEqual(built.unsignedBytes);
  const inputs = [...(tx.inputs as Loose[]), ...((tx.importedInputs as Loose[]) ?? [])];
  const outputs = [...(tx.outputs as Loose[]), ...((tx.stake as Loose[]) ?? []), ...((tx.exportedOutputs as Loose[]) ?? [])];
  const burnedExtra = BigInt((tx.balance as number | bigint | undefined) ?? 0) + ((tx.validators as Loose[] | undefined) ?? []).reduce((a, v) => a + BigInt(v.balance as number), 0n);
  const burned = sum(inputs, AVAX, inAmount) - sum(outputs, AVAX, amountOf) - burnedExtra;
  // inputs = outputs + burned, and the burned AVAX is the fee reported.
  expect(burned).toBe(built.fee);
  // Other assets are conserved.
  expect(sum(inputs, OTHER_ASSET, inAmount)).toBe(sum(outputs, OTHER_ASSET, amountOf));
  const nodeFee = txFee(built.unsignedTx, { weights: feeConfig.weights, price: 1 });
  expect(burned >= nodeFee * multiplier).toBe(true);
  // At most the multiplied fee with one more (change) output: the Go wallet burns an excess too small for one.
  const change = toGas(outputComplexity({ output: { type: 'secp256k1fx.TransferOutput', amount: 1, locktime: 0, threshold: 1, addresses: [ADDR1] } } as never), toDimensions(feeConfig.weights));
  const gas = toGas(txComplexity(built.unsignedTx), toDimensions(feeConfig.weights));
  expect(burned <= (gas + change) * multiplier).toBe(true);
}

const utxoArb = fc.record({
  amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  locked: fc.boolean(),
  other: fc.boolean(),
  mine: fc.boolean(),
});

describe('property: builders over random UTXO sets', () => {
  it('BaseTx: conservation, fee bounds, no locked UTXO for fees, byte-exact', () => {
    fc.assert(
      fc.property(fc.array(utxoArb, { minLength: 1, maxLength: 25 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 1, max: 3 }), (specs, amount, multiplier) => {
        const utxos = specs.map((s) => utxoHex({ amount: s.amount, addresses: [s.mine ? ADDR1 : ADDR2], assetID: s.other ? OTHER_ASSET : AVAX, ...(s.locked ? { stakeableLocktime: 5_000 } : {}) }));
        let built: BuiltTx;
        try {
          built = buildBaseTx({ ...common(utxos, { priceMultiplier: multiplier }), outputs: [{ address: ADDR2, amount }] });
        } catch (error) {
          expect(error).toBeInstanceOf(InsufficientFundsError);
          const avax = (error as InsufficientFundsError).shortfalls.find((s) => s.assetID === AVAX)!;
          expect(avax.needed > avax.available).toBe(true);
          const spendable = specs.filter((s) => s.mine && !s.locked && !s.other).reduce((a, s) => a + s.amount, 0n);
          expect(avax.available).toBe(spendable);
          return;
        }
        const tx = built.unsignedTx as unknown as { inputs: Loose[] };
        for (const input of tx.inputs) expect((input.input as Loose).locktime).toBeUndefined();
        checkInvariants(built, BigInt(multiplier));
      }),
      { numRuns: Number(process.env.AVANODE_FUZZ ?? 1) * 60 },
    );
  });

  it('AddPermissionlessDelegatorTx: locked UTXOs only stake, their excess stays locked', () => {
    fc.assert(
      fc.property(fc.array(utxoArb, { minLength: 1, maxLength: 20 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (specs, weight) => {
        const utxos = specs.map((s) => utxoHex({ amount: s.amount, addresses: [s.mine ? ADDR1 : ADDR2], ...(s.locked ? { stakeableLocktime: 5_000 } : {}) }));
        let built: BuiltTx;
        try {
          built = buildAddPermissionlessDelegatorTx({ ...common(utxos, { priceMultiplier: 1 }), nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', start: 0, end: 100, weight, rewardsOwner: ADDR1 });
        } catch (error) {
          expect(error).toBeInstanceOf(InsufficientFundsError);
          return;
        }
        const tx = built.unsignedTx as unknown as { stake: Loose[]; outputs: Loose[] };
        expect(sum(tx.stake, AVAX, amountOf)).toBe(weight);
        checkInvariants(built, 1n);
      }),
      { numRuns: Number(process.env.AVANODE_FUZZ ?? 1) * 40 },
    );
  });
});

describe('every builder', () => {
  const utxos = [utxoHex({ amount: 10n ** 13n }), utxoHex({ amount: 10n ** 12n }), utxoHex({ amount: 5n, assetID: OTHER_ASSET })];
  const subnet = { subnetID: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', subnetOwner: { addresses: [ADDR1] } };
  const pop = {
    publicKey: vectors.proofOfPossession.publicKey,
    proofOfPossession: vectors.proofOfPossession.proofOfPossession,
  };
  const nodeID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
  const cases: [string, () => BuiltTx][] = [
    ['CreateSubnetTx', () => buildCreateSubnetTx({ ...common(utxos), owner: { addresses: [ADDR1, ADDR2], threshold: 2 } })],
    ['AddSubnetValidatorTx', () => buildAddSubnetValidatorTx({ ...common(utxos), ...subnet, nodeID, start: 10, end: 1000, weight: 20 })],
    ['RemoveSubnetValidatorTx', () => buildRemoveSubnetValidatorTx({ ...common(utxos), ...subnet, nodeID })],
    ['TransferSubnetOwnershipTx', () => buildTransferSubnetOwnershipTx({ ...common(utxos), ...subnet, newOwner: { addresses: [ADDR2] } })],
    [
      'AddPermissionlessValidatorTx',
      () => buildAddPermissionlessValidatorTx({ ...common(utxos), nodeID, start: 10, end: 1000, weight: 2n * 10n ** 12n, signer: pop, validationRewardsOwner: ADDR1, delegationRewardsOwner: ADDR2, shares: 20_000 }),
    ],
    [
      'ConvertSubnetToL1Tx',
      () =>
        buildConvertSubnetToL1Tx({
          ...common(utxos),
          ...subnet,
          chainID: subnet.subnetID,
          address: '0x0102',
          validators: [{ nodeID, weight: 5, balance: 10n ** 9n, signer: pop, remainingBalanceOwner: { addresses: [ADDR1], threshold: 1 }, deactivationOwner: { addresses: [ADDR1], threshold: 1 } }],
        }),
    ],
    ['IncreaseL1ValidatorBalanceTx', () => buildIncreaseL1ValidatorBalanceTx({ ...common(utxos), validationID: subnet.subnetID, balance: 10n ** 9n })],
    ['DisableL1ValidatorTx', () => buildDisableL1ValidatorTx({ ...common(utxos), validationID: subnet.subnetID, deactivationOwner: { addresses: [ADDR1] } })],
    ['ExportTx', () => buildExportTx({ ...common(utxos), destinationChain: subnet.subnetID, outputs: [{ address: 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u', amount: 10n ** 9n }] })],
    ['ImportTx', () => buildImportTx({ ...common(utxos), sourceChain: subnet.subnetID, atomicUtxos: [utxoHex({ amount: 10n ** 9n }), utxoHex({ amount: 3n, assetID: OTHER_ASSET })] })],
  ];
  for (const [name, make] of cases) {
    it(`${name}: the type, conservation, fee bounds, bytes`, () => {
      const built = make();
      expect((built.unsignedTx as { type?: string }).type).toBe(name);
      if (name !== 'ImportTx') checkInvariants(built, 2n);
      else expect(encodeUnsignedTx(decodeUnsignedTx(built.unsignedBytes))).toEqual(built.unsignedBytes);
    });
  }
  it('refuses an authorization the from addresses cannot give', () => {
    expect(() => buildRemoveSubnetValidatorTx({ ...common(utxos), ...subnet, subnetOwner: { addresses: [ADDR2] }, nodeID })).toThrow(/insufficient authorization/);
  });
});
