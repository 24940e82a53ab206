// What a fork reads from its upstream when it starts: the P-chain at the fork height (its last
// accepted block, time, network, chains, fees, supply, minimum stakes, current validators and
// delegators, subnets, and the L1s and subnets that have validators). The rest is read on first
// use (fork/lazy.ts).
import { blockId, decodeBlock, decodeHex, EMPTY_ID } from '@avanode/codec';
import type { FeeSettings } from '../state/fees.js';
import type { ChainRecord, L1ValidatorRecord, Staker, SubnetRecord } from '../state/ledger.js';
import type { ForkReader } from './reader.js';
import { mapLimited } from './pool.js';
import { ForkShapeError, delegatorCountOf, list, subnetOf, uint64, validatorOf } from './records.js';

export interface ForkSnapshot {
  networkID: number;
  /** The fork height: the upstream's last accepted block when the fork started (or the height asked for). */
  height: number;
  /** The block at the fork height: the fork's first block, the parent of the blocks it makes. */
  block: { id: string; bytes: Uint8Array; time: number };
  avaxAssetID: string;
  /** info.upgrades' heliconTime, when the upstream names one. */
  heliconTime?: string;
  fees: FeeSettings;
  supply: bigint;
  minStake: { validator: bigint; delegator: bigint };
  chains: ChainRecord[];
  /** Subnets in getSubnets' order; those with validators read whole (getSubnet), the others with the owner getSubnets lists until first used. */
  subnets: SubnetRecord[];
  /** The subnets read whole with getSubnet. */
  subnetsRead: string[];
  stakers: Staker[];
  l1Validators: L1ValidatorRecord[];
}

type Json = Record<string, unknown>;
const asObject = (value: unknown, what: string): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ForkShapeError(`${what}: expected an object from the upstream`);
  return value as Json;
};
/** A small JSON-safe integer (a network ID, a height). */
const safeInt = (value: unknown, what: string): number => {
  const big = uint64(value, what);
  if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new ForkShapeError(`${what}: ${big} is past 2^53 − 1`);
  return Number(big);
};

/** A subnet's validators (getCurrentValidators with its ID): its stakers and L1 validators. */
export async function readSubnetValidators(reader: ForkReader, subnetID: string): Promise<{ stakers: Staker[]; l1Validators: L1ValidatorRecord[] }> {
  const answer = asObject(await reader.read('/ext/bc/P', 'platform.getCurrentValidators', { subnetID }), 'getCurrentValidators');
  const stakers: Staker[] = [];
  const l1Validators: L1ValidatorRecord[] = [];
  for (const [i, v] of list(answer.validators, 'getCurrentValidators.validators').entries()) {
    const record = validatorOf(v, subnetID, `getCurrentValidators(${subnetID}).validators[${i}]`);
    if ('l1' in record) l1Validators.push(record.l1);
    else stakers.push(record.staker);
  }
  return { stakers, l1Validators };
}

