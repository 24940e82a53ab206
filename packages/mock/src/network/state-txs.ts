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
// An L1 gets the ConvertSubnetToL1Tx that converted it, last in block 1, with its initial
// validators (`initial`, the default), sorted by node ID as the tx wants them: its conversion ID
// (message.SubnetToL1ConversionID over the manager chain, address and each initial validator's
// node ID, key and weight as the state gives them) and each initial validator's validation ID
// (the subnet's ID appended with its index) follow from it, and a given one that is not the
// derived one is refused as a tx ID is. The tx carries no proof of possession (the validators'
// BLS secret keys are not the state's: 96 zero bytes) and no authorization signature. Validators
// registered later (`initial: false`) keep the validation ID the state gives: their
// RegisterL1ValidatorTx, whose ID is the hash of a warp message signed by the L1's validators, is
// not made. An L1 with no initial validator gets no conversion (the node refuses a conversion
// without validators) and keeps its given conversion ID.
import { EMPTY_ID, addressToShortId, decodeCB58, decodeHexNC, encodeHexNC, encodeTx, formatAddress, nodeIdFromString, txId } from '@avanode/codec';
import { subnetToL1ConversionID, validationIDOf } from '../state/l1-ids.js';
import { compareBytes } from '../util/bytes.js';
import { StateError, type StateChain, type StateFile, type StateOwner, type StateSubnet, type StateValidator, type Uint64Like } from './state-file.js';

type Filled<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: string };
type StateDelegator = NonNullable<StateValidator['delegators']>[number];
type StateSubnetValidator = NonNullable<StateSubnet['validators']>[number];
type StateL1 = NonNullable<StateSubnet['l1']>;
type StateL1Validator = NonNullable<StateSubnet['l1Validators']>[number];

/** A state with every ID filled in: what createLedger builds from. */
export type StateWithIDs = Omit<StateFile, 'validators' | 'subnets' | 'chains'> & {
  validators?: Array<Omit<Filled<StateValidator, 'txID'>, 'delegators'> & { delegators?: Array<Filled<StateDelegator, 'txID'>> }>;
  subnets?: Array<
    Omit<Filled<StateSubnet, 'id'>, 'validators' | 'l1' | 'l1Validators'> & {
      validators?: Array<Filled<StateSubnetValidator, 'txID'>>;
      /** `txID`: the ConvertSubnetToL1Tx's, when the mock made one. */
      l1?: Filled<StateL1, 'conversionID'>;
      l1Validators?: Array<Filled<StateL1Validator, 'validationID'>>;
    }
  >;
  chains?: Array<Filled<StateChain, 'id'>>;
};

export interface StateTxs {
  state: StateWithIDs;
  /** The txs in block order, with the ID each is kept under. */
  txs: Array<{ bytes: Uint8Array; id: string }>;
}

