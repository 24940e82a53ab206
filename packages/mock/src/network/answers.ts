// What the network answers, method by method, from the ledger: the shapes and errors of
// avalanchego v1.14.2's vms/platformvm/service.go (and info.getNetworkID/getNetworkName from
// api/info/service.go). A method missing here answers from the spec's examples.
import { atomicUtxosByAddress } from '../chains/p/atomic.js';
import { CodecError, EMPTY_ID, addressToShortId, decodeBytes, decodeCB58, decodeTx, encodeHex, encodeHexNC, encodeTransferableOutput, formatAddress, parseTx } from '@avanode/codec';
import { NODE_ID } from '../node-identity.js';
import { AVM_ID, EVM_ID } from './seed.js';
import { idParseError } from '../node-checks/platform-txs.js';
import { goQuote } from '../envelope/go-json.js';
import { mockData } from '../generated/mock-data.js';
import { P_CHAIN_ID, blockJson, chainTime, compareBytes, lastBlock, proposedHeight, type BlockRecord, type Ledger, type Owner, type Staker, type UtxoRecord } from './ledger.js';
import { issueTx } from './txs.js';
import { gasPrice, validatorPrice } from '../state/fees.js';
import { getAllValidatorsAt, getValidatorsAt, sampleValidators } from './validator-answers.js';
import { nodeUptime, shownUptime } from './uptime.js';

import type { Answer } from './answer.js';

export type { Answer };
type Params = Record<string, unknown>;
type Handler = (ledger: Ledger, params: Params) => Answer | undefined;

const MAX_UINT64 = 2n ** 64n - 1n;
/** A uint64 as Go prints it in these answers (json.Uint64 is a bare number): a number while exact, else a bigint (jsonText writes it bare). */
const u64 = (value: bigint): number | bigint => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);
const ok = (result: unknown): Answer => ({ result });
const failed = (error: string): Answer => ({ error });
const str = (value: bigint | number) => String(value);
const isEmptyID = (value: unknown) => value === undefined || value === null || value === '' || value === EMPTY_ID;

/** formatting.Encoding as the node reads it; hex when omitted. */
function encodingOf(params: Params): 'hex' | 'hexc' | 'hexnc' | 'json' {
  const value = typeof params.encoding === 'string' ? params.encoding.toLowerCase() : 'hex';
  return value === 'hexc' || value === 'hexnc' || value === 'json' ? value : 'hex';
}
/** hex with its checksum (a sha256) per byte string, remembered: blocks and UTXOs never change, and are asked for again and again. */
const hexOf = new WeakMap<Uint8Array, string>();
function encodeAs(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'hexnc') return encodeHexNC(bytes);
  let hex = hexOf.get(bytes);
  if (hex === undefined) {
    hex = encodeHex(bytes);
    hexOf.set(bytes, hex);
  }
  return hex;
}

const apiOwner = (owner: Owner) => ({ locktime: str(owner.locktime), threshold: str(owner.threshold), addresses: owner.addresses });

/** Go's time.Time JSON in UTC: RFC 3339, no fraction when whole seconds. */
const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

function blockAnswer(ledger: Ledger, block: BlockRecord, params: Params): Answer {
  const encoding = encodingOf(params);
  return ok({ block: encoding === 'json' ? blockJson(ledger, block) : encodeAs(block.bytes, encoding), encoding });
}

/**
 * Short IDs of the addresses calls name, remembered: a test asks about the same few addresses
 * again and again, and each parse is a bech32 decode and a checksummed cb58 encode.
 */
const shortIdOf = new Map<string, string>();
const SHORT_ID_CACHE = 10_000;

const bytesOfShortId = new Map<string, Uint8Array>();
/** A short ID's bytes (a checksummed cb58 decode), remembered as the short IDs are. */
function shortIdBytes(key: string): Uint8Array {
  let bytes = bytesOfShortId.get(key);
  if (bytes === undefined) {
    bytes = decodeCB58(key);
    if (bytesOfShortId.size >= SHORT_ID_CACHE) bytesOfShortId.clear();
    bytesOfShortId.set(key, bytes);
  }
  return bytes;
}

