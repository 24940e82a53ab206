// The simulated network behind the mock node: a seeded (or loaded) state, a clock that makes
// blocks, txs that commit, faults and health a test controls. createMockNode, and through it the
// msw handlers and the standalone server, use one of these, so all three answer alike.
import { answers, lookupAlias, readOnlyAnswers, type Answer } from './answers.js';
import { makeBlock } from './builder.js';
import { createClock, type VirtualClock } from './clock.js';
import { createControl } from './control.js';
import { Faults, type FaultOptions } from './faults.js';
import { P_CHAIN_ID, createLedger, lastBlock, type Ledger } from './ledger.js';
import { createExamplesLedger } from './examples-ledger.js';
import { AVM_ID, EVM_ID, generateState } from './seed.js';
import { StateError, rfc3339, validateStateFile, type StateFile } from './state-file.js';
import { isObject } from '../is-object.js';
import type { HealthSetting, MockControl } from './control-types.js';
import { SharedMemory } from '../shared-memory.js';
import { createCChain, type CChain, type CChainHost } from '../chains/c/chain.js';

export { StateError, generateState, validateStateFile, type StateFile };
export { withDerivedIDs } from './state-txs.js';
export { TEST_KEYS, testKeyAddress, type TestKey } from './test-keys.js';
export type { Answer, FaultOptions, HealthSetting, MockControl };

export interface NetworkOptions {
  /** The same seed, the same network (and the same latencies and faults). Default 1. */
  seed?: number;
  /** A state to start from instead of the seed's (see docs/guide/scenarios.md); checked, a StateError names the path at fault. */
  state?: unknown;
  /** Network ID of a seeded network (default 12345, `local`). */
  networkID?: number;
  /** Time between blocks, ms (default 2000). */
  blockTimeMs?: number;
  /** `manual` (default): time moves only with `advance`; `real`: a timer makes a block every `blockTimeMs`. */
  clock?: 'manual' | 'real';
  /** Helicon's activation on a local network, RFC 3339 (over the seed's or the state file's); mainnet's and Fuji's are the node's own. */
  heliconTime?: string;
  /** A fork of a live network (src/fork/): made by `createForkedMockNode`, which reads the upstream first. */
  forked?: ForkedStart;
}

/** What a fork gives the simulation: the ledger to start (and reset) from, and the reads made before a call (src/fork/lazy.ts). */
export interface ForkedStart {
  ledger(): Ledger;
  /** Reads what the call will read into `ledger`; the upstream's answer for what lies at or below the fork height. */
  prepare(method: string, params: Record<string, unknown>, ledger: Ledger): Promise<Answer | undefined>;
  /** Counts what the reads put into a ledger (remembered answers are worked out again after a change). */
  changes(): number;
}

export interface Simulation {
  control: MockControl;
  ledger(): Ledger | undefined;
  /** The network's answer to a method it covers, undefined for the others; `blockchainID` from the path (the C-chain's eth_ reads). */
  answer(method: string, params: unknown, blockchainID?: string): Answer | undefined;
  /** Whether the network answers `method` (it is on, and covers the method). */
  covers(method: string, blockchainID?: string): boolean;
  /** The simulated C-chain (its balances, nonces, atomic txs). */
  cChain(): CChain | undefined;
  /** Shared memory between the chains. */
  sharedMemory(): SharedMemory | undefined;
  /**
   * Waited for before the network answers a call (rpc/dispatch.ts, the one place a call waits on
   * the network): a fork (src/fork/lazy.ts) reads there what the call will read into its ledger,
   * or resolves with the answer itself (the upstream's, for what lies at or below the fork
   * height). Undefined (no promise) without a fork: every other network's state is in memory.
   */
  prepare?(method: string, params: unknown, blockchainID?: string): Promise<Answer | undefined> | undefined;
  /** Whether `method`'s answers only read the network: the same params, the same answer while `version()` stays. */
  readsOnly(method: string): boolean;
  /** Counts the changes to the network's state (blocks, funds, issued txs, resets). */
  version(): number;
  faults: Faults;
  /** The health overlay: check name → setting. */
  healthSettings: Map<string, HealthSetting>;
  /** The network's clock, ms (undefined without a network). */
  nowMs(): number | undefined;
  start(): void;
  stop(): void;
}

export interface SimulationOptions extends FaultOptions {
  /** The simulated network from a seed or a state file: on with `true` or its options; when omitted, the chain is the spec's examples' (network/examples-ledger.ts). */
  network?: boolean | NetworkOptions;
}

/** A local network's state with Helicon at `time` (checked as a state file's `upgrades.heliconTime`). */
function withHeliconTime(state: StateFile, time: string): StateFile {
  rfc3339(time, 'heliconTime');
  if (state.networkID === 1 || state.networkID === 5) throw new StateError(`heliconTime: network ${state.networkID} activates Helicon when the node says (mainnet unscheduled, Fuji 2026-07-28T15:00:00Z); only a local network's can be set`);
  return { ...state, upgrades: { ...state.upgrades, heliconTime: time } };
}

/** The state a network starts (and resets) from: a state file's or a seed's, checked; undefined for the spec's examples' chain. */
function startingState(network: NetworkOptions | undefined, seed: number): StateFile | undefined {
  if (!network || network.forked) return undefined;
  const state = network.state !== undefined ? validateStateFile(network.state) : generateState(seed, network.networkID !== undefined ? { networkID: network.networkID } : {});
  return network.heliconTime !== undefined ? withHeliconTime(state, network.heliconTime) : state;
}

