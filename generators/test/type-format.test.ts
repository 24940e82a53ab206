// The types' formatting (src/type-format) gives prettier's bytes, and the compile cache
// (plugins/types-compile.ts) gives the compiler's: on the project's and the sample's types and
// on random schemas (seeded, so a failure repeats), descriptions edited between two compiles.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/model.ts';
import { typesFiles } from '../src/plugins/types.ts';
import { compileRemembered } from '../src/plugins/types-compile.ts';
import { formatDeclarations } from '../src/type-format/index.ts';

// What json-schema-to-typescript's `format: true` runs: its own prettier, its own style.
const prettier = createRequire(createRequire(import.meta.url).resolve('json-schema-to-typescript'))('prettier') as { format(code: string, options: object): Promise<string> };
const byPrettier = (code: string) =>
  prettier.format(code, { parser: 'typescript', filepath: 'schema.d.ts', bracketSpacing: false, printWidth: 120, semi: true, singleQuote: false, tabWidth: 2, trailingComma: 'none', useTabs: false });

const OPTIONS = { bannerComment: '', unreachableDefinitions: true, additionalProperties: false, strictIndexSignatures: false, declareExternallyReferenced: true, enableConstEnums: false, inferStringEnumKeysFromValues: false, ignoreMinAndMaxItems: false, maxItems: 20, $refOptions: {} };

/** A seeded generator of schemas that make the compiler write every kind of line break, quote, number and comment. */
function randomSchemas(seed: number) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: T[]): T => items[int(items.length)]!;
  const word = () => pick(['a', 'someVeryLongPropertyNameThatGoesOnAndOn', 'x-y', 'with space', '1abc', '$d', 'quote"d', "single'q", 'a.b', `k${'abcdefghij'.repeat(4).slice(0, int(40))}`]);
  const text = () => pick(['a', 'he said "hi"', "it's", 'back\\slash', 'line\nbreak', 'uni ✓ 漢字', '', 'x'.repeat(60), `v${'abcdefghij'.repeat(4).slice(0, int(40))}`]);
  const description = () => pick([undefined, 'Simple.', 'Two\nlines.', 'Trailing spaces  \nnext', 'Para one.\n\nPara two.', '  indented\n    more', '@deprecated use X', 'A long description '.repeat(8), 'with `code` and <tags>', 'Go code (Filecoin\'s):\n\tif x {\n\t\treturn\n\t}', 'tab\tinside', '\tleading tab']);
  const schema = (depth: number, names: string[]): Record<string, unknown> => {
    const d = description();
    const base = d === undefined ? {} : { description: d };
    if (names.length > 0 && random() < 0.15) return { ...base, $ref: `#/definitions/${pick(names)}` };
    switch (depth > 3 ? int(4) : int(12)) {
      case 0: return { ...base, type: pick(['string', 'number', 'integer', 'boolean', 'null']) };
      case 1: return { ...base, enum: Array.from({ length: 1 + int(12) }, () => (random() < 0.7 ? text() : pick([1, -2, 3.5, 1e21, 0, true, null]))) };
      case 2: return { ...base, const: text() };
      case 3: return { ...base, type: ['string', pick(['null', 'number'])] };
      case 4: case 5: {
        const properties = Object.fromEntries(Array.from({ length: int(6) }, (_, i) => [`${word()}${i}`, schema(depth + 1, names)]));
        const object: Record<string, unknown> = { ...base, type: 'object', properties, required: Object.keys(properties).filter(() => random() < 0.5) };
        const open = random();
        if (open < 0.4) object.additionalProperties = false;
        else if (open < 0.6) object.additionalProperties = schema(depth + 1, names);
        if (random() < 0.2) object.title = `Titled${int(1000)}`;
        return object;
      }
      case 6: return { ...base, type: 'array', items: schema(depth + 1, names), ...(random() < 0.3 ? { minItems: 1 } : {}) };
      case 7: {
        const items = Array.from({ length: 1 + int(4) }, () => schema(depth + 1, names));
        return { ...base, type: 'array', items, minItems: int(items.length + 1), maxItems: items.length };
      }
      case 8: case 9: return { ...base, anyOf: Array.from({ length: 1 + int(8) }, () => schema(depth + 1, names)) };
      case 10: return { ...base, allOf: Array.from({ length: 1 + int(3) }, () => schema(depth + 1, names)) };
      default: return { ...base, oneOf: Array.from({ length: 2 + int(3) }, () => schema(depth + 1, names)) };
    }
  };
  return Array.from({ length: 150 }, () => {
    const names = Array.from({ length: int(4) }, (_, i) => `Def${i}`);
    const definitions = Object.fromEntries(names.map((name, i) => [name, { title: name, ...schema(1, names.slice(0, i)) }]));
    return { title: 'Root', ...schema(0, names), definitions };
  });
}

const editDescriptions = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(editDescriptions)
  : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'description' && typeof v === 'string' ? `${v} (edited)` : editDescriptions(v)]))
  : value;

describe('the types are formatted as prettier formats them', () => {
  it('on random schemas, and again after their descriptions are edited (served from the compile cache)', async () => {
    let compared = 0;
    for (const root of randomSchemas(20261123)) {
      for (const schema of [root, editDescriptions(root)] as JSONSchema[]) {
        let expected: string;
        try {
          expected = await compile(schema, 'Root', { ...OPTIONS, format: true });
        } catch {
          continue; // a schema the compiler itself refuses (maxItems below minItems)
        }
        expect(await formatDeclarations(await compileRemembered(schema, 'Root', { ...OPTIONS, format: false }))).toBe(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(250);
  }, 120_000);

  it("on the golden sample's types, as prettier formats the compiler's unformatted text", async () => {
    const document = JSON.parse(readFileSync(join(import.meta.dirname, 'golden', 'ledger.openrpc.json'), 'utf8'));
    const files = await typesFiles(parseDocument(document), { specName: 'x', command: 'y' });
    for (const text of files.values()) expect(await byPrettier(text)).toBe(text);
  });
});
