// @about
// Template of the client's generated/create-client.ts (client plugin, src/plugins/client.ts): the
// types of every method, namespace and option, `createClient` and `createBareClient`. The
// samples between the hole markers are made of the golden sample document's methods and
// endpoint (generators/test/golden), so the template type-checks against its generated types.
// The `declarations` section is rendered once per namespace, and its `endpointTypes` once per
// HTTP GET endpoint of it.
// @end about
// The typed client: the namespaces of the document with their methods, the options of a request,
// `createClient`, which puts the namespaces on the core (core/client.ts), and `createBareClient`,
// which does not.
import type { /*@typeImports[*/HttpEndpoints, Methods/*]*/ } from /*@types*/'@avanode/types';
import type { Methods as BigintMethods } from /*@bigintTypes*/'@avanode/types/bigint';
import { createCoreClient } from './core/client.js';
import { buildNamespaces, type NamespaceDefinition } from './core/namespaces.js';
import type { BatchItem, ClientConfig, CoreClient, RequestOptions as CoreRequestOptions } from './core/types.js';
import { definition } from './definition.js';

/** The method types a client returns: wire values, or (with `bigint: true`) bigints for 64-bit integers. */
export type MethodTypes = Methods | BigintMethods;

/**
 * The method types of a client created with config `C`: bigints when `bigint` is `true`, wire
 * values when it is absent or `false`, and either when its type says only `boolean` (a config
 * built at run time), since the types cannot know which.
 */
export type MethodTypesOf<C extends ClientConfig> = 'bigint' extends keyof C ? BigintSwitch<C['bigint' & keyof C]> : Methods;
type BigintSwitch<B> = [B] extends [true] ? BigintMethods : [B] extends [false | undefined] ? Methods : MethodTypes;

/** `W` with a `bigint` allowed wherever `B` (the same type with 64-bit integers as bigints) has one. */
type WithBigints<W, B> = [W] extends [B]
  ? W
  : bigint extends B
    ? W | bigint
    : W extends object
      ? { [P in keyof W]: WithBigints<W[P], P extends keyof NonNullable<B> ? NonNullable<B>[P] : never> }
      : W;

/** The params of a method as the client takes them: the wire form, or a `bigint` for any 64-bit integer (the client sends it as an exact JSON number). */
export type Params<K extends keyof Methods> = WithBigints<Methods[K]['params'], BigintMethods[K]['params']>;

/** The options of a request: the signal, the timeout, and the values of the variables of the document's endpoint paths. */
export interface RequestOptions extends CoreRequestOptions {
  // @hole pathOptions
  /** For the methods whose path has `{shardID}`: the shard. */
  shardID?: string;
  // @end pathOptions
}

/** The methods whose params may be left out (none is required). */
export type OptionalParamsMethod = /*@optionalParams*/'shard_height';

/** What follows the method name in `request`: the params (required where the method has a required param), then the options. */
export type RequestArgs<K extends keyof Methods> = K extends OptionalParamsMethod ? [params?: Params<K>, options?: RequestOptions] : [params: Params<K>, options?: RequestOptions];

/** One call of a batch: a wire method and its params (required where the method has a required param). */
export type BatchCall<K extends keyof Methods = keyof Methods> = K extends OptionalParamsMethod ? { method: K; params?: Params<K> } : { method: K; params: Params<K> };

/** The answers of a batch, one per call and in order, each typed by its call's method. */
export type BatchResults<M extends MethodTypes, T extends ReadonlyArray<{ method: keyof Methods }>> = {
  -readonly [I in keyof T]: T[I] extends { method: infer K extends keyof Methods } ? BatchItem<M[K]['result']> : never;
};

// @hole declarations
// @hole batchCall
/** One call of a `ledger` batch: a wire method of the namespace and its params. */
export type LedgerNamespaceCall = BatchCall<'ledger.getBalance' | 'ledger.history' | 'ledger.transfer'>;

// @end batchCall
// @hole endpointTypes
// @hole optionsDoc
/** Options of `status.get()`: which endpoint, and the query. */
// @end optionsDoc
export interface /*@optionsType*/StatusGetOptions extends CoreRequestOptions {
  // @hole defaultEndpoint
  /** Default `status` (/api/status). */
  // @end defaultEndpoint
  endpoint?: /*@endpoints[*/'status' | 'ready'/*]*/;
  // @hole query
  /** A check to include; repeatable. */
  checks?: HttpEndpoints['status.get']['query']['check'];
  // @end query
}

