// The tools' JSON Schemas as the SDK takes them (`fromJsonSchema`), checked by the SDK's own ajv
// provider. Each is compiled on its first use, not when a server is made: a server per HTTP
// request (the SDK's stateless serving) must not compile 100 schemas each time.
import { fromJsonSchema, type JsonSchemaType, type JsonSchemaValidator, type JsonSchemaValidatorResult, type jsonSchemaValidator, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';

const engine = new AjvJsonSchemaValidator();

/** ajv says `data/subnetID must …`; a model reads `arguments/subnetID must …`. */
const readable = (message: string | undefined) => (message ?? 'invalid').replace(/(^|, )data(?=[/ ]|$)/g, '$1arguments');

/** ajv's "must NOT have additional properties" does not say which: the members the root schema does not know, named (short). */
function unknownMembers(schema: JsonSchemaType, input: unknown): string {
  const { properties, additionalProperties } = schema as { properties?: object; additionalProperties?: unknown };
  if (additionalProperties !== false || !properties || input === null || typeof input !== 'object' || Array.isArray(input)) return '';
  const unknown = Object.keys(input).filter((key) => !(key in properties));
  if (unknown.length === 0) return '';
  const names = unknown.slice(0, 5).map((key) => JSON.stringify(key.slice(0, 40)));
  return ` (unknown argument${unknown.length > 1 ? 's' : ''} ${names.join(', ')}; it takes ${Object.keys(properties).join(', ') || 'none'})`;
}

/** A validator that compiles a schema when it first checks a value. */
const lazyValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType) {
    let check: JsonSchemaValidator<T> | undefined;
    return (input: unknown): JsonSchemaValidatorResult<T> => {
      check ??= engine.getValidator<T>(schema);
      const verdict = check(input);
      return verdict.valid ? verdict : { ...verdict, errorMessage: readable(verdict.errorMessage) + unknownMembers(schema, input) };
    };
  },
};

const cache = new WeakMap<object, StandardSchemaWithJSON>();

/** The SDK's form of a JSON Schema, made once per schema object. */
export function standardSchema(schema: object): StandardSchemaWithJSON {
  let made = cache.get(schema);
  if (!made) {
    made = fromJsonSchema(schema as JsonSchemaType, lazyValidator) as StandardSchemaWithJSON;
    cache.set(schema, made);
  }
  return made;
}

/** Checks a value against a schema (compiled once): undefined when it passes, else what is wrong. */
export function schemaProblem(schema: object, value: unknown): string | undefined {
  const verdict = standardSchema(schema)['~standard'].validate(value);
  if (verdict instanceof Promise) throw new TypeError('asynchronous validation is not expected');
  return verdict.issues ? verdict.issues.map((i) => i.message).join('; ') : undefined;
}

type Schema = { pattern?: string; $ref?: string; $defs?: Record<string, Schema>; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; oneOf?: Schema[] };

/**
 * What the listing says of an answer: its top-level members and their JSON types, no deeper.
 * The whole result schemas are about 150,000 characters for the default tools (getTx's alone
 * 31,000: every tx type), sent in every session of a client that loads all tools; a model needs
 * the answer's shape, and the answer itself comes back in full (its text is the JSON). Every
 * answer that passes the whole schema passes its outline (each type is the whole schema's own).
 */
export function outlineSchema(schema: object): object {
  const root = schema as Schema;
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref?.startsWith('#/$defs/') ? resolve(root.$defs?.[s.$ref.slice(8)]) : s);
  /** The JSON types a schema allows, when it says them plainly (a union: each branch's). */
  const typesOf = (s: Schema | undefined): string[] | undefined => {
    const resolved = resolve(s);
    if (!resolved) return undefined;
    if (resolved.type !== undefined) return [resolved.type].flat();
    const branches = resolved.anyOf ?? resolved.oneOf;
    if (!branches) return undefined;
    const each = branches.map(typesOf);
    return each.every((t) => t !== undefined) ? [...new Set(each.flat() as string[])] : undefined;
  };
  const top = resolve(root);
  // No `$schema`: type, properties, required and pattern mean the same in every draft, and the
  // dialect's URL, repeated per tool, would weigh more than most outlines.
  const outline: Record<string, unknown> = { type: 'object' };
  if (!top?.properties) return outline;
  outline.properties = Object.fromEntries(Object.entries(top.properties).map(([name, property]) => {
    const types = typesOf(property);
    if (!types) return [name, {}];
    // A uint64 past 2^53 comes as its exact digits: the pattern says which strings (`^[1-9][0-9]{15,}$`).
    const pattern = types.includes('integer') && types.includes('string') ? resolve(property)?.pattern : undefined;
    return [name, { type: types.length === 1 ? types[0] : types, ...(pattern ? { pattern } : {}) }];
  }));
  if (top.required?.length) outline.required = top.required;
  return outline;
}
