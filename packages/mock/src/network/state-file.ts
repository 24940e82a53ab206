// The network a mock node starts from, as JSON: what `--state file.json` (or the `state` option)
// holds, and what a seed generates. Checked member by member; an error names the path at fault
// (`state.validators[2].weight: …`). The format is documented in docs/guide/scenarios.md.
import type { FeeSettings } from '../state/fees.js';
import { EMPTY_ID, parseAddress } from '@avanode/codec';
import { isObject } from '../is-object.js';

/** A uint64 as the node's JSON has it: a decimal string, or an integer. */
export type Uint64Like = string | number;

export interface StateOwner {
  /** `P-<hrp>1…` addresses. */
  addresses: string[];
  threshold?: number;
  locktime?: Uint64Like;
}

export interface StateValidator {
  nodeID: string;
  /** The ID of the AddPermissionlessValidatorTx the mock makes for this validator (network/state-txs.ts); when given, it must be that ID. */
  txID?: string;
  /** Unix seconds. */
  startTime: Uint64Like;
  endTime: Uint64Like;
  /** nAVAX staked (the validator's own stake; delegations add to the weight in answers). */
  weight: Uint64Like;
  /** This node's view of the validator's uptime, percent from "0" to "100", e.g. "99.8632": its reward at its end depends on it (network/uptime.ts). Default "100.0000". */
  uptime?: string;
  connected?: boolean;
  /** Percent with four decimals, e.g. "2.0000". */
  delegationFee?: string;
  potentialReward?: Uint64Like;
  /** The delegation fees this validator has earned so far. Default 0. */
  accruedDelegateeReward?: Uint64Like;
  rewardOwner: StateOwner;
  /** Who gets the delegation fees; default: `rewardOwner`. */
  delegationRewardOwner?: StateOwner;
  /** 48-byte BLS public key and 96-byte proof of possession, `0x` hex. */
  signer?: { publicKey: string; proofOfPossession: string };
  delegators?: Array<{ txID?: string; startTime: Uint64Like; endTime: Uint64Like; weight: Uint64Like; rewardOwner: StateOwner; potentialReward?: Uint64Like }>;
}

export interface StateSubnet {
  /** The ID of the CreateSubnetTx the mock makes for this subnet; when given, it must be that ID. */
  id?: string;
  owner: StateOwner;
  /**
   * Set for an L1 (a subnet converted with ConvertSubnetToL1Tx). The mock makes that tx from the
   * L1's initial validators (network/state-txs.ts): `txID` is its ID and `conversionID` the
   * conversion ID it derives, each checked when given. An L1 with no initial validator gets no
   * conversion tx (a conversion must include one), and must give its `conversionID`.
   */
  l1?: { txID?: string; conversionID?: string; managerChainID: string; managerAddress: string };
  /** Permissioned validators (AddSubnetValidatorTx). */
  validators?: Array<{ nodeID: string; txID?: string; startTime: Uint64Like; endTime: Uint64Like; weight: Uint64Like }>;
  /** L1 validators (an L1 only). */
  l1Validators?: Array<{
    /**
     * An initial validator's is derived from the subnet's ID and its index in the conversion
     * (checked when given); a validator added later (`initial: false`) must give its own.
     */
    validationID?: string;
    /** One of the validators the L1's ConvertSubnetToL1Tx converted it with (default), or one registered later (its RegisterL1ValidatorTx is not made). */
    initial?: boolean;
    nodeID: string;
    weight: Uint64Like;
    startTime: Uint64Like;
    publicKey: string;
    balance: Uint64Like;
    remainingBalanceOwner: StateOwner;
    deactivationOwner: StateOwner;
    minNonce?: Uint64Like;
  }>;
}

/** A chain on the P-chain (a CreateChainTx's), as getBlockchains lists it. */
export interface StateChain {
  /** A subnet's chain: the ID of the CreateChainTx the mock makes for it, checked when given. A primary network chain (genesis's): required. */
  id?: string;
  name: string;
  subnetID: string;
  vmID: string;
}

/** genesis.StakingConfig's members beyond the minimum stakes, as a state file sets them. */
interface StateStaking {
  maxValidatorStake?: Uint64Like;
  minDelegationFee?: number;
  minStakeDuration?: Uint64Like;
  maxStakeDuration?: Uint64Like;
  /** ACP-273's minimum for primary-network validators after Helicon, seconds (the node's --helicon-min-stake-duration). */
  heliconMinStakeDuration?: Uint64Like;
  reward?: { maxConsumptionRate?: number; minConsumptionRate?: number; mintingPeriod?: Uint64Like; supplyCap?: Uint64Like };
}