/** Reads the upstream's state at the fork; `height` given: the fork height to use (and key the cache by) instead of the upstream's tip. */
export async function readSnapshot(reader: ForkReader, options: { height?: number } = {}): Promise<ForkSnapshot> {
  const read = (endpoint: '/ext/info' | '/ext/bc/P', method: string, params: Json = {}) => reader.read(endpoint, method, params);
  const networkID = safeInt(asObject(await read('/ext/info', 'info.getNetworkID'), 'getNetworkID').networkID, 'getNetworkID.networkID');
  const tip = options.height ?? safeInt(asObject(await read('/ext/bc/P', 'platform.getHeight'), 'getHeight').height, 'getHeight.height');
  // Every read from here is of the state at the fork: the reader's cache is keyed by it.
  await reader.pin?.(networkID, tip);
  const blockAnswer = asObject(await read('/ext/bc/P', 'platform.getBlockByHeight', { height: String(tip), encoding: 'hex' }), 'getBlockByHeight');
  const bytes = decodeHex(String(blockAnswer.block));
  const decoded = decodeBlock(bytes, { network: networkID }) as unknown as { time?: number | bigint };
  // A Banff block has its time; an older one's is the chain's timestamp.
  const time = decoded.time !== undefined ? Number(decoded.time) : Math.floor(Date.parse(String(asObject(await read('/ext/bc/P', 'platform.getTimestamp'), 'getTimestamp').timestamp)) / 1000);

  const [assetAnswer, upgrades, feeConfig, feeState, validatorFeeConfig, validatorFeeState, supplyAnswer, minStakeAnswer, chainsAnswer, subnetsAnswer, primary, allSets] = await Promise.all([
    read('/ext/bc/P', 'platform.getStakingAssetID', {}),
    read('/ext/info', 'info.upgrades').catch(() => undefined),
    read('/ext/bc/P', 'platform.getFeeConfig'),
    read('/ext/bc/P', 'platform.getFeeState'),
    read('/ext/bc/P', 'platform.getValidatorFeeConfig'),
    read('/ext/bc/P', 'platform.getValidatorFeeState'),
    read('/ext/bc/P', 'platform.getCurrentSupply', {}),
    read('/ext/bc/P', 'platform.getMinStake', {}),
    read('/ext/bc/P', 'platform.getBlockchains'),
    read('/ext/bc/P', 'platform.getSubnets', {}),
    readSubnetValidators(reader, EMPTY_ID),
    read('/ext/bc/P', 'platform.getAllValidatorsAt', { height: String(tip) }),
  ]);
  const fees = asObject(feeConfig, 'getFeeConfig');
  const state = asObject(feeState, 'getFeeState');
  const vConfig = asObject(validatorFeeConfig, 'getValidatorFeeConfig');
  const vState = asObject(validatorFeeState, 'getValidatorFeeState');
  const minStake = asObject(minStakeAnswer, 'getMinStake');
  const heliconTime = typeof (upgrades as Json | undefined)?.heliconTime === 'string' ? String((upgrades as Json).heliconTime) : undefined;

  // The delegators of each primary network validator that has some: getCurrentValidators lists them only for one node ID.
  const stakers = primary.stakers;
  await mapLimited(
    [...stakers],
    async (staker, i) => {
      const listed = list(asObject(await read('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [staker.nodeID] }), 'getCurrentValidators').validators, 'getCurrentValidators.validators');
      const one = listed.find((v) => (v as Json).txID === staker.txID);
      if (one === undefined || delegatorCountOf(one) === 0n) return;
      const full = validatorOf(one, EMPTY_ID, `getCurrentValidators(${staker.nodeID})`);
      if ('staker' in full) stakers[i] = full.staker;
    },
  );

  // The subnets with validators at the fork are read whole now (the validator sets need them); the rest on first use.
  const withValidators = Object.keys(asObject(asObject(allSets, 'getAllValidatorsAt').validatorSets ?? {}, 'getAllValidatorsAt.validatorSets')).filter((id) => id !== EMPTY_ID);
  const listedSubnets = list(asObject(subnetsAnswer, 'getSubnets').subnets, 'getSubnets.subnets')
    .map((s, i) => asObject(s, `getSubnets.subnets[${i}]`))
    .filter((s) => s.id !== EMPTY_ID);
  const subnets: SubnetRecord[] = listedSubnets.map((s) => subnetOf(String(s.id), { controlKeys: s.controlKeys, threshold: s.threshold }));
  const l1Validators = [...primary.l1Validators];
  const subnetsRead: string[] = [];
  await mapLimited(
    withValidators,
    async (id) => {
      const [details, validators] = await Promise.all([read('/ext/bc/P', 'platform.getSubnet', { subnetID: id }), readSubnetValidators(reader, id)]);
      const record = subnetOf(id, details);
      const at = subnets.findIndex((s) => s.id === id);
      if (at >= 0) subnets[at] = record;
      else subnets.push(record);
      subnetsRead.push(id);
      stakers.push(...validators.stakers);
      l1Validators.push(...validators.l1Validators);
    },
  );

  return {
    networkID,
    height: tip,
    block: { id: blockId(bytes), bytes, time },
    avaxAssetID: String(asObject(assetAnswer, 'getStakingAssetID').assetID),
    ...(heliconTime !== undefined ? { heliconTime } : {}),
    fees: {
      config: { weights: list(fees.weights, 'getFeeConfig.weights') as string[], maxCapacity: fees.maxCapacity as string, maxPerSecond: fees.maxPerSecond as string, targetPerSecond: fees.targetPerSecond as string, minPrice: fees.minPrice as string, excessConversionConstant: fees.excessConversionConstant as string },
      state: { capacity: state.capacity as string, excess: state.excess as string },
      validatorConfig: { capacity: vConfig.capacity as string, target: vConfig.target as string, minPrice: vConfig.minPrice as string, excessConversionConstant: vConfig.excessConversionConstant as string },
      validatorExcess: vState.excess as string,
    },
    supply: uint64(asObject(supplyAnswer, 'getCurrentSupply').supply, 'getCurrentSupply.supply'),
    minStake: { validator: uint64(minStake.minValidatorStake, 'getMinStake.minValidatorStake'), delegator: uint64(minStake.minDelegatorStake, 'getMinStake.minDelegatorStake') },
    chains: list(asObject(chainsAnswer, 'getBlockchains').blockchains, 'getBlockchains.blockchains').map((c, i) => {
      const chain = asObject(c, `getBlockchains.blockchains[${i}]`);
      return { id: String(chain.id), name: String(chain.name), subnetID: String(chain.subnetID), vmID: String(chain.vmID) };
    }),
    subnets,
    subnetsRead,
    stakers,
    l1Validators,
  };
}
