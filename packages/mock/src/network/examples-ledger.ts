// The chain a node whose answers are the spec's examples holds: one state built from the
// examples, so the default mock answers every P-chain method it models from that state, as the
// node's service answers from its chain (network/answers.ts), and related answers agree.
// - The tip is the getBlock example's block, holding the getTx example's tx, at the getHeight
//   example's height and the getTimestamp example's time; the blocks below it are empty Banff
//   standard blocks, each the parent of the next (the spec's block example names the one below it
//   as its parent; test/examples-ledger.test.ts fails when an example and the state part).
// - UTXOs: the getUTXOs examples' bytes, and the UTXO each getBalance example names, built from
//   its fields (an unlocked secp256k1fx output of the example's balance to its address).
// - Validators, subnets and L1 validators: the getCurrentValidators, getSubnets and getSubnet
//   examples, each staker's stake one output of its weight to its reward owner; chains: the
//   getBlockchains example; reward UTXOs: the getRewardUTXOs examples; fees, supply, minimum stakes
//   and asset: theirs.
// - Statuses: the getTxStatus examples' Aborted and Dropped txs.
// Where an example cannot fit one state (an issueTx example re-issuing a tx the state holds), the
// state's answer wins: test/examples-ledger.test.ts lists each such example with the reason.
import { EMPTY_ID, decodeBlock, decodeHex, decodeUtxo, txId } from '@avanode/codec';
import { mockData } from '../generated/mock-data.js';
import { isObject } from '../is-object.js';
import { P_CHAIN_ID, appendBlock, cloneLedger, createLedger, makeUtxo, type Ledger } from './ledger.js';
import type { StateChain, StateFile, StateOwner, StateSubnet, StateValidator } from './state-file.js';

type Fields = Record<string, unknown>;
interface Example {
  params: Fields;
  result: Fields;
}

/** A method's examples, params and results as objects. */
function examplesOf(method: string): Example[] {
  return (mockData.methods[method]?.examples ?? []).map((e) => ({ params: isObject(e.params) ? e.params : {}, result: isObject(e.result) ? e.result : {} }));
}
const firstResult = (method: string): Fields => examplesOf(method)[0]?.result ?? {};

/** The examples are inconsistent with one chain: a build error names the example. */
class ExamplesStateError extends Error {
  override name = 'ExamplesStateError';
}

const apiOwnerToState = (owner: unknown): StateOwner => {
  const o = owner as { addresses: string[]; threshold: string; locktime: string };
  return { addresses: [...o.addresses], threshold: Number(o.threshold), locktime: o.locktime };
};
const subnetOf = (params: Fields): string => (typeof params.subnetID === 'string' && params.subnetID !== '' ? params.subnetID : EMPTY_ID);

/** Primary network validators: the fullest form of each (an example asking for one node lists its delegators). */
function primaryValidators(): StateValidator[] {
  const byNode = new Map<string, Fields>();
  for (const { params, result } of examplesOf('platform.getCurrentValidators')) {
    if (subnetOf(params) !== EMPTY_ID || !Array.isArray(result.validators)) continue;
    for (const v of result.validators as Fields[]) {
      const known = byNode.get(v.nodeID as string);
      if (!known || (v.delegators && !known.delegators)) byNode.set(v.nodeID as string, v);
    }
  }
  return [...byNode.values()].map((v) => ({
    nodeID: v.nodeID as string,
    txID: v.txID as string,
    startTime: v.startTime as string,
    endTime: v.endTime as string,
    weight: v.weight as string,
    uptime: v.uptime as string,
    connected: v.connected as boolean,
    delegationFee: v.delegationFee as string,
    potentialReward: v.potentialReward as string,
    accruedDelegateeReward: v.accruedDelegateeReward as string,
    rewardOwner: apiOwnerToState(v.validationRewardOwner),
    ...(v.delegationRewardOwner ? { delegationRewardOwner: apiOwnerToState(v.delegationRewardOwner) } : {}),
    ...(isObject(v.signer) ? { signer: v.signer as StateValidator['signer'] & object } : {}),
    delegators: ((v.delegators as Fields[] | undefined) ?? []).map((d) => ({
      txID: d.txID as string,
      startTime: d.startTime as string,
      endTime: d.endTime as string,
      weight: d.weight as string,
      rewardOwner: apiOwnerToState(d.rewardOwner),
      potentialReward: d.potentialReward as string,
    })),
  }));
}

