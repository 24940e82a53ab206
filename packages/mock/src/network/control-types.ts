// The control API's types, apart from the simulation (index.ts) and the HTTP control
// (control-http.ts), so each can name them without importing the other.
import type { FeeSettings } from '../state/fees.js';
import type { RpcFailure } from './faults.js';

export interface HealthSetting {
  healthy: boolean;
  message?: string;
}

/** The controls of a running mock node, in code (`node.control`) and over HTTP (`/_avanode/…`). */
export interface MockControl {
  /** Back to the starting state and time; faults and health settings cleared. */
  reset(): void;
  /** Moves the clock; a block is made at every block time crossed (mempool txs commit). */
  advance(ms: number): { height: number; time: number };
  /** Makes a block now with the mempool's txs (even within a block time). */
  mine(): { height: number; time: number };
  /** Credits `amount` nAVAX to a C-chain `0x…` address (10^9 wei each) in a new C-chain block; returns its balance in wei. */
  fund(address: `0x${string}`, amount: bigint | number | string): { address: string; balance: string; height: number };
  /** Mints a UTXO of `amount` nAVAX for `address` in a new block; returns its tx and UTXO IDs. */
  fund(address: string, amount: bigint | number | string): { txID: string; outputIndex: number; utxoID: string; height: number };
  /**
   * Sets the dynamic fees (any part): `config` as getFeeConfig answers it, `state` (`capacity`,
   * `excess`) as getFeeState, `validatorConfig` as getValidatorFeeConfig, `validatorExcess`.
   * Returns getFeeState's and getValidatorFeeState's answers after it.
   */
  /** Sets the C-chain's base fee (`eth_baseFee`), in wei per gas; returns it as eth_baseFee answers it. */
  baseFee(wei: bigint | number | string): { baseFee: string };
  /**
   * Sets the dynamic fees (any part): `config` as getFeeConfig answers it, `state` (`capacity`,
   * `excess`) as getFeeState, `validatorConfig` as getValidatorFeeConfig, `validatorExcess`.
   * Returns getFeeState's and getValidatorFeeState's answers after it.
   */
  fees(settings: FeeSettings): { feeState: unknown; validatorFeeState: unknown };
  /**
   * This node's view of a current primary-network validator's uptime, a percentage from 0 to 100
   * (getCurrentValidators' `uptime`; a staker's reward at its end depends on it: 80 %, or 90 % for
   * a validator that started at or after Helicon). Set for the mock's own NodeID (`info.getNodeID`)
   * when it validates, it is the uptime its peers observe (`info.uptime`). Returns what
   * getCurrentValidators shows.
   */
  setUptime(nodeID: string, percent: number): { nodeID: string; uptime: string };
  /** A health check (`P`, `C`, `network`, …) reported failing or passing. */
  health(check: string, setting: HealthSetting): void;
  /** The next `count` (default 1) calls of `method` answer this JSON-RPC error. */
  fail(method: string, failure?: Partial<RpcFailure> & { count?: number }): void;
  /** Answers wait `ms` more: every request, or the next `count` calls of `method`. */
  slow(ms: number, options?: { method?: string; count?: number }): void;
  /** The next `count` (default 1) requests (or calls of `method`) get their connection reset. */
  drop(options?: { method?: string; count?: number }): void;
  /** Where the network stands; `state`: what it started from (the spec's examples, a seed, a state file, or a fork of a live network). */
  status(): { network: true; state: 'examples' | 'seed' | 'file' | 'fork'; networkID: number; height: number; time: number; clockMs: number; mempool: string[]; utxos: number; validators: number };
}
