// The simulated C-chain's answers: the atomic API on /ext/bc/C/avax (coreth's
// graft/coreth/plugin/evm/atomic/vm/api.go at v1.14.2; SAE's vms/saevm/cchain/api.go at
// v1.15.0-fuji once the network's clock passes Helicon) and the eth_ reads on /ext/bc/C/rpc
// (graft/coreth/internal/ethapi/api.go). The node checks (node-checks/avax.ts) ran before.
import { CodecError, addressToShortId, decodeBytes, decodeCB58, encodeHex, encodeHexNC, formatAddress } from '@avanode/codec';
import { parseAtomicTx, type ParsedAtomicTx } from '@avanode/codec/cchain';
import { WEI_PER_NANO_AVAX, atomicTxBurned, atomicTxGas } from '@avanode/wallet/rules';
import type { SharedMemory } from '../../shared-memory.js';
import { atomicTxError, type AtomicEnv } from './executor.js';
import { balanceOf, evmKey, isSae, nonceOf, type CChainState } from './state.js';

type Params = Record<string, unknown>;
export type CAnswer = { result: unknown } | { error: string };

/** What the C-chain's answers read besides its own state. */
export interface CContext {
  c: CChainState;
  env: AtomicEnv;
  shared: SharedMemory;
  /** The network's clock, Unix seconds (Helicon decides the shapes). */
  nowSec: number;
  /** A chain alias or ID as the chain ID it names, undefined for none the node knows (BCLookup). */
  lookup: (alias: string) => string | undefined;
}

const ok = (result: unknown): CAnswer => ({ result });
const failed = (error: string): CAnswer => ({ error });
const EMPTY_ID = '11111111111111111111111111111111LpoYY';
/** SAE's terminal cursor (api.go termAddr, termUTXOID): all ones. */
const TERMINAL_UTXO = '2wkBET2rRgE8pahuaczxKbmv7ciehqsne57F9gtzf1PVcUJEQG';
const TERMINAL_ADDRESS = new Uint8Array(20).fill(0xff);
const hexQuantity = (value: bigint) => `0x${value.toString(16)}`;

function encodingOf(params: Params): 'hex' | 'hexc' | 'hexnc' | 'json' {
  const value = typeof params.encoding === 'string' ? params.encoding.toLowerCase() : 'hex';
  return value === 'hexc' || value === 'hexnc' || value === 'json' ? value : 'hex';
}
const encodeAs = (bytes: Uint8Array, encoding: string) => (encoding === 'hexnc' ? encodeHexNC(bytes) : encodeHex(bytes));
const keyOf = (address: string): string => (address.includes('-') ? addressToShortId(address) : address);

