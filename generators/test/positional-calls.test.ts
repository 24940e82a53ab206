// The validators' options passed by position (src/positional-calls.ts): every call shape ajv
// writes is rewritten, the code still validates and reports the same paths, and a shape the
// rewrite does not know stops generation instead of leaving a validator called wrongly.
import { describe, expect, it } from 'vitest';
import { withPositionalArguments } from '../src/positional-calls.ts';

const DECLARE = (name: string) => `function ${name}(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {`;

/** Two validators in ajv's shape: an object whose `list` items and `map` values are checked by `leaf`. */
const MODULE = [
  DECLARE('leaf'),
  '  if (typeof data !== "string") { leaf.errors = [{ instancePath, schemaPath: "#/type", keyword: "type", params: {}, message: "must be string" }]; return false; }',
  '  leaf.errors = null;',
  '  return true;',
  '}',
  DECLARE('root'),
  '  const data0 = data.list;',
  '  for (let i0 = 0; i0 < data0.length; i0++) {',
  '    if (!leaf(data0[i0], { instancePath: instancePath + "/list/" + i0, parentData: data0, parentDataProperty: i0, rootData })) { root.errors = leaf.errors; return false; }',
  '  }',
  '  const data1 = data.map;',
  '  for (const key0 in data1) {',
  '    if (!leaf(data1[key0], { instancePath: instancePath + "/map/" + key0.replace(/~/g, "~0").replace(/\\//g, "~1") + "/x", parentData: data1, parentDataProperty: key0, rootData })) { root.errors = leaf.errors; return false; }',
  '  }',
  '  if (!leaf(data.name, { instancePath: instancePath + "/a, b {c}", parentData: data, parentDataProperty: "a, b {c}", rootData })) { root.errors = leaf.errors; return false; }',
  '  if (!leaf(data.first, { instancePath, parentData, parentDataProperty, rootData })) { root.errors = leaf.errors; return false; }',
  '  root.errors = null;',
  '  return true;',
  '}',
].join('\n');

const load = (code: string) => new Function(`${code}\nreturn root;`)() as ((value: unknown) => boolean) & { errors: Array<{ instancePath: string }> | null };

describe('validators called with positional arguments', () => {
  const rewritten = withPositionalArguments(MODULE);

  it('leaves no options object and no destructuring', () => {
    expect(rewritten).not.toMatch(/rootData \}/);
    expect(rewritten).not.toContain('{ instancePath = ');
    expect(rewritten).toContain('function leaf(data, instancePath = "", parentData = undefined, parentDataProperty = undefined, rootData = data) {');
    expect(rewritten).toContain('leaf(data0[i0], instancePath + "/list/" + i0, data0, i0, rootData)');
    expect(rewritten).toContain('leaf(data.first, instancePath, parentData, parentDataProperty, rootData)');
  });

  it('validates and reports the same paths as before', () => {
    const before = load(MODULE);
    const after = load(rewritten);
    const cases: unknown[] = [
      { list: ['a', 'b'], map: { k: 'v' }, name: 'n', first: 'f' },
      { list: ['a', 7], map: {}, name: 'n', first: 'f' },
      { list: [], map: { 'a/b~c': 1 }, name: 'n', first: 'f' },
      { list: [], map: {}, name: 3, first: 'f' },
      { list: [], map: {}, name: 'n', first: null },
    ];
    for (const value of cases) {
      expect(after(value)).toBe(before(value));
      expect(after.errors).toEqual(before.errors);
    }
    after({ list: [], map: { 'a/b~c': 1 }, name: 'n', first: 'f' });
    expect(after.errors?.[0]?.instancePath).toBe('/map/a~1b~0c/x');
  });

  it('refuses a call or a declaration of a shape it does not know', () => {
    expect(() => withPositionalArguments(`${DECLARE('leaf')}\n}\nleaf(x, { instancePath: instancePath + "/a", parentData: data, parentDataProperty: "a", rootData, dynamicAnchors });`)).toThrow(/does not know this shape/);
    expect(() => withPositionalArguments(`${DECLARE('leaf')}\n}\nleaf(x, { instancePath: prefix(instancePath), parentData: data, parentDataProperty: "a", rootData });`)).toThrow(/does not know this shape/);
    expect(() => withPositionalArguments('function leaf(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {}')).toThrow(/does not know this declaration/);
  });
});
