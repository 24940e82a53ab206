// Expected bytes and JSON from avalanchego's own serialization tests, extracted by
// scripts/extract-go-vectors.mjs: vectors/avalanchego-v1.14.2.json (the audited release) and
// vectors/avalanchego-v1.15.0-fuji.json (the vectors that tag adds: the ACP-236 txs of
// RegisterHeliconTypes; v1.14.3-rc.2 adds none). Each case names its Go file and test function.
import { describe, expect, it } from 'vitest';
import { decodeBlock, decodeUnsignedTx, encodeBlock, encodeUnsignedTx, fromHex, idToString, toHex, typeName } from '@avanode/codec';
import { goVectorFiles, parseJsonExact, plain } from './helpers.js';

const counts: Record<string, { bytes: number; json: number; types?: string[] }> = {
  'v1.14.2': { bytes: 26, json: 12 },
  // The three types v1.15.0-fuji registers (txs/codec.go RegisterHeliconTypes), IDs 40–42.
  'v1.15.0-fuji': { bytes: 3, json: 0, types: ['AddAutoRenewedValidatorTx', 'RewardAutoRenewedValidatorTx', 'SetAutoRenewedValidatorConfigTx'] },
};

for (const { tag, vectors } of goVectorFiles) describe(`avalanchego ${tag} test vectors`, () => {
  it('has the vectors of every P-chain serialization test with expected bytes', () => {
    expect(vectors.length).toBe(counts[tag]!.bytes);
    expect(vectors.filter((v) => v.json).length).toBe(counts[tag]!.json);
    const types = counts[tag]!.types;
    if (types) expect(vectors.map((v) => typeName(decodeUnsignedTx(fromHex(v.hex)))).sort()).toEqual(types);
  });

  for (const vector of vectors) {
    const label = `${vector.source} ${vector.name}`;
    it(`${label}: decodes and encodes back to the same bytes`, () => {
      const bytes = fromHex(vector.hex);
      const decoded = vector.kind === 'block' ? decodeBlock(bytes) : decodeUnsignedTx(bytes);
      expect(typeName(decoded)).toMatch(/Tx$|Block$/);
      const encoded = vector.kind === 'block' ? encodeBlock(decoded as never) : encodeUnsignedTx(decoded as never);
      expect(toHex(encoded)).toBe(vector.hex);
    });
    if (vector.json !== undefined) {
      it(`${label}: prints the JSON the node prints${vector.jsonSource ? ` (${vector.jsonSource})` : ''}`, () => {
        const decoded = decodeUnsignedTx(fromHex(vector.hex), { network: vector.network ?? 1 });
        const expected = parseJsonExact(vector.json!);
        expect(plain(decoded)).toEqual(expected);
        // And the node's JSON, type-less, encodes to the same bytes.
        expect(toHex(encodeUnsignedTx(expected as never))).toBe(vector.hex);
      });
    }
  }
});

// v1.15.0-fuji's tests check bytes only; the members they build the tx from (the Go struct
// literals, quoted in each comment) are what the decoded object must hold.
describe('avalanchego v1.15.0-fuji ACP-236 txs decode to the Go tests\' values', () => {
  const helicon = goVectorFiles.find((f) => f.tag === 'v1.15.0-fuji')!.vectors;
  const decoded = (test: string) => plain(decodeUnsignedTx(fromHex(helicon.find((v) => v.source.endsWith(`#${test}`))!.hex), { network: 1 })) as Record<string, unknown>;
  const txID = idToString(fromHex('ffeeddccbbaa9988'.repeat(4)));

  it('AddAutoRenewedValidatorTx (add_auto_renewed_validator_tx_test.go)', () => {
    const tx = decoded('TestAddAutoRenewedValidatorTxSerialization');
    // ValidatorNodeID: types.JSONByteSlice(nodeID.Bytes()): hex, not NodeID-…
    expect(tx.nodeID).toBe('0x1122334455667788112233445566778811223344');
    expect(tx.delegationShares).toBe(1_000_000); // reward.PercentDenominator
    expect(tx.autoCompoundRewardShares).toBe(500_000);
    expect(tx.period).toBe(200 * 24 * 60 * 60);
    expect(Object.keys(tx)).toEqual(['networkID', 'blockchainID', 'outputs', 'inputs', 'memo', 'nodeID', 'signer', 'stake', 'validationRewardsOwner', 'delegationRewardsOwner', 'validatorAuthority', 'delegationShares', 'autoCompoundRewardShares', 'period']);
    expect(tx.validatorAuthority).toEqual(tx.validationRewardsOwner);
    expect((tx.validatorAuthority as { threshold: number }).threshold).toBe(1);
  });

  it('SetAutoRenewedValidatorConfigTx (set_auto_renewed_validator_config_tx_test.go)', () => {
    const tx = decoded('TestSetAutoRenewedValidatorConfigTxSerialization');
    expect(tx.txID).toBe(txID);
    expect(tx.auth).toEqual({ signatureIndices: [1] }); // &secp256k1fx.Input{SigIndices: []uint32{1}}
    expect(tx.autoCompoundRewardShares).toBe(500_000);
    expect(tx.period).toBe(17_280_000);
  });

  it('RewardAutoRenewedValidatorTx (reward_auto_renewed_validator_tx_test.go)', () => {
    expect(decoded('TestRewardAutoRenewedValidatorTxSerialization')).toEqual({ txID, timestamp: 1234567890 });
  });
});
