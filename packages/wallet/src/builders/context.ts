// What every builder takes besides its own fields, read once: the network, the AVAX asset, the
// gas price and weights (from the client's getFeeState and getFeeConfig answers), the addresses
// whose UTXOs may be spent, the change owner, the memo and the issuance time for locktimes.
import { EMPTY_ID, type Network, NETWORK_HRPS, encodeCB58 } from '@avanode/codec';
import { WalletError } from '../errors.js';
import { type Dimensions, type WeightsLike, toDimensions } from '../rules/gas.js';
import { type AddressLike, addressBytes } from '../rules/secp256k1fx.js';
import { type Uint64Like, MAX_UINT64, toUint64 } from '../rules/uint64.js';
import { type ReadUtxo, type UtxoLike, readUtxos } from '../utxos.js';
import { type AddressUse, checkedAddress, hrpOfNetwork } from './addresses.js';

/** constants.PlatformChainID: the P-chain's blockchain ID. */
export const P_CHAIN_ID = EMPTY_ID;

/** The AVAX asset ID of the networks that have a fixed one (getStakingAssetID answers it for any). */
const AVAX_ASSET_IDS: Readonly<Record<number, string>> = {
  1: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  5: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
};

/** The Go wallet's safety multiplier on the gas price (wallet/chain/p/context.go gasPriceMultiplier). */
export const DEFAULT_PRICE_MULTIPLIER = 2;

/**
 * An owner as builders take it: addresses (`P-…` of the tx's network; a bare short ID or bech32
 * without its chain is accepted here, as the node prints owners), a threshold (default 1), a
 * locktime (default 0).
 */
export interface OwnerParam {
  readonly addresses: readonly string[];
  readonly threshold?: number;
  readonly locktime?: Uint64Like;
}

/** What every builder takes. */
export interface CommonParams {
  /** The UTXOs that may be spent: `getUTXOs` hex strings (checksummed) or decoded UTXOs. */
  readonly utxos: readonly UtxoLike[];
  /** The addresses (`P-…`, or bare short IDs) whose keys will sign: only UTXOs they can spend are used. */
  readonly fromAddresses: readonly string[];
  /** Where change goes (`P-…` of the tx's network). Default: the first of `fromAddresses`. */
  readonly changeAddress?: string;
  /** Up to 256 bytes: text (UTF-8) or bytes. */
  readonly memo?: string | Uint8Array;
  /** `platform.getFeeState`'s answer: its `price`, and its `capacity` (a tx whose gas exceeds it is refused before it is sent). */
  readonly feeState: { readonly price: Uint64Like; readonly capacity?: Uint64Like };
  /** `platform.getFeeConfig`'s answer (its `weights` are used). */
  readonly feeConfig: { readonly weights: WeightsLike };
  /** The network ID, or a name the codec knows (`'mainnet'`, `'fuji'`, `'local'`, `'network-1337'`). */
  readonly network: Network;
  /** `platform.getStakingAssetID`'s answer. Default: the known AVAX asset of mainnet and Fuji. */
  readonly avaxAssetID?: string;
  /**
   * The gas price is `feeState.price` times this, so the tx still pays if the price rises before
   * it is accepted (the Go wallet's multiplier, 2 by default). 1 pays the exact current fee.
   */
  readonly priceMultiplier?: number;
  /** Unix seconds the tx will be issued after; UTXOs locked until later are not spent. Default: now. */
  readonly minIssuanceTime?: Uint64Like;
}

export interface BuildContext {
  readonly networkID: number;
  readonly hrp: Network;
  /** constants.GetHRP of the network: what every address given must carry. */
  readonly addressHrp: string;
  readonly avaxAssetID: string;
  readonly weights: Dimensions;
  readonly gasPrice: bigint;
  /** The fee state's gas capacity, when given. */
  readonly capacity?: bigint;
  readonly from: ReadonlySet<string>;
  readonly changeOwner: Owner;
  readonly memo: string;
  readonly minIssuanceTime: bigint;
  readonly utxos: readonly ReadUtxo[];
}

/** An owner with its addresses as codec strings, sorted by their bytes (as the Go wallet sorts them). */
export interface Owner {
  readonly type: 'secp256k1fx.OutputOwners';
  readonly locktime: bigint;
  readonly threshold: number;
  readonly addresses: string[];
}

export class BuildError extends WalletError {
  override readonly name: string = 'BuildError';
}

/** The network ID of a Network as the codec takes it. */
function networkIdOf(network: Network): number {
  if (typeof network === 'number') {
    if (!Number.isInteger(network) || network < 0 || network > 0xffffffff) throw new BuildError(`network ID must be a uint32, got ${network}`);
    return network;
  }
  if (typeof network === 'string') {
    const name = network.toLowerCase();
    const named: Record<string, number> = { mainnet: 1, cascade: 2, denali: 3, everest: 4, fuji: 5, testnet: 5, testing: 10, local: 12345 };
    if (named[name] !== undefined) return named[name];
    const digits = name.startsWith('network-') ? name.slice(8) : name;
    if (/^\d{1,10}$/.test(digits) && Number(digits) <= 0xffffffff) return Number(digits);
  }
  throw new BuildError('network must be a network ID or a name such as "mainnet", "fuji", "local" or "network-1337" (builders need the ID the tx carries)');
}