// @hole answerDoc
/** An answer of `status.get`: the HTTP status (every listed status is an answer, not an error) and the body. */
// @end answerDoc
export type /*@answerType*/StatusGetAnswer = /*@answers[*/({ status: 200 } & HttpEndpoints['status.get']['responses']['200']) | ({ status: 503 } & HttpEndpoints['status.get']['responses']['503'])/*]*/;

// @end endpointTypes
// @hole doc
/** The `ledger` methods, and the `status` endpoint. */
// @end doc
export interface /*@typeName*/LedgerNamespace/*@typeParameters[*/<M extends MethodTypes = Methods>/*]*/ {
  // @hole members
  /**
   * The balance of an account.
   *
   * Wire method: `ledger.getBalance`.
   */
  getBalance(params: Params<'ledger.getBalance'>, options?: RequestOptions): Promise<M['ledger.getBalance']['result']>;
  /**
   * The service's status over plain HTTP GET.
   *
   * Status 200 when up, 503 when down, with the report as body.
   */
  status(options?: StatusGetOptions): Promise<StatusGetAnswer>;
  /** Several calls of this namespace at once, sent as single requests, a few at a time (the endpoint does not take batch arrays); one result or error per call, in order, each typed by its method. */
  batch<const T extends ReadonlyArray<LedgerNamespaceCall>>(calls: T, options?: RequestOptions): Promise<BatchResults<M, T>>;
  // @end members
}

// @end declarations
/**
 * A client without namespaces (`createBareClient`): the generic `request`, `call` and `batch`, the
 * HTTP GET endpoints through `get`, and what the standalone functions (`getHeight(client)`) take.
 */
export interface BareClient<M extends MethodTypes = Methods> extends Omit<CoreClient<RequestOptions>, 'batch'> {
  /** Any method by its wire name, typed from the `Methods` map. */
  request<K extends keyof Methods>(method: K, ...args: RequestArgs<K>): Promise<M[K]['result']>;
  /** Calls of any namespaces at once, grouped by endpoint (a method whose path has a variable needs its value in `options`); one result or error per call, in order. */
  batch<const T extends ReadonlyArray<BatchCall>>(calls: T, options?: RequestOptions): Promise<BatchResults<M, T>>;
  /** Type-level only: the method types this client returns. */
  readonly '~methods'?: M;
}

/** A client of the node: one namespace per API group, plus the generic `request` and `batch`. */
export interface Client<M extends MethodTypes = Methods> extends BareClient<M> {
  // @hole clientMembers
  ledger: LedgerNamespace<M>;
  // @end clientMembers
}

/** The namespaces of a client: its members beyond a bare client's. */
type Namespaces<M extends MethodTypes> = Omit<Client<M>, keyof BareClient<M>>;

/** Each namespace: its members, the wire prefix of their methods, the exceptions, the positional methods' arity, the path variable it is scoped by. */
const namespaces: { readonly [K in keyof Namespaces<Methods>]: NamespaceDefinition } = {
  // @hole table
  ledger: { members: ['getBalance', 'history', 'transfer'], prefix: 'ledger.' },
  // @end table
};

/**
 * A client for the node at `config.url`. Every method takes its params and per-request
 * options (`signal`, `timeoutMs`); with `bigint: true` 64-bit integers come back as bigints.
 * Options out of range (`timeoutMs`, `retry`, `maxBatchSize`, `maxResponseBytes`) throw a `ConfigError` here, at once.
 */
export function createClient<const C extends ClientConfig>(config: C): Client<MethodTypesOf<C>> {
  const core = createCoreClient<RequestOptions>(definition, config);
  // @hole build
  const spaces = buildNamespaces<Namespaces<MethodTypesOf<C>>>(core, namespaces);
  spaces.ledger.status = (options) => core.get('status.get', options);
  // @end build
  return { ...core, ...spaces, request: core.call };
}

/**
 * A client for the node at `config.url` without the namespaces, for the standalone functions
 * (`getHeight(client)`): it loads no method name up front, and a bundler keeps only the
 * functions an app imports. Config, options and errors as `createClient`'s.
 */
export function createBareClient<const C extends ClientConfig>(config: C): BareClient<MethodTypesOf<C>> {
  const core = createCoreClient<RequestOptions>(definition, config);
  return { ...core, request: core.call };
}