function getUTXOs(x: CContext, params: Params): CAnswer {
  const sae = isSae(x.c, x.nowSec);
  const encoding = encodingOf(params);
  const sourceChain = typeof params.sourceChain === 'string' ? params.sourceChain : '';
  const source = x.lookup(sourceChain);
  if (source === undefined) return failed(`${sae ? 'parsing' : 'problem parsing'} source chainID ${JSON.stringify(sourceChain)}: there is no ID with alias: ${sourceChain}`);
  const addresses = ((params.addresses as string[] | undefined) ?? []).map(keyOf);
  const start = (params.startIndex ?? {}) as { address?: string; utxo?: string };
  const hasStart = Boolean(start.address || start.utxo);
  const startKey = hasStart && start.address ? keyOf(start.address) : undefined;
  const network = x.env.networkID;
  if (sae && hasStart && startKey !== undefined && decodeCB58(startKey).every((b) => b === 0xff) && start.utxo === TERMINAL_UTXO) {
    return ok({ numFetched: '0', utxos: [], endIndex: { address: formatAddress(new Uint8Array(20), network, 'C'), utxo: EMPTY_ID }, encoding });
  }
  const raw = Number(params.limit ?? 0);
  const limit = !Number.isFinite(raw) || raw <= 0 || raw > 1024 ? 1024 : raw;
  const startUtxo = hasStart && start.utxo ? decodeCB58(start.utxo) : undefined;
  // SAE reads one more than the limit to find the next cursor; coreth stops at the limit.
  const read = x.shared.indexed(x.c.chainID, source, addresses, (k) => decodeCB58(k), { ...(startKey !== undefined ? { address: startKey } : {}), ...(startUtxo ? { utxo: sae ? undefined : startUtxo } : {}) }, sae ? limit + 1 : limit);
  let utxos = read.utxos;
  if (sae && startUtxo) {
    // SAE's start is the first UTXO to read (half-open): keep it and what follows.
    const from = utxos.findIndex((u) => u.idBytes.every((b, i) => b === startUtxo[i]));
    if (from > 0) utxos = utxos.slice(from);
  }
  if (encoding === 'json' && utxos.length > 0) return failed(`${sae ? 'encoding utxo' : 'problem encoding utxo'}: unsupported encoding in method`);
  let endAddress: Uint8Array;
  let endUtxo: string;
  if (sae) {
    if (utxos.length > limit) {
      const next = utxos[limit]!;
      utxos = utxos.slice(0, limit);
      endAddress = decodeCB58(next.keys.find((k) => addresses.includes(k)) ?? next.keys[0]!);
      endUtxo = next.id;
    } else {
      endAddress = TERMINAL_ADDRESS;
      endUtxo = TERMINAL_UTXO;
    }
  } else {
    endAddress = read.lastAddress !== undefined ? decodeCB58(read.lastAddress) : startKey !== undefined ? decodeCB58(startKey) : new Uint8Array(20);
    endUtxo = read.lastUTXO?.id ?? (hasStart && start.utxo ? start.utxo : EMPTY_ID);
  }
  return ok({
    numFetched: String(utxos.length),
    utxos: utxos.map((u) => encodeAs(u.bytes, encoding)),
    endIndex: { address: formatAddress(endAddress, network, 'C'), utxo: endUtxo },
    encoding,
  });
}

/** The tx of `issueTx`'s params, decoded as the node decodes it (node-checks/avax.ts refused what does not decode). */
function parsedOf(params: Params, sae: boolean): ParsedAtomicTx | CAnswer {
  const encoding = encodingOf(params);
  try {
    const bytes = decodeBytes(params.tx as string, encoding === 'hexnc' ? 'hexnc' : 'hex');
    return parseAtomicTx(bytes);
  } catch (error) {
    if (error instanceof CodecError) return failed(`${sae ? 'parsing tx' : 'problem parsing transaction'}: ${error.message}`);
    throw error;
  }
}

/** AvaxAPI.IssueTx: into the atomic mempool when it verifies now (Mempool.AddLocalTx); known ones are no error. */
function issueTx(x: CContext, params: Params): CAnswer {
  const sae = isSae(x.c, x.nowSec);
  const parsed = parsedOf(params, sae);
  if (!('tx' in parsed) || !('unsignedBytes' in parsed)) return parsed as CAnswer;
  const id = parsed.id;
  // Mempool.addTx: a tx pending is already known (no error); an accepted one is verified again, and fails (its nonce or UTXOs are spent).
  if (x.c.mempool.has(id)) return ok({ txID: id });
  const error = atomicTxError(parsed, x.c, x.env) ?? conflictError(x.c, parsed, x.env);
  if (error !== undefined) {
    x.c.dropped.set(id, error);
    return failed(sae ? `issuing tx: ${error}` : error);
  }
  x.c.dropped.delete(id);
  x.c.mempool.set(id, parsed);
  return ok({ txID: id });
}

/** The UTXOs (import) or account nonces (export) a tx spends (Tx.InputUTXOs). */
function inputsOf(parsed: ParsedAtomicTx): string[] {
  const unsigned = parsed.tx.unsignedTx;
  if ('sourceChain' in unsigned) return unsigned.importedInputs.map((i) => `${i.txID}:${i.outputIndex}`);
  return unsigned.inputs.map((i) => `${i.address.toLowerCase()}:${i.nonce}`);
}

/**
 * Mempool.checkConflictTx and addTx: a pending tx spending the same input (a UTXO, or an account
 * at a nonce) is kept unless the new one pays a higher gas price (EffectiveGasPrice: the AVAX
 * burnt in wei per gas); the mock then keeps the first in any case.
 */
