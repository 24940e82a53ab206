// @about
// Template of the query package's generated/index.ts (query plugin): the core's exports and the
// three builders by namespace (the `builders` section, rendered once per kind).
// @end about
import type { Methods } from /*@types*/'@avanode/types';
import type { MethodTypes, QueryCaller } from './core.js';
// @hole imports
import { ledgerQueries } from './namespace.js';
// @end imports

export { infiniteQueryOptionsOf, mutationOptionsOf, queryOptionsOf } from './core.js';
export type { CallOptions, InfiniteQueryKeyOf, InfiniteQueryOptionsOf, MethodName, MethodTypes, MutationKeyOf, MutationOptionsOf, Paging, Params, QueryCaller, QueryKeyOf, QueryOptionsOf, Result } from './core.js';

// @hole builders
// @hole doc
/** Query options of every method that reads, by namespace: `queries(client).ledger.getBalance(…)`. */
// @end doc
export function /*@name*/queries<M extends MethodTypes = Methods>(/*@client*/client: QueryCaller<M>) {
  return {
    // @hole members
    ledger: ledgerQueries(client),
    // @end members
  };
}

// @end builders
