// Where a schema holds 64-bit integers: dot paths into a value (`validators.*.weight`, `*`
// for every element or map value), for clients that decode them to bigint.
import type { DocumentModel, JsonSchema } from './model.ts';
import { isObject } from './util/json.ts';

/**
 * The paths found below each schema object, relative to it, per model: the P-chain's block
 * union is reached from several methods and through every block type, and is walked once.
 */
const remembered = new WeakMap<DocumentModel, Map<object, Set<string>>>();

export function uint64Paths(model: DocumentModel, schema: JsonSchema | undefined): string[] {
  const memo = remembered.get(model) ?? new Map<object, Set<string>>();
  remembered.set(model, memo);
  // A schema is not entered again inside itself: a loop of references ends there. A result
  // that met such an end depends on where the walk came from, so it is not remembered.
  const inProgress = new Set<object>();
  let loopsCut = 0;

  /** The paths below `node`, relative to it, each step written `.<step>` (`''`: the node itself). */
  const below = (node: Record<string, unknown>): Set<string> => {
    const known = memo.get(node);
    if (known) return known;
    const loopsBefore = loopsCut;
    inProgress.add(node);
    const paths = new Set<string>();
    const visit = (child: unknown, step?: string) => {
      if (!isObject(child)) return;
      if (inProgress.has(child)) {
        loopsCut++;
        return;
      }
      for (const rest of below(child)) paths.add(step === undefined ? rest : `.${step}${rest}`);
    };
    if (node['x-uint64'] === true) {
      paths.add('');
    } else {
      if (typeof node.$ref === 'string') visit(model.refs[node.$ref]);
      for (const key of ['anyOf', 'oneOf', 'allOf']) {
        if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) visit(branch);
      }
      if (isObject(node.properties)) {
        for (const [name, property] of Object.entries(node.properties)) visit(property, name);
      }
      if (isObject(node.additionalProperties)) visit(node.additionalProperties, '*');
      if (isObject(node.items)) visit(node.items, '*');
      if (Array.isArray(node.items)) for (const [i, item] of node.items.entries()) visit(item, String(i));
    }
    inProgress.delete(node);
    if (loopsCut === loopsBefore) memo.set(node, paths);
    return paths;
  };

  if (!isObject(schema)) return [];
  return [...new Set([...below(schema)].map((path) => path.slice(1)))].sort();
}

/** Where a result holds 64-bit integers, as the client's tree: `1` at each, `''` where a path ends above others. */
export type Uint64Tree = 1 | { [member: string]: Uint64Tree };

/** The dot paths of `uint64Paths` as one tree (prefixes shared), the form the client ships. */
export function uint64Tree(paths: readonly string[]): Uint64Tree {
  if (paths.length === 1 && paths[0] === '') return 1;
  // No prototype: a member named `__proto__` is a member like any other.
  const branch = (): { [member: string]: Uint64Tree } => Object.create(null);
  const root = branch();
  for (const path of paths) {
    let node = root;
    const segments = path === '' ? [] : path.split('.');
    segments.forEach((segment, i) => {
      const below = Object.hasOwn(node, segment) ? node[segment]! : undefined;
      if (i === segments.length - 1) {
        if (below === undefined) node[segment] = 1;
        else if (below !== 1) below[''] = 1;
        return;
      }
      const next = below === undefined || below === 1 ? branch() : below;
      if (below === 1) next[''] = 1;
      node[segment] = next;
      node = next;
    });
    if (segments.length === 0) root[''] = 1;
  }
  return root;
}
