// Every uint64 field of every method, sent as the JSON number 2^64 − 1 and as the string:
// with bigint: true it arrives exact; without, it arrives as the exact decimal string, never
// as a rounded number.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import type { Uint64Tree } from '../src/generated/core/types.ts';
import { uint64Paths } from '../src/generated/uint64-paths.ts';
import { startNodeDouble, type NodeDouble } from './node-double.ts';

const MAX = '18446744073709551615';
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

/** The JSON text of a result holding `literal` at `path` (`*` becomes a one-element list). */
function resultText(path: string, literal: string): string {
  const segments = path === '' ? [] : path.split('.');
  const build = (at: number): string => {
    if (at === segments.length) return literal;
    const inner = build(at + 1);
    return segments[at] === '*' ? `[${inner}]` : `{${JSON.stringify(segments[at])}:${inner}}`;
  };
  return build(0);
}

function valueAt(value: unknown, path: string): unknown {
  let node = value;
  for (const segment of path === '' ? [] : path.split('.')) node = (node as Record<string, unknown>)[segment === '*' ? '0' : segment];
  return node;
}

/** The tree's dot paths (`''`: the value itself), to send a uint64 at each. */
function pathsOf(tree: Uint64Tree, prefix = ''): string[] {
  if (tree === 1) return [prefix];
  return Object.entries(tree).flatMap(([member, below]) => (member === '' ? [prefix] : pathsOf(below, prefix === '' ? member : `${prefix}.${member}`)));
}

const rpcMethods = Object.entries(uint64Paths)
  .filter(([name]) => name !== 'health.get')
  .map(([name, tree]): [string, string[]] => [name, pathsOf(tree)]);

interface Spec {
  methods: Array<{ name: string; result: { schema: unknown } }>;
  components: { schemas: Record<string, unknown> };
}

/** Whether `x-uint64: true` stands anywhere in a schema, following its `#/components/schemas/…` refs (each once, as some are recursive). */
function holdsUint64(spec: Spec, schema: unknown, seen = new Set<string>()): boolean {
  if (Array.isArray(schema)) return schema.some((item) => holdsUint64(spec, item, seen));
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => {
    if (key === 'x-uint64') return value === true;
    if (key !== '$ref' || typeof value !== 'string') return holdsUint64(spec, value, seen);
    if (seen.has(value)) return false;
    seen.add(value);
    const name = value.replace('#/components/schemas/', '');
    if (!(name in spec.components.schemas)) throw new Error(`unresolved $ref ${value}`);
    return holdsUint64(spec, spec.components.schemas[name], seen);
  });
}

describe('uint64 fields', () => {
  it('has paths for exactly the methods whose result holds a uint64 (checked on the spec, its $refs followed)', () => {
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'openrpc.json'), 'utf8')) as Spec;
    const holding = spec.methods.filter((m) => holdsUint64(spec, m.result.schema)).map((m) => m.name).sort();
    expect(holding.length).toBeGreaterThan(10);
    expect(rpcMethods.map(([name]) => name).sort()).toEqual(holding);
  });

  for (const [method, paths] of rpcMethods) {
    it(`${method}: ${paths.length} field(s), as number and as string`, async () => {
      const exact = createClient({ url: node.url, bigint: true, retry: false });
      const plain = createClient({ url: node.url, retry: false });
      for (const path of paths) {
        for (const literal of [MAX, `"${MAX}"`]) {
          node.answer((request, res) => res.writeHead(200).end(`{"jsonrpc":"2.0","id":${(request.json as { id: number }).id},"result":${resultText(path, literal)}}`));
          const options = { blockchainID: CHAIN };
          expect(valueAt(await exact.call(method, undefined, options), path), `${method} ${path} ${literal}`).toBe(2n ** 64n - 1n);
          expect(valueAt(await plain.call(method, undefined, options), path), `${method} ${path} ${literal}`).toBe(MAX);
        }
      }
    });
  }
});
