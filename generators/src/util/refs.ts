// `$ref`s: the one place that reads JSON pointers, walks a value for its references and follows
// a reference to its schema. The model resolves every reference of the document once (and
// rejects a dangling one); plugins follow them through the model's index, never the document.
import { isObject, type JsonSchema } from './json.ts';

/** Where named schemas live in an OpenRPC document. */
const SCHEMA_REF = '#/components/schemas/';

/** The name of the named schema a `$ref` points at (`#/components/schemas/uint64` → `uint64`), else undefined. */
export function schemaRefName(ref: string): string | undefined {
  return ref.startsWith(SCHEMA_REF) && !ref.slice(SCHEMA_REF.length).includes('/') ? decodeURIComponent(ref.slice(SCHEMA_REF.length)) : undefined;
}

/** Follows a local JSON pointer (`#/…`) through `root`; undefined when it dangles or is not local. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) return undefined;
  }
  return node;
}

/** Calls `visit` with every `$ref` string inside `value` and the JSON path of the object holding it. */
export function eachRef(value: unknown, visit: (ref: string, where: string) => void, where = '#'): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) eachRef(item, visit, `${where}/${i}`);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') visit(item, where);
      else eachRef(item, visit, `${where}/${key}`);
    }
  }
}

/** A copy of `value` with every `$ref` string replaced by `map(ref)`. */
export function mapRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? map(item) : mapRefs(item, map)]));
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
