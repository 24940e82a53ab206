// The txs that made a state file's subnets, chains and stakers, so the chain holds them as a
// node's does: `getTx`, `getTxStatus` (Committed), `getBlock` and, when a staker ends,
// `getRewardUTXOs` find them under the ID the state names. Each is the tx an avalanchego v1.14.2
// node would have taken for it: a CreateSubnetTx (its ID is the subnet's), a CreateChainTx on that
// subnet (its ID is the chain's), an AddPermissionlessValidatorTx, an AddPermissionlessDelegatorTx
// and an AddSubnetValidatorTx, in that order, in block 1 after the mint. What a state file cannot
// say is filled in plainly: the txs spend no inputs (their stake comes from genesis, as block 1's
// mint does: the stake is locked to the staker's reward owner and comes back to it at the end),
// a subnet authorization has no signatures (the subnet owner's keys are not the state's), a chain
// has no genesis data. So each ID follows from the state: a given `txID` (a subnet's or chain's
// `id`) must be that ID, or the state is refused naming the path and the ID to write.
// Two txs a state makes alike (two subnets of one owner, say) would share an ID: the later one's
// memo numbers it, as control.fund numbers its mints.
// L1 conversions (ConvertSubnetToL1Tx) are not synthesized: an L1's conversion and validation IDs
// stay the state's own.
import { EMPTY_ID, addressToShortId, decodeCB58, encodeTx, formatAddress, txId } from '@avanode/codec';
import { compareBytes } from '../util/bytes.js';
import { StateError, type StateChain, type StateFile, type StateOwner, type StateSubnet, type StateValidator, type Uint64Like } from './state-file.js';

type Filled<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: string };
type StateDelegator = NonNullable<StateValidator['delegators']>[number];
type StateSubnetValidator = NonNullable<StateSubnet['validators']>[number];

/** A state with every ID filled in: what createLedger builds from. */
export type StateWithIDs = Omit<StateFile, 'validators' | 'subnets' | 'chains'> & {
  validators?: Array<Omit<Filled<StateValidator, 'txID'>, 'delegators'> & { delegators?: Array<Filled<StateDelegator, 'txID'>> }>;
  subnets?: Array<Omit<Filled<StateSubnet, 'id'>, 'validators'> & { validators?: Array<Filled<StateSubnetValidator, 'txID'>> }>;
  chains?: Array<Filled<StateChain, 'id'>>;
};

export interface StateTxs {
  state: StateWithIDs;
  /** The txs in block order, with the ID each is kept under. */
  txs: Array<{ bytes: Uint8Array; id: string }>;
}

export interface StateTxOptions {
  /**
   * Keep each given ID as the tx's, whatever the synthesized bytes hash to. Only for states whose
   * IDs are real ones from elsewhere (the spec's examples, a fork of a live node): the tx is then
   * found under the upstream ID, its bytes are the mock's. Not part of the state-file format.
   */
  trustGivenTxIDs?: boolean;
  /**
   * Make no txs: the spec's examples' chain, whose block IDs are mainnet's (a tx more in block 1
   * would change every one after it); their IDs are kept as given.
   */
  omitTxs?: boolean;
}

/** A JSON number while exact, as the codec writes uint64s. */
const u64 = (value: Uint64Like | undefined): number | bigint => {
  const big = BigInt(value ?? 0);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
};

/** secp256k1fx wants an owner's addresses sorted by their bytes. */
const sorted = (networkID: number, addresses: string[]): string[] =>
  addresses
    .map((a) => decodeCB58(addressToShortId(a)))
    .sort(compareBytes)
    .map((bytes) => formatAddress(bytes, networkID));

const ownerOf = (networkID: number, o: StateOwner) => ({ type: 'secp256k1fx.OutputOwners', locktime: u64(o.locktime), threshold: o.threshold ?? 1, addresses: sorted(networkID, o.addresses) });

/** The delegation fee as shares (millionths): "2.0000" → 20000. */
const sharesOf = (delegationFee: string | undefined): number => Math.round(Number(delegationFee ?? '2.0000') * 10_000);

