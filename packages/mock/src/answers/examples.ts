// Answers of a node whose state is the spec's examples (the mock without the simulated network),
// for params the examples do not show: avalanchego v1.14.2 vms/platformvm/service.go answers from
// its state, so an ID the state lacks gets the node's answer for an unknown ID, filters filter,
// and `encoding` gives the same bytes in the asked form. The examples' own params still answer
// the examples themselves (mock-node.ts looks them up first).
import { EMPTY_ID, decodeBlock, decodeHex, decodeTx, encodeHexNC } from '@avanode/codec';
import { mockData } from '../generated/mock-data.js';
import { isObject } from '../is-object.js';

type Params = Record<string, unknown>;
export type ExampleStateAnswer = { result: unknown } | { error: string };

const examplesOf = (method: string) => mockData.methods[method]?.examples ?? [];
const paramsOf = (e: { params: unknown }): Params => (isObject(e.params) ? e.params : {});
const resultOf = (e: { result?: unknown }): Params => (isObject(e.result) ? e.result : {});

/** formatting.Encoding as the node reads it (case-insensitive); hex when omitted. */
function encodingOf(params: Params): 'hex' | 'hexc' | 'hexnc' | 'json' {
  const value = typeof params.encoding === 'string' ? params.encoding.toLowerCase() : 'hex';
  return value === 'hexc' || value === 'hexnc' || value === 'json' ? value : 'hex';
}

/** Bytes the examples print in hex (with their checksum), by ID; and the json form the examples give, if any. */
interface Known {
  hex: string;
  json?: unknown;
}
function byID(method: string, idParam: string, member: string): Map<string, Known> {
  const known = new Map<string, Known>();
  for (const example of examplesOf(method)) {
    const id = paramsOf(example)[idParam];
    const value = resultOf(example)[member];
    if (typeof id !== 'string') continue;
    const entry = known.get(id) ?? ({} as Known);
    if (typeof value === 'string') entry.hex = value;
    else if (value !== undefined) entry.json = value;
    known.set(id, entry);
  }
  for (const [id, entry] of known) if (entry.hex === undefined) known.delete(id);
  return known;
}

let txs: Map<string, Known> | undefined;
let blocks: Map<string, Known & { height: bigint }> | undefined;

/** The tx or block in the asked encoding: the example's text where it has one, else the same bytes re-encoded. */
function encoded(known: Known, encoding: string, decode: (bytes: Uint8Array) => unknown): unknown {
  // The decoded form may hold bigints (uint64s above 2^53): the envelope prints them as Go does.
  if (encoding === 'json') return known.json ?? decode(decodeHex(known.hex));
  if (encoding === 'hexnc') return encodeHexNC(decodeHex(known.hex));
  return known.hex;
}

function knownBlocks(): Map<string, Known & { height: bigint }> {
  if (!blocks) {
    blocks = new Map();
    for (const [id, entry] of byID('platform.getBlock', 'blockID', 'block')) {
      const height = BigInt((decodeBlock(entry.hex) as unknown as { height: number }).height);
      blocks.set(id, { ...entry, height });
    }
  }
  return blocks;
}

/** The examples' chain height (getHeight's example). */
const tip = (): bigint => BigInt(String(resultOf(examplesOf('platform.getHeight')[0] ?? {}).height ?? 0));

function getTx(params: Params): ExampleStateAnswer {
  txs ??= byID('platform.getTx', 'txID', 'tx');
  const known = typeof params.txID === 'string' ? txs.get(params.txID) : undefined;
  if (!known) return { error: "couldn't get tx: not found" };
  const encoding = encodingOf(params);
  return { result: { tx: encoded(known, encoding, (b) => decodeTx(b)), encoding } };
}

function getTxStatus(params: Params): ExampleStateAnswer {
  for (const example of examplesOf('platform.getTxStatus')) if (paramsOf(example).txID === params.txID) return { result: example.result };
  // Service.GetTxStatus: not in the state, the mempool or the dropped txs.
  return { result: { status: 'Unknown' } };
}