/** The short IDs of service addresses; undefined when one does not parse (the schema answers for it). */
function shortIDs(addresses: unknown): string[] | undefined {
  if (!Array.isArray(addresses)) return addresses === undefined || addresses === null ? [] : undefined;
  try {
    return addresses.map((a) => {
      if (typeof a !== 'string' || !a.includes('-')) return String(a);
      let key = shortIdOf.get(a);
      if (key === undefined) {
        key = addressToShortId(a);
        if (shortIdOf.size >= SHORT_ID_CACHE) shortIdOf.clear();
        shortIdOf.set(a, key);
      }
      return key;
    });
  } catch {
    return undefined;
  }
}

/** UTXOs per address, addresses in byte order and UTXOs in ID order (the node's database order). */
function utxosByAddress(ledger: Ledger, keys: string[]): Array<{ key: string; utxos: UtxoRecord[] }> {
  const sorted = [...new Set(keys)].map((key) => ({ key, bytes: shortIdBytes(key) })).sort((a, b) => compareBytes(a.bytes, b.bytes));
  const wanted = new Map(sorted.map(({ key }) => [key, [] as UtxoRecord[]]));
  for (const utxo of ledger.utxos.values()) {
    for (const key of new Set(utxo.keys)) wanted.get(key)?.push(utxo);
  }
  return sorted.map(({ key }) => ({ key, utxos: wanted.get(key)!.sort((a, b) => compareBytes(a.idBytes, b.idBytes)) }));
}

/** avax.GetPaginatedUTXOs over the ledger. */
function getUTXOs(ledger: Ledger, params: Params): Answer | undefined {
  const keys = shortIDs(params.addresses);
  if (!keys) return undefined;
  const encoding = encodingOf(params);
  const sourceChain = typeof params.sourceChain === 'string' ? params.sourceChain : '';
  const start = (params.startIndex ?? {}) as { address?: string; utxo?: string };
  // avax.ParseServiceAddress, as for the addresses: a bare cb58 short ID or `<chain>-<hrp>1…`.
  let lastAddr = start.address ? shortIDs([start.address])?.[0] : undefined;
  let lastUTXO = start.utxo && start.address ? start.utxo : EMPTY_ID;
  const raw = Number(params.limit ?? 0);
  let limit = !Number.isFinite(raw) || raw <= 0 || raw > 1024 ? 1024 : raw;
  const found: UtxoRecord[] = [];
  // Atomic UTXOs another chain exported to the P-chain: shared memory (chains/p/atomic.ts).
  const atomic = sourceChain !== '' && !['P', 'platform', P_CHAIN_ID].includes(sourceChain);
  const searchSize = limit;
  const listed = !atomic ? utxosByAddress(ledger, keys) : ledger.sharedMemory ? atomicUtxosByAddress(ledger, ledger.sharedMemory, chainIdOf(ledger, sourceChain), keys) : [];
  outer: for (const { key, utxos } of listed) {
    let from: string | undefined;
    if (lastAddr !== undefined) {
      const cmp = compareBytes(shortIdBytes(key), shortIdBytes(lastAddr));
      if (cmp < 0) continue;
      if (cmp === 0) from = lastUTXO;
    }
    lastAddr = key;
    const fromBytes = from && from !== EMPTY_ID ? decodeCB58(from) : undefined;
    const after = fromBytes ? utxos.filter((u) => compareBytes(u.idBytes, fromBytes) > 0) : utxos;
    for (const utxo of after.slice(0, searchSize)) {
      lastUTXO = utxo.id;
      if (found.includes(utxo)) continue;
      found.push(utxo);
      if (--limit <= 0) break outer;
    }
  }
  // Service.GetUTXOs encodes each UTXO found: formatting.Encode refuses json, so json answers only
  // when there is none to encode (then with an empty list, as the node does).
  if (encoding === 'json' && found.length > 0) return failed(`couldn't encode UTXO ${found[0]!.id} as json: unsupported encoding in method`);
  const endAddress = formatAddress(lastAddr ? shortIdBytes(lastAddr) : new Uint8Array(20), ledger.networkID);
  return ok({
    numFetched: str(found.length),
    utxos: found.map((u) => encodeAs(u.bytes, encoding)),
    endIndex: { address: endAddress, utxo: lastUTXO },
    encoding,
  });
}

