// The validator set of every subnet, block by block, as avalanchego v1.14.2 keeps it
// (vms/platformvm/state/state.go initValidatorSets and the validator diffs it writes per height;
// validators/manager.go GetValidatorSet rebuilds a past height from them):
// - the primary network: its current permissionless validators, each with its current
//   delegators' weight added, keyed by its BLS key (if it registered one);
// - a subnet: its current subnet validators (and their delegators), each keyed by its node's
//   primary network key;
// - an L1: its active L1 validators (a balance left) with their keys, and the weight of the
//   inactive ones summed under the empty node ID, keyless (state.go: inactiveWeight).
// A subnet without validators has no set. The ledger records the sets after every accepted
// block in which they changed (appendBlock), so a past height answers what was then.
import { EMPTY_ID, decodeHexNC } from '@avanode/codec';
import { BlsError, publicKeyFromCompressedBytes, uncompressedBytes } from '../util/bls.js';
import { compareBytes } from '../util/bytes.js';

/** ids.EmptyNodeID as a NodeID prints: the holder of an L1's inactive weight. */
const EMPTY_NODE_ID = 'NodeID-111111111111111111116DBWJs';

export interface SetMember {
  nodeID: string;
  weight: bigint;
  /** `0x…` (compressed, lower case), null without a key. */
  publicKey: string | null;
}

/** One subnet's set, its members in node ID text order (how encoding/json orders a map keyed by ids.NodeID). */
export type ValidatorSet = readonly SetMember[];

/** The sets from `height` on (until the next snapshot); never changed once recorded. */
export interface ValidatorSetsSnapshot {
  height: number;
  /** Subnet ID → its set; only subnets with validators. */
  sets: ReadonlyMap<string, ValidatorSet>;
  /** The sets as one text: two snapshots with the same key hold the same sets. */
  key: string;
}

/**
 * What the sets are worked out from and kept in: a chain state's stakers, L1 validators and
 * blocks, and its snapshots (state/ledger.ts's Ledger is one). Named here, as this file reads
 * them, so that the ledger, which records the sets after each block, is not imported back.
 */
export interface SetsSource {
  readonly stakers: ReadonlyArray<{
    readonly subnetID: string;
    readonly nodeID: string;
    readonly startTime: bigint;
    readonly weight: bigint;
    readonly permissionless?: { readonly signer?: { readonly publicKey: string } };
    readonly delegators: ReadonlyArray<{ readonly startTime: bigint; readonly weight: bigint }>;
  }>;
  readonly l1Validators: ReadonlyArray<{ readonly subnetID: string; readonly nodeID: string; readonly weight: bigint; readonly balance: bigint; readonly publicKey: string }>;
  readonly blocks: ReadonlyArray<{ readonly height: number; readonly time: number }>;
  validatorSets: ValidatorSetsSnapshot[];
}

/**
 * The most snapshots a ledger keeps (a node keeps every height's diff; the mock bounds its memory).
 * A height older than the oldest kept answers the oldest kept: the sets then are no longer known.
 */
export const MAX_SNAPSHOTS = 4096;

/** The sets of the ledger's state as it stands, for a chain time of `time` (Unix seconds): stakers start when the chain's time reaches their start. */
function currentSets(ledger: SetsSource, time: bigint): Map<string, ValidatorSet> {
  const bySubnet = new Map<string, Map<string, SetMember>>();
  const add = (subnetID: string, nodeID: string, weight: bigint, publicKey: string | null) => {
    let members = bySubnet.get(subnetID);
    if (!members) {
      members = new Map();
      bySubnet.set(subnetID, members);
    }
    const known = members.get(nodeID);
    if (known) known.weight += weight;
    else members.set(nodeID, { nodeID, weight, publicKey: publicKey?.toLowerCase() ?? null });
  };
  const started = ledger.stakers.filter((s) => s.startTime <= time);
  // A subnet validator's key is inherited from its node's primary network validator.
  const primaryKeys = new Map(started.filter((s) => s.subnetID === EMPTY_ID).map((s) => [s.nodeID, s.permissionless?.signer?.publicKey ?? null]));
  for (const s of started) {
    const weight = s.delegators.reduce((sum, d) => (d.startTime <= time ? sum + d.weight : sum), s.weight);
    add(s.subnetID, s.nodeID, weight, primaryKeys.get(s.nodeID) ?? null);
  }
  const inactive = new Map<string, bigint>();
  for (const v of ledger.l1Validators) {
    if (v.balance > 0n) add(v.subnetID, v.nodeID, v.weight, v.publicKey);
    else inactive.set(v.subnetID, (inactive.get(v.subnetID) ?? 0n) + v.weight);
  }
  for (const [subnetID, weight] of inactive) if (weight > 0n) add(subnetID, EMPTY_NODE_ID, weight, null);
  const sets = new Map<string, ValidatorSet>();
  for (const subnetID of [...bySubnet.keys()].sort()) {
    sets.set(subnetID, [...bySubnet.get(subnetID)!.values()].sort((a, b) => (a.nodeID < b.nodeID ? -1 : a.nodeID > b.nodeID ? 1 : 0)));
  }
  return sets;
}

