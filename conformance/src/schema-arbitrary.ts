// Values a JSON Schema accepts, as fast-check arbitraries: for round-trip properties
// ("whatever the spec allows passes through the mocks and the client unchanged").
// Handles what the avanode document uses: $ref, anyOf, type, enum, const, pattern, min/max,
// properties/required, additionalProperties, propertyNames, items, min/maxItems, min/maxProperties.
import fc from 'fast-check';

type Schema = Record<string, unknown> | boolean;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Arbitraries already built, per schema object and depth band: the same sub-schema (an ID
 * pattern, a tx type) stands in hundreds of places of a block's schema, and building a regex's
 * arbitrary is what costs (a getBlock result took 48 s to build without this, 0.2 s with it).
 * What an arbitrary looks like changes only at depths 3 and 4, so deeper levels share one entry.
 */
const built = new WeakMap<object, Map<number, fc.Arbitrary<unknown>>>();

export function arbitraryOf(schema: Schema, definitions: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema === 'boolean') return buildArbitrary(schema, definitions, depth);
  const band = Math.min(depth, 4);
  let byDepth = built.get(schema);
  if (!byDepth) {
    byDepth = new Map();
    built.set(schema, byDepth);
  }
  let arbitrary = byDepth.get(band);
  if (!arbitrary) {
    arbitrary = buildArbitrary(schema, definitions, depth);
    byDepth.set(band, arbitrary);
  }
  return arbitrary;
}

function buildArbitrary(schema: Schema, definitions: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  if (schema === true || (isObject(schema) && Object.keys(schema).every((k) => k === 'description' || k === 'title'))) {
    return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
  if (schema === false) throw new Error('false schema accepts nothing');
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') return arbitraryOf(definitions[s.$ref.split('/').pop()!]!, definitions, depth);
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as Schema[]).map((b) => arbitraryOf(b, definitions, depth)));
  if (Array.isArray(s.oneOf)) return fc.oneof(...(s.oneOf as Schema[]).map((b) => arbitraryOf(b, definitions, depth)));
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  // A pattern without a type (as in propertyNames) constrains strings.
  switch (s.type ?? (typeof s.pattern === 'string' ? 'string' : undefined)) {
    case 'string':
      return typeof s.pattern === 'string' ? fc.stringMatching(new RegExp(s.pattern)) : fc.string({ maxLength: 20 });
    case 'integer': {
      // Safe integers only: beyond 2^53 a JSON number cannot round-trip through any JS value.
      const min = typeof s.minimum === 'number' ? Math.max(s.minimum, Number.MIN_SAFE_INTEGER) : Number.MIN_SAFE_INTEGER;
      const max = typeof s.maximum === 'number' ? Math.min(s.maximum, Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
      return fc.integer({ min, max });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(s.items)) return fc.tuple(...(s.items as Schema[]).map((i) => arbitraryOf(i, definitions, depth + 1)));
      if (s.maxItems === 0) return fc.constant([]);
      // Within the schema's bounds (`weights` has exactly 4), short by default so trees stay small.
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : Number.POSITIVE_INFINITY, depth > 3 ? 1 : 3));
      return fc.array(s.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(s.items as Schema, definitions, depth + 1), { minLength, maxLength });
    }
    default: {
      // 'object', and a schema that names no type.
      const properties = isObject(s.properties) ? (s.properties as Record<string, Schema>) : {};
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const known = fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v, definitions, depth + 1)])),
        { requiredKeys: [...required].filter((k) => k in properties) },
      );
      const extra = isObject(s.additionalProperties) ? (s.additionalProperties as Schema) : undefined;
      if (!extra || Object.keys(properties).length > 0) return known;
      const names = isObject(s.propertyNames) ? arbitraryOf(s.propertyNames as Schema, definitions, depth + 1) as fc.Arbitrary<string> : fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/);
      const min = typeof s.minProperties === 'number' ? s.minProperties : 0;
      const max = typeof s.maxProperties === 'number' ? s.maxProperties : depth > 3 ? 1 : 3;
      return fc.dictionary(names, arbitraryOf(extra, definitions, depth + 1), { minKeys: min, maxKeys: max });
    }
  }
}
