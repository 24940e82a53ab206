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

  it('integers in results: a json.Uint64 is the decimal string MarshalJSON writes, never a number', () => {
    // utils/json/uint64.go#Uint64.MarshalJSON: strconv.FormatUint, quoted.
    expect(checkResult('platform.getHeight', { height: '12' }).ok).toBe(true);
    expect(checkResult('platform.getHeight', { height: '0' }).ok).toBe(true);
    expect(checkResult('platform.getHeight', { height: '18446744073709551615' }).ok).toBe(true);
    for (const height of [12, '012', '18446744073709551616', '12a', '-1', -1, 1.5, '', '+1', ' 1', null]) {
      expect(checkResult('platform.getHeight', { height }).ok, JSON.stringify(height)).toBe(false);
    }
  });

  it('integers in params: a json.Uint64 is read from a decimal string (leading zeros too) or a number', () => {
    // utils/json/uint64.go#Uint64.UnmarshalJSON: strconv.ParseUint of the text, quotes removed.
    for (const height of ['12', '012', 12, '18446744073709551615', 2 ** 64 - 1]) {
      expect(checkParams('platform.getBlockByHeight', { height, encoding: 'hex' }).ok, JSON.stringify(height)).toBe(true);
    }
    for (const height of ['18446744073709551616', '12a', -1, 1.5, '', '-1']) {
      expect(checkParams('platform.getBlockByHeight', { height, encoding: 'hex' }).ok, JSON.stringify(height)).toBe(false);
    }
  });

  it('plain Go integers in results are bare numbers, never strings', () => {
    // platform.getFeeState: gas.State's Capacity and Excess are plain uint64 (vms/components/gas/state.go).
    const state = withResult('platform.getFeeState', {});
    expect(checkResult('platform.getFeeState', state).ok).toBe(true);
    expect(checkResult('platform.getFeeState', { ...state, capacity: 1000 }).ok).toBe(true);
    expect(checkResult('platform.getFeeState', { ...state, capacity: '1000' }).ok).toBe(false);
    expect(checkResult('platform.getFeeState', { ...state, capacity: -1 }).ok).toBe(false);
    // Beyond 2^53 − 1 the client's exact reader holds the number as its decimal string.
    expect(checkResult('platform.getFeeState', { ...state, capacity: '18446744073709551615' }).ok).toBe(true);
  });

  it('floats: a json.Float64 is the four-place string MarshalJSON writes', () => {
    expect(checkResult('info.uptime', { rewardingStakePercentage: '100.0000', weightedAveragePercentage: '99.5000' }).ok).toBe(true);
    for (const value of [99.5, '99.5', 'abc', '100.00000']) {
      expect(checkResult('info.uptime', { rewardingStakePercentage: '100.0000', weightedAveragePercentage: value }).ok, JSON.stringify(value)).toBe(false);
    }
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
