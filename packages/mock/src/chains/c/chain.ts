// The simulated C-chain beside the P-chain: its state, its blocks (built on the network's clock,
// with the P-chain's: the atomic mempool's txs re-verified at the block's base fee, then
// accepted, their requests applied to shared memory), its answers and the control API's fund
// and base fee. One per network build (network/index.ts).
import { EMPTY_ID, decodeHexNC } from '@avanode/codec';
import { mockData } from '../../generated/mock-data.js';
import type { SharedMemory } from '../../shared-memory.js';
import { cChainAnswers, cChainReadOnly, type CAnswer } from './answers.js';
import { acceptAtomicTx, atomicTxError, type AtomicEnv } from './executor.js';
import { createCChainState, type CChainState } from './state.js';
import { xChainAnswer } from '../x/answers.js';

const MAX_UINT64 = 2n ** 64n - 1n;
/** The eth_ methods the C-chain answers from its state (on /ext/bc/C/rpc, or its ID, or `evm`). */
const ETH_READS = new Set(['eth_baseFee', 'eth_chainId', 'eth_getBalance', 'eth_getTransactionCount']);
/** The C-chain's ID on mainnet, the examples' network when its chains list none. */
const MAINNET_C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

/** The P-chain's ID (ids.Empty). */
const P_CHAIN_ID = EMPTY_ID;

/**
 * What the C-chain reads of the network it is part of, given by the network (network/index.ts),
 * so this room imports nothing of the network's: its IDs, its Helicon time, the primary
 * network's X- and C-chain IDs (when it lists them) and how it resolves a chain alias.
 */
export interface CChainHost {
  readonly networkID: number;
  readonly avaxAssetID: string;
  readonly heliconTime: bigint;
  readonly cChainID: string | undefined;
  readonly xChainID: string | undefined;
  /** A chain's alias or ID (P, X, C, a subnet's chain this node runs) as the node's chain manager resolves it. */
  lookup(alias: string): string | undefined;
}

export interface CChain {
  state: CChainState;
  /** Whether the C- or X-chain answers `method` on the path with this blockchain ID. */
  covers(method: string, blockchainID: string | undefined): boolean;
  readsOnly(method: string): boolean;
  answer(method: string, params: unknown, nowSec: number): CAnswer | undefined;
  /** One block at `nowSec` with the atomic mempool's txs; returns how many were accepted. */
  makeBlock(nowSec: number): number;
  /** Credits `amount` nAVAX to an EVM address (as wei) in a new block. */
  fund(address: string, amount: bigint): { address: string; balance: string; height: number };
  /** Sets eth_baseFee (wei per gas). */
  setBaseFee(wei: bigint): void;
}

/** The C-chain the spec's examples show: the EVM account of eth_getBalance's and eth_getTransactionCount's first examples (which the avax.issueTx example spends from) and getAtomicTx's accepted tx. */
function seedFromExamples(state: CChainState): void {
  const first = (method: string) => mockData.methods[method]?.examples[0] as { params: unknown[]; result: string } | undefined;
  const balance = first('eth_getBalance');
  const nonce = first('eth_getTransactionCount');
  if (balance && typeof balance.params[0] === 'string') state.balances.set(balance.params[0].toLowerCase(), BigInt(balance.result));
  if (nonce && typeof nonce.params[0] === 'string') state.nonces.set(nonce.params[0].toLowerCase(), BigInt(nonce.result));
  // The accepted tx getAtomicTx's example shows (the import that brought that balance), at its height.
  const accepted = mockData.methods['avax.getAtomicTx']?.examples[0] as { params: { txID: string }; result: { tx: string; blockHeight: string } } | undefined;
  if (accepted) {
    const height = Number(accepted.result.blockHeight);
    state.accepted.set(accepted.params.txID, { bytes: decodeHexNC(accepted.result.tx), height });
    state.height = height;
  }
}

export function createCChain(host: CChainHost, shared: SharedMemory, examples = false): CChain {
  const chainID = host.cChainID ?? MAINNET_C_CHAIN;
  const xChainID = host.xChainID ?? EMPTY_ID;
  // The network's one Helicon time (state/params.ts, a state file's or --helicon-time), which info.upgrades answers too.
  const state = createCChainState(chainID, host.networkID, Number(host.heliconTime));
  if (examples) seedFromExamples(state);
  const envAt = (nowSec: number): AtomicEnv => ({ networkID: host.networkID, avaxAssetID: host.avaxAssetID, peers: [P_CHAIN_ID, xChainID], shared, nowSec: BigInt(nowSec) });
  const isC = (id: string | undefined) => id === 'C' || id === 'evm' || id === chainID;
  return {
    state,
    covers: (method, blockchainID) => method.startsWith('avax.') || method.startsWith('avm.') || (ETH_READS.has(method) && isC(blockchainID)),
    readsOnly: (method) => cChainReadOnly.has(method) || method.startsWith('avm.'),
    answer(method, params, nowSec) {
      if (method.startsWith('avm.')) return xChainAnswer(method, (params ?? {}) as Record<string, unknown>, host);
      const handler = cChainAnswers[method];
      if (!handler) return undefined;
      return handler({ c: state, env: envAt(nowSec), shared, nowSec, lookup: (alias) => host.lookup(alias) }, params ?? (ETH_READS.has(method) ? [] : {}));
    },
    makeBlock(nowSec) {
      const env = envAt(nowSec);
      let accepted = 0;
      for (const [id, parsed] of state.mempool) {
        state.mempool.delete(id);
        const error = atomicTxError(parsed, state, env);
        if (error !== undefined) {
          state.dropped.set(id, error);
          continue;
        }
        if (accepted === 0) state.height++;
        for (const [peer, requests] of acceptAtomicTx(parsed, state, env)) shared.apply(chainID, new Map([[peer, requests]]));
        state.accepted.set(id, { bytes: parsed.bytes, height: state.height });
        accepted++;
      }
      return accepted;
    },
    fund(address, amount) {
      const key = address.toLowerCase();
      const wei = (state.balances.get(key) ?? 0n) + amount * 1_000_000_000n;
      // A balance is a uint256 on the EVM; the control API keeps every amount within 2^64 − 1 nAVAX.
      if (wei > MAX_UINT64 * 1_000_000_000n) throw new RangeError(`fund: ${address} would hold more than 2^64 − 1 nAVAX`);
      state.balances.set(key, wei);
      state.height++;
      return { address: key, balance: wei.toString(), height: state.height };
    },
    setBaseFee(wei) {
      if (wei < 0n || wei > MAX_UINT64 * 1_000_000_000n) throw new RangeError(`baseFee: wei per gas from 0 to 2^64 − 1 nAVAX expected, got ${wei}`);
      state.baseFeeWei = wei;
    },
  };
}