export interface StateFile {
  /** 1 mainnet, 5 Fuji, 12345 local, or any other (HRP `custom`). */
  networkID: number;
  /** Chain time of the last accepted block, Unix seconds. */
  time: Uint64Like;
  /** Height of the last accepted block (≥ 1: block 1 mints the UTXOs below). */
  height: number;
  avaxAssetID?: string;
  /** The dynamic fees to start from (as `control.fees` sets them); default: the spec's getFeeConfig/getFeeState examples. */
  fees?: FeeSettings;
  /** The primary network's current supply, nAVAX. */
  supply?: Uint64Like;
  /** The primary network's minimum stakes, nAVAX (default: the network's, state/params.ts; local and mainnet 2,000 and 25 AVAX, Fuji 1 and 1). */
  minStake?: { validator?: Uint64Like; delegator?: Uint64Like };
  /** Upgrade times, RFC 3339 (default: the network's, state/params.ts heliconTimeOf). */
  upgrades?: { heliconTime?: string };
  /** The rest of the primary network's staking parameters (default: the network's, genesis/genesis_*.go); durations in seconds, the fee and rates in millionths. */
  staking?: StateStaking;
  /** Chains (the primary network's X and C chains, an L1's chains); none by default. */
  chains?: StateChain[];
  subnets?: StateSubnet[];
  validators?: StateValidator[];
  /** Unlocked AVAX per address; each entry becomes one UTXO, minted by a tx in block 1. */
  utxos?: Array<{ address: string; amount: Uint64Like; locktime?: Uint64Like }>;
}

export class StateError extends Error {
  override name = 'StateError';
}

const CB58 = /^[1-9A-HJ-NP-Za-km-z]{30,60}$/;
const NODE_ID = /^NodeID-[1-9A-HJ-NP-Za-km-z]{20,40}$/;
const HEX = /^0x([0-9a-fA-F]{2})*$/;

type Check = (value: unknown, path: string) => void;

const fail = (path: string, want: string, value: unknown): never => {
  throw new StateError(`${path}: expected ${want}, got ${JSON.stringify(value) ?? String(value)}`);
};

const uint64: Check = (v, p) => {
  const ok = (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^(0|[1-9][0-9]*)$/.test(v) && BigInt(v) < 2n ** 64n);
  if (!ok) fail(p, 'a uint64 (a decimal string or a non-negative integer)', v);
};
/** An amount a UTXO holds: json answers print it as a bare number, exact only up to 2^53 - 1. */
const amount: Check = (v, p) => {
  uint64(v, p);
  if (BigInt(v as string) > BigInt(Number.MAX_SAFE_INTEGER)) fail(p, `an amount up to ${Number.MAX_SAFE_INTEGER} nAVAX`, v);
};
/** A chain time: Go's time.Time prints years up to 9999 (MAX_CHAIN_TIME_MS in clock.ts). */
const chainTime: Check = (v, p) => {
  uint64(v, p);
  if (BigInt(v as string) > 253_402_300_799n) fail(p, 'a chain time up to 253402300799 (9999-12-31T23:59:59Z)', v);
};
/** An RFC 3339 time with its zone (`2026-07-28T15:00:00Z`); a StateError names `p` otherwise. */
export const rfc3339: Check = (v, p) => {
  const ok = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && Number.isFinite(Date.parse(v));
  if (!ok) fail(p, 'an RFC 3339 time such as 2026-07-28T15:00:00Z', v);
};
const cb58: Check = (v, p) => {
  if (typeof v !== 'string' || !CB58.test(v)) fail(p, 'a cb58 ID', v);
};
const nodeID: Check = (v, p) => {
  if (typeof v !== 'string' || !NODE_ID.test(v)) fail(p, 'a NodeID-… string', v);
};
const hex =
  (bytes?: number): Check =>
  (v, p) => {
    if (typeof v !== 'string' || !HEX.test(v) || (bytes !== undefined && v.length !== 2 + 2 * bytes)) fail(p, bytes ? `0x and ${bytes} bytes of hex` : '0x and hex', v);
  };
const str: Check = (v, p) => {
  if (typeof v !== 'string') fail(p, 'a string', v);
};
/** A percentage as decimal text (`"99.5000"`), 0 to 100: a validator's uptime as getCurrentValidators shows it. */
const percent: Check = (v, p) => {
  if (typeof v !== 'string' || !/^[0-9]{1,3}(\.[0-9]{1,20})?$/.test(v) || Number(v) > 100) fail(p, 'a percentage from "0" to "100" (decimal text such as "99.5000")', v);
};
const bool: Check = (v, p) => {
  if (typeof v !== 'boolean') fail(p, 'true or false', v);
};
const address: Check = (v, p) => {
  if (typeof v !== 'string') return fail(p, 'a P-chain address (P-<hrp>1…)', v);
  try {
    if (parseAddress(v).chain !== 'P') throw new Error('not P');
  } catch {
    fail(p, 'a P-chain address (P-<hrp>1…)', v);
  }
};
const int =
  (min: number, max: number): Check =>
  (v, p) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) fail(p, `an integer from ${min} to ${max}`, v);
  };
const list =
  (item: Check): Check =>
  (v, p) => {
    if (!Array.isArray(v)) return fail(p, 'an array', v);
    for (const [i, x] of v.entries()) item(x, `${p}[${i}]`);
  };