/** Subnets in getSubnets' order, with their owners (getSubnet), L1 conversions and validators (getCurrentValidators). */
function subnets(): StateSubnet[] {
  const details = new Map(examplesOf('platform.getSubnet').map((e) => [e.params.subnetID as string, e.result]));
  const validatorsOf = new Map<string, Fields[]>();
  for (const { params, result } of examplesOf('platform.getCurrentValidators')) {
    if (subnetOf(params) !== EMPTY_ID && Array.isArray(result.validators)) validatorsOf.set(subnetOf(params), result.validators as Fields[]);
  }
  const listed = examplesOf('platform.getSubnets').find((e) => !Array.isArray(e.params.ids) || e.params.ids.length === 0);
  const all = ((listed?.result.subnets as Fields[] | undefined) ?? []).filter((s) => s.id !== P_CHAIN_ID);
  return all.map((s) => {
    const id = s.id as string;
    const detail = details.get(id);
    const owner: StateOwner = { addresses: [...(s.controlKeys as string[])], threshold: Number(s.threshold), locktime: (detail?.locktime as string | undefined) ?? '0' };
    const l1 = detail && detail.isPermissioned === false ? { conversionID: detail.conversionID as string, managerChainID: detail.managerChainID as string, managerAddress: detail.managerAddress as string } : undefined;
    const validators = validatorsOf.get(id) ?? [];
    return {
      id,
      owner,
      ...(l1 ? { l1 } : {}),
      validators: validators.filter((v) => v.validationID === undefined).map((v) => ({ nodeID: v.nodeID as string, txID: v.txID as string, startTime: v.startTime as string, endTime: v.endTime as string, weight: v.weight as string })),
      l1Validators: validators
        .filter((v) => v.validationID !== undefined)
        .map((v) => ({
          validationID: v.validationID as string,
          nodeID: v.nodeID as string,
          weight: v.weight as string,
          startTime: v.startTime as string,
          publicKey: v.publicKey as string,
          balance: v.balance as string,
          remainingBalanceOwner: apiOwnerToState(v.remainingBalanceOwner),
          deactivationOwner: apiOwnerToState(v.deactivationOwner),
          minNonce: v.minNonce as string,
        })),
    };
  });
}

/** The tip block: the getBlock example's bytes, decoded (its txs, time and height). */
function tipBlock(): { height: number; time: number; txs: Uint8Array[] } {
  const hex = examplesOf('platform.getBlock').find((e) => typeof e.result.block === 'string')?.result.block;
  if (typeof hex !== 'string') throw new ExamplesStateError('platform.getBlock: no example in hex');
  const block = decodeBlock(hex) as unknown as { height: number; time: number; txs: Array<{ id: string }> };
  // The block's txs as the getTx examples print them (the same bytes; a tx the getTx examples lack cannot be rebuilt).
  const txs = new Map<string, Uint8Array>();
  for (const { result } of examplesOf('platform.getTx')) if (typeof result.tx === 'string') txs.set(txId(decodeHex(result.tx)), decodeHex(result.tx));
  return {
    height: Number(block.height),
    time: Number(block.time),
    txs: block.txs.map((t) => {
      const bytes = txs.get(t.id);
      if (!bytes) throw new ExamplesStateError(`platform.getBlock: tx ${t.id} of the example block has no getTx example`);
      return bytes;
    }),
  };
}

/** The UTXOs the getUTXOs examples print, exactly as printed. */
function printedUtxos(ledger: Ledger): void {
  for (const { result } of examplesOf('platform.getUTXOs')) {
    for (const hex of (result.utxos as unknown[] | undefined) ?? []) {
      if (typeof hex !== 'string') continue;
      const utxo = decodeUtxo(hex) as unknown as { txID: string; outputIndex: number; assetID: string; output: Fields };
      const inner = ((utxo.output.output as Fields | undefined) ?? utxo.output) as { amount: number; locktime: number; threshold: number; addresses: string[] };
      const stakeable = utxo.output.output ? BigInt(utxo.output.locktime as number) : 0n;
      const record = makeUtxo(ledger, utxo.txID, utxo.outputIndex, utxo.assetID, BigInt(inner.amount), { locktime: BigInt(inner.locktime), threshold: inner.threshold, addresses: inner.addresses }, stakeable);
      // The record's bytes are the node's encoding of the same UTXO: they must be the example's.
      const printed = decodeHex(hex);
      if (printed.length !== record.bytes.length || !record.bytes.every((b, i) => b === printed[i])) {
        throw new ExamplesStateError(`platform.getUTXOs: the example UTXO ${record.id} is not in the node's canonical encoding`);
      }
      ledger.utxos.set(record.id, record);
    }
  }
}

