// The C-chain side of an atomic transfer, built as the node's Go wallet builds it
// (wallet/chain/c/builder.go at avalanchego v1.14.2):
// - an export takes AVAX from one EVM account (its balance in wei, its nonce) and writes
//   outputs to shared memory for the P- or X-chain: the input pays the amount plus the fee of
//   the whole tx (its own bytes and signature included), at the base fee given;
// - an import spends every AVAX UTXO of shared memory the given addresses can spend (the
//   source chain's exports to them) into one EVM output, less the fee.
// The fee is the node's (rules/atomic.ts): the caller gives `eth_baseFee` in wei per gas, with
// any margin already added (withBaseFeeMargin).
import type { Network } from '@avanode/codec';
import { EMPTY_ID, NETWORK_HRPS, decodeCB58 } from '@avanode/codec';
import type { UnsignedAtomicTx, UnsignedExportTx, UnsignedImportTx } from '@avanode/codec/cchain';
import { encodeUnsignedAtomicTx, sortAtomicTx } from '@avanode/codec/cchain';
import { hrpOfNetwork } from '../builders/addresses.js';
import { BuildError, type OwnerParam, hexKey, ownerParam } from '../builders/context.js';
import { matchOwners } from '../builders/spend.js';
import { InsufficientFundsError } from '../errors.js';
import { atomicTxFee, atomicTxGas, WEI_PER_NANO_AVAX } from '../rules/atomic.js';
import { addressBytes } from '../rules/secp256k1fx.js';
import { type Uint64Like, add64, toUint64 } from '../rules/uint64.js';
import { type ReadUtxo, type UtxoLike, readUtxos } from '../utxos.js';

