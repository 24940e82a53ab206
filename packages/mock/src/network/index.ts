// The simulated network behind the mock node: a seeded (or loaded) state, a clock that makes
// blocks, txs that commit, faults and health a test controls. createMockNode, and through it the
// msw handlers and the standalone server, use one of these, so all three answer alike.
import { encodeTx, formatAddress, parseAddress, txId, typeName, utxoId, type SignedTx } from '@avanode/codec';
import { answers, readOnlyAnswers, type Answer } from './answers.js';
import { createClock, type VirtualClock } from './clock.js';
import { Faults, type FaultOptions } from './faults.js';
import { P_CHAIN_ID, appendBlock, createLedger, lastBlock, makeUtxo, noteAccepted, type Ledger } from './ledger.js';
import { createExamplesLedger } from './examples-ledger.js';
import { acceptTx, endStakers, feeStateAt, gasOf, markDropped } from './txs.js';
import { executionError } from '../executor/verify.js';
import { warpError } from '../executor/warp.js';
import { withFeeSettings } from '../executor/fees.js';
import { gasPrice } from '../executor/fees.js';
import { consumeGas } from '@avanode/wallet/rules';
import { generateState } from './seed.js';
import { StateError, rfc3339, validateStateFile, type StateFile } from './state-file.js';
import { isObject } from '../is-object.js';
import type { HealthSetting, MockControl } from './control-types.js';
import { MAX_HEALTH_SETTINGS, MAX_MESSAGE_CHARS, MAX_NAME_CHARS, boundedText, withinTotal } from './settings-limits.js';
import { SharedMemory } from '../shared-memory.js';
import { createCChain, type CChain } from '../chains/c/chain.js';

export { StateError, generateState, validateStateFile, type StateFile };
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
   * Waited for before the network answers a call it may cover (rpc/dispatch.ts, the one place a
   * call waits on the network): a fork (src/fork/lazy.ts) reads there what the call reads into
   * its ledger, or the upstream's answer to a read of what lies at or below the fork height, which
   * `answer` then gives. Undefined (no promise) without a fork: every other network's state is in memory.
   */
  prepare?(method: string, params: unknown, blockchainID?: string): Promise<void> | undefined;
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

const MAX_UINT64 = 2n ** 64n - 1n;

/** A control amount: a whole number of nAVAX from 1 to 2^64 − 1, as decimal text or a safe integer. */
function uint64Amount(amount: bigint | number | string): bigint {
  const valid = typeof amount === 'bigint' || (typeof amount === 'number' && Number.isSafeInteger(amount)) || (typeof amount === 'string' && /^[0-9]{1,20}$/.test(amount));
  const value = valid ? BigInt(amount) : 0n;
  if (value < 1n || value > MAX_UINT64) {
    const shown = String(amount);
    throw new RangeError(`fund: amount must be a whole number of nAVAX from 1 to 2^64 − 1, got ${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}`);
  }
  return value;
}

/** Every nAVAX the chain holds: its UTXOs, the stake locked with its stakers and its L1 validators' balances. */
function totalHeld(ledger: Ledger): bigint {
  let total = 0n;
  for (const utxo of ledger.utxos.values()) if (utxo.assetID === ledger.avaxAssetID) total += utxo.amount;
  for (const staker of ledger.stakers) {
    for (const s of staker.stake) if (s.assetID === ledger.avaxAssetID) total += s.amount;
    for (const d of staker.delegators) for (const s of d.stake ?? []) if (s.assetID === ledger.avaxAssetID) total += s.amount;
    // An auto-renewed validator's restaked rewards: in its weight, paid out when it leaves.
    if (staker.autoRenewed) total += staker.autoRenewed.accruedValidationRewards + staker.autoRenewed.accruedDelegateeRewards;
  }
  for (const v of ledger.l1Validators) total += v.balance;
  return total;
}

/** A local network's state with Helicon at `time` (checked as a state file's `upgrades.heliconTime`). */
function withHeliconTime(state: StateFile, time: string): StateFile {
  rfc3339(time, 'heliconTime');
  if (state.networkID === 1 || state.networkID === 5) throw new StateError(`heliconTime: network ${state.networkID} activates Helicon when the node says (mainnet unscheduled, Fuji 2026-07-28T15:00:00Z); only a local network's can be set`);
  return { ...state, upgrades: { ...state.upgrades, heliconTime: time } };
}

