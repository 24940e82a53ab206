// The list filters of the methods answered from the spec's examples (the node's own view, not
// the P-chain's state): the example's list is what the node holds, and the params pick from it
// as the node's handler does. The P-chain's filters are its state's (network/answers.ts).
import { isObject } from '../is-object.js';

/** The node IDs a call names; an empty set when none (no filter). */
function nodeIDsOf(params: unknown): Set<string> {
  const nodeIDs = isObject(params) && Array.isArray(params.nodeIDs) ? params.nodeIDs : [];
  return new Set(nodeIDs.filter((n): n is string => typeof n === 'string'));
}

const filters: Record<string, (result: Record<string, unknown>, params: unknown) => Record<string, unknown>> = {
  // api/info/service.go Info.Peers: networking.PeerInfo(nodeIDs), the connected peers among them; numPeers counts them.
  'info.peers': (result, params) => {
    const wanted = nodeIDsOf(params);
    if (wanted.size === 0 || !Array.isArray(result.peers)) return result;
    const peers = result.peers.filter((p) => isObject(p) && wanted.has(p.nodeID as string));
    return { ...result, numPeers: String(peers.length), peers };
  },
  // graft/subnet-evm/plugin/evm/service.go ValidatorsAPI.GetCurrentValidators: the L1's set, the requested node IDs only.
  'validators.getCurrentValidators': (result, params) => {
    const wanted = nodeIDsOf(params);
    if (wanted.size === 0 || !Array.isArray(result.validators)) return result;
    return { ...result, validators: result.validators.filter((v) => isObject(v) && wanted.has(v.nodeID as string)) };
  },
};

/** The example's result as the node's handler filters it for these params (the result itself when nothing is filtered). */
export function filteredExample(method: string, result: unknown, params: unknown): unknown {
  const filter = Object.hasOwn(filters, method) ? filters[method] : undefined;
  return filter && isObject(result) ? filter(result, params) : result;
}
