// The JSON Schemas a document defines for validation, one per method part, and the ajv
// instance that compiles them. The validators generator emits standalone code from it; the
// spec's tests use it at run time, so both judge a value by the same schemas.
import { Ajv, type Options } from 'ajv';
import type { DocumentModel, JsonSchema } from './model.ts';
import { mapRefs, schemaRefName } from './util/refs.ts';
import { safeSlug } from './util/code.ts';
import { addWireForms, withWireForms } from './wire-forms.ts';
import { addFormats } from './formats.ts';
import { shareRepeatedSubschemas } from './shared-subschemas.ts';

/**
 * Every named schema is registered on its own under `avanode:schema/<name>`, and every local
 * `#/components/schemas/<name>` reference is rewritten to that id. Ids are absolute URIs, so
 * ajv does not resolve one against another, and each named schema is compiled exactly once,
 * whether it is exported or referenced.
 *
 * Ids are derived names, never a document's text as it is: ajv writes each id into a comment
 * (`/*# sourceURL=<id> *\/`) before the validator's code, so a name holding `*\/` would end it and
 * the rest would run. A name of safe characters (`platform.getHeight`) is used as it is, any
 * other as a slug with a hash (util/code.ts `safeSlug`).
 */
export const schemaId = (name: string) => `avanode:schema/${safeSlug(name)}`;
/** The `$id` of a method's params or result. */
export const methodPartId = (part: 'params' | 'result', method: string) => `avanode:${part}/${safeSlug(method)}`;
/** The `$id` of an HTTP endpoint's response body for one status. */
export const responseId = (endpoint: string, status: string) => `avanode:response/${safeSlug(endpoint)}/${safeSlug(status)}`;

export interface SchemaEntry {
  /** ajv `$id`, e.g. `avanode:result/platform.getHeight`. */
  id: string;
  /** Name of the standalone export, e.g. `PlatformGetHeightResult`. */
  exportName: string;
  method: string;
  part: 'params' | 'result' | 'response';
  /** A response's HTTP status (`part: 'response'`). */
  status?: string;
  schema: JsonSchema;
}

/**
 * Rewrites `#/components/schemas/X` to the id X is registered under, and each `x-wire-form`
 * subschema to the check of its form (src/wire-forms.ts). `where` names the schema in errors.
 */
const pointIntoComponents = (value: unknown, where: string): unknown => withWireForms(mapRefs(value, (ref) => {
  const name = schemaRefName(ref);
  return name === undefined ? ref : schemaId(name);
}), where);

export function schemaEntries(model: DocumentModel): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  for (const method of model.methods) {
    entries.push({
      id: methodPartId('params', method.name),
      exportName: `${method.typeName}Params`,
      method: method.name,
      part: 'params',
      schema: pointIntoComponents(method.paramsSchema, `params of ${method.name}`) as JsonSchema,
    });
    if (method.resultSchema !== undefined) {
      entries.push({
        id: methodPartId('result', method.name),
        exportName: `${method.typeName}Result`,
        method: method.name,
        part: 'result',
        schema: pointIntoComponents(method.resultSchema, `result of ${method.name}`) as JsonSchema,
      });
    }
  }
  for (const endpoint of model.httpEndpoints) {
    for (const [status, response] of Object.entries(endpoint.responses)) {
      entries.push({
        id: responseId(endpoint.name, status),
        exportName: `${endpoint.typeName}Response${status}`,
        method: endpoint.name,
        part: 'response',
        status,
        schema: pointIntoComponents(response.schema, `${endpoint.name} ${status}`) as JsonSchema,
      });
    }
  }
  return entries;
}

/**
 * An ajv with the document's components and every entry registered under its id.
 * `x-` keywords and OpenRPC-only members are not validation keywords, so strict mode is off
 * for unknown keywords.
 */
export function createAjv(model: DocumentModel, options: Options = {}, shareRepeats = true): { ajv: Ajv; entries: SchemaEntry[] } {
  const ajv = new Ajv({
    strictSchema: false,
    strictTypes: false,
    strictTuples: false,
    allowUnionTypes: true,
    ...options,
  });
  addWireForms(ajv);
  addFormats(ajv);
  const entries = schemaEntries(model);
  const roots: Array<[string, unknown]> = [
    ...Object.entries(model.schemas).map(([name, schema]): [string, unknown] => [schemaId(name), pointIntoComponents(schema, `schema ${name}`)]),
    ...entries.map((entry): [string, unknown] => [entry.id, entry.schema]),
  ];
  // A subschema the document repeats is compiled once (shared-subschemas.ts); `shareRepeats: false` only to compare.
  const { schemas, shared } = shareRepeats ? shareRepeatedSubschemas(roots.map(([, schema]) => schema)) : { schemas: roots.map(([, schema]) => schema), shared: new Map() };
  const add = (id: string, schema: unknown) => ajv.addSchema(typeof schema === 'boolean' ? { $id: id, allOf: [schema] } : { ...(schema as object), $id: id });
  for (const [i, [id]] of roots.entries()) add(id, schemas[i]);
  for (const [id, schema] of shared) add(id, schema);
  return { ajv, entries };
}
