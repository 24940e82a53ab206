// The document is strict where it matters: for every method an invalid result and invalid
// params are rejected, and the wire forms the seed forbids are rejected by name.
import { describe, expect, it } from 'vitest';
import { checkParams, checkResult, exampleParams, methodNamed, model } from './spec-fixture.ts';

/** A value of the wrong JSON type for whatever `value` is. */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return '12a';
  if (typeof value === 'boolean') return 'true';
  if (Array.isArray(value)) return 'not a list';
  return [];
}

describe('every method rejects invalid values', () => {
  for (const method of model.methods) {
    const example = method.examples[0]!;
    const result = example.result!.value as Record<string, unknown>;

    it(`${method.name}: a result of the wrong type, or with its first member of the wrong type`, () => {
      expect(checkResult(method.name, 'not a result').ok).toBe(false);
      const [first] = Object.keys(result);
      expect(first, 'example result has members').toBeDefined();
      expect(checkResult(method.name, { ...result, [first!]: wrongTypeFor(result[first!]) }).ok).toBe(false);
    });

    if (method.params.length > 0) {
      it(`${method.name}: params missing a required member, or with a member of the wrong type`, () => {
        const required = method.params.filter((p) => p.required);
        if (required.length > 0) {
          expect(checkParams(method.name, method.paramStructure === 'by-position' ? [] : {}).ok).toBe(false);
        }
        const valid = exampleParams(method, method.params.map((p) => ({ name: p.name, value: 'placeholder' })));
        const first = method.params[0]!;
        const bad = method.paramStructure === 'by-position' ? [12.5] : { ...(valid as object), [first.name]: 12.5 };
        expect(checkParams(method.name, bad).ok).toBe(false);
      });
    }
  }
});

