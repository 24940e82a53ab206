import { bech32 } from '@scure/base';
import { expectBytes, expectString } from '../arguments.js';
import { CodecError, excerpt } from '../errors.js';
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

const NETWORK_IDS: Readonly<Record<string, number>> = {
  mainnet: 1,
  cascade: 2,
  denali: 3,
  everest: 4,
  fuji: 5,
  testnet: 5,
  testing: 10,
  local: 12345,
};

/** Own members only: a name such as `__proto__` or `toString` must find nothing. */
const own = <T>(table: Readonly<Record<string | number, T>>, key: string | number): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** The HRP for any other network ID (constants.FallbackHRP). */
export const FALLBACK_HRP = 'custom';

/**
 * A network by ID (`1`, `5`, `12345`), by name (`'mainnet'`, `'fuji'`, `'local'`, `'network-1337'`),
 * or an explicit `{ hrp }` for a custom network.
 */
export type Network = number | string | { readonly hrp: string };

const MAX_UINT32 = 0xffffffff;

/** A network ID is a uint32 (constants.NetworkID parses names with strconv.ParseUint(…, 10, 32)). */
function hrpOfId(networkId: number, network: unknown): string {
  if (!Number.isInteger(networkId) || networkId < 0 || networkId > MAX_UINT32) throw new CodecError(`a network ID must be an integer from 0 to ${MAX_UINT32}, got ${excerpt(network)}`);
  return own(NETWORK_HRPS, networkId) ?? FALLBACK_HRP;
}

/**
 * An HRP bech32 can print and read back: 1 to 51 printable ASCII characters (so that a 20-byte
 * address stays within bech32's 90: HRP, `1`, 32 data and 6 checksum characters), lower-case as
 * the node's HRPs and the addresses it prints are (BIP-173's rules, which @scure/base enforces
 * with its own errors).
 */
function checkedHrp(hrp: unknown): string {
  if (typeof hrp !== 'string' || !/^[\x21-\x7e]{1,51}$/.test(hrp) || hrp !== hrp.toLowerCase()) throw new CodecError(`not a bech32 hrp (1 to 51 lower-case ASCII characters): ${excerpt(hrp)}`);
  return hrp;
}

/** The address HRP of a network (constants.GetHRP: unknown IDs get `custom`; constants.NetworkID for names). */
export function networkHrp(network: Network): string {
  if (typeof network === 'number') return hrpOfId(network, network);
  if (typeof network === 'string') {
    const name = network.toLowerCase();
    const known = own(NETWORK_IDS, name);
    if (known !== undefined) return hrpOfId(known, network);
    const digits = name.startsWith('network-') ? name.slice(8) : name;
    // Ten digits at most: anything longer is above 2^32 − 1 (and is not read at all).
    if (/^\d{1,10}$/.test(digits)) return hrpOfId(Number(digits), network);
    throw new CodecError(`failed to parse network name: ${excerpt(network)}`);
  }
  if (typeof network === 'object' && network !== null && !Array.isArray(network)) return checkedHrp((network as { hrp?: unknown }).hrp);
  throw new CodecError(`a network must be an ID, a name or { hrp }, got ${excerpt(network)}`);
}

function formatBech32Unchecked(hrp: string, bytes: Uint8Array): string {
  return bech32.encode(hrp, bech32.toWords(bytes), false);
}

/** bech32 of a 20-byte address under an HRP (address.FormatBech32). */
export function formatBech32(hrp: string, bytes: Uint8Array): string {
  expectBytes(bytes, 'address bytes');
  return formatBech32Unchecked(checkedHrp(hrp), bytes);
}

/** The longest bech32 string BIP-173 allows, which is also what the node's bech32 decoder reads. */
const MAX_BECH32 = 90;

export function parseBech32(text: string): { hrp: string; bytes: Uint8Array } {
  expectString(text, 'a bech32 address');
  if (text.length > MAX_BECH32) throw new CodecError(`invalid bech32 address: longer than ${MAX_BECH32} characters (${text.length}): ${excerpt(text)}`);
  try {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`, MAX_BECH32);
    return { hrp: prefix, bytes: bech32.fromWords(words) };
  } catch (cause) {
    throw new CodecError(`invalid bech32 address: ${excerpt(text)}`, { cause });
  }
}

export function checkedChain(chain: unknown): string {
  // A chain alias is a short name (`P`, `X`, `C`, an alias the node was given, a chain ID); 64 is generous.
  if (typeof chain !== 'string' || chain.length > 64) throw new CodecError(`a chain alias must be a string of at most 64 characters, got ${excerpt(chain)}`);
  return chain;
}

/** `P-avax1…`: chain alias, `-`, bech32 (address.Format). */
export function formatAddress(bytes: Uint8Array, network: Network = 1, chain = 'P'): string {
  expectBytes(bytes, 'address bytes');
  if (bytes.length !== 20) throw new CodecError(`an address must be 20 bytes, got ${bytes.length}`);
  return `${checkedChain(chain)}-${formatBech32Unchecked(networkHrp(network), bytes)}`;
}

export interface ParsedAddress {
  readonly chain: string;
  readonly hrp: string;
  readonly bytes: Uint8Array;
}

/** Splits `P-fuji1…` into chain alias, HRP and the 20 address bytes (address.Parse + ids.ToShortID). */
export function parseAddress(text: string): ParsedAddress {
  expectString(text, 'an address');
  const dash = text.indexOf('-');
  if (dash < 0) throw new CodecError(`no separator found in address: ${excerpt(text)}`);
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