function getBalance(ledger: Ledger, params: Params): Answer | undefined {
  const keys = shortIDs(params.addresses);
  if (!keys) return undefined;
  // Service.GetBalance: the locks against the node's clock (s.vm.clock.Unix()), not the chain's time.
  const now = BigInt(Math.floor(ledger.clockMs() / 1000));
  const maps = { unlockeds: new Map<string, bigint>(), lockedStakeables: new Map<string, bigint>(), lockedNotStakeables: new Map<string, bigint>() };
  // safemath.Add, saturated at MaxUint64 on overflow as Service.GetBalance does.
  const add = (map: Map<string, bigint>, asset: string, amount: bigint) => {
    const sum = (map.get(asset) ?? 0n) + amount;
    map.set(asset, sum > MAX_UINT64 ? MAX_UINT64 : sum);
  };
  const seen = new Set<UtxoRecord>();
  for (const { utxos } of utxosByAddress(ledger, keys)) for (const u of utxos) seen.add(u);
  // vms/platformvm/service.go Service.GetBalance (v1.14.2): the inner locktime first, then the stakeable one.
  for (const u of seen) {
    if (u.owner.locktime > now) add(maps.lockedNotStakeables, u.assetID, u.amount);
    else if (u.stakeableLocktime > now) add(maps.lockedStakeables, u.assetID, u.amount);
    else add(maps.unlockeds, u.assetID, u.amount);
  }
  const balances = new Map<string, bigint>();
  for (const map of [maps.lockedStakeables, maps.lockedNotStakeables, maps.unlockeds]) for (const [asset, amount] of map) add(balances, asset, amount);
  const avax = (map: Map<string, bigint>) => str(map.get(ledger.avaxAssetID) ?? 0n);
  const json = (map: Map<string, bigint>) => Object.fromEntries([...map].map(([k, v]) => [k, str(v)]));
  return ok({
    balance: avax(balances),
    unlocked: avax(maps.unlockeds),
    lockedStakeable: avax(maps.lockedStakeables),
    lockedNotStakeable: avax(maps.lockedNotStakeables),
    balances: json(balances),
    unlockeds: json(maps.unlockeds),
    lockedStakeables: json(maps.lockedStakeables),
    lockedNotStakeables: json(maps.lockedNotStakeables),
    utxoIDs: seen.size ? [...seen].map((u) => ({ txID: u.txID, outputIndex: u.outputIndex })) : null,
  });
}

/** A NodeID-… string's 20 bytes (checksummed cb58). */
const nodeIdBytes = (nodeID: string): Uint8Array => decodeCB58(nodeID.slice('NodeID-'.length));

function getCurrentValidators(ledger: Ledger, params: Params): Answer {
  const subnetID = isEmptyID(params.subnetID) ? P_CHAIN_ID : String(params.subnetID);
  const wanted = Array.isArray(params.nodeIDs) ? new Set(params.nodeIDs as string[]) : new Set<string>();
  const now = BigInt(chainTime(ledger));
  const pick = <T extends { nodeID: string }>(list: T[]) => (wanted.size ? list.filter((v) => wanted.has(v.nodeID)) : list);
  // The current stakers in the node's iterator order: by end time, then tx ID.
  const stakers = pick(ledger.stakers.filter((s) => s.subnetID === subnetID && s.startTime <= now)).sort((a, b) => (a.endTime === b.endTime ? compareBytes(decodeCB58(a.txID), decodeCB58(b.txID)) : a.endTime < b.endTime ? -1 : 1));
  const validators: unknown[] = stakers.map((s) => {
    if (!s.permissionless) return { txID: s.txID, startTime: str(s.startTime), endTime: str(s.endTime), nodeID: s.nodeID, weight: str(s.weight) };
    const p = s.permissionless;
    const delegators = s.delegators.filter((d) => d.startTime <= now);
    return {
      txID: s.txID,
      startTime: str(s.startTime),
      endTime: str(s.endTime),
      weight: str(s.weight),
      nodeID: s.nodeID,
      validationRewardOwner: apiOwner(p.validationRewardOwner),
      delegationRewardOwner: apiOwner(p.delegationRewardOwner),
      potentialReward: str(p.potentialReward),
      accruedDelegateeReward: str(p.accruedDelegateeReward),
      delegationFee: p.delegationFee,
      ...(subnetID === P_CHAIN_ID ? { uptime: shownUptime(p.uptime), connected: p.connected } : {}),
      ...(p.signer ? { signer: p.signer } : {}),
      // api.AutoRenewedConfig (v1.15.0-fuji), embedded after Signer: the authority from the tx, the rest from StakingInfo.
      ...(s.autoRenewed ? { validatorAuthority: apiOwner(s.autoRenewed.authority), nextPeriod: str(s.autoRenewed.nextPeriod), autoCompoundRewardShares: str(s.autoRenewed.autoCompoundRewardShares) } : {}),
      delegatorCount: str(delegators.length),
      delegatorWeight: str(delegators.reduce((sum, d) => sum + d.weight, 0n)),
      ...(wanted.size === 1
        ? { delegators: delegators.map((d) => ({ txID: d.txID, startTime: str(d.startTime), endTime: str(d.endTime), weight: str(d.weight), nodeID: s.nodeID, rewardOwner: apiOwner(d.rewardOwner), potentialReward: str(d.potentialReward) })) }
        : {}),
    };
  });
  // state.GetCurrentValidators: the L1's validators from subnetIDNodeIDDB, by subnet ID then node ID: in node ID byte order, inactive ones too.
  const l1 = pick(ledger.l1Validators.filter((l) => l.subnetID === subnetID)).sort((a, b) => compareBytes(nodeIdBytes(a.nodeID), nodeIdBytes(b.nodeID)));
  for (const v of l1) {
    validators.push({
      nodeID: v.nodeID,
      weight: str(v.weight),
      startTime: str(v.startTime),
      validationID: v.validationID,
      publicKey: v.publicKey,
      remainingBalanceOwner: apiOwner(v.remainingBalanceOwner),
      deactivationOwner: apiOwner(v.deactivationOwner),
      minNonce: str(v.minNonce),
      balance: str(v.balance),
    });
  }
  return ok({ validators });
}

