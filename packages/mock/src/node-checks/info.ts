// Service-level refusals of the Info API (avalanchego v1.14.2, api/info/service.go): the
// handlers that refuse well-typed params. Every other info handler answers whatever decodes.
import type { NodeRefusal, ServiceCheck } from './types.js';
import { isObject } from '../is-object.js';

/**
 * The args as the node decodes them: an object, or the first element of an array (json2 reads
 * `[args]` when `params` is not an object; `[]` leaves the args at their zero value).
 * Undefined when the node would not decode them at all, which is not a service-level matter.
 */
function argsOf(params: unknown): Record<string, unknown> | undefined {
  if (params === undefined || params === null) return {};
  if (Array.isArray(params)) return params.length === 0 ? {} : isObject(params[0]) ? params[0] : undefined;
  return isObject(params) ? params : undefined;
}

/** A string member as Go leaves it: missing and null decode to the empty string. */
function stringMember(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : undefined;
}

const refusal = (message: string): NodeRefusal => ({ code: -32000, message, data: null });

export const checks: Record<string, ServiceCheck> = {
  // api/info/service.go Info.IsBootstrapped: the empty chain is refused before any lookup.
  'info.isBootstrapped': (params) => {
    const args = argsOf(params);
    if (args && stringMember(args, 'chain') === '') return refusal("argument 'chain' not given");
    return undefined;
  },
  // api/info/service.go Info.GetBlockchainID: the alias goes straight to the chain aliaser
  // (ids/aliases.go aliaser.Lookup), and no chain is aliased the empty string.
  'info.getBlockchainID': (params) => {
    const args = argsOf(params);
    if (args && stringMember(args, 'alias') === '') return refusal('there is no ID with alias: ');
    return undefined;
  },
};
