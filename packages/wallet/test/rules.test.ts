// The wallet's rules against the node's own test vectors (test/vectors, extracted by
// scripts/extract-go-vectors.mjs from the files each group names).
import { decodeTx, fromHex } from '@avanode/codec';
import {
  RuleError,
  advanceGasState,
  advanceValidatorFeeState,
  calculatePrice,
  consumeGas,
  recoverAddress,
  txComplexity,
  txFee,
  verifyCredentials,
  verifySpend,
  warpSigners,
} from '@avanode/wallet/rules';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import vectors from './vectors/avalanchego-v1.14.2.json' with { type: 'json' };
import helicon from './vectors/avalanchego-v1.15.0-fuji.json' with { type: 'json' };

const MAX = (1n << 64n) - 1n;

describe(`fee per tx type (${vectors.fee.source}; ACP-236 types at ${helicon.tag})`, () => {
  it('has the Helicon vectors at the same weights', () => {
    expect(helicon.fee.vectors.map((v) => v.name)).toEqual(['AddAutoRenewedValidatorTx', 'SetAutoRenewedValidatorConfigTx', 'RewardAutoRenewedValidatorTx']);
    expect(helicon.fee.weights).toEqual(vectors.fee.weights);
  });
  for (const vector of [...vectors.fee.vectors, ...(helicon.fee.vectors as typeof vectors.fee.vectors)]) {
    it(vector.name, () => {
      const bytes = fromHex(vector.hex);
      if (vector.complexityError !== undefined) {
        expect(vector.complexityError).toBe('ErrUnsupportedTx');
        expect(() => txComplexity(bytes)).toThrow(RuleError);
        expect(() => txComplexity(bytes)).toThrow(/^unsupported transaction type$/);
        expect(() => txFee(bytes, { weights: vectors.fee.weights, price: 1 })).toThrow('error calculating complexity: unsupported transaction type');
        return;
      }
      const complexity = txComplexity(bytes);
      // The node's test asserts the bandwidth is the tx's length.
      expect(complexity.bandwidth).toBe(BigInt(vector.bandwidth!));
      expect(bytes.length).toBe(vector.bandwidth);
      expect(txFee(bytes, { weights: vectors.fee.weights, price: 1 })).toBe(BigInt(vector.fee!));
      // The same from the decoded tx, from its JSON form (no type names) and from checksummed hex.
      const decoded = decodeTx(bytes);
      expect(txComplexity(decoded)).toEqual(complexity);
      expect(txComplexity(JSON.parse(JSON.stringify(decoded, (_, v) => (typeof v === "bigint" ? v.toString() : v))))).toEqual(complexity);
      expect(txFee(decoded.unsignedTx, { weights: vectors.fee.weights.map(String), price: 3n })).toBe(3n * BigInt(vector.fee!));
    });
  }

  it('refuses an overflowing fee with the node wrapping', () => {
    const base = vectors.fee.vectors.find((v) => v.name === 'BaseTx')!;
    expect(() => txFee(fromHex(base.hex), { weights: [MAX, 1, 1, 1], price: 1 })).toThrow(/^error calculating gas with complexity \(\[399 1 3 200\]\) and weights \(\[18446744073709551615 1 1 1\]\): overflow$/);
    expect(() => txFee(fromHex(base.hex), { weights: [1, 1, 1, 1], price: MAX })).toThrow(/^error calculating cost with gas \(603\) and price \(18446744073709551615\): overflow$/);
  });

  it('refuses weights that are not four uint64 values', () => {
    const base = vectors.fee.vectors.find((v) => v.name === 'BaseTx')!;
    expect(() => txFee(fromHex(base.hex), { weights: [1, 2, 3], price: 1 })).toThrow(/array of four/);
    expect(() => txFee(fromHex(base.hex), { weights: [1, 2, 3, -1], price: 1 })).toThrow(/weights\[3\] must be a uint64/);
    expect(() => txFee(fromHex(base.hex), { weights: [1, 2, 3, 4], price: 2 ** 60 })).toThrow(/price must be a uint64/);
  });
});

describe(`gas.CalculatePrice (${vectors.gasPrice.source})`, () => {
  for (const v of vectors.gasPrice.vectors) {
    it(`${v.minPrice} · e^(${v.excess} / ${v.excessConversionConstant}) = ${v.expected}`, () => {
      expect(calculatePrice(v.minPrice, BigInt(v.excess), v.excessConversionConstant)).toBe(BigInt(v.expected));
    });
  }
  it('is 0 with a zero conversion constant, as uint256 division by zero is', () => {
    expect(calculatePrice(5, 10, 0)).toBe(0n);
  });
});

