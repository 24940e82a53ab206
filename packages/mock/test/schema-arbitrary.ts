// Arbitrary values from the JSON schemas of spec/openrpc.json's params, for the generated-params
// property test: objects with their required and some optional members, strings that honour a
// pattern (picked from known-good values: the spec's examples and the state's IDs, or built from
// the pattern), integers in range (bigints past 2^53, written as bare JSON numbers), enums,
// arrays of 0–3 items. A schema it does not model gives `undefined`: the caller falls back to the
// examples' params.
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

/** Marks a bigint in a value so `toJson` writes it as a bare JSON number, digit for digit. */
const BIG = '@@bigint:';

/** JSON text of generated params: bigints as exact JSON numbers (never rounded to a double). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${BIG}${v}` : v)).replace(/"@@bigint:(-?\d+)"/g, '$1');
}

export interface SchemaContext {
  /** The document's named schemas (`#/components/schemas/…`). */
  schemas: Record<string, Schema>;
  /** Known-good strings (example values, state IDs): a pattern picks those it matches. */
  strings: readonly string[];
}

const MAX_DEPTH = 8;

/** Every string inside a value (examples, a state), deduplicated. */
export function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

/** Bounds past 2^53 that JSON.parse rounded (2^64 − 1 reads as 2^64): the exact one they stand for. */
const WIDE_BOUNDS = [2n ** 63n - 1n, 2n ** 64n - 1n, -(2n ** 63n)];
const exact = (bound: number): bigint => WIDE_BOUNDS.find((b) => Number(b) === bound) ?? BigInt(Math.trunc(bound));

function integerArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const min = typeof schema.minimum === 'number' ? exact(schema.minimum) : 0n;
  const max = typeof schema.maximum === 'number' ? exact(schema.maximum) : 2n ** 64n - 1n;
  const ends = fc.constantFrom(min, max);
  const any = fc.bigInt({ min, max });
  return fc.oneof(ends, any).map((n) => (n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n));
}

function stringArbitrary(schema: Schema, context: SchemaContext): fc.Arbitrary<unknown> | undefined {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (typeof schema.pattern !== 'string') {
    const pool = context.strings.filter((s) => s.length >= minLength && s.length <= 200);
    const free = fc.string({ minLength, maxLength: Math.max(minLength, 24) });
    return pool.length ? fc.oneof(fc.constantFrom(...pool), free) : free;
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern, 'u');
  } catch {
    return undefined;
  }
  const pool = context.strings.filter((s) => s.length >= minLength && pattern.test(s));
  let built: fc.Arbitrary<string> | undefined;
  try {
    // Built from the pattern; a pattern fast-check cannot read (a lookahead) leaves only the pool.
    built = fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= 400 && pattern.test(s));
  } catch {
    built = undefined;
  }
  if (pool.length && built) return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, { arbitrary: built, weight: 1 });
  if (pool.length) return fc.constantFrom(...pool);
  return built;
}

function objectArbitrary(schema: Schema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> | undefined {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, member] of Object.entries(properties)) {
    const arbitrary = schemaArbitrary(member, context, depth + 1);
    if (arbitrary) members[name] = arbitrary;
    else if (required.has(name)) return undefined;
  }
  return fc.record(members, { requiredKeys: Object.keys(members).filter((name) => required.has(name)) });
}

/** An arbitrary of the values a schema describes, or undefined where it is too complex to model. */
function schemaArbitrary(schema: Schema | undefined, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> | undefined {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return undefined;
  if (typeof schema.$ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    return name && Object.hasOwn(context.schemas, name) ? schemaArbitrary(context.schemas[name], context, depth + 1) : undefined;
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.length ? fc.constantFrom(...(schema.enum as unknown[])) : undefined;
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(choices)) {
    const arbitraries = choices.map((choice) => schemaArbitrary(choice, context, depth + 1));
    return arbitraries.every((a) => a !== undefined) && arbitraries.length ? fc.oneof(...(arbitraries as fc.Arbitrary<unknown>[])) : undefined;
  }
  if ('allOf' in schema || 'not' in schema || 'if' in schema) return undefined;
  if (Array.isArray(schema.type)) return schemaArbitrary({ anyOf: (schema.type as string[]).map((type) => ({ ...schema, type })) }, context, depth);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'string':
      return stringArbitrary(schema, context);
    case 'array': {
      const items = schemaArbitrary(schema.items as Schema | undefined, context, depth + 1);
      if (!items) return undefined;
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3));
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, context, depth);
    default:
      return schema.properties ? objectArbitrary(schema, context, depth) : undefined;
  }
}

interface ParamSpec {
  name: string;
  required?: boolean;
  schema: Schema;
}

/**
 * The params of one call of a method: by name, an object with every required param and some
 * optional ones; by position, the params in order, optional trailing ones sometimes left out.
 * A param whose schema is too complex takes the values the examples give it.
 */
export function paramsArbitrary(params: readonly ParamSpec[], byPosition: boolean, examples: readonly unknown[], context: SchemaContext): fc.Arbitrary<unknown> {
  const members = params.map((param, index) => {
    const shown = examples.flatMap((example) => {
      if (byPosition) return Array.isArray(example) && index < example.length ? [example[index]] : [];
      return example && typeof example === 'object' && Object.hasOwn(example, param.name) ? [(example as Record<string, unknown>)[param.name]] : [];
    });
    const arbitrary = schemaArbitrary(param.schema, context) ?? (shown.length ? fc.constantFrom(...shown) : fc.constant(null));
    return { param, arbitrary };
  });
  if (byPosition) {
    const required = members.reduce((last, m, i) => (m.param.required ? i + 1 : last), 0);
    return fc.tuple(...members.map((m) => m.arbitrary), fc.integer({ min: required, max: members.length })).map((values) => values.slice(0, values[values.length - 1] as number));
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const { param, arbitrary } of members) record[param.name] = arbitrary;
  return fc.record(record, { requiredKeys: members.filter((m) => m.param.required).map((m) => m.param.name) });
}