/** The chain IDs and AVAX asset of the networks that have fixed ones (info.getBlockchainID answers them for any). */
const KNOWN_CHAINS: Readonly<Record<number, { readonly C: string; readonly X: string; readonly avax: string }>> = {
  1: { C: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', X: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', avax: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z' },
  5: { C: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', X: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', avax: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK' },
};

/** What both C-chain builders take. */
export interface CChainParams {
  /** The network ID, or a name the codec knows (`'mainnet'`, `'fuji'`, `'local'`). */
  readonly network: Network;
  /** The C-chain's blockchain ID (`info.getBlockchainID({ alias: 'C' })`). Default: mainnet's or Fuji's. */
  readonly cChainID?: string;
  /** The X-chain's blockchain ID, when the other chain is `'X'`. Default: mainnet's or Fuji's. */
  readonly xChainID?: string;
  /** The AVAX asset ID. Default: mainnet's or Fuji's. */
  readonly avaxAssetID?: string;
  /**
   * The base fee in **wei** per gas, as `eth_baseFee` returns it (not nAVAX: 1 nAVAX = 10⁹ wei).
   * Add a margin first if the tx may land in a later block (`withBaseFeeMargin`).
   */
  readonly baseFeeWei: bigint;
}

/** A built C-chain atomic tx, ready for signAtomicTx. */
export interface BuiltAtomicTx {
  /** The unsigned tx, its lists in the order the node requires. */
  readonly unsignedTx: UnsignedAtomicTx;
  /** Its bytes, codec version included: what the credentials sign (their sha256) and the gas counts. */
  readonly unsignedBytes: Uint8Array;
  /** The gas the node charges it. */
  readonly gas: bigint;
  /** The AVAX (nAVAX) it burns: ⌈gas × baseFeeWei / 10⁹⌉. */
  readonly fee: bigint;
  /** The base fee (wei per gas) the fee was computed at. */
  readonly baseFeeWei: bigint;
  /** For an import: the shared-memory UTXOs its inputs spend (signAtomicTx reads their owners). */
  readonly spentUtxos: readonly ReadUtxo[];
}

interface Chains {
  readonly networkID: number;
  readonly cChainID: string;
  readonly avaxAssetID: string;
  readonly hrp: Network;
  chainID(chain: string, what: string): string;
}

function networkIdOf(network: Network): number {
  if (typeof network === 'number' && Number.isInteger(network) && network >= 0 && network <= 0xffffffff) return network;
  if (typeof network === 'string') {
    const named: Record<string, number> = { mainnet: 1, fuji: 5, testnet: 5, local: 12345 };
    const name = network.toLowerCase();
    if (named[name] !== undefined) return named[name];
    const digits = name.startsWith('network-') ? name.slice(8) : name;
    if (/^\d{1,10}$/.test(digits) && Number(digits) <= 0xffffffff) return Number(digits);
  }
  throw new BuildError('network must be a network ID or a name such as "mainnet", "fuji", "local" or "network-1337"');
}

function idParam(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new BuildError(`${what} must be a cb58 ID`);
  let bytes: Uint8Array;
  try {
    bytes = decodeCB58(value);
  } catch {
    throw new BuildError(`${what} is not a cb58 ID (bad character or checksum)`);
  }
  if (bytes.length !== 32) throw new BuildError(`${what} must be 32 bytes, got ${bytes.length}`);
  return value;
}

function chainsOf(params: CChainParams): Chains {
  if (params === null || typeof params !== 'object') throw new BuildError('builder parameters must be an object');
  const networkID = networkIdOf(params.network);
  const known = KNOWN_CHAINS[networkID];
  const cChainID = params.cChainID ?? known?.C;
  if (cChainID === undefined) throw new BuildError(`cChainID is needed on network ${networkID} (info.getBlockchainID({ alias: 'C' }) answers it)`);
  const avaxAssetID = params.avaxAssetID ?? known?.avax;
  if (avaxAssetID === undefined) throw new BuildError(`avaxAssetID is needed on network ${networkID}`);
  if (typeof params.baseFeeWei !== 'bigint' || params.baseFeeWei < 0n) throw new BuildError('baseFeeWei must be a non-negative bigint: eth_baseFee, in wei per gas');
  return {
    networkID,
    cChainID: idParam(cChainID, 'cChainID'),
    avaxAssetID: idParam(avaxAssetID, 'avaxAssetID'),
    hrp: NETWORK_HRPS[networkID] === undefined ? { hrp: 'custom' } : networkID,
    chainID(chain, what) {
      if (chain === 'P') return EMPTY_ID;
      if (chain === 'X') {
        const x = params.xChainID ?? known?.X;
        if (x === undefined) throw new BuildError(`xChainID is needed on network ${networkID} (info.getBlockchainID({ alias: 'X' }) answers it)`);
        return idParam(x, 'xChainID');
      }
      if (chain === 'C' || chain === cChainID) throw new BuildError(`${what} must be another chain than the C-chain`);
      return idParam(chain, what);
    },
  };
}

/** A 0x EVM address, checked, as the codec writes it (lower-case). */
function evmAddressParam(value: unknown, what: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new BuildError(`${what} must be a 0x EVM address (40 hex digits)`);
  return value.toLowerCase();
}

function built(unsigned: UnsignedAtomicTx, chains: CChainParams, fee: bigint, spentUtxos: readonly ReadUtxo[]): BuiltAtomicTx {
  const unsignedBytes = encodeUnsignedAtomicTx(unsigned);
  return { unsignedTx: unsigned, unsignedBytes, gas: atomicTxGas(unsigned, unsignedBytes), fee, baseFeeWei: chains.baseFeeWei, spentUtxos };
}

export interface CChainExportTxParams extends CChainParams {
  /** `'P'`, `'X'`, or the destination chain's ID. */
  readonly destinationChain: string;
  /** The EVM account (`0x…`) the AVAX leaves. */
  readonly from: string;
  /** Its nonce (`eth_getTransactionCount(from, 'latest')`): the export consumes it. */
  readonly nonce: Uint64Like;
  /** Its balance in wei (`eth_getBalance`), if known: the builder then refuses an export it cannot pay. */
  readonly balanceWei?: bigint;
  /** The nAVAX to put in shared memory (the fee is added on top). */
  readonly amount: Uint64Like;
  /** Who may import them on the destination: an address (`P-…`, `X-…`) or an owner. */
  readonly to: string | OwnerParam;
}

/** An ExportTx from an EVM account to the P- or X-chain: one EVM input of amount + fee, one output. */
export function buildCChainExportTx(params: CChainExportTxParams): BuiltAtomicTx {
  const chains = chainsOf(params);
  const amount = toUint64(params.amount, 'amount');
  if (amount === 0n) throw new BuildError('amount must be above 0: the node refuses an output of no value');
  const from = evmAddressParam(params.from, 'from');
  // The importer's addresses are checked against the network and the destination's chain (P-… for P, X-… for X).
  const destination = params.destinationChain === 'X' ? (['X'] as const) : params.destinationChain === 'P' ? (['P'] as const) : (['P', 'X'] as const);
  const owner = ownerParam(params.to, 'to', hrpOfNetwork(chains.networkID), destination);
  const unsigned = {
    networkID: chains.networkID,
    blockchainID: chains.cChainID,
    destinationChain: chains.chainID(params.destinationChain, 'destinationChain'),
    inputs: [{ address: from, amount: 0n, assetID: chains.avaxAssetID, nonce: toUint64(params.nonce, 'nonce') }],
    exportedOutputs: [{ assetID: chains.avaxAssetID, fxID: '', output: { type: 'secp256k1fx.TransferOutput', amount, locktime: owner.locktime, threshold: owner.threshold, addresses: owner.addresses } }],
  } as unknown as UnsignedExportTx;
  // The input's amount does not change the tx's length: the gas is known before it is set.
  const fee = atomicTxFee(atomicTxGas(unsigned), params.baseFeeWei);
  const total = add64(amount, fee);
  if (params.balanceWei !== undefined) {
    if (typeof params.balanceWei !== 'bigint' || params.balanceWei < 0n) throw new BuildError('balanceWei must be a non-negative bigint (eth_getBalance, in wei)');
    // The node debits amount × 10⁹ wei: a balance below it (sub-nAVAX dust aside) cannot pay.
    const available = params.balanceWei / WEI_PER_NANO_AVAX;
    if (available < total) throw new InsufficientFundsError([{ assetID: chains.avaxAssetID, needed: total, available }]);
  }
  (unsigned.inputs[0] as { amount: bigint }).amount = total;
  return built(sortAtomicTx(unsigned), params, fee, []);
}

export interface CChainImportTxParams extends CChainParams {
  /** `'P'`, `'X'`, or the source chain's ID. */
  readonly sourceChain: string;
  /** The UTXOs waiting in shared memory: `avax.getUTXOs({ sourceChain })` on the C-chain (hex), or decoded. */
  readonly utxos: readonly UtxoLike[];
  /** The addresses (`C-…`, `P-…`: the same bytes) whose keys will sign: only UTXOs they can spend are imported. */
  readonly fromAddresses: readonly string[];
  /** The EVM account (`0x…`) credited. */
  readonly to: string;
  /** Unix seconds the tx will be issued after; UTXOs locked until later are left. Default: now. */
  readonly minIssuanceTime?: Uint64Like;
}

/** An ImportTx of every AVAX UTXO in shared memory `fromAddresses` can spend, into one EVM output less the fee. */
export function buildCChainImportTx(params: CChainImportTxParams): BuiltAtomicTx {
  const chains = chainsOf(params);
  const to = evmAddressParam(params.to, 'to');
  if (!Array.isArray(params.fromAddresses) || params.fromAddresses.length === 0) throw new BuildError('fromAddresses must list at least one address');
  const from = new Set(params.fromAddresses.map((a) => hexKey(addressBytes(a))));
  const minIssuanceTime = params.minIssuanceTime === undefined ? BigInt(Math.floor(Date.now() / 1000)) : toUint64(params.minIssuanceTime, 'minIssuanceTime');
  const spent: ReadUtxo[] = [];
  const inputs: Record<string, unknown>[] = [];
  let imported = 0n;
  for (const utxo of readUtxos(params.utxos, chains.hrp).values()) {
    // Only AVAX, only plain transfer outputs (a stakeable lock is not importable), owned by us.
    if (utxo.assetID !== chains.avaxAssetID || utxo.stakeableLocktime !== 0n) continue;
    const signatureIndices = matchOwners(utxo.owner, from, minIssuanceTime);
    if (signatureIndices === undefined) continue;
    spent.push(utxo);
    inputs.push({ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, fxID: '', input: { type: 'secp256k1fx.TransferInput', amount: utxo.amount, signatureIndices } });
    imported = add64(imported, utxo.amount);
  }
  const unsigned = {
    networkID: chains.networkID,
    blockchainID: chains.cChainID,
    sourceChain: chains.chainID(params.sourceChain, 'sourceChain'),
    importedInputs: inputs,
    outputs: [{ address: to, amount: 0n, assetID: chains.avaxAssetID }],
  } as unknown as UnsignedImportTx;
  const fee = atomicTxFee(atomicTxGas(unsigned), params.baseFeeWei);
  // wallet/chain/c/builder.go: nothing to import once the fee is paid is errInsufficientFunds.
  if (imported <= fee) throw new InsufficientFundsError([{ assetID: chains.avaxAssetID, needed: fee + 1n, available: imported }], 'funds in shared memory');
  (unsigned.outputs[0] as { amount: bigint }).amount = imported - fee;
  const sorted = sortAtomicTx(unsigned);
  // The signer reads each input's UTXO in input order.
  const byKey = new Map(spent.map((u) => [u.key, u]));
  const ordered = sorted.importedInputs.map((input) => byKey.get(`${input.txID}:${input.outputIndex}`)!);
  return built(sorted, params, fee, ordered);
}
