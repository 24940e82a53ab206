// The relations related answers of the mock node must keep (issue 30), checked by asking a node:
// checkAgreement(node) names every relation that broke. Used by answers-agree.test.ts (on seeded and
// default chains, after random sequences) and generated-params.test.ts (after generated calls).
// What each relation is, with the node's source, is said in answers-agree.test.ts's header.
import { isDeepStrictEqual } from 'node:util';
import { expect, } from 'vitest';
import { blockId, decodeBlock, decodeHex, decodeHexNC, decodeUtxo, encodeHex, encodeTx, networkHrp, txId, utxoId, type Utxo } from '@avanode/codec';
import { TEST_KEYS, testKeyAddress, type MockNode, } from '@avanode/mock';
import { validateResult } from '@avanode/validators';
import { mockData } from '../src/generated/mock-data.ts';

type Json = Record<string, unknown>;
interface Answer {
  result?: Json;
  error?: { code: number; message: string; data?: unknown };
}

const P_CHAIN = '11111111111111111111111111111111LpoYY';
const MAX_UINT64 = 2n ** 64n - 1n;
/** getUTXOs' page size here: small, so the seeded networks' sets take more than one page. */
const PAGE = 4;
/** Bounds on loops over what the node answers: pages per address set, addresses asked one by one. */
const MAX_PAGES = 500;
const MAX_SINGLE_ADDRESSES = 12;
/** Fewer relations checked than this means checkAgreement stopped early (or the node had nearly nothing to say). */
export const MIN_CHECKED = 40;

/** A JSON value with bigints as numbers: a decoded block compared with the node's JSON (which JSON.parse read into numbers too). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
const short = (value: unknown) => {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'undefined';
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** What differs: for two objects, only the members that differ, so a long answer's message names the part that broke. */
function difference(actual: unknown, expected: unknown): string {
  if (!isRecord(actual) || !isRecord(expected)) return `got ${short(actual)}, expected ${short(expected)}`;
  const keys = [...new Set([...Object.keys(actual), ...Object.keys(expected)])].filter((k) => !isDeepStrictEqual(actual[k], expected[k]));
  return keys.map((k) => `${k}: got ${short(actual[k])}, expected ${short(expected[k])}`).join('; ');
}

/** The relations one checkAgreement run found broken, each a line naming the relation and what differed. */
export class Relations {
  readonly broken: string[] = [];
  /** How many relations were checked, broken or not: a run that checks little is a failure too. */
  checked = 0;
  constructor(private readonly node: MockNode) {}

  /** A call in process: status 200, JSON-RPC 2.0, and a result (when there is one) its schema accepts. */
  async call(method: string, params: unknown, path = '/ext/bc/P'): Promise<Answer> {
    const answer = await this.node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    expect(answer.status, `${method} ${short(params)}`).toBe(200);
    const json = JSON.parse(answer.body) as Answer;
    if (json.result !== undefined) {
      const check = validateResult(method, json.result);
      if (!check.ok) this.broken.push(`answers validate: ${method} ${short(params)}: ${short(check)}`);
    }
    return json;
  }

  /** The result, or a broken relation (`relation`: the call failed) and undefined. */
  async result(relation: string, method: string, params: unknown): Promise<Json | undefined> {
    const answer = await this.call(method, params);
    if (answer.result === undefined) this.broken.push(`${relation}: ${method} ${short(params)} failed: ${short(answer.error)}`);
    return answer.result;
  }

  agree(relation: string, actual: unknown, expected: unknown): boolean {
    this.checked++;
    if (isDeepStrictEqual(actual, expected)) return true;
    this.broken.push(`${relation}: ${difference(actual, expected)}`);
    return false;
  }

  holds(relation: string, condition: boolean, detail: string): boolean {
    this.checked++;
    if (!condition) this.broken.push(`${relation}: ${detail}`);
    return condition;
  }

  /** What `read` returns, or a broken relation (the answer's bytes do not decode) and undefined. */
  decodes<T>(relation: string, read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      this.broken.push(`${relation}: ${(error as Error).message.slice(0, 160)}`);
      return undefined;
    }
  }
}

interface BlockAt {
  json: Json;
  bytes: Uint8Array;
  decoded: Json;
}

