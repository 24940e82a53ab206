// platform.getValidatorsAt, getAllValidatorsAt and sampleValidators from the ledger's validator
// sets (validator-sets.ts), as avalanchego v1.14.2's vms/platformvm/service.go answers them:
// Service.getQueryHeight, validators/manager.go GetValidatorSet / GetWarpValidatorSets (a height
// above the last accepted one refused with errUnfinalizedHeight), snow/validators/manager.go
// Sample and utils/sampler (weighted without replacement).
import { EMPTY_ID, decodeCB58 } from '@avanode/codec';
import type { Answer } from './answer.js';
import { compareBytes, lastBlock, proposedHeight, type Ledger } from './ledger.js';
import { flattenSet, tipSets, validatorSetsAt, type ValidatorSet } from '../state/validator-sets.js';

type Params = Record<string, unknown>;

const MAX_UINT64 = 2n ** 64n - 1n;
const ok = (result: unknown): Answer => ({ result });
const failed = (error: string): Answer => ({ error });

/** An ids.ID param left at its zero value reads as the primary network's ID. */
const subnetOf = (params: Params): string => (typeof params.subnetID === 'string' && params.subnetID !== '' ? params.subnetID : EMPTY_ID);

/**
 * Service.getQueryHeight on an api.Height: `proposed` is GetMinimumHeight (getProposedHeight's
 * answer, it moves with the clock), an omitted or null height is 0, else the uint64 sent (a
 * number or a decimal string: the service checks refused anything else).
 */
function queryHeight(ledger: Ledger, params: Params): bigint {
  const height = params.height;
  if (height === 'proposed') return BigInt(proposedHeight(ledger, ledger.clockMs()));
  if (height === undefined || height === null) return 0n;
  return BigInt(height as string | number);
}

/** Service.GetValidatorsAt: the set as a bare map node ID → {publicKey, weight}; an unknown subnet's is `{}`. */
export function getValidatorsAt(ledger: Ledger, params: Params): Answer {
  const height = queryHeight(ledger, params);
  const subnetID = subnetOf(params);
  const tip = BigInt(lastBlock(ledger).height);
  if (height > tip) {
    return failed(`failed to get validator set at ${height}: failed to fetch validator set at unfinalized height with SubnetID = ${subnetID}: current P-chain height (${tip}) < requested P-Chain height (${height})`);
  }
  const set = validatorSetsAt(ledger, Number(height)).get(subnetID) ?? [];
  return ok(Object.fromEntries(set.map((m) => [m.nodeID, { publicKey: m.publicKey, weight: String(m.weight) }])));
}

/** Service.GetAllValidatorsAt: every subnet with validators at the height, flattened; one whose weight overflows is left out. */
export function getAllValidatorsAt(ledger: Ledger, params: Params): Answer {
  const height = queryHeight(ledger, params);
  const tip = BigInt(lastBlock(ledger).height);
  if (height > tip) {
    return failed(`failed to get validator sets at ${height}: failed to fetch validator set at unfinalized height: current P-chain height (${tip}) < requested P-Chain height (${height})`);
  }
  const validatorSets: Record<string, unknown> = {};
  for (const [subnetID, set] of validatorSetsAt(ledger, Number(height))) {
    const flat = flattenSet(set);
    if (!flat) continue;
    validatorSets[subnetID] = {
      validators: flat.validators.map((v) => ({ publicKey: v.publicKey, weight: String(v.weight), nodeIDs: v.nodeIDs })),
      totalWeight: String(flat.totalWeight),
    };
  }
  return ok({ validatorSets });
}

/**
 * The weight units a sample of `size` takes from `total` (size ≤ total): the node draws `size`
 * distinct units uniformly at random (sampler.Uniform without replacement); the mock takes the
 * unit at the middle of each of `size` equal slices of the weight, so it answers the same every
 * time and each validator comes about as often as its weight would make it, repeats included.
 */
function spreadUnits(size: number, total: bigint): bigint[] {
  const units: bigint[] = [];
  const slices = 2n * BigInt(size);
  for (let i = 0n; i < BigInt(size); i++) units.push(((2n * i + 1n) * total) / slices);
  return units;
}

/** Service.SampleValidators over the current set: `size` node IDs drawn by weight (a node may come more than once), sorted by their bytes. */
export function sampleValidators(ledger: Ledger, params: Params): Answer {
  const size = params.size === undefined || params.size === null ? 0 : Number(params.size);
  const subnetID = subnetOf(params);
  // manager.Sample: a size of 0 answers nothing before the subnet is looked up (nil → []).
  if (size === 0) return ok({ validators: [] });
  const set: ValidatorSet | undefined = tipSets(ledger).get(subnetID);
  if (!set) return failed(`sampling ${subnetID} errored with missing validators`);
  // weightedWithoutReplacementGeneric.Initialize (safemath.Add), then Sample: more units than the weight holds fails.
  const total = set.reduce((sum, m) => sum + m.weight, 0n);
  if (total > MAX_UINT64) return failed(`sampling ${subnetID} errored with overflow`);
  if (BigInt(size) > total) return failed(`sampling ${subnetID} errored with insufficient weight`);
  const picked: string[] = [];
  let member = 0;
  let upTo = set[0]!.weight;
  for (const unit of spreadUnits(size, total)) {
    while (unit >= upTo) upTo += set[++member]!.weight;
    picked.push(set[member]!.nodeID);
  }
  // utils.Sort on []ids.NodeID: by the IDs' bytes.
  const bytes = new Map(picked.map((id) => [id, decodeCB58(id.slice('NodeID-'.length))]));
  return ok({ validators: picked.sort((a, b) => compareBytes(bytes.get(a)!, bytes.get(b)!)) });
}
