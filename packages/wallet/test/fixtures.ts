// Keys, UTXOs and fee answers for the wallet's tests: a local network (12345) with a made-up
// AVAX asset, UTXOs encoded with the codec and given as getUTXOs hex strings.
import { encodeCB58, encodeHex, encodeUtxo, parseAddress } from '@avanode/codec';
import { keyAddress } from '@avanode/wallet';
import { sha256 } from '@noble/hashes/sha2.js';

const NETWORK = 12345;
export const AVAX = encodeCB58(sha256(new TextEncoder().encode('avax')));
export const OTHER_ASSET = encodeCB58(sha256(new TextEncoder().encode('other')));
/** The local network's well-known funded key (genesis_local.json: public by design). */
export const EWOQ = 'PrivateKey-ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN';
export const KEY2 = `0x${'11'.repeat(32)}`;
export const KEY3 = `0x${'22'.repeat(32)}`;
export const ADDR1 = keyAddress(EWOQ, NETWORK);
export const ADDR2 = keyAddress(KEY2, NETWORK);
export const ADDR3 = keyAddress(KEY3, NETWORK);

export const feeConfig = { weights: [1, 1000, 1000, 4], maxCapacity: 1_000_000, maxPerSecond: 100_000, targetPerSecond: 50_000, minPrice: 1, excessConversionConstant: 2_164_043 };
const feeState = { capacity: 1_000_000, excess: 0, price: 1, timestamp: '2026-01-01T00:00:00Z' };

let counter = 0;
function txID(): string {
  counter++;
  return encodeCB58(sha256(new Uint8Array([counter & 0xff, (counter >> 8) & 0xff, (counter >> 16) & 0xff, 7])));
}

export interface UtxoSpec {
  amount: bigint | number;
  addresses?: string[];
  threshold?: number;
  locktime?: bigint | number;
  stakeableLocktime?: bigint | number;
  assetID?: string;
}

/** A UTXO as getUTXOs gives it: 0x hex with checksum. */
export function utxoHex(spec: UtxoSpec, id = txID(), index = 0): string {
  const addresses = spec.addresses ?? [ADDR1];
  const inner = { type: 'secp256k1fx.TransferOutput', amount: BigInt(spec.amount), locktime: BigInt(spec.locktime ?? 0), threshold: spec.threshold ?? 1, addresses: sortAddresses(addresses) };
  const output = spec.stakeableLocktime ? { type: 'stakeable.LockOut', locktime: BigInt(spec.stakeableLocktime), output: inner } : inner;
  return encodeHex(encodeUtxo({ txID: id, outputIndex: index, assetID: spec.assetID ?? AVAX, output }));
}

function sortAddresses(addresses: string[]): string[] {
  return [...addresses].sort((a, b) => Buffer.compare(Buffer.from(parseAddress(a).bytes), Buffer.from(parseAddress(b).bytes)));
}

export const common = (utxos: string[], extra: Record<string, unknown> = {}) => ({ utxos, fromAddresses: [ADDR1], feeState, feeConfig, network: NETWORK, avaxAssetID: AVAX, minIssuanceTime: 1_000, ...extra });
