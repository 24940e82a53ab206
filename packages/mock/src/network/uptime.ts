// The uptime model: this node's view of each primary-network validator's uptime is a percentage
// a test sets (control.setUptime, a state file's `uptime`), and everything the node derives from
// that view follows from it as avalanchego v1.15.0-fuji derives it:
// - getCurrentValidators' `uptime`: vms/platformvm/service.go, avajson.Float32(rawUptime * 100);
// - the reward decision at a staker's end: block/executor/options.go prefersCommit, the uptime of
//   the primary-network validator of the staker's NodeID (a delegator's validator) against
//   UptimePercentage (genesis UptimeRequirement, 80 %), or 90 % (ACP-267) when that validator
//   started at or after Helicon;
// - info.uptime: network/network.go NodeUptime, this node's own uptime as its connected validator
//   peers observe it (each sends uint32(fraction · 100): network/peer/peer.go getUptime), against
//   the node's UptimeRequirement only (v1.15.0-fuji leaves ACP-267 out of it).
import { NODE_ID } from '../node-identity.js';
import { goFixed } from '../util/go-float.js';
import { P_CHAIN_ID, chainTime, type Ledger, type Staker } from './ledger.js';

/** ACP-267 (options.go prefersCommit): the uptime a primary-network validator starting at or after Helicon needs. */
const HELICON_UPTIME_REQUIREMENT = 0.9;

/** The fraction (0 to 1) a stored uptime percentage stands for: the node's rawUptime. */
const fractionOf = (uptime: string): number => Number(uptime) / 100;

/** Uptimes as shown, remembered: a chain holds few distinct values, and getCurrentValidators prints each on every call. */
const shown = new Map<string, string>();
const SHOWN_KEPT = 1_000;

/** getCurrentValidators' `uptime`: the node's Float32 of rawUptime · 100, four places. */
export function shownUptime(uptime: string): string {
  let text = shown.get(uptime);
  if (text === undefined) {
    text = goFixed(fractionOf(uptime) * 100, 4, 32);
    if (shown.size >= SHOWN_KEPT) shown.clear();
    shown.set(uptime, text);
  }
  return text;
}

/** prefersCommit's expected uptime for a primary-network validator (fraction): 90 % from Helicon on, else the network's requirement. */
function uptimeRequirement(ledger: Ledger, validator: Pick<Staker, 'startTime'>): number {
  return validator.startTime >= ledger.heliconTime ? HELICON_UPTIME_REQUIREMENT : Number(ledger.staking.uptimeRequirement) / 1_000_000;
}

/**
 * prefersCommit: whether this node votes to commit the reward of a staker of `validator` (the
 * primary-network validator itself, or the one a delegator delegates to): its uptime since its
 * start (the set value) at least the requirement. A validator with no uptime (none is kept for
 * a subnet's) is committed, as the node falls back to commit when it cannot tell.
 */
export function prefersCommit(ledger: Ledger, validator: Staker): boolean {
  const uptime = validator.permissionless?.uptime;
  if (uptime === undefined) return true;
  return fractionOf(uptime) >= uptimeRequirement(ledger, validator);
}

/** Longest NodeID a control call may name: `NodeID-` and the cb58 of 20 bytes and their checksum (at most 33 characters). */
const MAX_NODE_ID_CHARS = 40;

/** The current primary-network validator of `nodeID` (one with a start in the past), if any. */
function currentValidator(ledger: Ledger, nodeID: string): Staker | undefined {
  const now = BigInt(chainTime(ledger));
  return ledger.stakers.find((s) => s.subnetID === P_CHAIN_ID && s.nodeID === nodeID && s.startTime <= now && s.permissionless !== undefined);
}

/**
 * control.setUptime: this node's view of a current primary-network validator's uptime, a
 * percentage from 0 to 100. Only a current validator takes one (nothing is kept for other IDs,
 * so the settings cannot grow); returns what getCurrentValidators now shows.
 */
export function setUptime(ledger: Ledger, nodeID: unknown, percent: unknown): { nodeID: string; uptime: string } {
  if (typeof nodeID !== 'string' || nodeID.length === 0 || nodeID.length > MAX_NODE_ID_CHARS) {
    throw new TypeError(`setUptime: nodeID must be a NodeID-… string, got ${JSON.stringify(typeof nodeID === 'string' ? nodeID.slice(0, MAX_NODE_ID_CHARS) : nodeID) ?? String(nodeID)}`);
  }
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`setUptime: percent must be a number from 0 to 100, got ${String(percent).slice(0, 40)}`);
  }
  const validator = currentValidator(ledger, nodeID);
  if (!validator) throw new RangeError(`setUptime: ${nodeID} is not a current validator of the primary network`);
  // The shortest text that reads back as the same double: the decision compares the exact value.
  validator.permissionless!.uptime = String(percent);
  return { nodeID, uptime: shownUptime(validator.permissionless!.uptime) };
}

/** validators.Manager GetWeight on the primary network: the validator's weight and its current delegators'. */
function weightOf(validator: Staker, now: bigint): bigint {
  let weight = validator.weight;
  for (const d of validator.delegators) if (d.startTime <= now) weight += d.weight;
  return weight;
}

export type UptimeAnswer = { result: { rewardingStakePercentage: string; weightedAveragePercentage: string } } | { error: string };

/**
 * info.uptime (api/info/service.go Info.Uptime over network.NodeUptime): this node's stake at
 * 100 %, each connected validator peer's stake at the uptime it observes of this node (this
 * node's set uptime, truncated to a whole percent as a peer sends it), over the primary
 * network's total weight, in float64 as Go sums them (peers in the validators' order). Undefined
 * when this node is not a validator on the chain the spec's examples describe: their node's
 * stake is not among the examples' validators, so the example answers.
 */
export function nodeUptime(ledger: Ledger, examplesChain: boolean): UptimeAnswer | undefined {
  const now = BigInt(chainTime(ledger));
  const primary = ledger.stakers.filter((s) => s.subnetID === P_CHAIN_ID && s.startTime <= now);
  const self = primary.find((s) => s.nodeID === NODE_ID);
  // NodeUptime's errNotValidator: no weight of this node's on the primary network.
  if (!self || weightOf(self, now) === 0n) return examplesChain ? undefined : { error: "couldn't get node uptime: node is not a validator" };
  const myStake = Number(weightOf(self, now));
  let total = 0n;
  for (const s of primary) total += weightOf(s, now);
  const totalWeight = Number(total);
  const observed = Math.trunc(fractionOf(self.permissionless?.uptime ?? '100') * 100);
  let weightedPercent = 100 * myStake;
  let rewardingStake = myStake;
  const requirement = Number(ledger.staking.uptimeRequirement) / 1_000_000;
  for (const peer of primary) {
    if (peer === self || peer.permissionless?.connected === false) continue;
    const weight = Number(weightOf(peer, now));
    weightedPercent += observed * weight;
    if (observed / 100 >= requirement) rewardingStake += weight;
  }
  return {
    result: {
      rewardingStakePercentage: goFixed(Math.abs((100 * rewardingStake) / totalWeight), 4),
      weightedAveragePercentage: goFixed(Math.abs(weightedPercent / totalWeight), 4),
    },
  };
}