describe('fee state (vms/components/gas/state.go, validators/fee/fee.go)', () => {
  const config = { maxCapacity: 1_000_000n, maxPerSecond: 100_000n, targetPerSecond: 50_000n };
  it('gains capacity up to the maximum and sheds excess down to zero', () => {
    expect(advanceGasState({ capacity: 0n, excess: 120_000n }, config, 1n)).toEqual({ capacity: 100_000n, excess: 70_000n });
    expect(advanceGasState({ capacity: 950_000n, excess: 120_000n }, config, 3n)).toEqual({ capacity: 1_000_000n, excess: 0n });
    expect(advanceGasState({ capacity: 5n, excess: MAX }, { ...config, maxCapacity: MAX, maxPerSecond: MAX }, MAX)).toEqual({ capacity: MAX, excess: 0n });
  });
  it('consumes gas, refusing more than the capacity with the node text', () => {
    expect(consumeGas({ capacity: 10n, excess: MAX - 1n }, 4n)).toEqual({ capacity: 6n, excess: MAX });
    expect(() => consumeGas({ capacity: 10n, excess: 0n }, 11n)).toThrow('insufficient capacity: capacity (10) < gas (11)');
  });
  it('moves the validator excess by current − target', () => {
    expect(advanceValidatorFeeState({ current: 3n, excess: 10n }, 5n, 4n)).toEqual({ current: 3n, excess: 2n });
    expect(advanceValidatorFeeState({ current: 3n, excess: 10n }, 5n, 6n)).toEqual({ current: 3n, excess: 0n });
    expect(advanceValidatorFeeState({ current: 7n, excess: 10n }, 5n, 6n)).toEqual({ current: 7n, excess: 22n });
  });
});

