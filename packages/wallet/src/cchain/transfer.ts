// Moving AVAX between the C-chain and the P-chain: an export on one chain, an import on the
// other, each waited for. Resuming is the rule that matters: before it exports, `transfer` looks
// at shared memory on the destination (`getUTXOs` with `sourceChain`); whatever waits there for
// the wallet's address (an earlier export whose import never happened: a crash, a closed tab) is
// imported, and nothing is exported again. An export issued but not yet accepted when the process
// stopped is not in shared memory yet: pass its ID (`onExportIssued` gave it) as `exportTxID`,
// and `transfer` waits for it instead of exporting. On the C → P way the C-chain adds its own
// guard: an export spends the account's nonce, so a second one with the same nonce conflicts.
import type { MethodTypes, RequestOptions } from '@avanode/client';
import { waitForTx } from '@avanode/client/wait-for-tx';
import { formatAddress } from '@avanode/codec';
import { type ExportTxParams, type ImportTxParams, buildExportTx, buildImportTx } from '../builders/builders.js';
import { WalletError } from '../errors.js';
import type { Signer } from '../keys.js';
import { DEFAULT_BASE_FEE_MARGIN_PERCENT, withBaseFeeMargin } from '../rules/atomic.js';
import { type Uint64Like, toUint64 } from '../rules/uint64.js';
import { type NodeClient, type NodeContext, readUtxoHexes, sendTx } from '../send.js';
import { readUtxos } from '../utxos.js';
import { buildCChainExportTx, buildCChainImportTx } from './builders.js';
import { type AtomicWaitOptions, cchainReader } from './node.js';
import { signAtomicTx } from './sign.js';

export interface TransferParams {
  /** `'C'` → `'P'` or `'P'` → `'C'`. */
  readonly from: 'C' | 'P';
  readonly to: 'P' | 'C';
  /** nAVAX to export (the export's fee is paid on top, the import's out of what arrives). */
  readonly amount: Uint64Like;
  /** The ID of an export already issued (from `onExportIssued`): wait for it and import, never export again. */
  readonly exportTxID?: string;
  /** Called with each tx ID just before it is sent: write the export's down to resume with it. */
  readonly onExportIssued?: (txID: string) => void;
  readonly onImportIssued?: (txID: string) => void;
  /** Percent added to `eth_baseFee` before a C-chain tx is priced (default 25). */
  readonly baseFeeMarginPercent?: bigint;
  /** How long to wait for each C-chain tx (P-chain txs use sendTx's wait). */
  readonly wait?: AtomicWaitOptions;
  readonly signal?: AbortSignal;
}

export interface TransferResult {
  /** The export's ID; `undefined` when nothing was exported (shared memory already held the funds). */
  readonly exportTxID: string | undefined;
  readonly importTxID: string;
  /** Whether this call found the funds already exported (a resumed transfer). */
  readonly resumed: boolean;
  /** nAVAX the destination gained: what waited in shared memory less the import's fee (wherever it was paid from). */
  readonly imported: bigint;
  /** nAVAX burnt: the export's fee (0 when resumed) and the import's. */
  readonly fees: { readonly export: bigint; readonly import: bigint };
}

export interface TransferContext<M extends MethodTypes> {
  readonly client: NodeClient<M>;
  readonly signers: readonly Signer[];
  readonly node: NodeContext;
  /** The C-chain's blockchain ID (`info.getBlockchainID({ alias: 'C' })`). */
  readonly cChainID: string;
}

/** The C-chain's blockchain ID, from the node. */
export async function readCChainID<M extends MethodTypes>(client: NodeClient<M>, options: RequestOptions = {}): Promise<string> {
  const answer = await client.call<{ blockchainID?: unknown }>('info.getBlockchainID', { alias: 'C' }, options);
  if (typeof answer?.blockchainID !== 'string' || answer.blockchainID.length > 60) throw new WalletError('info.getBlockchainID answered no blockchain ID for C');
  return answer.blockchainID;
}

/** The first signer's addresses: its P-chain (and C-chain bech32) address and its EVM account. */
export function transferAddresses(signers: readonly Signer[], networkID: number): { p: string; c: string; evm: string; evmSigner: Signer } {
  const signer = signers.find((s) => (s.evmAddresses?.length ?? 0) > 0);
  if (signer === undefined) throw new WalletError('a C-chain transfer needs a key or a signer that signs for an EVM address (createKeySigner does)');
  const short = signer.addresses[0];
  if (short === undefined) throw new WalletError('the signer has no address');
  const evmBytes = signer.evmAddresses![0]!;
  return { p: formatAddress(short, networkID, 'P'), c: formatAddress(short, networkID, 'C'), evm: `0x${[...evmBytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`, evmSigner: signer };
}

const sum = (hexes: readonly string[], assetID: string, networkID: number) => {
  let total = 0n;
  for (const utxo of readUtxos(hexes, networkID).values()) if (utxo.assetID === assetID && utxo.stakeableLocktime === 0n) total += utxo.amount;
  return total;
};