/** What the C-chain reads of this network (chains/c/chain.ts): the ledger's IDs, its primary network's X- and C-chain, its aliases. */
function cChainHost(ledger: Ledger): CChainHost {
  const primaryChain = (vmID: string) => ledger.chains.find((chain) => chain.vmID === vmID && chain.subnetID === P_CHAIN_ID)?.id;
  return {
    get networkID() {
      return ledger.networkID;
    },
    get avaxAssetID() {
      return ledger.avaxAssetID;
    },
    heliconTime: ledger.heliconTime,
    cChainID: primaryChain(EVM_ID),
    xChainID: primaryChain(AVM_ID),
    lookup: (alias) => lookupAlias(ledger, alias),
  };
}

export function createSimulation(options: SimulationOptions = {}): Simulation {
  const network: NetworkOptions | undefined = options.network === true ? {} : options.network || undefined;
  // A fork reads its upstream before it can answer: it is made with `await createForkedMockNode` (src/server.ts), not here.
  if (network && 'fork' in network) throw new TypeError('network.fork: a fork reads the upstream first; create it with `await createForkedMockNode({ network: { fork: { url } } })` of @avanode/mock/server (or `avanode-mock --fork-url`)');
  const seed = network?.seed ?? options.seed ?? 1;
  const blockTimeMs = network?.blockTimeMs ?? 2000;
  // A timer cannot wait longer than 2^31 − 1 ms.
  if (!Number.isFinite(blockTimeMs) || blockTimeMs <= 0 || blockTimeMs > 2 ** 31 - 1) throw new RangeError(`blockTimeMs: a number of ms from 1 to 2^31 − 1 expected, got ${blockTimeMs}`);
  const initial = startingState(network, seed);
  const faults = new Faults({ ...options, seed });
  const healthSettings = new Map<string, HealthSetting>();
  let ledger: Ledger | undefined;
  let cChain: CChain | undefined;
  let shared: SharedMemory | undefined;
  let clock: VirtualClock | undefined;
  let mints = 0;
  // Bumped after every change to the ledger, so answers remembered at one version are not served at another.
  let version = 0;

  const need = (): { ledger: Ledger; clock: VirtualClock } => ({ ledger: ledger!, clock: clock! });

  /** A block at `ms` (builder.ts), counted as a change even when it throws half-way. */
  function blockAt(ms: number) {
    try {
      makeBlock(need().ledger, cChain, ms);
    } finally {
      version++;
    }
  }

  function build() {
    clock?.stop();
    mints = 0;
    version++;
    ledger = network?.forked ? network.forked.ledger() : initial ? createLedger(initial, blockTimeMs) : createExamplesLedger(blockTimeMs);
    shared = new SharedMemory();
    ledger.sharedMemory = shared;
    cChain = createCChain(cChainHost(ledger), shared, !initial && !network?.forked);
    const built = ledger;
    clock = createClock({ startMs: lastBlock(built).time * 1000, blockTimeMs, mode: network?.clock ?? 'manual', onTick: blockAt });
    const ticking = clock;
    built.clockMs = () => ticking.now();
  }
  build();

  /** A fork's reads before a P-chain call (Simulation.prepare); set only on a fork. */
  function forkPrepare(forked: ForkedStart, method: string, params: unknown): Promise<Answer | undefined> | undefined {
    if (!ledger || !method.startsWith('platform.') || !isObject(params)) return undefined;
    const before = forked.changes();
    return forked.prepare(method, params, ledger).finally(() => {
      // What the fork read is in the ledger: remembered answers are worked out again.
      if (forked.changes() !== before) version++;
    });
  }

  const control = createControl({
    running: () => ({ ...need(), cChain }),
    rebuild: build,
    makeBlock: blockAt,
    changed: () => {
      version++;
    },
    nextMint: () => ++mints,
    faults,
    healthSettings,
    startedFrom: network?.forked ? 'fork' : !initial ? 'examples' : network?.state !== undefined ? 'file' : 'seed',
  });

  return {
    control,
    ledger: () => ledger,
    answer(method, params, blockchainID) {
      if (cChain?.covers(method, blockchainID)) {
        const nowSec = Math.floor(need().clock.now() / 1000);
        if (cChain.readsOnly(method)) return cChain.answer(method, params, nowSec);
        try {
          return cChain.answer(method, params, nowSec);
        } finally {
          version++;
        }
      }
      const handler = answers[method];
      if (!handler || !ledger) return undefined;
      if (readOnlyAnswers.has(method)) return handler(ledger, isObject(params) ? params : {});
      // Any other method may change the ledger (issueTx adds to the mempool or the dropped list).
      try {
        return handler(ledger, isObject(params) ? params : {});
      } finally {
        version++;
      }
    },
    ...(network?.forked ? { prepare: (method: string, params: unknown) => forkPrepare(network.forked!, method, params) } : {}),
    covers: (method, blockchainID) => ledger !== undefined && (answers[method] !== undefined || cChain?.covers(method, blockchainID) === true),
    readsOnly: (method) => readOnlyAnswers.has(method) || cChain?.readsOnly(method) === true,
    cChain: () => cChain,
    sharedMemory: () => shared,
    version: () => version,
    faults,
    healthSettings,
    nowMs: () => clock?.now(),
    start: () => clock?.start(),
    stop: () => clock?.stop(),
  };
}

export { CONTROL_PREFIX } from './control-http.js';