function subnetAnswer(ledger: Ledger, subnetID: string): Answer {
  const subnet = ledger.subnets.find((s) => s.id === subnetID);
  if (!subnet) return failed('not found');
  return ok({
    isPermissioned: !subnet.l1,
    controlKeys: subnet.owner.addresses,
    threshold: str(subnet.owner.threshold),
    locktime: str(subnet.owner.locktime),
    subnetTransformationTxID: EMPTY_ID,
    conversionID: subnet.l1?.conversionID ?? EMPTY_ID,
    managerChainID: subnet.l1?.managerChainID ?? EMPTY_ID,
    managerAddress: subnet.l1?.managerAddress ?? null,
  });
}

function issue(ledger: Ledger, params: Params): Answer | undefined {
  const encoding = encodingOf(params);
  let bytes: Uint8Array;
  try {
    bytes = decodeBytes(String(params.tx ?? ''), encoding === 'json' ? 'hex' : encoding);
  } catch (error) {
    // The service checks answered the decoding errors they can see; a bad checksum is left.
    if (error instanceof CodecError && /checksum/i.test(error.message)) return failed('problem decoding transaction: invalid input checksum');
    return undefined;
  }
  let parsed: ReturnType<typeof parseTx>;
  try {
    parsed = parseTx(bytes, { network: ledger.networkID });
  } catch (error) {
    return failed(`couldn't parse tx: ${(error as Error).message}`);
  }
  const outcome = issueTx(ledger, bytes, parsed.tx, parsed.unsignedBytes);
  return 'error' in outcome ? failed(`couldn't issue tx: ${outcome.error}`) : ok({ txID: outcome.txID });
}


/** validators.Manager GetValidator: a current validator of the subnet (an L1's active validators). */
function validates(ledger: Ledger, subnetID: string, nodeID: string): boolean {
  const now = BigInt(chainTime(ledger));
  if (ledger.stakers.some((s) => s.subnetID === subnetID && s.nodeID === nodeID && s.startTime <= now)) return true;
  return ledger.l1Validators.some((v) => v.subnetID === subnetID && v.nodeID === nodeID && v.balance > 0n);
}

/**
 * chains.Manager Lookup: the aliases of the chains this node runs (the primary network's, and
 * those of the subnets it validates): each chain's ID, and `P`/`platform`, `X`/`avm`, `C`/`evm`.
 */
/** A chain alias or ID as the chain ID it names (the alias itself when the node knows no such chain). */
const chainIdOf = (ledger: Ledger, alias: string): string => lookupAlias(ledger, alias) ?? alias;

