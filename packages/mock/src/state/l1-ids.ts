// The IDs an L1's conversion derives, as avalanchego v1.14.2 computes them: the conversion ID
// (vms/platformvm/warp/message/subnet_to_l1_conversion.go#SubnetToL1ConversionID) and each
// initial validator's validation ID (txs/executor/standard_tx_executor.go ConvertSubnetToL1Tx:
// tx.Subnet.Append(uint32(i))). Shared by the executor's accept of a ConvertSubnetToL1Tx and the
// conversion a state file's L1 is given (network/state-txs.ts), so both derive them alike.
import { decodeCB58, txId } from '@avanode/codec';

/** One validator of message.SubnetToL1ConversionData: its node ID's bytes, its 48-byte compressed BLS key, its weight. */
export interface ConversionValidator {
  nodeID: Uint8Array;
  publicKey: Uint8Array;
  weight: bigint;
}

/** An ID as the node hashes one: sha256 of the bytes (hashing.ComputeHash256Array), cb58 as every ID. */
const hashID = (bytes: Uint8Array): string => txId(bytes);

/** ids.ID#Append(i): sha256(id ‖ uint32 big-endian i), the validation ID of a converted subnet's i-th validator. */
export function validationIDOf(subnetID: string, index: number): string {
  const bytes = new Uint8Array(36);
  bytes.set(decodeCB58(subnetID));
  new DataView(bytes.buffer).setUint32(32, index);
  return hashID(bytes);
}

/** message.SubnetToL1ConversionID: sha256 of SubnetToL1ConversionData in the warp message codec (version 0). */
export function subnetToL1ConversionID(subnetID: string, chainID: string, address: Uint8Array, validators: readonly ConversionValidator[]): string {
  const size = 2 + 32 + 32 + 4 + address.length + 4 + validators.reduce((n, v) => n + 4 + v.nodeID.length + 48 + 8, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 2; // codec version 0
  const put = (b: Uint8Array) => {
    bytes.set(b, at);
    at += b.length;
  };
  const putLength = (n: number) => {
    view.setUint32(at, n);
    at += 4;
  };
  put(decodeCB58(subnetID));
  put(decodeCB58(chainID));
  putLength(address.length);
  put(address);
  putLength(validators.length);
  for (const v of validators) {
    putLength(v.nodeID.length);
    put(v.nodeID);
    put(v.publicKey);
    view.setBigUint64(at, v.weight);
    at += 8;
  }
  return hashID(bytes);
}
