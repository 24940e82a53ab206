// The control API's actions on a running network (`node.control`, and over HTTP through
// control-http.ts): reset, the clock, mining, funding, fees, uptime, health and faults. Ordinary
// writes to the network's state, apart from the node's methods (as anvil keeps its cheat codes
// apart from its API); every setting a test makes is bounded (settings-limits.ts).
import type { CChain } from '../chains/c/chain.js';
import { withFeeSettings } from '../state/fees.js';
import { answers } from './answers.js';
import { mintBlock, mintOwner } from './builder.js';
import type { VirtualClock } from './clock.js';
import type { HealthSetting, MockControl } from './control-types.js';
import type { Faults } from './faults.js';
import { lastBlock, type Ledger } from './ledger.js';
import { MAX_HEALTH_SETTINGS, MAX_MESSAGE_CHARS, MAX_NAME_CHARS, boundedText, withinTotal } from './settings-limits.js';
import { setUptime } from './uptime.js';

/** What the controls act on: the simulation's running parts, and how it rebuilds and counts changes (index.ts). */
export interface Controlled {
  /** The running chain state and clock (the C-chain too, when the network has one). */
  running(): { ledger: Ledger; clock: VirtualClock; cChain: CChain | undefined };
  /** Back to the starting state and time (a new ledger, C-chain and clock). */
  rebuild(): void;
  /** Makes a block at `ms` with the mempool's txs, counted as a change. */
  makeBlock(ms: number): void;
  /** Counts a change to the state, so answers remembered before it are not served after. */
  changed(): void;
  /** The number of the next mint (each mint's tx has its own ID). */
  nextMint(): number;
  faults: Faults;
  healthSettings: Map<string, HealthSetting>;
  /** What the network started from. */
  startedFrom: 'examples' | 'seed' | 'file' | 'fork';
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

/** A base fee in wei per gas: a whole number, as decimal text, a safe integer or a bigint. */
function weiAmount(wei: bigint | number | string): bigint {
  const value = typeof wei === 'bigint' || (typeof wei === 'number' && Number.isSafeInteger(wei)) || (typeof wei === 'string' && /^[0-9]{1,40}$/.test(wei)) ? BigInt(wei) : -1n;
  if (value < 0n) throw new RangeError(`baseFee: wei per gas as a whole number expected, got ${String(wei).slice(0, 40)}`);
  return value;
}

/** The characters the health settings hold (at most MAX_HEALTH_SETTINGS of them). */
function healthChars(settings: ReadonlyMap<string, HealthSetting>): number {
  let total = 0;
  for (const [check, setting] of settings) total += check.length + (setting.message?.length ?? 0);
  return total;
}

/** Sets a health check within the bounds: its texts, the number of checks, and the total the settings hold with the faults'. */
function setHealth(settings: Map<string, HealthSetting>, faults: Faults, check: string, setting: HealthSetting): void {
  boundedText(check, 'health: check', MAX_NAME_CHARS);
  if (setting.message !== undefined) boundedText(setting.message, 'health: message', MAX_MESSAGE_CHARS);
  const previous = settings.get(check);
  if (!previous && settings.size >= MAX_HEALTH_SETTINGS) throw new RangeError(`health: ${MAX_HEALTH_SETTINGS} checks are set already; reset to clear them`);
  const held = healthChars(settings) - (previous ? check.length + (previous.message?.length ?? 0) : 0);
  withinTotal(held + faults.settingsChars(), check.length + (setting.message?.length ?? 0), 'health');
  settings.set(check, { healthy: setting.healthy, ...(setting.message !== undefined ? { message: setting.message } : {}) });
}

/** Runs a write and counts it as a change, even when it throws half-way. */
function counted<T>(network: Controlled, write: () => T): T {
  try {
    return write();
  } finally {
    network.changed();
  }
}

export function createControl(network: Controlled): MockControl {
  const { faults, healthSettings } = network;
  const position = () => {
    const tip = lastBlock(network.running().ledger);
    return { height: tip.height, time: tip.time };
  };
  return {
    reset() {
      network.rebuild();
      faults.reset();
      healthSettings.clear();
      network.running().clock.start();
    },
    advance(ms) {
      // The clock moved even without a block: answers that read it (getBalance's locks) change.
      counted(network, () => network.running().clock.advance(ms));
      return position();
    },
    mine() {
      network.makeBlock(network.running().clock.now());
      return position();
    },
    // @ts-expect-error: one implementation of both overloads (a 0x address funds the C-chain).
    fund(address: string, amount: bigint | number | string) {
      const { ledger, clock, cChain } = network.running();
      const value = uint64Amount(amount);
      if (/^0x[0-9a-fA-F]{40}$/.test(address)) return counted(network, () => cChain!.fund(address as `0x${string}`, value));
      const owner = mintOwner(ledger, address, value);
      const mintNumber = network.nextMint();
      return counted(network, () => mintBlock(ledger, owner, value, clock.now(), mintNumber));
    },
    baseFee(wei) {
      const value = weiAmount(wei);
      counted(network, () => network.running().cChain!.setBaseFee(value));
      return { baseFee: `0x${value.toString(16)}` };
    },
    fees(settings) {
      const { ledger } = network.running();
      counted(network, () => {
        ledger.fees = withFeeSettings(ledger.fees, settings);
      });
      return { feeState: answers['platform.getFeeState']!(ledger, {}), validatorFeeState: answers['platform.getValidatorFeeState']!(ledger, {}) };
    },
    setUptime(nodeID, percent) {
      const shown = setUptime(network.running().ledger, nodeID, percent);
      network.changed();
      return shown;
    },
    health: (check, setting) => setHealth(healthSettings, faults, check, setting),
    fail: (method, failure) => faults.fail(method, failure, healthChars(healthSettings)),
    slow: (ms, opts) => faults.slow(ms, opts),
    drop: (opts) => faults.drop(opts),
    status() {
      const { ledger, clock } = network.running();
      return {
        network: true,
        state: network.startedFrom,
        networkID: ledger.networkID,
        ...position(),
        clockMs: clock.now(),
        mempool: [...ledger.mempool.keys()],
        utxos: ledger.utxos.size,
        validators: ledger.stakers.length,
      };
    },
  };
}
