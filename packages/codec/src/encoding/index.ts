// The ID, address, amount and byte-string helpers alone: no codec tables.
export { CodecError } from '../errors.js';
export {
  checksum,
  decodeBytes,
  decodeHex,
  decodeHexNC,
  encodeBytes,
  encodeHex,
  encodeHexNC,
  fromHex,
  toHex,
  type ByteEncoding,
} from './bytes.js';
export {
  EMPTY_ID,
  NODE_ID_PREFIX,
  decodeCB58,
  encodeCB58,
  idFromString,
  idToString,
  nodeIdFromString,
  nodeIdToString,
  shortIdFromString,
  shortIdToString,
} from './ids.js';
export {
  FALLBACK_HRP,
  NETWORK_HRPS,
  addressToShortId,
  convertAddress,
  formatAddress,
  formatBech32,
  networkHrp,
  parseAddress,
  parseBech32,
  shortIdToAddress,
  type Network,
  type ParsedAddress,
} from './address.js';
export { NANO_AVAX_PER_AVAX, formatAvax, parseAvax, toNanoAvax, type FormatAvaxOptions } from './amount.js';