/** getBlockByHeight(k) in hex, hexnc and json, agreeing with each other and with getBlock of its id. */
async function blockAt(r: Relations, k: bigint, networkID: number): Promise<BlockAt | undefined> {
  const height = k.toString();
  const hex = await r.result(`getBlockByHeight(${k}) exists (k ≤ getHeight)`, 'platform.getBlockByHeight', { height, encoding: 'hex' });
  const hexnc = await r.result(`getBlockByHeight(${k}) exists (k ≤ getHeight)`, 'platform.getBlockByHeight', { height, encoding: 'hexnc' });
  const json = await r.result(`getBlockByHeight(${k}) exists (k ≤ getHeight)`, 'platform.getBlockByHeight', { height, encoding: 'json' });
  if (!hex || !hexnc || !json) return undefined;
  const bytes = r.decodes(`getBlockByHeight(${k}, hex) is hex`, () => decodeHex(hex.block as string));
  const bytesNC = r.decodes(`getBlockByHeight(${k}, hexnc) is hexnc`, () => decodeHexNC(hexnc.block as string));
  const decoded = bytes && r.decodes(`getBlockByHeight(${k}, hex) is a block`, () => decodeBlock(bytes, { network: networkID }));
  const block = json.block as Json;
  r.agree(`getBlockByHeight(${k}): json height is ${k}`, block.height, Number(k));
  if (!bytes || !bytesNC || !decoded) return undefined;
  r.agree(`getBlockByHeight(${k}): hexnc and hex are the same bytes`, encodeHex(bytesNC), hex.block);
  r.agree(`getBlockByHeight(${k}): json is the hex block decoded`, block, plain(decoded));
  r.agree(`getBlockByHeight(${k}): json id is the hash of the block's bytes`, block.id, blockId(bytes));
  const id = block.id as string;
  const byId = await r.result(`getBlock(id of block ${k}) exists`, 'platform.getBlock', { blockID: id, encoding: 'hex' });
  if (byId) r.agree(`getBlock(id of block ${k}) hex = getBlockByHeight(${k}) hex`, byId.block, hex.block);
  const byIdNC = await r.result(`getBlock(id of block ${k}) exists`, 'platform.getBlock', { blockID: id, encoding: 'hexnc' });
  const byIdNCBytes = byIdNC && r.decodes(`getBlock(id of block ${k}, hexnc) is hexnc`, () => decodeHexNC(byIdNC.block as string));
  if (byIdNCBytes) r.agree(`getBlock(id of block ${k}) hexnc = getBlockByHeight(${k}) bytes`, encodeHex(byIdNCBytes), hex.block);
  const byIdJson = await r.result(`getBlock(id of block ${k}) exists`, 'platform.getBlock', { blockID: id, encoding: 'json' });
  if (byIdJson) {
    const other = byIdJson.block as Json;
    r.agree(`getBlock(id of block ${k}) json id/height = getBlockByHeight(${k})'s`, { id: other.id, height: other.height }, { id, height: Number(k) });
  }
  return { json: block, bytes, decoded: decoded as unknown as Json };
}

/** The txs a block's JSON holds: a standard block's `txs`, a proposal block's `tx`. */
const txsOf = (block: Json): Json[] => [...((block.txs as Json[] | undefined) ?? []), ...(block.tx ? [block.tx as Json] : [])];

/** Each amount added as safemath.Add in Service.GetBalance: saturated at MaxUint64. */
function addTo(map: Map<string, bigint>, asset: string, amount: bigint) {
  const sum = (map.get(asset) ?? 0n) + amount;
  map.set(asset, sum > MAX_UINT64 ? MAX_UINT64 : sum);
}

interface Page {
  utxos: Utxo[];
  /** Owner addresses the UTXOs name. */
  owners: Set<string>;
}

