// The JSON Schemas a document defines for validation, one per method part, and the ajv
// instance that compiles them. The validators generator emits standalone code from it; the
// spec's tests use it at run time, so both judge a value by the same schemas.
import { Ajv, type Options } from 'ajv';
import type { DocumentModel, JsonSchema } from './model.ts';
import { mapRefs, schemaRefName } from './util/refs.ts';
import { addWireForms, withWireForms } from './wire-forms.ts';
import { addFormats } from './formats.ts';

/**
 * Every named schema is registered on its own under `avanode:schema/<name>`, and every local
 * `#/components/schemas/<name>` reference is rewritten to that id. Ids are absolute URIs, so
 * ajv does not resolve one against another, and each named schema is compiled exactly once,
 * whether it is exported or referenced.
 */
export const schemaId = (name: string) => `avanode:schema/${name}`;

export interface SchemaEntry {
  /** ajv `$id`, e.g. `avanode:result/platform.getHeight`. */
  id: string;
  /** Name of the standalone export, e.g. `PlatformGetHeightResult`. */
  exportName: string;
  method: string;
  part: 'params' | 'result' | 'response';
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
      id: `avanode:params/${method.name}`,
      exportName: `${method.typeName}Params`,
      method: method.name,
      part: 'params',
      schema: pointIntoComponents(method.paramsSchema, `params of ${method.name}`) as JsonSchema,
    });
    if (method.resultSchema !== undefined) {
      entries.push({
        id: `avanode:result/${method.name}`,
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
        id: `avanode:response/${endpoint.name}/${status}`,
        exportName: `${endpoint.typeName}Response${status}`,
        method: endpoint.name,
        part: 'response',
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
export function createAjv(model: DocumentModel, options: Options = {}): { ajv: Ajv; entries: SchemaEntry[] } {
  const ajv = new Ajv({
    strictSchema: false,
    strictTypes: false,
    strictTuples: false,
    allowUnionTypes: true,
    ...options,
  });
  addWireForms(ajv);
  addFormats(ajv);
  for (const [name, schema] of Object.entries(model.schemas)) {
    const rewritten = pointIntoComponents(schema, `schema ${name}`);
    ajv.addSchema(typeof rewritten === 'boolean' ? { $id: schemaId(name), allOf: [rewritten] } : { ...(rewritten as object), $id: schemaId(name) });
  }
  const entries = schemaEntries(model);
  for (const entry of entries) {
    ajv.addSchema(typeof entry.schema === 'boolean' ? { $id: entry.id, allOf: [entry.schema] } : { ...entry.schema, $id: entry.id });
  }
  return { ajv, entries };
}
