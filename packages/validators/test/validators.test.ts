// @avanode/validators judges real recordings as the spec does, rejects invalid values with a
// JSON pointer and a message, and never throws, whatever it is given.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { knownWrongReason, loadCorpus, sharedCorpus } from '@avanode/conformance/corpus';
import { paramsValidators, resultValidators, validateHealthReport, validateParams, validatePlatformGetHeightResult, validateResult } from '@avanode/validators';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const spec = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8')) as {
  methods: Array<{ name: string; paramStructure: string; examples: Array<{ result: { value: Record<string, unknown> } }> }>;
};
const recordings = loadCorpus(sharedCorpus).filter((r) => !r.historical);
const specMethodNames = spec.methods.map((m) => m.name).sort();

describe('recordings through @avanode/validators', () => {
  it('has a params and a result validator for every method of the spec', () => {
    expect(Object.keys(paramsValidators).sort()).toEqual(specMethodNames);
    expect(Object.keys(resultValidators).sort()).toEqual(specMethodNames);
  });

  for (const recording of recordings) {
    it(recording.file, () => {
      const method = spec.methods.find((m) => m.name === recording.method)!;
      const params = recording.request.params ?? (method.paramStructure === 'by-position' ? [] : {});
      const paramsVerdict = validateParams(recording.method, params);
      if (knownWrongReason(recording, 'params')) expect(paramsVerdict.ok).toBe(false);
      else expect(paramsVerdict).toEqual({ ok: true });
      const resultVerdict = validateResult(recording.method, (recording.response as { result: unknown }).result);
      if (knownWrongReason(recording, 'result')) expect(resultVerdict.ok).toBe(false);
      else expect(resultVerdict).toEqual({ ok: true });
    });
  }
});

describe('invalid values', () => {
  for (const method of spec.methods) {
    it(`${method.name} rejects a result with a member of the wrong type`, () => {
      const example = method.examples[0]!.result.value;
      // A scalar result (eth_baseFee's hex quantity, say) has no member: the whole result is of the wrong type.
      if (typeof example !== 'object' || example === null) {
        const verdict = validateResult(method.name, typeof example === 'string' ? 12 : 'x');
        expect(verdict.ok).toBe(false);
        return;
      }
      const [first] = Object.keys(example);
      const value = example[first!];
      const wrong = typeof value === 'string' ? true : typeof value === 'number' ? '12a' : typeof value === 'boolean' ? 'true' : Array.isArray(value) ? 'x' : [];
      const verdict = validateResult(method.name, { ...example, [first!]: wrong });
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.errors[0]!.path.startsWith('/')).toBe(true);
    });
  }

  it('says where and what was expected', () => {
    // A json.Uint64 in a result is the decimal string MarshalJSON writes (spec/src/schemas/base-types.yaml): a number is refused too.
    for (const height of ['12a', 12, '012', '18446744073709551616']) {
      expect(validatePlatformGetHeightResult({ height })).toEqual({
        ok: false,
        errors: [{ path: '/height', message: 'must be a uint64 decimal string (0 to 18446744073709551615)' }],
      });
    }
    expect(validateResult('platform.getCurrentValidators', { validators: [{ nodeID: 'NodeID-x' }] })).toMatchObject({ ok: false });
    // Through several validators, an array index and a map key: each call passes its path on.
    const [validator] = (spec.methods.find((m) => m.name === 'platform.getCurrentValidators')!.examples[2]!.result.value as { validators: Array<Record<string, unknown>> }).validators;
    const owner = { locktime: '0', threshold: '1', addresses: ['P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5', 'P-avax1bad'] };
    const broken = validateResult('platform.getCurrentValidators', { validators: [validator, { ...validator, validationRewardOwner: owner }] });
    expect(broken.ok || broken.errors[0]).toEqual({ path: '/validators/1/validationRewardOwner/addresses/1', message: expect.stringContaining('must match pattern "^P-') });
    const acps = validateResult('info.acps', { acps: { '23': { supportWeight: 'x', supporters: [], objectWeight: '0', objectors: [], abstainWeight: '0' } } });
    expect(acps.ok || acps.errors[0]!.path).toBe('/acps/23/supportWeight');
    expect(validateParams('platform.getSubnet', {})).toEqual({ ok: false, errors: [{ path: '/subnetID', message: 'is required' }] });
    expect(validateHealthReport({ checks: {}, healthy: 'yes' })).toEqual({ ok: false, errors: [{ path: '/healthy', message: 'must be boolean' }] });
    expect(validateResult('platform.getHieght', {})).toEqual({ ok: false, errors: [{ path: '', message: "unknown method 'platform.getHieght'" }] });
  });
});

describe('never throws', () => {
  const odd: Array<[string, unknown]> = [
    ['undefined', undefined],
    ['a symbol-free function value', () => 1],
    ['a bigint', 10n ** 30n],
    ['NaN', Number.NaN],
    ['a number beyond 2^53', 2 ** 64],
    ['a lone surrogate', '\ud800'],
    ['__proto__ and constructor keys', JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"height":"1"}')],
    ['a huge array', { validators: new Array(200_000).fill('NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf') }],
    ['deep nesting', JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`)],
  ];
  for (const [label, value] of odd) {
    it(`on ${label}`, () => {
      for (const method of Object.keys(resultValidators)) {
        const verdict = validateResult(method, value);
        expect(typeof verdict.ok).toBe('boolean');
        expect(typeof validateParams(method, value).ok).toBe('boolean');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});

describe('shipping', () => {
  const sources = ['ajv.generated.ts', 'index.ts', 'runtime.ts'].map((f) => readFileSync(join(import.meta.dirname, '..', 'src', f), 'utf8'));

  it('uses no eval and no new Function (runs under a strict Content-Security-Policy)', () => {
    for (const source of sources) expect(source).not.toMatch(/\beval\(|new Function\b|Function\(/);
  });

  it('imports nothing outside the package', () => {
    for (const source of sources) {
      const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      expect(imports.every((path) => path!.startsWith('./'))).toBe(true);
      // A `require(` call, not the text ajv keeps of one inside a string.
      expect(source).not.toMatch(/(?<!['"])\brequire\(/);
    }
  });

  it('lets a bundler keep only the validators imported', async () => {
    const bundle = async (name: string) => {
      const result = await build({
        stdin: { contents: `export { ${name} } from './index.ts';`, resolveDir: join(import.meta.dirname, '..', 'src'), loader: 'ts' },
        bundle: true, format: 'esm', minify: true, write: false,
      });
      return result.outputFiles[0]!.text;
    };
    const one = await bundle('validatePlatformGetHeightResult');
    const all = await bundle('validateResult');
    // The BLS signature pattern belongs to other methods only.
    expect(one).not.toContain('{192}');
    expect(all).toContain('{192}');
    expect(one.length * 10).toBeLessThan(all.length);
  });
});
