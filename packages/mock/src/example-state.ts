// What a node whose state is the spec's examples refuses because of that state rather than the
// params: the mock without the simulated network plays such a node. With the network, its ledger
// says the same (network/answers.ts). Params-only refusals are node-checks/'s.
import type { NodeRefusal } from './node-checks/types.js';
import { isObject } from './is-object.js';

/**
 * The InputID of the UTXO the getUTXOs example holds (SHA-256 of its tx ID and output index), as
 * the node names it; test/get-utxos-json.test.ts computes it from the example's bytes.
 */
const EXAMPLE_UTXO_ID = '24cPY8aoC5MWxGtcAhVRudVYTX1uyt6Td3vP8noJ9Tsq3nJPq4';

/** The refusal of `name` called with `params` in the examples' state, where it answers `result`; undefined when there is none. */
export function exampleStateRefusal(name: string, params: unknown, result: unknown): NodeRefusal | undefined {
  // avalanchego v1.14.2 vms/platformvm/service.go Service.GetUTXOs: each UTXO found goes through
  // formatting.Encode, which refuses json; the examples' page holds one.
  if (name === 'platform.getUTXOs' && isObject(params) && typeof params.encoding === 'string' && params.encoding.toLowerCase() === 'json') {
    if (isObject(result) && Array.isArray(result.utxos) && result.utxos.length > 0) {
      return { code: -32000, message: `couldn't encode UTXO ${EXAMPLE_UTXO_ID} as json: unsupported encoding in method`, data: null };
    }
  }
  return undefined;
}