const keyOf = (sets: ReadonlyMap<string, ValidatorSet>): string =>
  [...sets].map(([subnetID, members]) => `${subnetID}:${members.map((m) => `${m.nodeID}=${m.weight}/${m.publicKey}`).join(',')}`).join(';');

/** After `block` is accepted: a snapshot from its height when the sets differ from the last one's. */
export function recordValidatorSets(ledger: SetsSource, block: { readonly height: number; readonly time: number }): void {
  const sets = currentSets(ledger, BigInt(block.time));
  const key = keyOf(sets);
  const last = ledger.validatorSets[ledger.validatorSets.length - 1];
  if (last && last.key === key) return;
  // A block at a height already recorded (never, blocks only grow) would replace its snapshot.
  if (last && last.height >= block.height) ledger.validatorSets.pop();
  ledger.validatorSets.push({ height: block.height, sets, key });
  if (ledger.validatorSets.length > MAX_SNAPSHOTS) ledger.validatorSets.shift();
}

/**
 * The sets block by block for a ledger built from a state file: the file gives the stakers at its
 * tip, so a staker is taken to have joined at the first block at or after its start time (a
 * pending one when the chain's time reaches it, as the node's AdvanceTimeTo promotes it); the
 * L1 validators and their balances are the tip's from block 0 on.
 */
export function rebuildValidatorSets(ledger: SetsSource): void {
  ledger.validatorSets = [];
  const starts = [...new Set(ledger.stakers.flatMap((s) => [s.startTime, ...s.delegators.map((d) => d.startTime)]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let next = 0;
  for (const block of ledger.blocks) {
    const time = BigInt(block.time);
    let crossed = block.height === 0;
    while (next < starts.length && starts[next]! <= time) {
      next++;
      crossed = true;
    }
    if (crossed) recordValidatorSets(ledger, block);
  }
}

/** The sets at `height` (at most the tip's): the last snapshot at or below it, else the oldest kept. */
export function validatorSetsAt(ledger: Pick<SetsSource, 'validatorSets'>, height: number): ReadonlyMap<string, ValidatorSet> {
  const snapshots = ledger.validatorSets;
  let low = 0;
  let high = snapshots.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (snapshots[mid]!.height <= height) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return (snapshots[found] ?? snapshots[0])?.sets ?? new Map();
}

/** The sets after the last accepted block: what the node's validators.Manager holds now. */
export function tipSets(ledger: Pick<SetsSource, 'validatorSets'>): ReadonlyMap<string, ValidatorSet> {
  return ledger.validatorSets[ledger.validatorSets.length - 1]?.sets ?? new Map();
}

/** One key's entry of a flattened set (snow/validators/warp.go Warp). */
export interface WarpMember {
  /** `0x…` compressed, lower case. */
  publicKey: string;
  /** The order of the canonical set: the key's uncompressed bytes (bls.PublicKeyToUncompressedBytes). */
  sortKey: Uint8Array;
  weight: bigint;
  nodeIDs: string[];
}

const MAX_UINT64 = 2n ** 64n - 1n;
const sortKeys = new Map<string, Uint8Array>();
const SORT_KEY_CACHE = 4096;

/**
 * A key's uncompressed bytes, remembered (a decompression each). A seeded or loaded state may hold
 * 48 bytes that are no point of the curve, which no node's state can: such a key is ordered by its
 * x coordinate as written (the compressed bytes without their 3 flag bits), which is where the
 * uncompressed form of a valid key with that x would sort.
 */
function sortKeyOf(publicKey: string): Uint8Array {
  let key = sortKeys.get(publicKey);
  if (key === undefined) {
    const compressed = decodeHexNC(publicKey);
    try {
      key = uncompressedBytes(publicKeyFromCompressedBytes(compressed));
    } catch (error) {
      if (!(error instanceof BlsError)) throw error;
      key = compressed.slice();
      key[0] = key[0]! & 0x1f;
    }
    if (sortKeys.size >= SORT_KEY_CACHE) sortKeys.clear();
    sortKeys.set(publicKey, key);
  }
  return key;
}

/**
 * validators.FlattenValidatorSet: the keyed members grouped by key (weights added), sorted by the
 * key's uncompressed bytes, and the total weight of all members, keyless ones too; undefined when
 * the total overflows a uint64 (the node then leaves the subnet out). A group's node IDs come in
 * node ID text order (the node's follow Go's map order, which varies run to run).
 */
export function flattenSet(set: ValidatorSet): { validators: WarpMember[]; totalWeight: bigint } | undefined {
  let totalWeight = 0n;
  const byKey = new Map<string, WarpMember>();
  for (const m of set) {
    totalWeight += m.weight;
    if (totalWeight > MAX_UINT64) return undefined;
    if (m.publicKey === null) continue;
    const entry = byKey.get(m.publicKey);
    if (entry) {
      entry.weight += m.weight;
      entry.nodeIDs.push(m.nodeID);
    } else byKey.set(m.publicKey, { publicKey: m.publicKey, sortKey: sortKeyOf(m.publicKey), weight: m.weight, nodeIDs: [m.nodeID] });
  }
  return { validators: [...byKey.values()].sort((a, b) => compareBytes(a.sortKey, b.sortKey)), totalWeight };
}
