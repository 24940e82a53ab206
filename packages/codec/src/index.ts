// @avanode/codec: the bytes of the Avalanche P-chain, read into (and written from) the shape
// the node's own JSON has, plus the node's byte, ID, address and amount encodings.
export * from './encoding/index.js';
export {
  CODEC_VERSION,
  blockId,
  decodeBlock,
  decodeTransferableOutput,
  decodeTx,
  decodeUnsignedTx,
  decodeUtxo,
  encodeBlock,
  encodeTransferableOutput,
  encodeTx,
  encodeUnsignedTx,
  encodeUtxo,
  parseTx,
  txId,
  typeName,
  unsignedTxBytes,
  utxoId,
  type BytesLike,
  type DecodeOptions,
  type ParsedTx,
} from './pchain/api.js';
export { SECP256K1FX_ID } from './pchain/types.js';
export type * from './pchain/types.js';
export type { Uint64 } from './codec/schema.js';
