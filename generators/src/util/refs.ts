// `$ref`s: the one place that reads JSON pointers, walks a value for its references and follows
// a reference to its schema. The model resolves every reference of the document once (and
// rejects a dangling one); plugins follow them through the model's index, never the document.
import { isObject, type JsonSchema } from './json.ts';

/** Where named schemas live in an OpenRPC document. */
const SCHEMA_REF = '#/components/schemas/';

/** The name of the named schema a `$ref` points at (`#/components/schemas/uint64` → `uint64`), else undefined. */
export function schemaRefName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_REF) || ref.slice(SCHEMA_REF.length).includes('/')) return undefined;
  try {
    return decodeURIComponent(ref.slice(SCHEMA_REF.length));
  } catch {
    return undefined; // A malformed percent-escape names no schema: the reference dangles.
  }
}

/** Follows a local JSON pointer (`#/…`) through `root`; undefined when it dangles or is not local. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined; // A malformed percent-escape points nowhere.
    }
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * What a value stands for while walking for references: part of the OpenRPC document, or of a
 * schema; `names`, its members are names (a schema's `properties`, a group of `components`), so
 * none of them is data or a keyword.
 */
export interface RefScope {
  readonly in: 'document' | 'schema';
  readonly names: boolean;
}

/** A schema's members that hold data, where `$ref` is a member like any other. */
const SCHEMA_DATA = new Set(['const', 'enum', 'default', 'examples']);
/** The document's members that hold data: an example's `value`, an error's `data`, and `x-http-endpoints`' example `body` and `paths`. */
const DOCUMENT_DATA = new Set(['value', 'data', 'body', 'paths']);
/** A schema's members whose members are names of schemas. */
const SCHEMA_NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export const DOCUMENT_SCOPE: RefScope = { in: 'document', names: false };
export const SCHEMA_SCOPE: RefScope = { in: 'schema', names: false };

/**
 * The scope of member `key` of an object in `scope`, or undefined when the member is data (the
 * walk does not enter it). One rule for every walk: the model's, the plugins', `--spec`'s bundling.
 */
export function memberScope(scope: RefScope, key: string, parentKey?: string): RefScope | undefined {
  if (scope.names) {
    // A group of components (`components.schemas`…) is itself a map of names.
    return { in: scope.in === 'schema' || (parentKey === 'components' && key === 'schemas') ? 'schema' : scope.in, names: parentKey === 'components' };
  }
  if ((scope.in === 'schema' ? SCHEMA_DATA : DOCUMENT_DATA).has(key)) return undefined;
  if (scope.in === 'schema') return { in: 'schema', names: SCHEMA_NAME_MAPS.has(key) };
  return { in: key === 'schema' ? 'schema' : 'document', names: key === 'components' };
}

/**
 * Calls `visit` with every `$ref` inside `value` (a schema, unless `scope` says the document) and
 * the JSON path of the object holding it; a `$ref` inside data (an example's value, a `const`) is
 * no reference.
 */
export function eachRef(value: unknown, visit: (ref: string, where: string) => void, scope: RefScope = SCHEMA_SCOPE, where = '#', parentKey?: string): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) eachRef(item, visit, { ...scope, names: false }, `${where}/${i}`);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && !scope.names) visit(item, where);
      else {
        const inner = memberScope(scope, key, parentKey);
        if (inner) eachRef(item, visit, inner, `${where}/${key}`, key);
      }
    }
  }
}

/** Every `$ref` member holding a string, anywhere in `value`: what a reference parser would follow. */
function everyRefMember(value: unknown, visit: (ref: string, where: string) => void, where: string): void {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) everyRefMember(item, visit, `${where}/${i}`);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') visit(item, where);
      else everyRefMember(item, visit, `${where}/${key}`);
    }
  }
}

/**
 * Calls `visit` with every `$ref` inside a schema's data (`const`, `enum`, `default`,
 * `examples`) in `value` (the document, unless `scope` says a schema), and the JSON path of
 * the object holding it: data to JSON Schema, but a reference to json-schema-to-typescript's
 * reference parser, which would try to open it.
 */
export function eachRefInSchemaData(value: unknown, visit: (ref: string, where: string) => void, scope: RefScope = DOCUMENT_SCOPE, where = '#', parentKey?: string): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) eachRefInSchemaData(item, visit, { ...scope, names: false }, `${where}/${i}`);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const inner = memberScope(scope, key, parentKey);
      if (inner) eachRefInSchemaData(item, visit, inner, `${where}/${key}`, key);
      else if (scope.in === 'schema') everyRefMember(item, visit, `${where}/${key}`);
    }
  }
}

/** A copy of schema `value` with every `$ref` string replaced by `map(ref)` (data left as it is). */
export function mapRefs(value: unknown, map: (ref: string) => string, scope: RefScope = SCHEMA_SCOPE, parentKey?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map, { ...scope, names: false }));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && !scope.names) return [key, map(item)];
      const inner = memberScope(scope, key, parentKey);
      return [key, inner ? mapRefs(item, map, inner, key) : item];
    }),
  );
}

/**
 * The schema a `$ref` chain ends at, through `refs` (every reference of the document, resolved:
 * the model's `refs`); the schema itself when it is no reference. A loop of references ends
 * where it would repeat.
 */
export function followRefs(refs: Readonly<Record<string, unknown>>, schema: JsonSchema | undefined): JsonSchema | undefined {
  const seen = new Set<string>();
  let current = schema;
  while (isObject(current) && typeof current.$ref === 'string' && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    current = refs[current.$ref] as JsonSchema | undefined;
  }
  return current;
}