describe(`secp256k1 (${vectors.rfc6979.source}, utils/crypto/secp256k1/secp256k1.go)`, () => {
  for (const v of vectors.rfc6979.vectors) {
    it(`recovers the signer of "${v.message.slice(0, 30)}…"`, () => {
      const key = fromHex(v.privateKey);
      const hash = sha256(new TextEncoder().encode(v.message));
      // The node's test compares r ‖ s of its RFC 6979 signature with the vector.
      const signature = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' });
      const rsv = new Uint8Array([...signature.subarray(1), signature[0]!]);
      expect(Buffer.from(rsv.subarray(0, 64)).toString('hex')).toBe(v.rs);
      const expected = ripemd160(sha256(secp256k1.getPublicKey(key, true)));
      expect(recoverAddress(hash, rsv)).toEqual(expected);
    });
  }

  it('refuses a high S, a compressed recovery code, a bad length, a bad v', () => {
    const key = fromHex(vectors.rfc6979.vectors[0]!.privateKey);
    const hash = sha256(new Uint8Array([1]));
    const raw = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' });
    const rsv = new Uint8Array([...raw.subarray(1), raw[0]!]);
    const n = secp256k1.Point.CURVE().n;
    const s = BigInt(`0x${Buffer.from(rsv.subarray(32, 64)).toString('hex')}`);
    const high = rsv.slice();
    high.set(Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'), 32);
    expect(() => recoverAddress(hash, high)).toThrow('signature was mutated from its original format');
    expect(() => recoverAddress(hash, rsv.subarray(0, 64))).toThrow('invalid signature length');
    const compressed = rsv.slice();
    compressed[64] = 4;
    expect(() => recoverAddress(hash, compressed)).toThrow("wasn't expecting a compressed key");
    const bad = rsv.slice();
    bad[64] = 9;
    expect(() => recoverAddress(hash, bad)).toThrow(/^invalid signature$/);
    const zero = new Uint8Array(65);
    expect(() => recoverAddress(hash, zero)).toThrow(/^invalid signature$/);
  });
});

describe('secp256k1fx credential checks (vms/secp256k1fx/fx.go)', () => {
  const keys = [1, 2, 3].map((i) => {
    const key = new Uint8Array(32);
    key[31] = i;
    return { key, address: ripemd160(sha256(secp256k1.getPublicKey(key, true))) };
  });
  keys.sort((a, b) => Buffer.compare(a.address, b.address));
  const unsignedBytes = new Uint8Array([0, 0, 1, 2, 3]);
  const hash = sha256(unsignedBytes);
  const sign = (key: Uint8Array) => {
    const raw = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' });
    return new Uint8Array([...raw.subarray(1), raw[0]!]);
  };
  const owner = { locktime: 0, threshold: 2, addresses: keys.map((k) => k.address) };

  it('accepts the threshold of signatures in index order', () => {
    expect(() => verifyCredentials({ unsignedBytes, now: 0, owner, input: { signatureIndices: [0, 2] }, credential: { signatures: [sign(keys[0]!.key), sign(keys[2]!.key)] } })).not.toThrow();
  });
  it('refuses each broken rule with the node text', () => {
    const two = { signatures: [sign(keys[0]!.key), sign(keys[1]!.key)] };
    const check = { unsignedBytes, now: 0, owner, input: { signatureIndices: [0, 1] }, credential: two };
    expect(() => verifyCredentials({ ...check, owner: { ...owner, locktime: 5 }, now: 4 })).toThrow('output is time locked');
    expect(() => verifyCredentials({ ...check, input: { signatureIndices: [0, 1, 2] } })).toThrow('input has more signers than expected');
    expect(() => verifyCredentials({ ...check, input: { signatureIndices: [0] } })).toThrow('input has less signers than expected');
    expect(() => verifyCredentials({ ...check, credential: { signatures: [two.signatures[0]!] } })).toThrow('input expected a different number of signers than provided in the credential');
    expect(() => verifyCredentials({ ...check, input: { signatureIndices: [0, 7] } })).toThrow('input referenced a nonexistent address in the output');
    expect(() => verifyCredentials({ ...check, input: { signatureIndices: [0, 2] } })).toThrow(/^wrong signature: expected signature from \w+ but got from \w+$/);
  });
  it('checks a spend: amounts equal, output and input valid', () => {
    const utxo = { ...owner, amount: 5 };
    const credential = { signatures: [sign(keys[0]!.key), sign(keys[1]!.key)] };
    expect(() => verifySpend({ unsignedBytes, now: 0, utxo, input: { amount: 5, signatureIndices: [0, 1] }, credential })).not.toThrow();
    expect(() => verifySpend({ unsignedBytes, now: 0, utxo, input: { amount: 6, signatureIndices: [0, 1] }, credential })).toThrow('utxo amount and input amount are not equal: 5 != 6');
    expect(() => verifySpend({ unsignedBytes, now: 0, utxo, input: { amount: 5, signatureIndices: [1, 0] }, credential })).toThrow('address indices not sorted and unique');
    expect(() => verifySpend({ unsignedBytes, now: 0, utxo: { ...utxo, amount: 0 }, input: { amount: 5, signatureIndices: [0, 1] }, credential })).toThrow('output has no value');
    expect(() => verifySpend({ unsignedBytes, now: 0, utxo: { ...utxo, addresses: [...utxo.addresses].reverse() }, input: { amount: 5, signatureIndices: [0, 1] }, credential })).toThrow('addresses not sorted and unique');
  });
});

describe('warp signers (vms/platformvm/warp/signature.go)', () => {
  const message = (signers: number[]) => {
    const out = new Uint8Array(2 + 4 + 32 + 4 + 1 + 4 + 4 + signers.length + 96);
    const view = new DataView(out.buffer);
    view.setUint32(38, 1);
    view.setUint32(47, signers.length);
    out.set(signers, 51);
    return out;
  };
  it('counts the bits of the signer set', () => {
    expect(warpSigners(message([0b1011, 0xff]))).toBe(11);
    expect(warpSigners(message([]))).toBe(0);
  });
  it('refuses a padded bit set and trailing bytes', () => {
    expect(() => warpSigners(message([0, 1]))).toThrow('bitset is invalid');
    expect(() => warpSigners(new Uint8Array([...message([1]), 0]))).toThrow(/trailing/);
  });
});

describe('AUTHORIZATION (wallet/chain/p/signer/visitor.go getAuthSigners)', () => {
  it('names, for every tx type, the same authorization field as the complexity table prices', async () => {
    const { AUTHORIZATION, TX_COMPLEXITY } = await import('@avanode/wallet/rules');
    expect(Object.keys(AUTHORIZATION).sort()).toEqual(Object.keys(TX_COMPLEXITY).sort());
    for (const [type, rule] of Object.entries(TX_COMPLEXITY)) {
      const priced = rule?.parts.filter((part) => part[0] === 'auth').map((part) => part[1]) ?? [];
      const auth = AUTHORIZATION[type as keyof typeof AUTHORIZATION];
      // TransformSubnetTx is refused by the fee calculator but still carries a subnet authorization.
      if (rule === null) continue;
      expect(auth === null ? [] : [auth.field], type).toEqual(priced);
    }
    expect(AUTHORIZATION.TransformSubnetTx).toMatchObject({ field: 'subnetAuthorization', owner: 'subnet owner' });
    expect(AUTHORIZATION.SetAutoRenewedValidatorConfigTx!.ownerOf({ txID: 'abc' })).toBe('abc');
    expect(AUTHORIZATION.AddSubnetValidatorTx!.ownerOf({ validator: { subnetID: 'def' } })).toBe('def');
  });
});