export function lookupAlias(ledger: Ledger, alias: string): string | undefined {
  if (alias === 'P' || alias === 'platform' || alias === P_CHAIN_ID) return P_CHAIN_ID;
  for (const chain of ledger.chains) {
    const runs = chain.subnetID === P_CHAIN_ID || validates(ledger, chain.subnetID, NODE_ID);
    if (!runs) continue;
    if (alias === chain.id) return chain.id;
    if (chain.subnetID === P_CHAIN_ID && ((chain.vmID === AVM_ID && (alias === 'X' || alias === 'avm')) || (chain.vmID === EVM_ID && (alias === 'C' || alias === 'evm')))) return chain.id;
  }
  return undefined;
}

/** Service.GetBlockchainStatus (v1.14.2): a chain this node runs is Validating or Syncing; one it does not, Created; else Unknown. */
function getBlockchainStatus(ledger: Ledger, params: Params): Answer | undefined {
  if (typeof params.blockchainID !== 'string') return undefined;
  const aliased = lookupAlias(ledger, params.blockchainID);
  if (aliased !== undefined) {
    // nodeValidates: the chain's CreateChainTx (none for the P-chain itself) and this node in its subnet's set.
    const chain = ledger.chains.find((c) => c.id === aliased);
    return ok({ status: chain && validates(ledger, chain.subnetID, NODE_ID) ? 'Validating' : 'Syncing' });
  }
  const why = idParseError(params.blockchainID);
  if (why !== undefined) return failed(`problem parsing blockchainID ${goQuote(params.blockchainID)}: ${why}`);
  // No processing blocks: the preferred block's state is the last accepted one's, so Preferred never shows.
  return ok({ status: ledger.chains.some((c) => c.id === params.blockchainID) ? 'Created' : 'Unknown' });
}


/** vm.GetSubnetID (validators/manager.go): the P-chain's is the primary network; else a CreateChainTx's subnet. */
function validatedBy(ledger: Ledger, params: Params): Answer {
  const id = typeof params.blockchainID === 'string' && params.blockchainID !== '' ? params.blockchainID : EMPTY_ID;
  if (id === P_CHAIN_ID) return ok({ subnetID: P_CHAIN_ID });
  const chain = ledger.chains.find((c) => c.id === id);
  if (chain) return ok({ subnetID: chain.subnetID });
  if (ledger.txs.has(id) || ledger.subnets.some((s) => s.id === id)) return failed(`"${id}" is not a blockchain`);
  return failed(`problem retrieving blockchain "${id}": not found`);
}

/** Service.Validates: the chains of the primary network or of a subnet, by chain ID (state.GetChains iterates its prefix). */
function validatesAnswer(ledger: Ledger, params: Params): Answer {
  const id = isEmptyID(params.subnetID) ? P_CHAIN_ID : String(params.subnetID);
  if (id !== P_CHAIN_ID && !ledger.subnets.some((s) => s.id === id)) {
    return failed(ledger.txs.has(id) || ledger.chains.some((c) => c.id === id) ? `"${id}" is not a subnet` : `problem retrieving subnet "${id}": not found`);
  }
  const ids = ledger.chains.filter((c) => c.subnetID === id).map((c) => c.id).sort((a, b) => compareBytes(decodeCB58(a), decodeCB58(b)));
  return ok({ blockchainIDs: ids });
}

/** Service.GetBlockchains: each subnet's chains (subnets in the state's order), then the primary network's. */
function getBlockchains(ledger: Ledger): Answer {
  const api = (c: { id: string; name: string; subnetID: string; vmID: string }) => ({ id: c.id, name: c.name, subnetID: c.subnetID, vmID: c.vmID });
  const bySubnet = ledger.subnets.flatMap((s) => ledger.chains.filter((c) => c.subnetID === s.id));
  return ok({ blockchains: [...bySubnet, ...ledger.chains.filter((c) => c.subnetID === P_CHAIN_ID)].map(api) });
}

/**
 * Service.GetStake: the staked outputs of current stakers (validators only with
 * `validatorsOnly`) that name one of the addresses, in the stakers' order (end time, then tx ID),
 * each encoded as a TransferableOutput (codec version first).
 */