/** Synthesizes the txs of `state` and fills in (or checks) their IDs; a StateError names a given ID that is not the tx's. */
export function stateTxs(state: StateFile, options: StateTxOptions = {}, path = 'state'): StateTxs {
  const { networkID } = state;
  const avax = state.avaxAssetID ?? 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
  const base = { networkID, blockchainID: EMPTY_ID, outputs: [], inputs: [], memo: '0x' };
  const txs: StateTxs['txs'] = [];
  const taken = new Set<string>();
  let numbered = 0;

  /** Encodes the tx, numbering its memo if another of the state's txs has its ID; checks or takes the ID given at `at`. */
  const make = (unsignedTx: Record<string, unknown>, credentials: unknown[], given: string | undefined, at: string): string => {
    let bytes = encodeTx({ unsignedTx: { ...base, ...unsignedTx }, credentials } as never);
    let id = txId(bytes);
    while (taken.has(id)) {
      numbered++;
      bytes = encodeTx({ unsignedTx: { ...base, ...unsignedTx, memo: `0x${numbered.toString(16).padStart(8, '0')}` }, credentials } as never);
      id = txId(bytes);
    }
    taken.add(id);
    if (options.omitTxs) return given ?? id;
    if (given !== undefined && given !== id) {
      if (options.trustGivenTxIDs) id = given;
      else throw new StateError(`${at}: ${given} is not the ID of the tx that made it; the tx the mock makes for it has the ID ${id} (write that, or leave it out)`);
    }
    txs.push({ bytes, id });
    return id;
  };
  const noSignatures = { type: 'secp256k1fx.Input', signatureIndices: [] };
  const emptyCredential = { type: 'secp256k1fx.Credential', signatures: [] };

  const subnets = (state.subnets ?? []).map((s, i) => ({ ...s, id: make({ type: 'CreateSubnetTx', owner: ownerOf(networkID, s.owner) }, [], s.id, `${path}.subnets[${i}].id`) }));
  const subnetIDs = new Set(subnets.map((s) => s.id));
  const chains = (state.chains ?? []).map((c, i) => {
    // The primary network's chains are genesis's: their IDs are the network's own, no CreateChainTx made them.
    if (c.subnetID === EMPTY_ID) {
      if (c.id === undefined) throw new StateError(`${path}.chains[${i}].id: missing (a primary network chain comes from genesis; write the network's ID of it)`);
      return { ...c, id: c.id };
    }
    if (!subnetIDs.has(c.subnetID)) throw new StateError(`${path}.chains[${i}].subnetID: ${c.subnetID} is no subnet of the state (a CreateChainTx needs its subnet)`);
    const unsigned = { type: 'CreateChainTx', subnetID: c.subnetID, chainName: c.name, vmID: c.vmID, fxIDs: [], genesisData: '', subnetAuthorization: noSignatures };
    return { ...c, id: make(unsigned, [emptyCredential], c.id, `${path}.chains[${i}].id`) };
  });
  const stakeOf = (weight: Uint64Like, owner: StateOwner) => [{ assetID: avax, output: { type: 'secp256k1fx.TransferOutput', addresses: sorted(networkID, owner.addresses), amount: u64(weight), locktime: 0, threshold: owner.threshold ?? 1 } }];
  const validators = (state.validators ?? []).map((v, i) => {
    const at = `${path}.validators[${i}]`;
    const unsigned = {
      type: 'AddPermissionlessValidatorTx',
      validator: { nodeID: v.nodeID, start: u64(v.startTime), end: u64(v.endTime), weight: u64(v.weight) },
      subnetID: EMPTY_ID,
      signer: v.signer ? { type: 'signer.ProofOfPossession', ...v.signer } : { type: 'signer.Empty' },
      stake: stakeOf(v.weight, v.rewardOwner),
      validationRewardsOwner: ownerOf(networkID, v.rewardOwner),
      delegationRewardsOwner: ownerOf(networkID, v.delegationRewardOwner ?? v.rewardOwner),
      shares: sharesOf(v.delegationFee),
    };
    return { ...v, txID: make(unsigned, [], v.txID, `${at}.txID`) };
  });
  const withDelegators = validators.map(({ delegators: given, ...v }, i) => {
    if (!given) return v;
    const delegators = given.map((d, j) => {
      const unsigned = {
        type: 'AddPermissionlessDelegatorTx',
        validator: { nodeID: v.nodeID, start: u64(d.startTime), end: u64(d.endTime), weight: u64(d.weight) },
        subnetID: EMPTY_ID,
        stake: stakeOf(d.weight, d.rewardOwner),
        rewardsOwner: ownerOf(networkID, d.rewardOwner),
      };
      return { ...d, txID: make(unsigned, [], d.txID, `${path}.validators[${i}].delegators[${j}].txID`) };
    });
    return { ...v, delegators };
  });
  const withSubnetValidators = subnets.map(({ validators: given, ...s }, i) => {
    if (!given) return s;
    const members = given.map((v, j) => {
      const unsigned = { type: 'AddSubnetValidatorTx', validator: { nodeID: v.nodeID, start: u64(v.startTime), end: u64(v.endTime), weight: u64(v.weight), subnetID: s.id }, subnetAuthorization: noSignatures };
      return { ...v, txID: make(unsigned, [emptyCredential], v.txID, `${path}.subnets[${i}].validators[${j}].txID`) };
    });
    return { ...s, validators: members };
  });
  const filled: StateWithIDs = { ...state, subnets: withSubnetValidators, chains, validators: withDelegators };
  for (const key of ['subnets', 'chains', 'validators'] as const) if (state[key] === undefined) delete filled[key];
  return { state: filled, txs };
}

/** The state with the ID of every tx the mock makes for it filled in (the IDs a state file may leave out, or must match). */
export function withDerivedIDs(state: StateFile): StateWithIDs {
  return stateTxs(state).state;
}