/** The UTXO each getBalance example names: an unlocked output of its AVAX balance to its one address. */
function balanceUtxos(ledger: Ledger): void {
  for (const { params, result } of examplesOf('platform.getBalance')) {
    const ids = (result.utxoIDs as Array<{ txID: string; outputIndex: number }> | null) ?? [];
    const addresses = params.addresses as string[] | undefined;
    if (ids.length === 0) continue;
    if (ids.length !== 1 || addresses?.length !== 1 || result.unlocked !== result.balance) {
      throw new ExamplesStateError('platform.getBalance: an example naming one UTXO of one address, all of it unlocked, is what the state can rebuild');
    }
    const [{ txID, outputIndex }] = ids as [{ txID: string; outputIndex: number }];
    const record = makeUtxo(ledger, txID, outputIndex, ledger.avaxAssetID, BigInt(result.balance as string), { locktime: 0n, threshold: 1, addresses });
    if (!ledger.utxos.has(record.id)) ledger.utxos.set(record.id, record);
  }
}

/** The examples' ledger per block time, built once (about 15 ms: 1,205 blocks) and copied for each node. */
const built = new Map<number, Ledger>();

/** The state the examples describe, as a ledger of its own; `blockTimeMs` spaces the blocks below the tip. */
export function createExamplesLedger(blockTimeMs: number): Ledger {
  let ledger = built.get(blockTimeMs);
  if (!ledger) {
    ledger = buildExamplesLedger(blockTimeMs);
    if (built.size >= 8) built.clear();
    built.set(blockTimeMs, ledger);
  }
  return cloneLedger(ledger);
}

function buildExamplesLedger(blockTimeMs: number): Ledger {
  const tip = tipBlock();
  const height = Number(firstResult('platform.getHeight').height ?? tip.height);
  if (height !== tip.height) throw new ExamplesStateError(`platform.getHeight: the example height ${height} is not the example block's ${tip.height}`);
  const step = Math.max(1, Math.round(blockTimeMs / 1000));
  const state: StateFile = {
    networkID: Number(firstResult('info.getNetworkID').networkID ?? 1),
    time: tip.time - step,
    height: height - 1,
    avaxAssetID: firstResult('platform.getStakingAssetID').assetID as string,
    supply: firstResult('platform.getCurrentSupply').supply as string,
    minStake: { validator: firstResult('platform.getMinStake').minValidatorStake as string, delegator: firstResult('platform.getMinStake').minDelegatorStake as string },
    validators: primaryValidators(),
    subnets: subnets(),
    chains: ((firstResult('platform.getBlockchains').blockchains as StateChain[] | undefined) ?? []).map((c) => ({ id: c.id, name: c.name, subnetID: c.subnetID, vmID: c.vmID })),
  };
  // The examples' IDs and blocks are mainnet's own: no tx is made for their stakers and subnets (network/state-txs.ts).
  const ledger = createLedger(state, blockTimeMs, { omitTxs: true });
  for (const { params, result } of examplesOf('platform.getRewardUTXOs')) {
    const utxos = ((result.utxos as unknown[] | undefined) ?? []).filter((u): u is string => typeof u === 'string').map((hex) => decodeHex(hex));
    if (typeof params.txID === 'string' && utxos.length) ledger.rewardUtxos.set(params.txID, utxos);
  }
  printedUtxos(ledger);
  balanceUtxos(ledger);
  appendBlock(ledger, tip.time, tip.txs.map((bytes) => ({ bytes })));
  // The tip was accepted just now: a proposer's height is the one below it (validators/manager.go GetMinimumHeight).
  ledger.recentlyAccepted.push({ height, atMs: tip.time * 1000 });
  for (const { params, result } of examplesOf('platform.getTxStatus')) {
    const id = params.txID as string;
    if (result.status === 'Dropped') ledger.dropped.set(id, String(result.reason ?? ''));
    else if (result.status === 'Aborted') ledger.aborted.add(id);
    else if (result.status === 'Committed' && !ledger.txs.has(id)) throw new ExamplesStateError(`platform.getTxStatus: the committed tx ${id} is in no example block`);
  }
  ledger.fromExamples = true;
  return ledger;
}