/** An object with these members (`?` suffix: optional); unknown members are refused, to catch typos. */
const object =
  (members: Record<string, Check>): Check =>
  (v, p) => {
    if (!isObject(v)) return fail(p, 'an object', v);
    const known = new Map(Object.entries(members).map(([k, c]) => [k.replace(/\?$/, ''), { check: c, optional: k.endsWith('?') }]));
    for (const key of Object.keys(v)) if (!known.has(key)) throw new StateError(`${p}.${key}: unknown member (known: ${[...known.keys()].join(', ')})`);
    for (const [key, { check, optional }] of known) {
      if (v[key] === undefined) {
        if (!optional) throw new StateError(`${p}.${key}: missing`);
        continue;
      }
      check(v[key], `${p}.${key}`);
    }
  };

const owner = object({ addresses: list(address), 'threshold?': int(0, 2 ** 32 - 1), 'locktime?': uint64 });
const stakeTimes = { startTime: uint64, endTime: uint64, weight: uint64 };
const validator = object({
  nodeID,
  'txID?': cb58,
  ...stakeTimes,
  'uptime?': percent,
  'connected?': bool,
  'delegationFee?': str,
  'potentialReward?': uint64,
  'accruedDelegateeReward?': uint64,
  rewardOwner: owner,
  'delegationRewardOwner?': owner,
  'signer?': object({ publicKey: hex(48), proofOfPossession: hex(96) }),
  'delegators?': list(object({ 'txID?': cb58, ...stakeTimes, rewardOwner: owner, 'potentialReward?': uint64 })),
});
const subnet = object({
  'id?': cb58,
  owner,
  'l1?': object({ 'txID?': cb58, 'conversionID?': cb58, managerChainID: cb58, managerAddress: hex() }),
  'validators?': list(object({ nodeID, 'txID?': cb58, ...stakeTimes })),
  'l1Validators?': list(
    object({
      'validationID?': cb58,
      'initial?': bool,
      nodeID,
      weight: uint64,
      startTime: uint64,
      publicKey: hex(48),
      balance: uint64,
      remainingBalanceOwner: owner,
      deactivationOwner: owner,
      'minNonce?': uint64,
    }),
  ),
});
const stateFile = object({
  networkID: int(1, 2 ** 32 - 1),
  time: chainTime,
  height: int(1, 1_000_000),
  'avaxAssetID?': cb58,
  'fees?': object({
    'config?': object({ 'weights?': (v, p) => { list(uint64)(v, p); if ((v as unknown[]).length !== 4) fail(p, 'four weights (bandwidth, dbRead, dbWrite, compute)', v); }, 'maxCapacity?': uint64, 'maxPerSecond?': uint64, 'targetPerSecond?': uint64, 'minPrice?': uint64, 'excessConversionConstant?': uint64 }),
    'state?': object({ 'capacity?': uint64, 'excess?': uint64 }),
    'validatorConfig?': object({ 'capacity?': uint64, 'target?': uint64, 'minPrice?': uint64, 'excessConversionConstant?': uint64 }),
    'validatorExcess?': uint64,
  }),
  'supply?': uint64,
  'minStake?': object({ 'validator?': uint64, 'delegator?': uint64 }),
  'upgrades?': object({ 'heliconTime?': rfc3339 }),
  'staking?': object({
    'maxValidatorStake?': uint64,
    'minDelegationFee?': int(0, 1_000_000),
    'minStakeDuration?': uint64,
    'maxStakeDuration?': uint64,
    // config.go getStakingConfig: errInvalidHeliconMinStakeDuration.
    'heliconMinStakeDuration?': (v, p) => {
      uint64(v, p);
      if (BigInt(v as string) === 0n) fail(p, 'a duration of at least 1 second (helicon min stake duration must be > 0)', v);
    },
    'reward?': object({ 'maxConsumptionRate?': int(0, 1_000_000), 'minConsumptionRate?': int(0, 1_000_000), 'mintingPeriod?': (v, p) => { uint64(v, p); if (BigInt(v as string) === 0n) fail(p, 'a minting period of at least 1 second', v); }, 'supplyCap?': uint64 }),
  }),
  'chains?': list(object({ 'id?': cb58, name: str, subnetID: cb58, vmID: cb58 })),
  'subnets?': list(subnet),
  'validators?': list(validator),
  'utxos?': list(object({ address, amount, 'locktime?': uint64 })),
});

/** Checks a state a user wrote; throws a StateError naming the path at fault. */
export function validateStateFile(value: unknown, path = 'state'): StateFile {
  stateFile(value, path);
  const state = value as StateFile;
  const reward = state.staking?.reward;
  if (reward?.minConsumptionRate !== undefined && reward.maxConsumptionRate !== undefined && reward.minConsumptionRate > reward.maxConsumptionRate) {
    throw new StateError(`${path}.staking.reward: minConsumptionRate ${reward.minConsumptionRate} is above maxConsumptionRate ${reward.maxConsumptionRate}`);
  }
  for (const [i, s] of (state.subnets ?? []).entries()) {
    if (s.id === EMPTY_ID) throw new StateError(`${path}.subnets[${i}].id: the primary network's ID is not a subnet`);
    if (s.l1Validators?.length && !s.l1) throw new StateError(`${path}.subnets[${i}].l1Validators: only an L1 (with \`l1\`) has L1 validators`);
  }
  return state;
}
