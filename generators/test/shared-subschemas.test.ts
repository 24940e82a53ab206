// Subschemas a document repeats are compiled once (src/shared-subschemas.ts): each repeated
// compound subschema is registered once and referred to, what cannot move keeps its place, and
// the validators judge every value exactly as before, with the same errors at the same paths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/model.ts';
import { createAjv } from '../src/schema-set.ts';
import { SHARED_ID_PREFIX, shareRepeatedSubschemas } from '../src/shared-subschemas.ts';

const point = { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] };

describe('shareRepeatedSubschemas', () => {
  it('registers a repeated compound subschema once, inner repeats included, and never replaces a root', () => {
    const line = { type: 'object', properties: { from: point, to: point } };
    const roots = [{ type: 'array', items: line }, { anyOf: [line, { type: 'null' }] }, point];
    const { schemas, shared } = shareRepeatedSubschemas(roots);
    // `line` (twice) and `point` (four times inside `line`s; the third root is itself, not a repeat).
    expect(shared.size).toBe(2);
    const ids = [...shared.keys()];
    for (const id of ids) expect(id).toMatch(new RegExp(`^${SHARED_ID_PREFIX}[0-9a-f]{16}$`));
    const pointId = ids.find((id) => JSON.stringify(shared.get(id)) === JSON.stringify(point))!;
    const lineId = ids.find((id) => id !== pointId)!;
    expect(shared.get(lineId)).toEqual({ type: 'object', properties: { from: { $ref: pointId }, to: { $ref: pointId } } });
    expect(schemas[0]).toEqual({ type: 'array', items: { $ref: lineId } });
    expect(schemas[1]).toEqual({ anyOf: [{ $ref: lineId }, { type: 'null' }] });
    // A root stays itself (it keeps its own id).
    expect(schemas[2]).toEqual(point);
    // The same schemas, the same ids.
    expect([...shareRepeatedSubschemas(roots).shared.keys()]).toEqual(ids);
  });

  it('leaves in place what is tied to its place, what occurs once, and leaves', () => {
    const local = { type: 'object', properties: { a: { $ref: '#/definitions/A' } } };
    const withId = { $id: 'x', type: 'object', properties: {} };
    const leaf = { type: 'string', pattern: '^a$' };
    const roots = [{ anyOf: [local, withId, leaf, point] }, { anyOf: [local, withId, leaf] }];
    const { schemas, shared } = shareRepeatedSubschemas(roots);
    expect(shared.size).toBe(0);
    expect(schemas).toEqual(roots);
  });
});

describe("Filecoin's document, shared and not", () => {
  const document = JSON.parse(readFileSync(join(import.meta.dirname, 'real-documents', 'filecoin-lotus', 'openrpc.json'), 'utf8'));
  const model = parseDocument(document);

  /** Values to judge for a schema: its own examples and each member's, each with one member dropped and one made wrong. */
  function valuesOf(schema: unknown): unknown[] {
    const found: unknown[] = [null, 0, 'x', [], {}, [{}], [null, null]];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item);
        return;
      }
      if (value === null || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.examples)) found.push(...record.examples);
      for (const item of Object.values(record)) walk(item);
    };
    walk(schema);
    const variants: unknown[] = [];
    for (const value of found) {
      variants.push(value, [value], [value, value]);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const keys = Object.keys(value);
        if (keys[0] !== undefined) {
          const { [keys[0]]: _dropped, ...rest } = value as Record<string, unknown>;
          variants.push(rest, { ...value, [keys.at(-1)!]: { wrong: true } }, [{ ...value, [keys.at(-1)!]: 'wrong' }]);
        }
      }
    }
    return variants;
  }

  it('registers each repeat once, and judges every value as before, with the same errors at the same paths', () => {
    const sharedAjv = createAjv(model, { allErrors: true });
    const plainAjv = createAjv(model, { allErrors: true }, false);
    let judged = 0;
    let refused = 0;
    for (const entry of sharedAjv.entries) {
      const shared = sharedAjv.ajv.getSchema(entry.id)!;
      const plain = plainAjv.ajv.getSchema(entry.id)!;
      for (const value of valuesOf(entry.schema)) {
        const ok = shared(value);
        expect(ok, `${entry.id}: ${JSON.stringify(value).slice(0, 200)}`).toBe(plain(value));
        const errors = (fn: typeof shared) => (fn.errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.message}`).sort();
        expect(errors(shared), entry.id).toEqual(errors(plain));
        judged++;
        if (!ok) refused++;
      }
    }
    // Many values, both accepted and refused ones.
    expect(judged).toBeGreaterThan(5000);
    expect(refused).toBeGreaterThan(1000);
    expect(judged - refused).toBeGreaterThan(500);
    const sharedIds = Object.keys((sharedAjv.ajv as unknown as { schemas: Record<string, unknown> }).schemas).filter((id) => id.startsWith(SHARED_ID_PREFIX));
    expect(sharedIds.length).toBeGreaterThan(50);
  });
});
