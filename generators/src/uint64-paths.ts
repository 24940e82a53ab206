// Where a schema holds 64-bit integers: dot paths into a value (`validators.*.weight`, `*`
// for every element or map value), for clients that decode them to bigint.
import { resolveRef, type DocumentModel, type JsonSchema } from './model.ts';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function uint64Paths(model: DocumentModel, schema: JsonSchema | undefined): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, path: string[], seen: ReadonlySet<unknown>) => {
    if (!isObject(node) || seen.has(node)) return;
    const next = new Set(seen).add(node);
    if (node['x-uint64'] === true) {
      found.add(path.join('.'));
      return;
    }
    if (typeof node.$ref === 'string') walk(resolveRef(model.document, node.$ref), path, next);
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) walk(branch, path, next);
    }
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) walk(property, [...path, name], next);
    }
    if (isObject(node.additionalProperties)) walk(node.additionalProperties, [...path, '*'], next);
    if (isObject(node.items)) walk(node.items, [...path, '*'], next);
    if (Array.isArray(node.items)) node.items.forEach((item, i) => walk(item, [...path, String(i)], next));
  };
  walk(schema, [], new Set());
  return [...found].sort();
}
