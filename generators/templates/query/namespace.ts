// @about
// Template of one namespace's module, generated/<namespace>.ts (query plugin): a builder of query,
// infinite-query and mutation options each, where the namespace has methods of the kind (the
// `builders` section, rendered once per kind). The sample is the golden sample document's
// `ledger` namespace.
// @end about
// @hole title
// TanStack Query options for the `ledger` methods.
// @end title
import type { Methods } from /*@types*/'@avanode/types';
// @hole imports
import { queryOptionsOf, type CallOptions, type MethodTypes, type Params, type QueryCaller } from './core.js';
// @end imports

// @hole builders
// @hole doc
/** Query options of the `ledger` methods that read: `useQuery(…)`, `queryClient.fetchQuery(…)`, `prefetchQuery(…)`. */
// @end doc
export function /*@builder*/ledgerQueries<M extends MethodTypes = Methods>(client: QueryCaller<M>/*@scopeArg[*//*]*/) {
  return {
    // @hole members
    /**
     * The balance of an account.
     *
     * Wire method: `ledger.getBalance`.
     */
    getBalance: (params: Params<'ledger.getBalance'>, options?: CallOptions) => queryOptionsOf(client, 'ledger.getBalance', params, options),
    // @end members
  };
}

// @end builders