/**
 * C → P or P → C with the first key that signs for an EVM account (its P-chain address, its C-chain
 * account): export, wait, import, wait; or, when shared memory already holds funds for that
 * address, import only.
 */
export async function transfer<M extends MethodTypes>(ctx: TransferContext<M>, params: TransferParams): Promise<TransferResult> {
  if (params === null || typeof params !== 'object') throw new WalletError('transfer takes { from, to, amount }');
  const way = `${params.from}->${params.to}`;
  if (way !== 'C->P' && way !== 'P->C') throw new WalletError(`transfer goes from C to P or from P to C, not from ${String(params.from)} to ${String(params.to)}`);
  const amount = toUint64(params.amount, 'amount');
  if (amount === 0n) throw new WalletError('amount must be above 0');
  const margin = params.baseFeeMarginPercent ?? DEFAULT_BASE_FEE_MARGIN_PERCENT;
  const requestOptions: RequestOptions = params.signal ? { signal: params.signal } : {};
  const { client, signers, node, cChainID } = ctx;
  const { networkID, avaxAssetID } = node;
  const me = transferAddresses(signers, networkID);
  const c = cchainReader(client, requestOptions);
  const chains = { network: networkID, cChainID, avaxAssetID };

  if (way === 'C->P') {
    // What waits on the P-chain already, exported from the C-chain to us.
    let waiting = await readUtxoHexes(client, [me.p], { ...requestOptions, sourceChain: cChainID });
    let exportTxID = params.exportTxID;
    let exportFee = 0n;
    const resumed = exportTxID !== undefined || sum(waiting, avaxAssetID, networkID) > 0n;
    if (exportTxID === undefined && !resumed) {
      const [baseFee, nonce, balanceWei] = await Promise.all([c.baseFeeWei(), c.nonce(me.evm), c.balanceWei(me.evm)]);
      const built = buildCChainExportTx({ ...chains, baseFeeWei: withBaseFeeMargin(baseFee, margin), destinationChain: 'P', from: me.evm, nonce, balanceWei, amount, to: me.p });
      const signed = await signAtomicTx(built, { signers: [me.evmSigner] });
      exportTxID = signed.id;
      exportFee = built.fee;
      params.onExportIssued?.(exportTxID);
      await c.issue(exportTxID, signed.hex);
    }
    if (exportTxID !== undefined) {
      await c.waitAccepted(exportTxID, params.wait);
      waiting = await readUtxoHexes(client, [me.p], { ...requestOptions, sourceChain: cChainID });
    }
    if (sum(waiting, avaxAssetID, networkID) === 0n) throw new WalletError(`nothing waits in shared memory for ${me.p} after export ${exportTxID}`);
    const sent = await sendTx<ImportTxParams, M>(client, {
      build: buildImportTx,
      params: { sourceChain: cChainID, atomicUtxos: waiting, to: me.p, network: networkID, avaxAssetID },
      signers: [me.evmSigner],
      ...(params.onImportIssued ? { onIssue: params.onImportIssued } : {}),
      ...(params.signal ? { signal: params.signal } : {}),
    });
    return { exportTxID: resumed ? params.exportTxID : exportTxID, importTxID: sent.txID, resumed, imported: sum(waiting, avaxAssetID, networkID) - sent.fee, fees: { export: exportFee, import: sent.fee } };
  }

  // P → C: what waits on the C-chain already, exported from the P-chain to us.
  let waiting = await c.atomicUtxos([me.c], 'P');
  let exportTxID = params.exportTxID;
  let exportFee = 0n;
  const resumed = exportTxID !== undefined || sum(waiting, avaxAssetID, networkID) > 0n;
  if (exportTxID === undefined && !resumed) {
    const sent = await sendTx<ExportTxParams, M>(client, {
      build: buildExportTx,
      params: { destinationChain: cChainID, outputs: [{ address: me.c, amount }], network: networkID, avaxAssetID },
      signers: [me.evmSigner],
      ...(params.onExportIssued ? { onIssue: params.onExportIssued } : {}),
      ...(params.signal ? { signal: params.signal } : {}),
    });
    exportTxID = sent.txID;
    exportFee = sent.fee;
  } else if (params.exportTxID !== undefined) {
    // An export issued before: wait for it as sendTx would (Committed, or its failure).
    await waitForTx(client, params.exportTxID, params.signal ? { signal: params.signal } : {});
  }
  waiting = await c.atomicUtxos([me.c], 'P');
  const baseFee = await c.baseFeeWei();
  const built = buildCChainImportTx({ ...chains, baseFeeWei: withBaseFeeMargin(baseFee, margin), sourceChain: 'P', utxos: waiting, fromAddresses: [me.c], to: me.evm });
  const signed = await signAtomicTx(built, { signers: [me.evmSigner] });
  params.onImportIssued?.(signed.id);
  await c.issue(signed.id, signed.hex);
  await c.waitAccepted(signed.id, params.wait);
  const imported = built.spentUtxos.reduce((total, u) => total + u.amount, 0n) - built.fee;
  return { exportTxID: resumed ? params.exportTxID : exportTxID, importTxID: signed.id, resumed, imported, fees: { export: exportFee, import: built.fee } };
}