/** Every getUTXOs page for the addresses, following endIndex until a page is short (bounded). */
async function allUtxos(r: Relations, addresses: string[], networkID: number, label: string): Promise<Page | undefined> {
  const byId = new Map<string, Utxo>();
  const owners = new Set<string>();
  let startIndex: unknown;
  for (let pages = 0; ; pages++) {
    if (!r.holds(`getUTXOs(${label}) pages end`, pages < MAX_PAGES, `still full after ${MAX_PAGES} pages of ${PAGE}`)) return undefined;
    const page = await r.result(`getUTXOs(${label}) answers`, 'platform.getUTXOs', { addresses, limit: PAGE, encoding: 'hex', ...(startIndex ? { startIndex } : {}) });
    if (!page) return undefined;
    const utxos = r.decodes(`getUTXOs(${label}) answers UTXOs`, () => (page.utxos as string[]).map((u) => decodeUtxo(u, { network: networkID })));
    if (!utxos) return undefined;
    r.agree(`getUTXOs(${label}) numFetched = the page's length`, page.numFetched, String(utxos.length));
    for (const utxo of utxos) {
      // A UTXO two of the addresses own may come again on a later page (the node's seen-set is per call).
      byId.set(utxoId(utxo), utxo);
      const output = utxo.output as Json;
      const named = ((output.output ?? output) as Json).addresses as string[] | undefined;
      for (const owner of named ?? []) owners.add(owner);
      // avax.GetPaginatedUTXOs reads the UTXOs indexed under the addresses asked: each names one of them.
      r.holds(`getUTXOs(${label}) answers UTXOs the addresses own`, (named ?? []).some((a) => addresses.includes(a)), `${utxoId(utxo)} is owned by ${short(named)}`);
    }
    if (utxos.length < PAGE) break;
    startIndex = page.endIndex;
  }
  return { utxos: [...byId.values()], owners };
}

/** getBalance(addresses) as Service.GetBalance computes it from the UTXOs, at `now` (the node's clock, Unix seconds). */
function balanceOf(utxos: Utxo[], now: bigint, avaxAssetID: string) {
  const unlockeds = new Map<string, bigint>();
  const lockedStakeables = new Map<string, bigint>();
  const lockedNotStakeables = new Map<string, bigint>();
  const counted: string[] = [];
  for (const utxo of utxos) {
    const output = utxo.output as Json;
    // secp256k1fx.TransferOutput, or a stakeable.LockOut around one; anything else is skipped (and not listed).
    const inner = (output.output ?? output) as Json;
    if (inner.amount === undefined || inner.addresses === undefined) continue;
    const amount = BigInt(inner.amount as number | bigint);
    if (BigInt(inner.locktime as number | bigint) > now) addTo(lockedNotStakeables, utxo.assetID, amount);
    else if (output.output !== undefined && BigInt(output.locktime as number | bigint) > now) addTo(lockedStakeables, utxo.assetID, amount);
    else addTo(unlockeds, utxo.assetID, amount);
    counted.push(`${utxo.txID}:${utxo.outputIndex}`);
  }
  const balances = new Map(lockedStakeables);
  for (const map of [lockedNotStakeables, unlockeds]) for (const [asset, amount] of map) addTo(balances, asset, amount);
  const json = (map: Map<string, bigint>) => Object.fromEntries([...map].map(([asset, amount]) => [asset, amount.toString()]));
  const avax = (map: Map<string, bigint>) => (map.get(avaxAssetID) ?? 0n).toString();
  return {
    balance: avax(balances),
    unlocked: avax(unlockeds),
    lockedStakeable: avax(lockedStakeables),
    lockedNotStakeable: avax(lockedNotStakeables),
    balances: json(balances),
    unlockeds: json(unlockeds),
    lockedStakeables: json(lockedStakeables),
    lockedNotStakeables: json(lockedNotStakeables),
    utxoIDs: counted.sort(),
  };
}

async function balanceAgrees(r: Relations, addresses: string[], networkID: number, now: bigint, avaxAssetID: string, label: string): Promise<Set<string>> {
  const page = await allUtxos(r, addresses, networkID, label);
  const balance = await r.result(`getBalance(${label}) answers`, 'platform.getBalance', { addresses });
  if (!page || !balance) return new Set();
  const expected = balanceOf(page.utxos, now, avaxAssetID);
  const utxoIDs = ((balance.utxoIDs as Array<{ txID: string; outputIndex: number }> | null) ?? []).map((u) => `${u.txID}:${u.outputIndex}`).sort();
  r.agree(`getBalance(${label}) = the sums of its getUTXOs pages`, { ...balance, utxoIDs }, expected);
  return page.owners;
}

/** Addresses the spec's getBalance and getUTXOs examples name. */
const exampleAddresses = ['platform.getBalance', 'platform.getUTXOs'].flatMap((method) =>
  mockData.methods[method]!.examples.flatMap((example) => ((example.params as { addresses?: unknown } | undefined)?.addresses as string[] | undefined) ?? []),
);

export interface AgreementOptions {
  /** Heights below the tip to check besides 0, 1 and tip − 1, as fractions of the tip (drawn by a property). */
  fractions?: number[];
  /** More addresses whose balance and UTXOs must agree (e.g. the ones a sequence sent to). */
  addresses?: string[];
}