function getStake(ledger: Ledger, params: Params): Answer | undefined {
  const keys = shortIDs(params.addresses);
  if (!keys) return undefined;
  const wanted = new Set(keys);
  const encoding = encodingOf(params);
  const validatorsOnly = params.validatorsOnly === true;
  const stakers: Array<{ endTime: bigint; txID: string; stake: Staker['stake'] }> = [];
  for (const s of ledger.stakers) {
    stakers.push({ endTime: s.endTime, txID: s.txID, stake: s.stake });
    if (!validatorsOnly) for (const d of s.delegators) stakers.push({ endTime: d.endTime, txID: d.txID, stake: d.stake ?? [] });
  }
  stakers.sort((a, b) => (a.endTime === b.endTime ? compareBytes(decodeCB58(a.txID), decodeCB58(b.txID)) : a.endTime < b.endTime ? -1 : 1));
  const totals = new Map<string, bigint>();
  const outputs: Uint8Array[] = [];
  for (const staker of stakers) {
    for (const out of staker.stake) {
      if (!shortIDs(out.owner.addresses)?.some((k) => wanted.has(k))) continue;
      const sum = (totals.get(out.assetID) ?? 0n) + out.amount;
      totals.set(out.assetID, sum > MAX_UINT64 ? MAX_UINT64 : sum);
      outputs.push(encodeStakeOutput(out));
    }
  }
  // formatting.Encode refuses json for the first output there is.
  const firstAsset = stakers.flatMap((s) => s.stake).find((o) => shortIDs(o.owner.addresses)?.some((k) => wanted.has(k)))?.assetID;
  if (encoding === 'json' && firstAsset !== undefined) return failed(`couldn't encode output ${firstAsset} as json: unsupported encoding in method`);
  return ok({
    staked: str(totals.get(ledger.avaxAssetID) ?? 0n),
    stakeds: Object.fromEntries([...totals].map(([k, v]) => [k, str(v)])),
    stakedOutputs: outputs.map((bytes) => encodeAs(bytes, encoding)),
    encoding,
  });
}

/** A staked output as txs.Codec marshals it: the codec version, then the avax.TransferableOutput (encodeTransferableOutput writes both). */
function encodeStakeOutput(out: Staker['stake'][number]): Uint8Array {
  const transfer = { addresses: out.owner.addresses, amount: u64(out.amount), locktime: u64(out.owner.locktime), threshold: out.owner.threshold };
  return encodeTransferableOutput({ assetID: out.assetID, output: transfer } as never);
}

/** Service.GetRewardUTXOs: the UTXOs the staker's tx was rewarded with; none for any other ID. */
function getRewardUTXOs(ledger: Ledger, params: Params): Answer {
  const id = typeof params.txID === 'string' && params.txID !== '' ? params.txID : EMPTY_ID;
  const utxos = ledger.rewardUtxos.get(id) ?? [];
  const encoding = encodingOf(params);
  // formatting.Encode refuses json for the first UTXO there is.
  if (encoding === 'json' && utxos.length > 0) return failed('couldn\'t encode utxo as json: unsupported encoding in method');
  return ok({ numFetched: str(utxos.length), utxos: utxos.map((bytes) => encodeAs(bytes, encoding)), encoding });
}

/** Service.GetMinStake: the primary network's config; any other subnet would need a TransformSubnetTx, which no subnet of the mock has. */
function getMinStake(ledger: Ledger, params: Params): Answer {
  if (isEmptyID(params.subnetID)) return ok({ minValidatorStake: str(ledger.minStake.validator), minDelegatorStake: str(ledger.minStake.delegator) });
  return failed(`failed fetching subnet transformation for ${String(params.subnetID)}: not found`);
}

const NETWORK_NAMES: Record<number, string> = { 1: 'mainnet', 2: 'cascade', 3: 'denali', 4: 'everest', 5: 'fuji', 10: 'testing', 12345: 'local' };

