// A client's namespaces: `client.platform.getHeight(p, o)` calls `platform.getHeight`. Each
// namespace is a plain object with one member per method, made from the generated table: its
// members' names, the wire prefix most of them share, the few under another prefix, the
// positional methods' arity and the path variable of a scoped namespace. The generated `Client`
// types it (a namespace the type has and the table lacks, or the other way round, does not compile).
//
// Listing the members puts every method name of the document in what `createClient` loads up
// front (measured on this project's document: about 170 B gzip); an app that counts every byte
// uses `createBareClient` and the standalone functions, which carry only the names they call.
import type { CoreClient, RequestOptions } from './types.js';

export interface NamespaceDefinition {
  /** The members, one per method: their wire name is `prefix` + member unless `moved` says otherwise. */
  members: readonly string[];
  /** Wire prefix of the namespace's methods, e.g. `info.` or `eth_`. */
  prefix: string;
  /** Members under another prefix: member → wire name. */
  moved?: Readonly<Record<string, string>>;
  /** Positional methods: wire name → number of params (the next argument is the options). */
  positional?: Readonly<Record<string, number>>;
  /** The path variable a scoped namespace takes (`chainID`): `client.chain(id)`. */
  scope?: string;
}

function namespace(core: CoreClient, definition: NamespaceDefinition, scope?: Record<string, string>): Record<string, unknown> {
  const space: Record<string, unknown> = { batch: (calls: Parameters<CoreClient['batch']>[0], options?: RequestOptions) => core.batch(calls, { ...options, ...scope }) };
  for (const member of definition.members) {
    const method = definition.moved?.[member] ?? definition.prefix + member;
    const arity = definition.positional?.[method];
    space[member] =
      arity === undefined
        ? (params?: unknown, options?: RequestOptions) => core.call(method, params, { ...options, ...scope })
        : (...args: unknown[]) => {
            const params = args.slice(0, arity);
            while (params.length && params.at(-1) === undefined) params.pop();
            return core.call(method, params, { ...(args[arity] as RequestOptions | undefined), ...scope });
          };
  }
  return space;
}

/**
 * The namespaces `S` (the generated client's) over `core`, one per entry of `definitions`: an
 * object, or for a scoped namespace a function of the scope's value that makes one.
 */
export function buildNamespaces<S extends object>(core: CoreClient, definitions: { readonly [K in keyof S]: NamespaceDefinition }): S {
  const spaces: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries<NamespaceDefinition>(definitions)) {
    const variable = definition.scope;
    spaces[name] = variable ? (value: string) => namespace(core, definition, { [variable]: value }) : namespace(core, definition);
  }
  // The one place the namespaces get their type: the table they are made from is generated from
  // the same model as the type, member for member.
  return spaces as S;
}