/** Asks the node and throws, naming every relation that broke, unless its related answers agree. */
export async function checkAgreement(node: MockNode, options: AgreementOptions = {}): Promise<{ checked: number }> {
  const r = await relationsOf(node, options);
  if (r.broken.length) throw new Error(`${r.broken.length} of ${r.checked} relations broke:\n${r.broken.join('\n')}`);
  return { checked: r.checked };
}

async function relationsOf(node: MockNode, options: AgreementOptions): Promise<Relations> {
  const r = new Relations(node);
  const networkID = Number((await r.call('info.getNetworkID', {}, '/ext/info')).result?.networkID);
  expect(Number.isInteger(networkID), 'info.getNetworkID').toBe(true);

  // getHeight and the chain of blocks below it.
  const heightAnswer = await r.result('getHeight answers', 'platform.getHeight', {});
  if (!heightAnswer) return r;
  const h = BigInt(heightAnswer.height as string);
  const tip = await blockAt(r, h, networkID);
  const above = await r.call('platform.getBlockByHeight', { height: (h + 1n).toString(), encoding: 'json' });
  r.agree('getBlockByHeight(getHeight + 1) is not found', above.error, { code: -32000, message: `couldn't get block at height ${h + 1n}: not found`, data: null });
  const heights = new Set([0n, 1n, h - 1n, ...(options.fractions ?? [1 / 3, 2 / 3]).map((f) => BigInt(Math.floor(Number(h) * f)))].filter((k) => k >= 0n && k < h));
  const blocks = new Map<bigint, BlockAt | undefined>([[h, tip]]);
  const at = async (k: bigint) => {
    if (!blocks.has(k)) blocks.set(k, await blockAt(r, k, networkID));
    return blocks.get(k);
  };
  for (const k of [...heights].sort((a, b) => (a < b ? -1 : 1))) await at(k);
  for (const k of [...blocks.keys()].filter((k) => k >= 1n)) {
    const block = blocks.get(k);
    const parent = await at(k - 1n);
    if (block && parent) r.agree(`block ${k}'s parentID is getBlockByHeight(${k - 1n})'s id`, block.json.parentID, parent.json.id);
  }

  const proposed = await r.result('getProposedHeight answers', 'platform.getProposedHeight', {});
  if (proposed) r.holds('getProposedHeight ≤ getHeight', BigInt(proposed.height as string) <= h, `${proposed.height as string} > ${h}`);

  // The last block's time is the state's timestamp, which the fee states also report.
  const timestamp = (await r.result('getTimestamp answers', 'platform.getTimestamp', {}))?.timestamp as string | undefined;
  const seconds = timestamp === undefined ? undefined : Date.parse(timestamp) / 1000;
  if (tip && seconds !== undefined) r.agree('getTimestamp = the last block\'s json time', seconds, tip.json.time);
  for (const method of ['platform.getFeeState', 'platform.getValidatorFeeState']) {
    const state = await r.result(`${method} answers`, method, {});
    if (state && timestamp !== undefined) r.agree(`${method}.timestamp = getTimestamp`, state.timestamp, timestamp);
  }

  // Every tx of the last three blocks: getTx is its bytes, its status Committed.
  for (let k = h; k >= 0n && k > h - 3n; k--) {
    const block = await at(k);
    if (!block) continue;
    for (const tx of txsOf(block.decoded)) {
      const bytes = r.decodes(`block ${k}: its txs encode`, () => encodeTx(tx as never));
      if (!bytes) continue;
      const id = txId(bytes);
      r.agree(`block ${k}: a tx's json id is the hash of its bytes`, tx.id, id);
      const hex = await r.result(`getTx of a tx in block ${k} exists`, 'platform.getTx', { txID: id, encoding: 'hex' });
      if (hex) r.agree(`getTx(${id}) hex = the tx's bytes in block ${k}`, hex.tx, encodeHex(bytes));
      const json = await r.result(`getTx of a tx in block ${k} exists`, 'platform.getTx', { txID: id, encoding: 'json' });
      if (json) r.agree(`getTx(${id}) json id = the id`, (json.tx as Json).id, id);
      const status = await r.result(`getTxStatus of a tx in block ${k} answers`, 'platform.getTxStatus', { txID: id });
      if (status) r.agree(`getTxStatus(a tx in block ${k}) is Committed`, status.status, 'Committed');
    }
  }

  const supply = await r.result('getCurrentSupply answers', 'platform.getCurrentSupply', {});
  if (supply) r.agree('getCurrentSupply.height = getHeight', supply.height, h.toString());

  // Validators and stake, for the primary network and every subnet.
  const subnets = ((await r.result('getSubnets answers', 'platform.getSubnets', {}))?.subnets as Json[] | undefined) ?? [];
  const ownerAddresses = new Set<string>();
  const warpSets = (await r.result('getAllValidatorsAt(getHeight) answers', 'platform.getAllValidatorsAt', { height: h.toString() }))?.validatorSets as Json | undefined;
  for (const subnetID of [undefined, ...new Set(subnets.map((s) => s.id as string))]) {
    const label = subnetID ?? '{}';
    const params = subnetID === undefined ? {} : { subnetID };
    const validators = (await r.result(`getCurrentValidators(${label}) answers`, 'platform.getCurrentValidators', params))?.validators as Json[] | undefined;
    const total = await r.result(`getTotalStake(${label}) answers`, 'platform.getTotalStake', params);
    if (!validators || !total) continue;
    let weight = 0n;
    for (const v of validators) {
      weight += BigInt(v.weight as string) + BigInt((v.delegatorWeight as string | undefined) ?? '0');
      for (const owner of ['validationRewardOwner', 'delegationRewardOwner', 'remainingBalanceOwner', 'deactivationOwner']) for (const a of ((v[owner] as Json | undefined)?.addresses as string[] | undefined) ?? []) ownerAddresses.add(a);
      if (typeof v.validationID !== 'string') continue;
      const l1 = await r.result(`getL1Validator of an L1 validator getCurrentValidators(${label}) lists`, 'platform.getL1Validator', { validationID: v.validationID });
      if (l1) r.agree(`getL1Validator(${v.validationID}).height = getHeight`, l1.height, h.toString());
    }
    r.agree(`getTotalStake(${label}).weight = getCurrentValidators(${label}) weights + delegator weights`, total.weight, weight.toString());
    // The validator set at the tip weighs what the stake does (an L1's inactive weight under the empty node ID).
    const set = await r.result(`getValidatorsAt(getHeight, ${label}) answers`, 'platform.getValidatorsAt', { height: h.toString(), ...params });
    if (set) r.agree(`getValidatorsAt(getHeight, ${label}) weights = getTotalStake(${label}).weight`, Object.values(set).reduce<bigint>((sum, v) => sum + BigInt((v as Json).weight as string), 0n).toString(), total.weight);
    if (warpSets) r.agree(`getAllValidatorsAt(getHeight)[${label}].totalWeight = getTotalStake(${label}).weight`, ((warpSets[subnetID ?? P_CHAIN] as Json | undefined)?.totalWeight as string | undefined) ?? '0', total.weight);
  }
  r.agree('getTotalStake({}) = getTotalStake(primary network)', (await r.call('platform.getTotalStake', {})).result, (await r.call('platform.getTotalStake', { subnetID: P_CHAIN })).result);

  // Balances and UTXOs, for the whole address set and address by address.
  const avaxAssetID = (await r.result('getStakingAssetID answers', 'platform.getStakingAssetID', {}))?.assetID as string | undefined;
  if (seconds === undefined || avaxAssetID === undefined) return r;
  const hrp = `P-${networkHrp(networkID)}1`;
  const candidates = [...exampleAddresses, ...TEST_KEYS.map((key) => testKeyAddress(key, networkID)), ...(options.addresses ?? []), ...ownerAddresses];
  // Addresses of another network are refused by the node (avax.ParseServiceAddresses): not a relation.
  const addresses = [...new Set(candidates.filter((a) => a.startsWith(hrp)))].sort();
  // Service.GetBalance classifies against the node's clock (s.vm.clock.Unix()), which the mock's
  // control status shows; it runs ahead of the last block's time between blocks.
  const now = BigInt(Math.floor(node.control.status().clockMs / 1000));
  const owners = await balanceAgrees(r, addresses, networkID, now, avaxAssetID, 'the address set');
  const more = [...owners].filter((a) => !addresses.includes(a));
  if (more.length) await balanceAgrees(r, [...addresses, ...more].sort(), networkID, now, avaxAssetID, 'the address set and its UTXOs\' owners');
  for (const address of [...addresses, ...more].slice(0, MAX_SINGLE_ADDRESSES)) await balanceAgrees(r, [address], networkID, now, avaxAssetID, address);
  return r;
}

// What a sequence does between two checks: control calls and txs the wallet builds from the test keys' UTXOs.