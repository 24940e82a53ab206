// Subschemas that a document repeats, compiled once. Documents generated from code (Filecoin's
// Lotus API: 240 methods, no named schemas) write the whole definition of a type inline
// wherever it is used, so the same object schema occurs dozens of times across the methods'
// params and results (1,378 compound subschemas, 206 distinct). ajv compiles each occurrence
// anew, which was most of a cold generation's time, and writes each into the standalone module.
// Here every compound subschema that occurs more than once, equal to the character once
// annotations are left out (wire-forms.ts `withWireForms` has done that), is registered once
// under a derived id and referred to by it: ajv compiles it once and calls it, as it does a
// named schema (`inlineRefs: false`). What a value is judged, and the paths its errors name,
// stay the same: a `$ref` checks the same data with the same keywords.
import { createHash } from 'node:crypto';
import { isObject } from './util/json.ts';

const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SUBSCHEMAS = new Set(['additionalProperties', 'propertyNames', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'items']);
/** Members that make a subschema's meaning depend on where it stands (a base URI, local definitions): such a subschema stays where it is. */
const PLACE_BOUND = new Set(['$id', 'id', 'definitions', '$defs', '$anchor', '$recursiveRef', '$recursiveAnchor', '$dynamicRef', '$dynamicAnchor']);

/** The prefix of a shared subschema's id; its name is a hash of its content. */
export const SHARED_ID_PREFIX = 'avanode:shared/';

type Schema = Record<string, unknown>;

/** Each subschema member of a schema object, with a function that rebuilds the member from new subschemas. */
function eachSubschema(schema: Schema, visit: (sub: unknown) => unknown): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, visit(sub)]));
    else if ((SCHEMA_LISTS.has(key) || key === 'items') && Array.isArray(value)) out[key] = value.map(visit);
    else if (SUBSCHEMAS.has(key)) out[key] = visit(value);
    else out[key] = value;
  }
  return out;
}

/** A compound schema (one whose checking is worth a function of its own) whose members do not tie it to where it stands. */
const compound = (schema: Schema): boolean =>
  (isObject(schema.properties) || schema.items !== undefined || Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf) || Array.isArray(schema.allOf)) &&
  !Object.keys(schema).some((key) => PLACE_BOUND.has(key));

/** A `$ref` relative to the schema's root would change meaning under another root; absolute ids (avanode:…) do not. */
const relativeRef = (text: string): boolean => /"\$ref":"#/.test(text);

/**
 * The schemas with every compound subschema that occurs more than once (across all of them)
 * replaced by a `$ref` to a shared schema, and the shared schemas by id. The schemas' roots are
 * never replaced (each keeps its own id). Deterministic: the same schemas give the same ids.
 */
export function shareRepeatedSubschemas<T>(schemas: readonly T[]): { schemas: T[]; shared: Map<string, Schema> } {
  // Pass 1: the text of every compound subschema (its inner ones included), counted.
  const counts = new Map<string, number>();
  const textOf = new Map<Schema, string>();
  const count = (value: unknown, root: boolean): void => {
    if (!isObject(value)) return;
    eachSubschema(value, (sub) => {
      count(sub, false);
      return sub;
    });
    if (root || !compound(value)) return;
    const text = JSON.stringify(value);
    if (relativeRef(text)) return;
    textOf.set(value, text);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  };
  for (const schema of schemas) count(schema, true);

  // Pass 2: rebuilt from the leaves up, each repeated one registered once and referred to.
  const shared = new Map<string, Schema>();
  const idOf = new Map<string, string>();
  const rebuild = (value: unknown, root: boolean): unknown => {
    if (!isObject(value)) return value;
    const text = textOf.get(value);
    if (!root && text !== undefined && (counts.get(text) ?? 0) > 1) {
      let id = idOf.get(text);
      if (id === undefined) {
        id = `${SHARED_ID_PREFIX}${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
        idOf.set(text, id);
        shared.set(id, eachSubschema(value, (sub) => rebuild(sub, false)));
      }
      return { $ref: id };
    }
    return eachSubschema(value, (sub) => rebuild(sub, false));
  };
  return { schemas: schemas.map((schema) => rebuild(schema, true) as T), shared };
}
