// Results are exact in the wire form of each member: every json.Uint64 / json.Uint32 member the
// node writes (MarshalJSON: a decimal string) is refused as a bare number, for every method, on
// results built from the spec's examples (the node's reply structs). The members are found by
// walking the result schema along each example value, not listed by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pointerExcerpt, validateParams, validateResult } from '@avanode/validators';

type Schema = Record<string, unknown>;
const repoRoot = join(import.meta.dirname, '..', '..', '..');
const spec = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8')) as {
  methods: Array<{ name: string; result?: { schema: Schema }; examples: Array<{ result?: { value: unknown } }> }>;
  components: { schemas: Record<string, Schema> };
};
const named = (ref: string) => spec.components.schemas[ref.replace('#/components/schemas/', '')]!;

/** The wire forms (`x-wire-form`) that `schema` may give the value at `path` below it, over every branch. */
function formsAt(schema: Schema | undefined, path: readonly string[], seen = new Set<Schema>()): Set<string> {
  const forms = new Set<string>();
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return forms;
  const inner = new Set(seen).add(schema);
  const add = (sub: unknown, rest: readonly string[]) => {
    for (const form of formsAt(sub as Schema | undefined, rest, inner)) forms.add(form);
  };
  if (typeof schema.$ref === 'string') add(named(schema.$ref), path);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of (schema[key] as unknown[] | undefined) ?? []) add(branch, path);
  if (path.length === 0) {
    if (typeof schema['x-wire-form'] === 'string') forms.add(schema['x-wire-form']);
    return forms;
  }
  const [step, ...rest] = path;
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties && Object.hasOwn(properties, step!)) add(properties[step!], rest);
  else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') add(schema.additionalProperties, rest);
  if (schema.items && /^\d+$/.test(step!)) add(Array.isArray(schema.items) ? schema.items[Number(step)] : schema.items, rest);
  return forms;
}

/** Every path to a string leaf of `value`. */
function stringLeaves(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (typeof value === 'string') out.push(path);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stringLeaves(item, [...path, key], out);
  return out;
}

function withLeaf(value: unknown, path: readonly string[], replace: (leaf: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[path[0]!] = withLeaf(copy[path[0]!], path.slice(1), replace);
  return copy;
}

const pointer = (path: readonly string[]) => path.map((step) => `/${step}`).join('');

describe('json.Uint64 and json.Uint32 members of results are decimal strings, never bare numbers', () => {
  let members = 0;
  const methodsWithMembers = new Set<string>();
  for (const method of spec.methods) {
    if (!method.result) continue;
    method.examples.forEach((example, n) => {
      if (!example.result) return;
      const result = example.result.value;
      const stringForms = stringLeaves(result).filter((path) => {
        const forms = formsAt(method.result!.schema, path);
        return forms.size > 0 && [...forms].every((form) => form === 'uint64' || form === 'uint32');
      });
      if (stringForms.length === 0) return;
      it(`${method.name} example ${n + 1}: ${stringForms.length} members (${stringForms.slice(0, 3).map(pointer).join(', ')}${stringForms.length > 3 ? ', …' : ''})`, () => {
        members += stringForms.length;
        methodsWithMembers.add(method.name);
        // As the node writes them: accepted.
        expect(validateResult(method.name, result)).toEqual({ ok: true });
        // Each one as a bare number: refused, at its path, with the form's message.
        for (const path of stringForms) {
          const verdict = validateResult(method.name, withLeaf(result, path, (leaf) => Number(leaf)));
          expect(verdict.ok, pointer(path)).toBe(false);
          if (!verdict.ok) {
            expect(verdict.errors.map((e) => e.path), pointer(path)).toContain(pointer(path));
            expect(verdict.errors.find((e) => e.path === pointer(path))!.message).toMatch(/^must be a uint(64|32) decimal string \(0 to \d+\)/);
          }
        }
        // All of them at once: refused too.
        const allNumbers = stringForms.reduce((value, path) => withLeaf(value, path, (leaf) => Number(leaf)), result);
        expect(validateResult(method.name, allNumbers).ok).toBe(false);
      });
    });
  }

  it('covers the string members of many methods', () => {
    // Run after the cases above (vitest runs a file's tests in order).
    expect(methodsWithMembers.size).toBeGreaterThanOrEqual(18);
    expect(members).toBeGreaterThanOrEqual(60);
  });
});

describe('params stay lenient: a json.Uint64 is read from a string or a number', () => {
  it('platform.getBlockByHeight height, platform.getUTXOs limit', () => {
    for (const height of ['7', '007', 7]) expect(validateParams('platform.getBlockByHeight', { height, encoding: 'hex' }), String(height)).toEqual({ ok: true });
    const addresses = ['P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5'];
    for (const limit of ['10', '010', 10]) expect(validateParams('platform.getUTXOs', { addresses, limit }), String(limit)).toEqual({ ok: true });
    expect(validateParams('platform.getUTXOs', { addresses, limit: 2 ** 32 })).toEqual({ ok: false, errors: [{ path: '/limit', message: 'must be a uint32: a decimal string or a JSON number (0 to 4294967295)' }] });
  });
});

describe('every message is short and names its path', () => {
  // Wrong values of every kind at every leaf of every example result (and a map key of 5,000
  // characters): each issue's message stays under 120 characters, quoting no long pattern, its
  // path is a JSON pointer, and the line a caller prints (pointer excerpt and message) is under 200.
  const wrongs: unknown[] = [12, -1, 1.5, '12a', '', 'x'.repeat(5_000), null, true, {}, [], '18446744073709551616', [{ a: 1 }]];
  function leaves(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
    if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
      for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], out);
    } else out.push(path);
    return out;
  }
  it('over many failing inputs, for every method', () => {
    let issues = 0;
    for (const method of spec.methods) {
      for (const example of method.examples) {
        if (!example.result) continue;
        const result = example.result.value;
        const cases = [...leaves(result).flatMap((path) => wrongs.map((wrong) => withLeaf(result, path, () => wrong))), 'not a result', { ['k'.repeat(5_000)]: { a: 'x'.repeat(5_000) } }];
        for (const value of cases) {
          const verdict = validateResult(method.name, value);
          if (verdict.ok) continue;
          for (const issue of verdict.errors) {
            issues++;
            expect(issue.message.length, issue.message.slice(0, 300)).toBeLessThanOrEqual(120);
            expect(issue.path === '' || issue.path.startsWith('/'), issue.path.slice(0, 100)).toBe(true);
            expect(`${pointerExcerpt(issue.path)} ${issue.message}`.length).toBeLessThan(200);
          }
        }
      }
    }
    expect(issues).toBeGreaterThan(1_000);
  });
});
