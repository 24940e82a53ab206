// Values a JSON Schema accepts, as fast-check arbitraries: for round-trip properties
// ("whatever the spec allows passes through the mocks and the client unchanged").
// Handles what the avanode document uses: $ref, anyOf, type, enum, const, pattern, min/max,
// properties/required, additionalProperties, propertyNames, items, min/maxProperties.
import fc from 'fast-check';

type Schema = Record<string, unknown> | boolean;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function arbitraryOf(schema: Schema, definitions: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
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
      return fc.array(s.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(s.items as Schema, definitions, depth + 1), { maxLength: depth > 3 ? 1 : 3 });
    }
    case 'object':
    default: {
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