function conflictError(c: CChainState, parsed: ParsedAtomicTx, env: AtomicEnv): string | undefined {
  const mine = new Set(inputsOf(parsed));
  const conflicting = [...c.mempool.values()].filter((other) => inputsOf(other).some((input) => mine.has(input)));
  if (conflicting.length === 0) return undefined;
  const price = (tx: ParsedAtomicTx) => (atomicTxBurned(tx.tx.unsignedTx, env.avaxAssetID) * WEI_PER_NANO_AVAX) / atomicTxGas(tx.tx.unsignedTx, tx.unsignedBytes);
  const highest = conflicting.reduce((best, tx) => (price(tx) > price(best) ? tx : best));
  return `conflict present: issued tx (${parsed.id}) gas price ${price(parsed)} <= conflict tx (${highest.id}) gas price ${price(highest)} (${conflicting.length} total conflicts in mempool)`;
}

function txIDOf(params: Params): string {
  return typeof params.txID === 'string' ? params.txID : EMPTY_ID;
}

function getAtomicTx(x: CContext, params: Params): CAnswer {
  const sae = isSae(x.c, x.nowSec);
  const txID = txIDOf(params);
  const encoding = encodingOf(params);
  const accepted = x.c.accepted.get(txID);
  if (sae) {
    if (!accepted) return failed('fetching tx: not found');
    return ok({ tx: encodeAs(accepted.bytes, encoding), encoding, blockHeight: String(accepted.height) });
  }
  const pending = x.c.mempool.get(txID);
  if (!accepted && !pending) return failed(`could not find tx ${txID}`);
  if (encoding === 'json') return failed('unsupported encoding in method');
  return accepted ? ok({ tx: encodeAs(accepted.bytes, encoding), encoding, blockHeight: String(accepted.height) }) : ok({ tx: encodeAs(pending!.bytes, encoding), encoding });
}

function getAtomicTxStatus(x: CContext, params: Params): CAnswer {
  const txID = txIDOf(params);
  const accepted = x.c.accepted.get(txID);
  if (accepted) return ok({ status: 'Accepted', blockHeight: String(accepted.height) });
  if (isSae(x.c, x.nowSec)) return ok({ status: 'Unknown' });
  if (x.c.mempool.has(txID)) return ok({ status: 'Processing' });
  // The mempool's discarded txs: a local tx that failed verification is not kept (AddLocalTx), so Unknown.
  return ok({ status: 'Unknown' });
}

/** The C-chain's handlers by method; eth_ methods take their positional params as an array. */
export const cChainAnswers: Readonly<Record<string, (x: CContext, params: unknown) => CAnswer>> = {
  'avax.getUTXOs': (x, p) => getUTXOs(x, p as Params),
  'avax.issueTx': (x, p) => issueTx(x, p as Params),
  'avax.getAtomicTx': (x, p) => getAtomicTx(x, p as Params),
  'avax.getAtomicTxStatus': (x, p) => getAtomicTxStatus(x, p as Params),
  eth_baseFee: (x) => ok(hexQuantity(x.c.baseFeeWei)),
  eth_chainId: (x) => ok(hexQuantity(x.c.evmChainId)),
  eth_getBalance: (x, p) => ok(hexQuantity(balanceOf(x.c, evmKey((p as unknown[])[0]) ?? ''))),
  eth_getTransactionCount: (x, p) => {
    const [address, block] = p as unknown[];
    const key = evmKey(address) ?? '';
    let nonce = nonceOf(x.c, key);
    // `pending` counts the pool's txs (GetPoolNonce): the atomic exports waiting to be built.
    if (block === 'pending') for (const pending of x.c.mempool.values()) for (const input of 'inputs' in pending.tx.unsignedTx ? pending.tx.unsignedTx.inputs : []) if (input.address.toLowerCase() === key && BigInt(input.nonce) >= nonce) nonce = BigInt(input.nonce) + 1n;
    return ok(hexQuantity(nonce));
  },
};

/** Methods whose answers only read the C-chain. */
export const cChainReadOnly: ReadonlySet<string> = new Set(['avax.getUTXOs', 'avax.getAtomicTx', 'avax.getAtomicTxStatus', 'eth_baseFee', 'eth_chainId', 'eth_getBalance', 'eth_getTransactionCount']);
