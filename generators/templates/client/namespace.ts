// @about
// Template of one namespace's module of standalone functions, generated/<namespace>.ts (client
// plugin): the `positional` helper where a method takes its params by position, and one
// function per method (the `functions` section, rendered once per method).
// @end about
// The `/*@namespace*/shard` methods as standalone functions taking the client first: a bundler keeps only those imported.
import type { Methods } from /*@types*/'@avanode/types';
import type { /*@clientTypes[*/BareClient, MethodTypes, Params, RequestOptions/*]*/ } from './create-client.js';

type Caller<M extends MethodTypes> = Pick<BareClient<M>, 'call' | '~methods'>;

// @hole positional
/** The arguments of a by-position method without the trailing ones left out, as the params. */
const positional = (args: unknown[]) => {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end);
};

// @end positional
// @hole functions
// @hole doc
/**
 * The height of one shard.
 *
 * Wire method: `shard_height`.
 */
// @end doc
export function /*@member*/height<M extends MethodTypes = Methods>(
  client: Caller<M>,
  // @hole args
  shardID: string,
  at?: Params<'shard_height'>[0],
  options?: RequestOptions,
  // @end args
): Promise<M[/*@method*/'shard_height']['result']> {
  return client.call(/*@method*/'shard_height', /*@params[*/positional([at])/*]*/, /*@options[*/{ ...options, shardID }/*]*/);
}

// @end functions
