// UTXOs as the wallet takes them: `getUTXOs` hex strings (checksummed), bytes, or decoded
// objects; read once into what spending and signing need (amounts as bigint, owners as bytes).
import { type Network, type Utxo, decodeUtxo, typeName } from '@avanode/codec';
import { MissingDataError } from './errors.js';
import { addressBytes } from './rules/secp256k1fx.js';
import { toUint64 } from './rules/uint64.js';

export type UtxoLike = string | Uint8Array | Utxo;

/** A UTXO read: its ID parts, asset, amount, owner, and the stakeable lock around it if any. */
export interface ReadUtxo {
  readonly utxo: Utxo;
  /** `txID:outputIndex`: how inputs find their UTXO. */
  readonly key: string;
  readonly txID: string;
  readonly outputIndex: number;
  readonly assetID: string;
  readonly amount: bigint;
  /** The stakeable.LockOut's locktime, 0n when the output is not stakeable-locked. */
  readonly stakeableLocktime: bigint;
  readonly owner: { readonly locktime: bigint; readonly threshold: number; readonly addresses: readonly Uint8Array[] };
}

export const utxoKey = (txID: string, outputIndex: number): string => `${txID}:${outputIndex}`;

/** Reads one UTXO; outputs the secp256k1fx cannot spend are returned as undefined (the Go wallet skips them). */
function readUtxo(value: UtxoLike, network?: Network): ReadUtxo | undefined {
  const utxo = typeof value === 'string' || value instanceof Uint8Array ? decodeUtxo(value, network === undefined ? undefined : { network }) : value;
  if (utxo === null || typeof utxo !== 'object' || typeof utxo.txID !== 'string') throw new MissingDataError('a UTXO must be a getUTXOs hex string, bytes, or a decoded UTXO');
  let output = utxo.output as unknown as Record<string, unknown>;
  let stakeableLocktime = 0n;
  if (typeName(output) === 'stakeable.LockOut' || (typeName(output) === undefined && 'output' in output)) {
    stakeableLocktime = toUint64(output.locktime as number, 'locktime');
    output = output.output as Record<string, unknown>;
  }
  const isTransferOutput = typeName(output) === 'secp256k1fx.TransferOutput' || (typeName(output) === undefined && 'amount' in output && 'addresses' in output);
  if (!isTransferOutput) return undefined;
  return {
    utxo,
    key: utxoKey(utxo.txID, utxo.outputIndex),
    txID: utxo.txID,
    outputIndex: utxo.outputIndex,
    assetID: utxo.assetID,
    amount: toUint64(output.amount as number, 'amount'),
    stakeableLocktime,
    owner: {
      locktime: toUint64(output.locktime as number, 'locktime'),
      threshold: output.threshold as number,
      addresses: (output.addresses as string[]).map(addressBytes),
    },
  };
}

/** Reads many UTXOs, keyed by `txID:outputIndex` (a repeated UTXO is kept once). */
export function readUtxos(values: readonly UtxoLike[], network?: Network): Map<string, ReadUtxo> {
  const out = new Map<string, ReadUtxo>();
  if (!Array.isArray(values)) throw new MissingDataError('utxos must be an array');
  for (const value of values) {
    const read = readUtxo(value, network);
    if (read !== undefined && !out.has(read.key)) out.set(read.key, read);
  }
  return out;
}
