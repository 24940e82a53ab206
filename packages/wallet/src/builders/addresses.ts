// Every address a builder takes is checked against the tx's network (constants.GetHRP: avax,
// fuji, local, … and `custom` for any other network ID) and the chain it is used on, before
// any byte is written: an address of another network or chain would otherwise lose only its
// prefix and pay the same key somewhere the user did not mean. Messages quote the address's
// prefix alone (`P-fuji1…`), never the whole text: a key pasted in the wrong place is not printed.
import { NETWORK_HRPS, decodeCB58, parseBech32 } from '@avanode/codec';
import { AddressError } from '../errors.js';
import type { AddressLike } from '../rules/secp256k1fx.js';

/** Chains whose addresses are secp256k1 bech32 with a chain prefix. */
export type ChainAlias = 'P' | 'X' | 'C';

/** Where an address is used: what the messages call it, the chains it may belong to, and whether a bare bech32 or short ID is accepted there. */
export interface AddressUse {
  readonly what: string;
  readonly chains: readonly ChainAlias[];
  /** Owners may be given as the node prints them without a chain (short IDs, `fuji1…`); recipients and change may not. */
  readonly bare: boolean;
}

const NETWORK_NAMES: Readonly<Record<string, string>> = { avax: 'mainnet', fuji: 'Fuji', local: 'local', custom: 'a custom network' };

/** How a message names a network by its HRP. */
function networkName(hrp: string): string {
  return NETWORK_NAMES[hrp] ?? `the ${hrp} network`;
}

/** constants.GetHRP: the HRP of a network ID. */
export function hrpOfNetwork(networkID: number): string {
  return Object.hasOwn(NETWORK_HRPS, networkID) ? NETWORK_HRPS[networkID]! : 'custom';
}

const CHAIN_ADVICE: Readonly<Record<ChainAlias, string>> = {
  P: 'an address on the P-chain itself: use it in a P-chain tx (buildBaseTx, wallet.send)',
  X: 'an X-chain address: export to the X-chain (buildExportTx with the X-chain as destinationChain)',
  C: 'a C-chain address: export to the C-chain (buildExportTx with the C-chain as destinationChain)',
};

const prefixOf = (text: string, dash: number, hrp: string) => `${text.slice(0, dash + 1)}${hrp}1…`;

function wrongNetwork(shown: string, hrp: string, expected: string, what: string): AddressError {
  return new AddressError(`${what}: ${shown} is ${hrp === 'custom' ? 'an address of a custom network' : `a ${networkName(hrp)} address`}; this node is ${networkName(expected)} (its addresses start with ${expected}1)`);
}

function bech32Bytes(text: string, what: string): { hrp: string; bytes: Uint8Array } {
  let read: { hrp: string; bytes: Uint8Array };
  try {
    read = parseBech32(text);
  } catch {
    throw new AddressError(`${what}: not a valid bech32 address (bad character, length or checksum)`);
  }
  if (read.bytes.length !== 20) throw new AddressError(`${what}: an address is 20 bytes, this one is ${read.bytes.length}`);
  return read;
}

/** The 20 bytes of an address, after checking its network and chain for this use. */
export function checkedAddress(address: AddressLike, hrp: string, use: AddressUse): Uint8Array {
  const { what } = use;
  if (address instanceof Uint8Array) {
    if (address.length !== 20) throw new AddressError(`${what}: an address is 20 bytes, got ${address.length}`);
    return address;
  }
  if (typeof address !== 'string') throw new AddressError(`${what}: an address must be a string such as P-${hrp}1… or 20 bytes`);
  const text = address.trim();
  const expected = `${use.chains[0]}-${hrp}1…`;
  if (/^0x/i.test(text)) {
    if (/^0x[0-9a-f]{40}$/i.test(text)) throw new AddressError(`${what}: 0x… is a C-chain EVM address: transfer to the C-chain (export to it, then import into that EVM address); here give ${expected}`);
    throw new AddressError(`${what}: 0x… is not an address here; give ${expected}`);
  }
  const dash = text.indexOf('-');
  if (dash >= 0) {
    const chain = text.slice(0, dash);
    if (chain !== 'P' && chain !== 'X' && chain !== 'C') throw new AddressError(`${what}: an address starts with P-, X- or C- and the network's HRP (${expected})`);
    const read = bech32Bytes(text.slice(dash + 1), what);
    const shown = prefixOf(text, dash, read.hrp);
    if (read.hrp !== hrp) throw wrongNetwork(shown, read.hrp, hrp, what);
    if (!use.chains.includes(chain)) throw new AddressError(`${what}: ${shown} is ${CHAIN_ADVICE[chain]}; here give ${expected}`);
    return read.bytes;
  }
  // bech32 without a chain: lower case, an HRP, the separator 1, then data characters (no 1, b, i or o).
  if (/^[a-z][a-z0-9]*1[02-9ac-hj-np-z]+$/.test(text)) {
    const read = bech32Bytes(text, what);
    if (read.hrp !== hrp) throw wrongNetwork(`${read.hrp}1…`, read.hrp, hrp, what);
    if (!use.bare) throw new AddressError(`${what}: ${read.hrp}1… has no chain prefix: write ${use.chains[0]}-${read.hrp}1… (the chain it is on)`);
    return read.bytes;
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeCB58(text);
  } catch {
    throw new AddressError(`${what}: not an address; give ${expected}`);
  }
  if (bytes.length !== 20) throw new AddressError(`${what}: not an address (a short ID is 20 bytes); give ${expected}`);
  if (!use.bare) throw new AddressError(`${what}: a bare short ID names no network or chain: write it as ${expected} (formatAddress from @avanode/codec)`);
  return bytes;
}