describe('strict wire forms', () => {
  const withResult = (name: string, patch: Record<string, unknown>) => ({ ...(methodNamed(name).examples[0]!.result!.value as object), ...patch });
  const exampleParamsOf = (name: string) => {
    const method = methodNamed(name);
    return exampleParams(method, method.examples[0]!.params) as Record<string, unknown>;
  };

  it('a boolean sent as "true" is rejected', () => {
    expect(checkResult('info.isBootstrapped', { isBootstrapped: 'true' }).ok).toBe(false);
    expect(checkResult('info.isBootstrapped', { isBootstrapped: true }).ok).toBe(true);
  });

  it('integers: decimal strings and non-negative JSON integers pass, "12a", floats and negatives do not', () => {
    expect(checkResult('platform.getHeight', { height: '12' }).ok).toBe(true);
    expect(checkResult('platform.getHeight', { height: 12 }).ok).toBe(true);
    expect(checkResult('platform.getHeight', { height: '18446744073709551615' }).ok).toBe(true);
    expect(checkResult('platform.getHeight', { height: '12a' }).ok).toBe(false);
    expect(checkResult('platform.getHeight', { height: '-1' }).ok).toBe(false);
    expect(checkResult('platform.getHeight', { height: -1 }).ok).toBe(false);
    expect(checkResult('platform.getHeight', { height: 1.5 }).ok).toBe(false);
    expect(checkResult('platform.getHeight', { height: '' }).ok).toBe(false);
  });

  it('floats: "100.0000" and 99.5 pass, "abc" does not', () => {
    expect(checkResult('info.uptime', { rewardingStakePercentage: '100.0000', weightedAveragePercentage: 99.5 }).ok).toBe(true);
    expect(checkResult('info.uptime', { rewardingStakePercentage: 'abc', weightedAveragePercentage: 99.5 }).ok).toBe(false);
  });

  it('a node ID without its prefix is rejected, in params and in results', () => {
    expect(checkParams('platform.getCurrentValidators', { nodeIDs: ['NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }).ok).toBe(true);
    expect(checkParams('platform.getCurrentValidators', { nodeIDs: ['Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }).ok).toBe(false);
    expect(checkResult('platform.sampleValidators', { validators: ['Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }).ok).toBe(false);
  });

  it('a permissionless validator that breaks its schema does not pass as a permissioned one', () => {
    // api.Staker (vms/platformvm/api/validator.go) has five fields: PermissionedValidator is closed.
    const [full] = (methodNamed('platform.getCurrentValidators').examples[2]!.result!.value as { validators: Array<Record<string, unknown>> }).validators;
    const { txID, startTime, endTime, nodeID, weight } = full!;
    expect(checkResult('platform.getCurrentValidators', { validators: [full] }).ok).toBe(true);
    expect(checkResult('platform.getCurrentValidators', { validators: [{ txID, startTime, endTime, nodeID, weight }] }).ok).toBe(true);
    expect(checkResult('platform.getCurrentValidators', { validators: [{ ...full, delegationFee: 'two' }] }).ok).toBe(false);
    expect(checkResult('platform.getCurrentValidators', { validators: [{ txID, startTime, endTime, nodeID, weight, uptime: '99.0' }] }).ok).toBe(false);
  });

  it('a required member missing is rejected', () => {
    const { balance: _balance, ...withoutBalance } = withResult('platform.getL1Validator', {});
    expect(checkResult('platform.getL1Validator', withoutBalance).ok).toBe(false);
    expect(checkParams('platform.getSubnet', {}).ok).toBe(false);
  });

  it('BLS keys and signatures must have their exact length', () => {
    const identity = withResult('info.getNodeID', {}) as { nodePOP: Record<string, string> };
    expect(checkResult('info.getNodeID', { ...identity, nodePOP: { ...identity.nodePOP, publicKey: '0x1234' } }).ok).toBe(false);
    expect(checkResult('info.getNodeID', { ...identity, nodePOP: { ...identity.nodePOP, proofOfPossession: identity.nodePOP.publicKey } }).ok).toBe(false);
  });

  it('Dropped needs a reason; other statuses must be known', () => {
    expect(checkResult('platform.getTxStatus', { status: 'Dropped' }).ok).toBe(false);
    expect(checkResult('platform.getTxStatus', { status: 'Dropped', reason: 'conflict' }).ok).toBe(true);
    expect(checkResult('platform.getTxStatus', { status: 'Committed' }).ok).toBe(true);
    expect(checkResult('platform.getTxStatus', { status: 'Done' }).ok).toBe(false);
  });

  it('getValidatorsAt takes `proposed`, nothing else, and answers the v1.14.2 shape only', () => {
    expect(checkParams('platform.getValidatorsAt', { height: 'proposed' }).ok).toBe(true);
    expect(checkParams('platform.getValidatorsAt', { height: 'latest' }).ok).toBe(false);
    // The `{validators: {NodeID: weight}}` shape is from before mid-2023: a v1.14.2 node never
    // sends it (vms/platformvm/service.go:1847), so it is refused (recordings: known-wrong.yaml).
    expect(checkResult('platform.getValidatorsAt', { validators: { 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf': 20 } }).ok).toBe(false);
    expect(checkResult('platform.getValidatorsAt', { 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf': { publicKey: null, weight: '20' } }).ok).toBe(true);
    expect(checkResult('platform.getValidatorsAt', { 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf': 20 }).ok).toBe(false);
  });

  it('eth_ params are positional arrays', () => {
    expect(checkParams('eth_feeConfig', ['latest']).ok).toBe(true);
    expect(checkParams('eth_feeConfig', []).ok).toBe(true);
    expect(checkParams('eth_feeConfig', { blk: 'latest' }).ok).toBe(false);
    expect(checkParams('eth_feeConfig', ['latest', 'extra']).ok).toBe(false);
    expect(checkParams('eth_getChainConfig', []).ok).toBe(true);
  });

  it('unknown upgrade keys are accepted, as strings or numbers', () => {
    expect(checkResult('info.upgrades', withResult('info.upgrades', { graniteEpochDuration: 30000000000, heliconTime: '9999-12-01T00:00:00Z' })).ok).toBe(true);
    expect(checkResult('info.upgrades', withResult('info.upgrades', { banffTime: 'yesterday' })).ok).toBe(false);
  });

  it('managerAddress may be null', () => {
    expect(checkResult('platform.getSubnet', withResult('platform.getSubnet', { managerAddress: null })).ok).toBe(true);
    expect(exampleParamsOf('platform.getSubnet')).toHaveProperty('subnetID');
  });
});
