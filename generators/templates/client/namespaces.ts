// Builds a client's namespaces without a table of methods: `client.platform.getHeight(p, o)`
// calls `platform.getHeight`. Each namespace knows its wire prefix; the few members that live
// under another prefix, and the positional methods' arity, come from the generated definition.
// The generated types list every member; at run time a name the spec lacks would reach the
// node and come back as "method not found".
import type { CoreClient, RequestOptions } from './client.js';

export interface NamespaceDefinition {
  /** Wire prefix of the namespace's methods, e.g. `platform.` or `eth_`. */
  prefix: string;
  /** Members under another prefix: member → wire name. */
  moved?: Readonly<Record<string, string>>;
  /** Positional methods: wire name → number of params (the next argument is the options). */
  positional?: Readonly<Record<string, number>>;
  /** The path variable a scoped namespace takes (`blockchainID`): `client.evm(id)`. */
  scope?: string;
}

function namespace(core: CoreClient, definition: NamespaceDefinition, scope?: Record<string, string>): object {
  const target = { batch: (calls: Parameters<CoreClient['batch']>[0], options?: RequestOptions) => core.batch(calls, { ...options, ...scope }) };
  return new Proxy(target as Record<string, unknown>, {
    get(own, member) {
      // Symbols and `then` are never methods: a namespace must not look like a promise.
      if (typeof member !== 'string' || member === 'then' || member in own) return own[member as string];
      const method = definition.moved?.[member] ?? definition.prefix + member;
      const arity = definition.positional?.[method];
      // Made once per member and kept (the `in` above finds it next time).
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

export function buildNamespaces(core: CoreClient, definitions: Readonly<Record<string, NamespaceDefinition>>): Record<string, unknown> {
  const spaces: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    const variable = definition.scope;
    spaces[name] = variable ? (value: string) => namespace(core, definition, { [variable]: value }) : namespace(core, definition);
  }
  return spaces;
}