export const hexKey = (bytes: Uint8Array): string => {
  let out = '';
  for (const b of bytes) out += (b < 16 ? '0' : '') + b.toString(16);
  return out;
};

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** An owner from addresses (bytes or strings), sorted and deduplicated by bytes, addresses printed as short IDs. */
export function makeOwner(addresses: readonly AddressLike[], threshold = 1, locktime: Uint64Like = 0): Owner {
  const bytes = addresses.map((a) => addressBytes(a)).sort(compareBytes);
  const unique = bytes.filter((b, i) => i === 0 || compareBytes(bytes[i - 1]!, b) !== 0);
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > unique.length) throw new BuildError(`an owner's threshold must be between 0 and its ${unique.length} addresses, got ${threshold}`);
  if (threshold === 0 && unique.length > 0) throw new BuildError('an owner with addresses needs a threshold of at least 1');
  return { type: 'secp256k1fx.OutputOwners', locktime: toUint64(locktime, 'locktime'), threshold, addresses: unique.map(encodeCB58) };
}

const P_OWNER = ['P'] as const;

/**
 * An owner param, each address checked against the network's HRP and the chains it may be on:
 * a single address must carry its chain (`P-…`); an owner's addresses may be bare.
 */
export function ownerParam(owner: OwnerParam | string, what: string, hrp: string, chains: AddressUse['chains'] = P_OWNER): Owner {
  if (typeof owner === 'string') return makeOwner([checkedAddress(owner, hrp, { what, chains, bare: false })]);
  if (owner === null || typeof owner !== 'object' || !Array.isArray(owner.addresses)) throw new BuildError(`${what} must be an address or { addresses, threshold?, locktime? }`);
  const addresses = owner.addresses.map((a, i) => checkedAddress(a, hrp, { what: `${what}.addresses[${i}]`, chains, bare: true }));
  return makeOwner(addresses, owner.threshold ?? 1, owner.locktime ?? 0);
}

const utf8 = /* @__PURE__ */ new TextEncoder();

function memoHex(memo: string | Uint8Array | undefined): string {
  const bytes = memo === undefined ? new Uint8Array(0) : typeof memo === 'string' ? utf8.encode(memo) : memo;
  // avax.MaxMemoSize (vms/components/avax/base_tx.go)
  if (bytes.length > 256) throw new BuildError(`memo is ${bytes.length} bytes, more than the node's 256`);
  return `0x${hexKey(bytes)}`;
}

/** Reads the common parameters (throws BuildError or RangeError naming the parameter that is wrong). */
export function buildContext(params: CommonParams): BuildContext {
  if (params === null || typeof params !== 'object') throw new BuildError('builder parameters must be an object');
  const networkID = networkIdOf(params.network);
  const avaxAssetID = params.avaxAssetID ?? AVAX_ASSET_IDS[networkID];
  if (avaxAssetID === undefined) throw new BuildError(`avaxAssetID is needed on network ${networkID} (platform.getStakingAssetID answers it)`);
  if (!Array.isArray(params.fromAddresses) || params.fromAddresses.length === 0) throw new BuildError('fromAddresses must list at least one address');
  const addressHrp = hrpOfNetwork(networkID);
  const fromBytes = params.fromAddresses.map((a, i) => checkedAddress(a, addressHrp, { what: `fromAddresses[${i}]`, chains: P_OWNER, bare: true }));
  const from = new Set(fromBytes.map(hexKey));
  const multiplier = params.priceMultiplier ?? DEFAULT_PRICE_MULTIPLIER;
  if (!Number.isInteger(multiplier) || multiplier < 1 || multiplier > 1000) throw new BuildError(`priceMultiplier must be an integer from 1 to 1000, got ${multiplier}`);
  const price = toUint64(params.feeState?.price, 'feeState.price') * BigInt(multiplier);
  if (price > MAX_UINT64) throw new BuildError('feeState.price × priceMultiplier exceeds uint64');
  const network = NETWORK_HRPS[networkID] === undefined ? { hrp: 'custom' } : networkID;
  return {
    networkID,
    hrp: network,
    addressHrp,
    avaxAssetID,
    weights: toDimensions(params.feeConfig?.weights, 'feeConfig.weights'),
    gasPrice: price,
    ...(params.feeState.capacity === undefined ? {} : { capacity: toUint64(params.feeState.capacity, 'feeState.capacity') }),
    from,
    changeOwner: makeOwner([params.changeAddress === undefined ? fromBytes[0]! : checkedAddress(params.changeAddress, addressHrp, { what: 'changeAddress', chains: P_OWNER, bare: false })]),
    memo: memoHex(params.memo),
    minIssuanceTime: params.minIssuanceTime === undefined ? BigInt(Math.floor(Date.now() / 1000)) : toUint64(params.minIssuanceTime, 'minIssuanceTime'),
    utxos: [...readUtxos(params.utxos, network).values()],
  };
}

/** 0x-prefixed hex or bytes, as the codec's []byte fields take them. */
export function bytesParam(value: string | Uint8Array, what: string): string {
  if (value instanceof Uint8Array) return `0x${hexKey(value)}`;
  if (typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value)) return value.toLowerCase();
  throw new BuildError(`${what} must be bytes or 0x-prefixed hex`);
}