function blockAnswer(block: Known, params: Params): ExampleStateAnswer {
  const encoding = encodingOf(params);
  return { result: { block: encoded(block, encoding, (b) => decodeBlock(b)), encoding } };
}

function getBlock(params: Params): ExampleStateAnswer {
  const id = typeof params.blockID === 'string' ? params.blockID : EMPTY_ID;
  const block = knownBlocks().get(id);
  return block ? blockAnswer(block, params) : { error: `couldn't get block with id ${id}: not found` };
}

function getBlockByHeight(params: Params): ExampleStateAnswer | undefined {
  let height: bigint;
  try {
    height = params.height === undefined || params.height === null ? 0n : BigInt(params.height as string);
  } catch {
    return undefined;
  }
  for (const block of knownBlocks().values()) if (block.height === height) return blockAnswer(block, params);
  // Above the tip there is no block; below it the examples' node has blocks the spec does not show (the example answers).
  if (height > tip()) return { error: `couldn't get block at height ${height}: not found` };
  return undefined;
}

/** Service.GetCurrentValidators over the examples' validator sets: the primary network's, and each subnet's an example shows. */
function getCurrentValidators(params: Params): ExampleStateAnswer | undefined {
  const subnetID = typeof params.subnetID === 'string' && params.subnetID !== '' ? params.subnetID : EMPTY_ID;
  const nodeIDs = Array.isArray(params.nodeIDs) ? new Set(params.nodeIDs.filter((n): n is string => typeof n === 'string')) : new Set<string>();
  // The fullest description of each validator: an example asking for one node lists its delegators.
  const detailed = new Map<string, unknown>();
  let set: unknown[] | undefined;
  for (const example of examplesOf('platform.getCurrentValidators')) {
    const p = paramsOf(example);
    const validators = resultOf(example).validators;
    if (!Array.isArray(validators)) continue;
    const exampleSubnet = typeof p.subnetID === 'string' && p.subnetID !== '' ? p.subnetID : EMPTY_ID;
    if (exampleSubnet !== subnetID) continue;
    if (Array.isArray(p.nodeIDs) && p.nodeIDs.length === 1) for (const v of validators) detailed.set((v as { nodeID: string }).nodeID, v);
    else if (!Array.isArray(p.nodeIDs) || p.nodeIDs.length === 0) set = validators;
  }
  // A subnet the examples do not show has no validators (getPrimaryOrSubnetValidators over an empty set).
  if (!set) return subnetID === EMPTY_ID ? undefined : { result: { validators: [] } };
  if (nodeIDs.size === 0) return { result: { validators: set } };
  const picked = set.filter((v) => nodeIDs.has((v as { nodeID: string }).nodeID));
  // With exactly one node asked for, the node lists its delegators (the detailed example's form); otherwise the set's.
  return { result: { validators: nodeIDs.size === 1 ? picked.map((v) => detailed.get((v as { nodeID: string }).nodeID) ?? v) : picked.map((v) => withoutDelegators(v)) } };
}

const withoutDelegators = (v: unknown) => {
  if (!isObject(v) || !('delegators' in v)) return v;
  const { delegators: _delegators, ...rest } = v;
  return rest;
};

const answers: Record<string, (params: Params) => ExampleStateAnswer | undefined> = {
  'platform.getTx': getTx,
  'platform.getTxStatus': getTxStatus,
  'platform.getBlock': getBlock,
  'platform.getBlockByHeight': getBlockByHeight,
  'platform.getCurrentValidators': getCurrentValidators,
};

/** The examples' node's answer to params no example shows; undefined: the example answers. */
export function exampleStateAnswer(name: string, params: unknown): ExampleStateAnswer | undefined {
  const answer = Object.hasOwn(answers, name) ? answers[name] : undefined;
  return answer?.(isObject(params) ? params : {});
}
