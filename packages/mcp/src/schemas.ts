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