export const answers: Record<string, Handler> = {
  // api/info/service.go GetBlockchainID and IsBootstrapped: chains.Manager Lookup over the chains this node runs (every one bootstrapped).
  'info.getBlockchainID': (l, p) => {
    const alias = typeof p.alias === 'string' ? p.alias : '';
    const id = lookupAlias(l, alias);
    return id === undefined ? failed(`there is no ID with alias: ${alias}`) : ok({ blockchainID: id });
  },
  'info.isBootstrapped': (l, p) => {
    const chain = typeof p.chain === 'string' ? p.chain : '';
    return lookupAlias(l, chain) === undefined ? failed(`there is no chain with alias/ID '${chain}'`) : ok({ isBootstrapped: true });
  },
  'platform.getBlockchains': getBlockchains,
  'platform.getBlockchainStatus': getBlockchainStatus,
  'platform.validatedBy': validatedBy,
  'platform.validates': validatesAnswer,
  'platform.getStake': getStake,
  'platform.getRewardUTXOs': getRewardUTXOs,
  'platform.getMinStake': getMinStake,
  'info.getNetworkID': (l) => ok({ networkID: str(l.networkID) }),
  // api/info/service.go Uptime over network.NodeUptime: this node's uptime as its validator peers see it (network/uptime.ts).
  'info.uptime': (l) => nodeUptime(l, l.fromExamples === true),
  // api/info/service.go Upgrades: the node's upgrade.Config; the other times stay the examples' (mainnet's), Helicon's is this network's.
  'info.upgrades': (l) => ok({ ...(mockData.methods['info.upgrades']?.examples[0]?.result as Record<string, unknown>), heliconTime: rfc3339(Number(l.heliconTime)) }),
  'info.getNetworkName': (l) => ok({ networkName: NETWORK_NAMES[l.networkID] ?? `network-${l.networkID}` }),
  'platform.getHeight': (l) => ok({ height: str(lastBlock(l).height) }),
  'platform.getProposedHeight': (l) => ok({ height: str(proposedHeight(l, l.clockMs())) }),
  'platform.getTimestamp': (l) => ok({ timestamp: rfc3339(chainTime(l)) }),
  'platform.getBlock': (l, p) => {
    const block = typeof p.blockID === 'string' ? l.blocksByID.get(p.blockID) : undefined;
    return block ? blockAnswer(l, block, p) : failed(`couldn't get block with id ${typeof p.blockID === 'string' ? p.blockID : EMPTY_ID}: not found`);
  },
  'platform.getBlockByHeight': (l, p) => {
    const height = p.height === undefined || p.height === null ? 0n : BigInt(p.height as string);
    const block = height < BigInt(l.blocks.length) ? l.blocks[Number(height)] : undefined;
    return block ? blockAnswer(l, block, p) : failed(`couldn't get block at height ${height}: not found`);
  },
  'platform.getTx': (l, p) => {
    const entry = typeof p.txID === 'string' ? l.txs.get(p.txID) : undefined;
    if (!entry) return failed("couldn't get tx: not found");
    const encoding = encodingOf(p);
    return ok({ tx: encoding === 'json' ? decodeTx(entry.bytes, { network: l.networkID }) : encodeAs(entry.bytes, encoding), encoding });
  },
  'platform.getTxStatus': (l, p) => {
    const id = typeof p.txID === 'string' ? p.txID : EMPTY_ID;
    // Service.GetTxStatus: the state's status first (Committed, or Aborted for an old proposal), then the mempool, then the drop reasons.
    if (l.aborted.has(id)) return ok({ status: 'Aborted' });
    if (l.txs.has(id)) return ok({ status: 'Committed' });
    if (l.mempool.has(id)) return ok({ status: 'Processing' });
    const reason = l.dropped.get(id);
    return ok(reason === undefined ? { status: 'Unknown' } : { status: 'Dropped', reason });
  },
  'platform.issueTx': issue,
  'platform.getUTXOs': getUTXOs,
  'platform.getBalance': getBalance,
  'platform.getCurrentValidators': getCurrentValidators,
  'platform.getValidatorsAt': getValidatorsAt,
  'platform.getAllValidatorsAt': getAllValidatorsAt,
  'platform.sampleValidators': sampleValidators,
  'platform.getTotalStake': (l, p) => {
    const subnetID = isEmptyID(p.subnetID) ? P_CHAIN_ID : String(p.subnetID);
    const now = BigInt(chainTime(l));
    let weight = 0n;
    for (const s of l.stakers) if (s.subnetID === subnetID && s.startTime <= now) weight += s.weight + s.delegators.filter((d) => d.startTime <= now).reduce((sum, d) => sum + d.weight, 0n);
    for (const v of l.l1Validators) if (v.subnetID === subnetID) weight += v.weight;
    return ok({ stake: str(weight), weight: str(weight) });
  },
  'platform.getCurrentSupply': (l, p) => (isEmptyID(p.subnetID) ? ok({ supply: str(l.supply), height: str(lastBlock(l).height) }) : failed('fetching current supply failed: not found')),
  'platform.getStakingAssetID': (l, p) => (isEmptyID(p.subnetID) ? ok({ assetID: l.avaxAssetID }) : undefined),
  'platform.getSubnet': (l, p) => subnetAnswer(l, String(p.subnetID)),
  'platform.getSubnets': (l, p) => {
    const legacy = (s: { id: string; owner: Owner }) => ({ id: s.id, controlKeys: s.owner.addresses, threshold: str(s.owner.threshold) });
    const ids = Array.isArray(p.ids) ? (p.ids as string[]) : [];
    if (!ids.length) return ok({ subnets: [...l.subnets.map(legacy), { id: P_CHAIN_ID, controlKeys: [], threshold: '0' }] });
    const known = [...new Set(ids)].map((id) => l.subnets.find((s) => s.id === id)).filter((s) => s !== undefined);
    return ok({ subnets: known.length ? known.map(legacy) : null });
  },
  // Service.GetFeeConfig/GetFeeState/GetValidatorFeeConfig/GetValidatorFeeState (v1.14.2): the
  // state after the last accepted block, its price, and the chain's time.
  'platform.getFeeConfig': (l) => {
    const c = l.fees.config;
    return ok({ weights: [c.weights.bandwidth, c.weights.dbRead, c.weights.dbWrite, c.weights.compute].map(u64), maxCapacity: u64(c.maxCapacity), maxPerSecond: u64(c.maxPerSecond), targetPerSecond: u64(c.targetPerSecond), minPrice: u64(c.minPrice), excessConversionConstant: u64(c.excessConversionConstant) });
  },
  'platform.getFeeState': (l) => ok({ capacity: u64(l.fees.state.capacity), excess: u64(l.fees.state.excess), price: u64(gasPrice(l.fees)), timestamp: rfc3339(chainTime(l)) }),
  'platform.getValidatorFeeConfig': (l) => {
    const c = l.fees.validatorConfig;
    return ok({ capacity: u64(c.capacity), target: u64(c.target), minPrice: u64(c.minPrice), excessConversionConstant: u64(c.excessConversionConstant) });
  },
  'platform.getValidatorFeeState': (l) => ok({ excess: u64(l.fees.validatorExcess), price: u64(validatorPrice(l.fees)), timestamp: rfc3339(chainTime(l)) }),
  'platform.getL1Validator': (l, p) => {
    const v = l.l1Validators.find((x) => x.validationID === p.validationID);
    if (!v) return failed(`fetching L1 validator "${String(p.validationID)}" failed: not found`);
    return ok({
      nodeID: v.nodeID,
      weight: str(v.weight),
      startTime: str(v.startTime),
      validationID: v.validationID,
      publicKey: v.publicKey,
      remainingBalanceOwner: apiOwner(v.remainingBalanceOwner),
      deactivationOwner: apiOwner(v.deactivationOwner),
      minNonce: str(v.minNonce),
      balance: str(v.balance),
      subnetID: v.subnetID,
      height: str(lastBlock(l).height),
    });
  },
};