export interface StateTxOptions {
  /**
   * Keep each given ID as the tx's (and an L1's given conversion and validation IDs as its
   * conversion's), whatever the synthesized bytes hash to. Only for states whose
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
  /** A given ID checked against the one the conversion derives (kept as given when the state's IDs are trusted or no tx is made). */
  const derivedID = (given: string | undefined, derived: string, at: string, what: string): string => {
    if (given === undefined || given === derived || options.omitTxs || options.trustGivenTxIDs) return given ?? derived;
    throw new StateError(`${at}: ${given} is not the ${what} the L1's ConvertSubnetToL1Tx derives; the tx the mock makes for it derives ${derived} (write that, or leave it out)`);
  };
  /** The ConvertSubnetToL1Tx of the L1 `subnetID` and the IDs it derives (txs/executor/standard_tx_executor.go ConvertSubnetToL1Tx). */
  const convert = (subnetID: string, l1: StateL1, members: readonly StateL1Validator[], at: string) => {
    const initial = members
      .map((v, j) => ({ v, j, nodeID: nodeIdFromString(v.nodeID) }))
      .filter(({ v }) => v.initial !== false)
      .sort((a, b) => compareBytes(a.nodeID, b.nodeID));
    for (const [j, v] of members.entries()) {
      if (v.initial === false && v.validationID === undefined) throw new StateError(`${at}.l1Validators[${j}].validationID: missing (a validator registered after the conversion has the ID of its RegisterL1ValidatorTx's message, which the mock does not make; write it, or mark the validator initial)`);
    }
    // (The spec's examples' chain makes no txs: its L1's IDs are mainnet's, kept as given.)
    if (!options.omitTxs) for (const [k, { v, j }] of initial.entries()) {
      // ConvertSubnetToL1Tx.SyntacticVerify: ErrConvertValidatorsNotSortedAndUnique, ConvertSubnetToL1Validator.Verify: ErrZeroWeight.
      if (k > 0 && compareBytes(initial[k - 1]!.nodeID, initial[k]!.nodeID) === 0) throw new StateError(`${at}.l1Validators[${j}].nodeID: ${v.nodeID} is another initial validator's too (conversion validators must be sorted and unique)`);
      if (BigInt(v.weight) === 0n) throw new StateError(`${at}.l1Validators[${j}].weight: an initial validator's weight must be non-zero (validator weight must be non-zero)`);
    }
    if (initial.length === 0) {
      if (l1.conversionID === undefined) throw new StateError(`${at}.l1.conversionID: missing (an L1 with no initial validator gets no ConvertSubnetToL1Tx, as a conversion must include at least one validator; write its conversion ID, or mark a validator initial)`);
      if (l1.txID !== undefined) throw new StateError(`${at}.l1.txID: the mock makes no ConvertSubnetToL1Tx for an L1 with no initial validator (a conversion must include at least one validator)`);
      return { l1: { ...l1, conversionID: l1.conversionID }, l1Validators: members.map((v) => ({ ...v, validationID: v.validationID! })) };
    }
    // message.PChainOwner: short IDs (cb58), sorted by their bytes; no locktime.
    const pChainOwner = (o: StateOwner) => ({ threshold: o.threshold ?? 1, addresses: o.addresses.map(addressToShortId).sort((x, y) => compareBytes(decodeCB58(x), decodeCB58(y))) });
    const unsigned = {
      type: 'ConvertSubnetToL1Tx',
      subnetID,
      chainID: l1.managerChainID,
      address: l1.managerAddress,
      validators: initial.map(({ v, nodeID }) => ({
        nodeID: encodeHexNC(nodeID),
        weight: u64(v.weight),
        balance: u64(v.balance),
        signer: { publicKey: v.publicKey, proofOfPossession: `0x${'00'.repeat(96)}` },
        remainingBalanceOwner: pChainOwner(v.remainingBalanceOwner),
        deactivationOwner: pChainOwner(v.deactivationOwner),
      })),
      subnetAuthorization: noSignatures,
    };
    const txID = make(unsigned, [emptyCredential], l1.txID, `${at}.l1.txID`);
    const parts = initial.map(({ v, nodeID }) => ({ nodeID, publicKey: decodeHexNC(v.publicKey), weight: BigInt(v.weight) }));
    const conversionID = derivedID(l1.conversionID, subnetToL1ConversionID(subnetID, l1.managerChainID, decodeHexNC(l1.managerAddress), parts), `${at}.l1.conversionID`, 'conversion ID');
    const index = new Map(initial.map(({ j }, k) => [j, k]));
    const l1Validators = members.map((v, j) => {
      const k = index.get(j);
      return { ...v, validationID: k === undefined ? v.validationID! : derivedID(v.validationID, validationIDOf(subnetID, k), `${at}.l1Validators[${j}].validationID`, 'validation ID') };
    });
    return { l1: { ...l1, txID, conversionID }, l1Validators };
  };
  const withSubnetValidators = subnets.map(({ validators: given, ...s }, i) => {
    if (!given) return s;
    const members = given.map((v, j) => {
      const unsigned = { type: 'AddSubnetValidatorTx', validator: { nodeID: v.nodeID, start: u64(v.startTime), end: u64(v.endTime), weight: u64(v.weight), subnetID: s.id }, subnetAuthorization: noSignatures };
      return { ...v, txID: make(unsigned, [emptyCredential], v.txID, `${path}.subnets[${i}].validators[${j}].txID`) };
    });
    return { ...s, validators: members };
  });
  const withL1s = withSubnetValidators.map((s, i) => (s.l1 ? { ...s, ...convert(s.id, s.l1, s.l1Validators ?? [], `${path}.subnets[${i}]`) } : (s as Omit<typeof s, 'l1' | 'l1Validators'>)));
  const filled: StateWithIDs = { ...state, subnets: withL1s, chains, validators: withDelegators };
  for (const key of ['subnets', 'chains', 'validators'] as const) if (state[key] === undefined) delete filled[key];
  return { state: filled, txs };
}

/** The state with the ID of every tx the mock makes for it filled in (the IDs a state file may leave out, or must match). */
export function withDerivedIDs(state: StateFile): StateWithIDs {
  return stateTxs(state).state;
}
