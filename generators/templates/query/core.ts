// @about
// biome-ignore-all lint/complexity/noBannedTypes: `{}` is the scope of a method without one: a key with no member added.
// Template of the query package's generated/core.ts (query plugin, src/plugins/query.ts): the
// option builders and types every generated method uses. Copied as it is, but for the module
// specifiers of the types package.
// @end about
// The option builders every generated method calls, and the types they share.
import type { Methods } from /*@types*/'@avanode/types';
import type { Methods as BigintMethods } from /*@bigintTypes*/'@avanode/types/bigint';
import type { DataTag, InfiniteData, QueryFunction, QueryFunctionContext } from '@tanstack/query-core';

/** The method types a client returns: wire values, or (a client with `bigint: true`) bigints for 64-bit integers. */
export type MethodTypes = Methods | BigintMethods;
/** A method's wire name. */
export type MethodName = keyof Methods;
/** The params of a method, as sent on the wire. */
export type Params<K extends MethodName> = Methods[K]['params'];
/** The result of a method, as the client returns it. */
export type Result<M extends MethodTypes, K extends MethodName> = M[K]['result'];

/** What is handed to the client with each call (the abort signal comes from TanStack Query). */
export interface CallOptions {
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/** What the options need of a client: its address (for the keys) and `call`. A client from `createClient` is one. */
export interface QueryCaller<M extends MethodTypes = Methods> {
  readonly config: { readonly url: string };
  call(method: string, params: unknown, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<unknown>;
  /** Type-level only: the method types the client returns. */
  readonly '~methods'?: M;
}

/** The key of a query: one object naming the method (`_id`), the node (`baseUrl`), the scope (a chain) if any, and the params. */
export type QueryKeyOf<K extends MethodName, S extends object = {}> = readonly [{ readonly _id: K; readonly baseUrl: string; readonly params: Params<K> } & S];
/** The key of an infinite query: a query key marked `_infinite`, so pages and single results never share a cache entry. */
export type InfiniteQueryKeyOf<K extends MethodName, S extends object = {}> = readonly [{ readonly _id: K; readonly baseUrl: string; readonly params: Params<K>; readonly _infinite: true } & S];
/** The key of a mutation: the method, the node and the scope. */
export type MutationKeyOf<K extends MethodName, S extends object = {}> = readonly [{ readonly _id: K; readonly baseUrl: string } & S];

/** Query options: for `useQuery`, `queryClient.fetchQuery`, `prefetchQuery`, `ensureQueryData`… The key carries the result type. */
export interface QueryOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}> {
  queryKey: DataTag<QueryKeyOf<K, S>, Result<M, K>>;
  queryFn: QueryFunction<Result<M, K>, QueryKeyOf<K, S>>;
}

/** Infinite-query options: for `useInfiniteQuery`, `queryClient.fetchInfiniteQuery`, `prefetchInfiniteQuery`. */
export interface InfiniteQueryOptionsOf<M extends MethodTypes, K extends MethodName, P, S extends object = {}> {
  queryKey: DataTag<InfiniteQueryKeyOf<K, S>, InfiniteData<Result<M, K>, P | undefined>>;
  queryFn: QueryFunction<Result<M, K>, InfiniteQueryKeyOf<K, S>, P | undefined>;
  initialPageParam: P | undefined;
  getNextPageParam: (lastPage: Result<M, K>, allPages: Array<Result<M, K>>, lastPageParam: P | undefined) => P | undefined;
}

/** Mutation options: for `useMutation` and `queryClient.getMutationCache().build`; the variables are the params. */
export interface MutationOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}> {
  mutationKey: MutationKeyOf<K, S>;
  mutationFn: (params: Params<K>) => Promise<Result<M, K>>;
}

/** How a method pages: which param takes the cursor, which result member hands it out, the page size and the count. */
export interface Paging {
  cursorParam: string;
  cursorResult: string;
  limitParam?: string;
  countResult?: string;
}

// The base address as the client uses it (no trailing slash), so equal nodes share keys.
const baseUrlOf = (client: QueryCaller<MethodTypes>) => client.config.url.replace(/\/+$/, '');
const member = (value: unknown, name: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);

/** Drops trailing `undefined` arguments of a by-position method, as the client does. */
export function positional(args: unknown[]): unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end);
}

export function queryOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}>(client: QueryCaller<M>, method: K, params: Params<K>, options?: CallOptions, scope?: S): QueryOptionsOf<M, K, S> {
  const queryKey = [{ _id: method, baseUrl: baseUrlOf(client), ...scope, params }] as unknown as DataTag<QueryKeyOf<K, S>, Result<M, K>>;
  return {
    queryKey,
    // TanStack Query's signal aborts the request when the query is cancelled or no longer used.
    queryFn: ({ signal }: QueryFunctionContext<QueryKeyOf<K, S>>) => client.call(method, params, { ...options, ...scope, signal }) as Promise<Result<M, K>>,
  };
}

export function infiniteQueryOptionsOf<M extends MethodTypes, K extends MethodName, P, S extends object = {}>(client: QueryCaller<M>, method: K, params: Params<K>, paging: Paging, options?: CallOptions, scope?: S): InfiniteQueryOptionsOf<M, K, P, S> {
  const queryKey = [{ _id: method, baseUrl: baseUrlOf(client), ...scope, params, _infinite: true }] as unknown as DataTag<InfiniteQueryKeyOf<K, S>, InfiniteData<Result<M, K>, P | undefined>>;
  const limit = paging.limitParam === undefined ? undefined : member(params, paging.limitParam);
  return {
    queryKey,
    initialPageParam: member(params, paging.cursorParam) as P | undefined,
    queryFn: ({ signal, pageParam }) =>
      client.call(method, pageParam == null ? params : { ...(params as object), [paging.cursorParam]: pageParam }, { ...options, ...scope, signal }) as Promise<Result<M, K>>,
    getNextPageParam: (lastPage, _allPages, lastPageParam) => {
      const next = member(lastPage, paging.cursorResult);
      // A cursor that does not move would fetch the same page forever.
      if (next == null || JSON.stringify(next) === JSON.stringify(lastPageParam)) return undefined;
      if (paging.countResult !== undefined) {
        const count = Number(member(lastPage, paging.countResult));
        // A short page is the last one; without a limit, only an empty page says so.
        if (count === 0 || (limit != null && count < Number(limit))) return undefined;
      }
      return next as P;
    },
  };
}

export function mutationOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}>(client: QueryCaller<M>, method: K, options?: CallOptions, scope?: S): MutationOptionsOf<M, K, S> {
  return {
    mutationKey: [{ _id: method, baseUrl: baseUrlOf(client), ...scope }] as unknown as MutationKeyOf<K, S>,
    mutationFn: (params) => client.call(method, params, { ...options, ...scope }) as Promise<Result<M, K>>,
  };
}
