// A client's namespaces: `client.platform.getHeight(p, o)` calls `platform.getHeight`. Each
// namespace knows the wire prefix of its methods; the few members under another prefix, the
// positional methods' arity and the path variable of a scoped namespace come from the generated
// table, typed by the generated `Client` (a namespace the type has and the table lacks, or the
// other way round, does not compile).
//
// The method members are made on first access, from their names, by a Proxy: listing them
// would put every method name of the document in what an app loads up front (measured on this
// project's document: 178 B gzip more, on a 2 kB budget). The generated types list every
// member; a name the document lacks reaches the node and comes back as "method not found".
import type { CoreClient, RequestOptions } from './types.js';

export interface NamespaceDefinition {
  /** Wire prefix of the namespace's methods, e.g. `info.` or `eth_`. */
  prefix: string;
  /** Members under another prefix: member → wire name. */
  moved?: Readonly<Record<string, string>>;
  /** Positional methods: wire name → number of params (the next argument is the options). */
  positional?: Readonly<Record<string, number>>;
  /** The path variable a scoped namespace takes (`chainID`): `client.chain(id)`. */
  scope?: string;
}

function namespace(core: CoreClient, definition: NamespaceDefinition, scope?: Record<string, string>): object {
  const own: Record<string, unknown> = { batch: (calls: Parameters<CoreClient['batch']>[0], options?: RequestOptions) => core.batch(calls, { ...options, ...scope }) };
  return new Proxy(own, {
    get(own, member) {
      // Symbols and `then` are never methods: a namespace must not look like a promise.
      if (typeof member !== 'string' || member === 'then' || member in own) return own[member as string];
      const method = definition.moved?.[member] ?? definition.prefix + member;
      const arity = definition.positional?.[method];
      // Made once per member and kept (the `in` above finds it next time).
      // biome-ignore lint/suspicious/noAssignInExpressions: keep and return in one expression; this file ships up front.
      return (own[member] =
        arity === undefined
          ? (params?: unknown, options?: RequestOptions) => core.call(method, params, { ...options, ...scope })
          : (...args: unknown[]) => {
              const params = args.slice(0, arity);
              while (params.length && params.at(-1) === undefined) params.pop();
              return core.call(method, params, { ...(args[arity] as RequestOptions | undefined), ...scope });
            });
    },
  });
}

/**
 * The namespaces `S` (the generated client's) over `core`, one per entry of `definitions`: an
 * object, or for a scoped namespace a function of the scope's value. A member set on a
 * namespace object (an HTTP GET endpoint) is kept as it is.
 */
export function buildNamespaces<S extends object>(core: CoreClient, definitions: { readonly [K in keyof S]: NamespaceDefinition }): S {
  const spaces: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries<NamespaceDefinition>(definitions)) {
    const variable = definition.scope;
    spaces[name] = variable ? (value: string) => namespace(core, definition, { [variable]: value }) : namespace(core, definition);
  }
  // The one place the namespaces get their type: the Proxy makes each member the type lists.
  return spaces as S;
}
