// The simulated C-chain's state: AVAX balances (wei, 18 decimals) and nonces per EVM address, the
// base fee a test sets, and the atomic txs: pending (the atomic mempool), accepted with their
// block height, dropped with their reason. Atomic txs count nAVAX (9 decimals): 1 nAVAX is 10^9
// wei (atomic.X2CRate), converted where a tx meets the EVM state (chains/c/executor.ts).
import type { ParsedAtomicTx } from '@avanode/codec/cchain';

/** The EIP-155 chain IDs of the C-chain (genesis/genesis_{mainnet,fuji,local}.json `chainId`). */
const EVM_CHAIN_IDS: Record<number, bigint> = { 1: 43114n, 5: 43113n };
/** The C-chain's base fee until a test sets one: 25 nAVAX (gwei) per gas, in wei. */
const DEFAULT_BASE_FEE_WEI = 25_000_000_000n;

export interface CChainState {
  /** The C-chain's blockchain ID (cb58). */
  chainID: string;
  /** eth_chainId. */
  evmChainId: bigint;
  /** wei per lower-case `0x` address. */
  balances: Map<string, bigint>;
  nonces: Map<string, bigint>;
  /** eth_baseFee, wei per gas. */
  baseFeeWei: bigint;
  /** The C-chain's height: one block per P-chain block that takes an atomic tx, or a fund. */
  height: number;
  /** Accepted atomic txs (AtomicRepository): bytes and the height of their block. */
  accepted: Map<string, { bytes: Uint8Array; height: number }>;
  /** The atomic mempool, in issue order. */
  mempool: Map<string, ParsedAtomicTx>;
  /** Txs the mempool discarded, with the reason. */
  dropped: Map<string, string>;
  /** Unix seconds from which the C-chain runs SAE (Helicon), else undefined. */
  heliconTime: number | undefined;
}

export function createCChainState(chainID: string, networkID: number, heliconTime: number | undefined): CChainState {
  return {
    chainID,
    evmChainId: EVM_CHAIN_IDS[networkID] ?? 43112n,
    balances: new Map(),
    nonces: new Map(),
    baseFeeWei: DEFAULT_BASE_FEE_WEI,
    height: 0,
    accepted: new Map(),
    mempool: new Map(),
    dropped: new Map(),
    heliconTime,
  };
}

/** An EVM address as the state keys it: `0x` and 40 lower-case hex digits, or undefined. */
export function evmKey(address: unknown): string | undefined {
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : undefined;
}

export const balanceOf = (c: CChainState, address: string): bigint => c.balances.get(address.toLowerCase()) ?? 0n;
export const nonceOf = (c: CChainState, address: string): bigint => c.nonces.get(address.toLowerCase()) ?? 0n;

/** Whether the chain answers as SAE (after Helicon) at `nowSec`. */
export const isSae = (c: CChainState, nowSec: number): boolean => c.heliconTime !== undefined && nowSec >= c.heliconTime;