export function createSimulation(options: SimulationOptions = {}): Simulation {
  const network: NetworkOptions | undefined = options.network === true ? {} : options.network || undefined;
  const seed = network?.seed ?? options.seed ?? 1;
  const blockTimeMs = network?.blockTimeMs ?? 2000;
  // A timer cannot wait longer than 2^31 − 1 ms.
  if (!Number.isFinite(blockTimeMs) || blockTimeMs <= 0 || blockTimeMs > 2 ** 31 - 1) throw new RangeError(`blockTimeMs: a number of ms from 1 to 2^31 − 1 expected, got ${blockTimeMs}`);
  let initial: StateFile | undefined = !network || network.forked
    ? undefined
    : network.state !== undefined
      ? validateStateFile(network.state)
      : generateState(seed, network.networkID !== undefined ? { networkID: network.networkID } : {});
  if (initial && network?.heliconTime !== undefined) initial = withHeliconTime(initial, network.heliconTime);
  const faults = new Faults({ ...options, seed });
  const healthSettings = new Map<string, HealthSetting>();
  /** The characters the health settings hold (at most MAX_HEALTH_SETTINGS of them). */
  const healthChars = () => {
    let total = 0;
    for (const [check, setting] of healthSettings) total += check.length + (setting.message?.length ?? 0);
    return total;
  };
  let ledger: Ledger | undefined;
  let cChain: CChain | undefined;
  let shared: SharedMemory | undefined;
  let clock: VirtualClock | undefined;
  let mints = 0;
  // Bumped after every change to the ledger, so answers remembered at one version are not served at another.
  let version = 0;
  // A fork's upstream answers, by the params object of the call prepare read them for (rpc/dispatch.ts passes the same one to answer).
  const upstreamAnswers = new WeakMap<object, Answer>();

  const need = (): { ledger: Ledger; clock: VirtualClock } => ({ ledger: ledger!, clock: clock! });

  /**
   * One block at `ms`: the fee state advances to its time, stakers that ended leave, then the
   * mempool's txs are executed again at the block's time and price (block/builder: a tx that no
   * longer verifies is dropped with its reason; one whose gas is past what is left of the
   * capacity waits for a later block), and their gas is consumed.
   */
  function makeBlock(ms: number) {
    const { ledger } = need();
    const time = Math.max(lastBlock(ledger).time, Math.floor(ms / 1000));
    try {
      // The C-chain's block first: what it exports is in shared memory for the P-chain's txs after.
      cChain?.makeBlock(time);
      const start = feeStateAt(ledger, time);
      const price = gasPrice(ledger.fees, start.state);
      let state = start.state;
      endStakers(ledger, time);
      const included: Array<{ bytes: Uint8Array; tx: SignedTx }> = [];
      for (const [id, pending] of ledger.mempool) {
        let gas: bigint;
        try {
          gas = gasOf(ledger, pending.tx);
        } catch (error) {
          ledger.mempool.delete(id);
          markDropped(ledger, id, `failed to calculate tx complexity: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        // packEtnaBlockTxs: the first tx past the capacity ends the block ("block is full"); it waits for the next.
        if (gas > state.capacity) break;
        // executeTx: the warp messages' signatures first, then the executor; a failure drops the tx
        // with the error as it is (no "failed execution: " of manager.VerifyTx in front).
        const warp = warpError(ledger, pending.tx, typeName(pending.tx.unsignedTx) ?? '');
        const failure = warp === undefined ? executionError({ ledger, tx: pending.tx, unsignedBytes: pending.unsignedBytes, nowSec: BigInt(time), price }) : undefined;
        ledger.mempool.delete(id);
        if (warp !== undefined || failure !== undefined) {
          markDropped(ledger, id, warp ?? `standard tx ${id} failed execution: ${failure}`);
          continue;
        }
        state = consumeGas(state, gas);
        // Applied at once, so the next tx of the block sees this one's outputs and spent inputs.
        acceptTx(ledger, pending.bytes, pending.tx, time);
        included.push(pending);
      }
      noteAccepted(ledger, appendBlock(ledger, time, included), ms);
      ledger.fees.state = state;
      ledger.fees.validatorExcess = start.validatorExcess;
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
    cChain = createCChain(ledger, shared, !initial && !network?.forked);
    const built = ledger;
    clock = createClock({ startMs: lastBlock(built).time * 1000, blockTimeMs, mode: network?.clock ?? 'manual', onTick: makeBlock });
    const ticking = clock;
    built.clockMs = () => ticking.now();
  }
  build();

  /** A fork's reads before a P-chain call (Simulation.prepare); set only on a fork. */
  function forkPrepare(forked: ForkedStart, method: string, params: unknown): Promise<void> | undefined {
    if (!ledger || !method.startsWith('platform.') || !isObject(params)) return undefined;
    const before = forked.changes();
    return forked.prepare(method, params, ledger).then((answer) => {
      // The upstream's answer (or the node's error when it could not answer): given by `answer` for these very params, never remembered.
      if (answer) {
        upstreamAnswers.set(params, answer);
        version++;
      } else if (forked.changes() !== before) version++;
    });
  }

  const position = () => ({ height: lastBlock(need().ledger).height, time: lastBlock(need().ledger).time });
  const control: MockControl = {
    reset() {
      build();
      faults.reset();
      healthSettings.clear();
      clock?.start();
    },
    advance(ms) {
      try {
        need().clock.advance(ms);
      } finally {
        // The clock moved even without a block: answers that read it (getBalance's locks) change.
        version++;
      }
      return position();
    },
    mine() {
      makeBlock(need().clock.now());
      return position();
    },
    // @ts-expect-error: one implementation of both overloads (a 0x address funds the C-chain).
    fund(address: string, amount: bigint | number | string) {
      const { ledger, clock } = need();
      const value = uint64Amount(amount);
      if (/^0x[0-9a-fA-F]{40}$/.test(address)) {
        try {
          return cChain!.fund(address, value);
        } finally {
          version++;
        }
      }
      // Minting stays within uint64 over the whole chain, so no balance can pass 2^64 − 1.
      const held = totalHeld(ledger);
      if (value > MAX_UINT64 - held) throw new RangeError(`fund: the chain holds ${held} nAVAX; ${value} more would pass 2^64 − 1`);
      if (value > MAX_UINT64 - ledger.supply) throw new RangeError(`fund: the supply is ${ledger.supply} nAVAX; ${value} more would pass 2^64 − 1`);
      const parsed = parseAddress(address);
      const owner = { locktime: 0n, threshold: 1, addresses: [formatAddress(parsed.bytes, ledger.networkID)] };
      // A BaseTx with no inputs (a mint, as genesis makes), its memo numbering it so each has its own ID.
      mints++;
      const bytes = encodeTx({
        unsignedTx: {
          networkID: ledger.networkID,
          blockchainID: P_CHAIN_ID,
          outputs: [{ assetID: ledger.avaxAssetID, output: { addresses: owner.addresses, amount: value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value, locktime: 0, threshold: 1 } }],
          inputs: [],
          memo: `0x${mints.toString(16).padStart(8, '0')}`,
        },
        credentials: [],
      });
      const txID = txId(bytes);
      const time = Math.max(lastBlock(ledger).time, Math.floor(clock.now() / 1000));
      try {
        const advanced = feeStateAt(ledger, time);
        noteAccepted(ledger, appendBlock(ledger, time, [{ bytes }]), clock.now());
        ledger.fees.state = advanced.state;
        ledger.fees.validatorExcess = advanced.validatorExcess;
        const utxo = makeUtxo(ledger, txID, 0, ledger.avaxAssetID, value, owner);
        ledger.utxos.set(utxo.id, utxo);
        // Minted: the supply holds it (getCurrentSupply).
        ledger.supply += value;
      } finally {
        version++;
      }
      return { txID, outputIndex: 0, utxoID: utxoId({ txID, outputIndex: 0 }), height: lastBlock(ledger).height };
    },
    baseFee(wei) {
      const value = typeof wei === 'bigint' || (typeof wei === 'number' && Number.isSafeInteger(wei)) || (typeof wei === 'string' && /^[0-9]{1,40}$/.test(wei)) ? BigInt(wei) : -1n;
      if (value < 0n) throw new RangeError(`baseFee: wei per gas as a whole number expected, got ${String(wei).slice(0, 40)}`);
      try {
        cChain!.setBaseFee(value);
      } finally {
        version++;
      }
      return { baseFee: `0x${value.toString(16)}` };
    },
    fees(settings) {
      const { ledger } = need();
      try {
        ledger.fees = withFeeSettings(ledger.fees, settings);
      } finally {
        version++;
      }
      return { feeState: answers['platform.getFeeState']!(ledger, {}), validatorFeeState: answers['platform.getValidatorFeeState']!(ledger, {}) };
    },
    health(check, setting) {
      boundedText(check, 'health: check', MAX_NAME_CHARS);
      if (setting.message !== undefined) boundedText(setting.message, 'health: message', MAX_MESSAGE_CHARS);
      const previous = healthSettings.get(check);
      if (!previous && healthSettings.size >= MAX_HEALTH_SETTINGS) throw new RangeError(`health: ${MAX_HEALTH_SETTINGS} checks are set already; reset to clear them`);
      const held = healthChars() - (previous ? check.length + (previous.message?.length ?? 0) : 0);
      withinTotal(held + faults.settingsChars(), check.length + (setting.message?.length ?? 0), 'health');
      healthSettings.set(check, { healthy: setting.healthy, ...(setting.message !== undefined ? { message: setting.message } : {}) });
    },
    fail: (method, failure) => faults.fail(method, failure, healthChars()),
    slow: (ms, opts) => faults.slow(ms, opts),
    drop: (opts) => faults.drop(opts),
    status() {
      const { ledger, clock } = need();
      return {
        network: true,
        state: network?.forked ? 'fork' : !initial ? 'examples' : network?.state !== undefined ? 'file' : 'seed',
        networkID: ledger.networkID,
        ...position(),
        clockMs: clock.now(),
        mempool: [...ledger.mempool.keys()],
        utxos: ledger.utxos.size,
        validators: ledger.stakers.length,
      };
    },
  };

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
      const upstream = isObject(params) ? upstreamAnswers.get(params) : undefined;
      if (upstream) {
        upstreamAnswers.delete(params as object);
        return upstream;
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
