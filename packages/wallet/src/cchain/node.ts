// What the C-chain side of a transfer reads from and sends to the node, over the client's `call`
// (the methods of the document's C-chain group: `avax.*` on /ext/bc/C/avax, `eth_*` on the
// C-chain's /rpc). Every answer is checked before it is used: hex quantities bounded, lists
// bounded, the issue's tx ID compared with ours.
import { type MethodTypes, type RequestOptions, RpcError } from '@avanode/client';
import { WalletError } from '../errors.js';
import { type NodeClient, TxOutcomeUnknownError, TxRefusedError } from '../send.js';

/** The `/ext/bc/C/rpc` endpoint: the client's `blockchainID` path variable takes the alias. */
const C = { blockchainID: 'C' } as const;

/** A `0x` hex quantity of an `eth_*` answer (at most 256 bits), as a bigint. */
function hexQuantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new WalletError(`${what}: the node answered no 0x hex quantity`);
  return BigInt(value);
}

export interface CChainReader {
  /** `eth_baseFee`: wei per gas. */
  baseFeeWei(): Promise<bigint>;
  /** `eth_getTransactionCount(address, 'latest')`. */
  nonce(address: string): Promise<bigint>;
  /** `eth_getBalance(address, 'latest')`, in wei. */
  balanceWei(address: string): Promise<bigint>;
  /** Every UTXO `sourceChain` exported to `addresses` and not yet imported (`avax.getUTXOs`, hex, page by page). */
  atomicUtxos(addresses: readonly string[], sourceChain: string): Promise<string[]>;
  /** `avax.issueTx`: refusals are TxRefusedError, a missing answer TxOutcomeUnknownError. */
  issue(txID: string, hex: string): Promise<void>;
  /** Polls `avax.getAtomicTxStatus` until `Accepted`; `Dropped` rejects, so does the end of the wait. */
  waitAccepted(txID: string, wait?: AtomicWaitOptions): Promise<void>;
}

export interface AtomicWaitOptions {
  /** Longest wait, ms (default 60 000). */
  readonly timeoutMs?: number;
  /** First interval between polls, doubled up to 2 s (default 250 ms). */
  readonly intervalMs?: number;
}

const PAGE = 1024;
const MAX_PAGES = 1000;

export function cchainReader<M extends MethodTypes>(client: NodeClient<M>, options: RequestOptions = {}): CChainReader {
  const call = <T>(method: string, params: unknown, extra: RequestOptions = {}) => client.call<T>(method, params, { ...options, ...extra });
  return {
    async baseFeeWei() {
      return hexQuantity(await call('eth_baseFee', [], C), 'eth_baseFee');
    },
    async nonce(address) {
      return hexQuantity(await call('eth_getTransactionCount', [address, 'latest'], C), 'eth_getTransactionCount');
    },
    async balanceWei(address) {
      return hexQuantity(await call('eth_getBalance', [address, 'latest'], C), 'eth_getBalance');
    },
    async atomicUtxos(addresses, sourceChain) {
      const out: string[] = [];
      const seen = new Set<string>();
      let startIndex: { address: string; utxo: string } | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await call<{ numFetched?: unknown; utxos?: unknown; endIndex?: { address?: unknown; utxo?: unknown } }>('avax.getUTXOs', {
          addresses,
          sourceChain,
          limit: PAGE,
          encoding: 'hex',
          ...(startIndex ? { startIndex } : {}),
        });
        if (result === null || typeof result !== 'object' || !Array.isArray(result.utxos) || result.utxos.length > PAGE || !result.utxos.every((u) => typeof u === 'string')) {
          throw new WalletError('avax.getUTXOs answered no list of UTXOs');
        }
        out.push(...(result.utxos as string[]));
        if (result.utxos.length < PAGE) return out;
        const end = result.endIndex;
        if (!end || typeof end.address !== 'string' || typeof end.utxo !== 'string') throw new WalletError('avax.getUTXOs answered a full page without an endIndex');
        const key = `${end.address}/${end.utxo}`;
        // A cursor seen before (coreth's last UTXO again, or SAE's all-ones terminal cursor) ends the walk.
        if (seen.has(key)) return out;
        seen.add(key);
        startIndex = { address: end.address, utxo: end.utxo };
      }
      throw new WalletError(`avax.getUTXOs still listing after ${MAX_PAGES} pages`);
    },
    async issue(txID, hex) {
      let answer: { txID?: unknown };
      try {
        answer = await call<{ txID?: unknown }>('avax.issueTx', { tx: hex, encoding: 'hex' });
      } catch (error) {
        if (error instanceof RpcError) throw new TxRefusedError(txID, error.rpcMessage ?? error.message, error);
        throw new TxOutcomeUnknownError(txID, 'issue', error);
      }
      if (answer?.txID !== undefined && answer.txID !== txID) throw new WalletError(`the node answered avax.issueTx with tx ID ${String(answer.txID).slice(0, 60)}, not ${txID}`);
    },
    async waitAccepted(txID, wait = {}) {
      const timeoutMs = wait.timeoutMs ?? 60_000;
      let interval = wait.intervalMs ?? 250;
      const deadline = Date.now() + timeoutMs;
      let last: string | undefined;
      for (;;) {
        let status: unknown;
        try {
          status = (await call<{ status?: unknown }>('avax.getAtomicTxStatus', { txID }))?.status;
        } catch (error) {
          throw new TxOutcomeUnknownError(txID, 'wait', error, last);
        }
        if (status === 'Accepted') return;
        if (status === 'Dropped') throw new WalletError(`atomic tx ${txID} was dropped by the C-chain`);
        last = typeof status === 'string' ? status.slice(0, 20) : undefined;
        if (Date.now() + interval > deadline) throw new TxOutcomeUnknownError(txID, 'wait', new Error(`not accepted within ${timeoutMs} ms`), last);
        options.signal?.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, interval));
        interval = Math.min(interval * 2, 2000);
      }
    },
  };
}
