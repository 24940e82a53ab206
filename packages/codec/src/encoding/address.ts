import { bech32 } from '@scure/base';
import { CodecError } from '../errors.js';
import { decodeCB58, encodeCB58 } from './ids.js';

/** Network IDs and their address HRPs (utils/constants/network_ids.go). */
export const NETWORK_HRPS: Readonly<Record<number, string>> = {
  1: 'avax',
  2: 'cascade',
  3: 'denali',
  4: 'everest',
  5: 'fuji',
  10: 'testing',
  12345: 'local',
};

const NETWORK_NAMES: Readonly<Record<string, number>> = {
  mainnet: 1,
  cascade: 2,
  denali: 3,
  everest: 4,
  fuji: 5,
  testnet: 5,
  testing: 10,
  local: 12345,
};

/** The HRP for any other network ID (constants.FallbackHRP). */
export const FALLBACK_HRP = 'custom';

/**
 * A network by ID (`1`, `5`, `12345`), by name (`'mainnet'`, `'fuji'`, `'local'`, `'network-1337'`),
 * or an explicit `{ hrp }` for a custom network.
 */
export type Network = number | string | { readonly hrp: string };

/** The address HRP of a network (constants.GetHRP: unknown IDs get `custom`). */
export function networkHrp(network: Network): string {
  if (typeof network === 'object') return network.hrp;
  if (typeof network === 'number') return NETWORK_HRPS[network] ?? FALLBACK_HRP;
  const name = network.toLowerCase();
  const known = NETWORK_NAMES[name];
  if (known !== undefined) return NETWORK_HRPS[known] ?? FALLBACK_HRP;
  const digits = name.startsWith('network-') ? name.slice(8) : name;
  if (/^\d+$/.test(digits)) return NETWORK_HRPS[Number(digits)] ?? FALLBACK_HRP;
  throw new CodecError(`failed to parse network name: ${JSON.stringify(network)}`);
}

/** bech32 of a 20-byte address under an HRP (address.FormatBech32). */
export function formatBech32(hrp: string, bytes: Uint8Array): string {
  return bech32.encode(hrp, bech32.toWords(bytes), false);
}

export function parseBech32(text: string): { hrp: string; bytes: Uint8Array } {
  try {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`, 90);
    return { hrp: prefix, bytes: bech32.fromWords(words) };
  } catch (cause) {
    throw new CodecError(`invalid bech32 address: ${JSON.stringify(text)}`, { cause });
  }
}

/** `P-avax1…`: chain alias, `-`, bech32 (address.Format). */
export function formatAddress(bytes: Uint8Array, network: Network = 1, chain = 'P'): string {
  if (bytes.length !== 20) throw new CodecError(`an address must be 20 bytes, got ${bytes.length}`);
  return `${chain}-${formatBech32(networkHrp(network), bytes)}`;
}

export interface ParsedAddress {
  readonly chain: string;
  readonly hrp: string;
  readonly bytes: Uint8Array;
}

/** Splits `P-fuji1…` into chain alias, HRP and the 20 address bytes (address.Parse + ids.ToShortID). */
export function parseAddress(text: string): ParsedAddress {
  const dash = text.indexOf('-');
  if (dash < 0) throw new CodecError(`no separator found in address: ${JSON.stringify(text)}`);
  const { hrp, bytes } = parseBech32(text.slice(dash + 1));
  if (bytes.length !== 20) throw new CodecError(`an address must be 20 bytes, got ${bytes.length}`);
  return { chain: text.slice(0, dash), hrp, bytes };
}

/** The same address under another network or chain alias. */
export function convertAddress(text: string, network: Network, chain?: string): string {
  const parsed = parseAddress(text);
  return formatAddress(parsed.bytes, network, chain ?? parsed.chain);
}

/** An address as the short-ID cb58 string the node prints where it has no chain context. */
export function addressToShortId(text: string): string {
  return encodeCB58(parseAddress(text).bytes);
}

export function shortIdToAddress(shortId: string, network: Network = 1, chain = 'P'): string {
  return formatAddress(decodeCB58(shortId), network, chain);
}