/**
 * The methods whose answers only read the ledger: the same params give the same answer until the
 * ledger changes, so the mock node keeps them per state version (Simulation.version). Named one
 * by one, so a method added above without a thought about this is worked out on every call.
 * getProposedHeight is not one: it moves with the clock (the 30 s window) between blocks; nor are
 * getValidatorsAt and getAllValidatorsAt, whose `proposed` height is getProposedHeight's.
 */
export const readOnlyAnswers: ReadonlySet<string> = new Set([
  'info.getBlockchainID',
  'info.isBootstrapped',
  'info.getNetworkID',
  'info.getNetworkName',
  'info.upgrades',
  'info.uptime',
  'platform.getHeight',
  'platform.getTimestamp',
  'platform.getBlock',
  'platform.getBlockByHeight',
  'platform.getTx',
  'platform.getTxStatus',
  'platform.getUTXOs',
  'platform.getBalance',
  'platform.getCurrentValidators',
  'platform.sampleValidators',
  'platform.getTotalStake',
  'platform.getCurrentSupply',
  'platform.getStakingAssetID',
  'platform.getSubnet',
  'platform.getSubnets',
  'platform.getL1Validator',
  'platform.getFeeConfig',
  'platform.getFeeState',
  'platform.getBlockchains',
  'platform.getBlockchainStatus',
  'platform.validatedBy',
  'platform.validates',
  'platform.getStake',
  'platform.getRewardUTXOs',
  'platform.getMinStake',
  'platform.getValidatorFeeConfig',
  'platform.getValidatorFeeState',
]);
