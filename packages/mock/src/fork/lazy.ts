// The fork's reads on first use. The executor and the answers stay synchronous: before a call is
// answered, `prepare` reads from the upstream what the call will read and puts it in the ledger
// (an address's UTXOs, a subnet, an L1 validator, the UTXOs a tx spends), or answers a read of
// what lies at or below the fork height (a block, a tx, a past validator set) with the upstream's
// answer. Everything read is kept: each object is read once per fork (and per cache, with one).
import { EMPTY_ID, addressToShortId, decodeCB58, decodeHex, decodeHexNC, encodeCB58, formatAddress, parseTx, txId, utxoId, type ParsedTx } from '@avanode/codec';
import { recoverAddress } from '@avanode/wallet/rules';
import { sha256 } from '@noble/hashes/sha2.js';
import { toShared } from '../chains/p/atomic.js';
import { parseAddressedCall, parseL1ValidatorWeight, parseRegisterL1Validator, parseWarpMessage } from '../executor/warp-message.js';
import type { Answer } from '../network/answer.js';
import { lookupAlias } from '../network/answers.js';
import type { Ledger } from '../state/ledger.js';
import type { UtxoRecord } from '../state/utxo.js';
import { unavailableText } from './failure.js';
import { failureReason, rpcErrorText, type ForkEndpoint, type ForkReader } from './reader.js';
import { outputParts } from '../executor/verify.js';
import { mapLimited } from './pool.js';
import { list, subnetOf, utxoOf } from './records.js';
import { readSubnetValidators, type ForkSnapshot } from './snapshot.js';

type Params = Record<string, unknown>;

/** getUTXOs' page size (the node's maxPageSize) and the most pages read for one address (1,024 × 1,024 UTXOs). */
const PAGE = 1024;
const MAX_PAGES = 1024;

export interface ForkLayerOptions {
  reader: ForkReader;
  snapshot: ForkSnapshot;
  /** Offline (the cache alone): a read the cache does not hold answers the node's not-found, with one warning naming it. */
  offline?: boolean;
  /** Where the fork's warnings and the upstream's failure reasons go (one line each). */
  log?: (line: string) => void;
}

export interface ForkLayer {
  /**
   * Reads what `method` will read into `ledger`; the upstream's answer when the call reads what
   * lies at or below the fork height, else undefined (the ledger answers). Never throws: a read
   * the upstream fails on becomes the node's error text (fork/failure.ts).
   */
  prepare(method: string, params: Params, ledger: Ledger): Promise<Answer | undefined>;
  /** How many reads have changed a ledger so far. */
  changes(): number;
}

/** The upstream's answer: its result, its own error text, or (offline) nothing the cache holds. */
type Read = { result: unknown } | { error: string } | { missing: true };

/** The upstream could not answer (not the node's own error): the call cannot be answered. */
class Unavailable extends Error {}

/** What a ledger has read so far: per ledger, since `control.reset` builds a new one from the snapshot. */
interface Loaded {
  /** Short IDs whose UTXOs were read. */
  addresses: Set<string>;
  /** UTXO IDs read from the upstream: one spent here is never put back by a later read. */
  utxos: Set<string>;
  /** `<source chain ID> <short ID>` whose atomic UTXOs (shared memory, source chain → P) were read. */
  atomic: Set<string>;
  /** Atomic UTXO IDs read from the upstream: one imported here is never put back by a later read. */
  atomicUtxos: Set<string>;
  /** Subnets read whole (getSubnet and their validators). */
  subnets: Set<string>;
  /** Whether the copied stakers' staked outputs were read (their txs). */
  stakes: boolean;
}

const isHeightAtOrBelow = (value: unknown, height: number): boolean => {
  if (value === 'proposed') return false;
  if (value === undefined || value === null) return true;
  try {
    return BigInt(value as string | number) <= BigInt(height);
  } catch {
    return false;
  }
};

export function createForkLayer(options: ForkLayerOptions): ForkLayer {
  const { reader, snapshot } = options;
  const log = options.log ?? (() => {});
  const loadedBy = new WeakMap<Ledger, Loaded>();
  // Reads in flight or done, by endpoint, method and params: the same read is made once.
  const reads = new Map<string, Promise<Read>>();
  const warned = new Set<string>();
  // Counts what was put into a ledger: the node's remembered answers are worked out again after a change.
  let changes = 0;

  const loaded = (ledger: Ledger): Loaded => {
    let entry = loadedBy.get(ledger);
    if (!entry) {
      entry = { addresses: new Set(), utxos: new Set(), atomic: new Set(), atomicUtxos: new Set(), subnets: new Set(snapshot.subnetsRead), stakes: false };
      loadedBy.set(ledger, entry);
    }
    return entry;
  };

  /** The upstream's answer (its result or its own error text); throws Unavailable when it has none. */
  function read(endpoint: ForkEndpoint, method: string, params: Params): Promise<Read> {
    const key = `${endpoint} ${method} ${JSON.stringify(params)}`;
    let pending = reads.get(key);
    if (!pending) {
      pending = reader.read(endpoint, method, params).then(
        (result) => ({ result }),
        (error: unknown) => {
          const text = rpcErrorText(error);
          if (text !== undefined) return { error: text };
          // Not kept: a later call reads again.
          reads.delete(key);
          const what = `${method} ${JSON.stringify(params).slice(0, 200)}`;
          if (options.offline) {
            if (!warned.has(key)) {
              warned.add(key);
              log(`fork offline: the cache has no answer for ${what}; answered as not found`);
            }
            return { missing: true } as const;
          }
          log(`fork: the upstream could not answer ${what}: ${failureReason(error)}`);
          throw new Unavailable();
        },
      );
      reads.set(key, pending);
    }
    return pending;
  }

  /**
   * One address's UTXOs, page by page (getUTXOs; `sourceChain`: those that chain exported to the
   * P-chain); `take` gets each that reads. False when the upstream has no answer (offline, or its
   * own error): the address is not marked as read.
   */
  async function readUtxoPages(ledger: Ledger, key: string, sourceChain: string | undefined, take: (record: UtxoRecord) => void): Promise<boolean> {
    const address = formatAddress(decodeCB58(key), snapshot.networkID);
    let startIndex: Params | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await read('/ext/bc/P', 'platform.getUTXOs', { addresses: [address], limit: PAGE, encoding: 'hex', ...(sourceChain ? { sourceChain } : {}), ...(startIndex ? { startIndex } : {}) });
      if (!('result' in answer)) return false;
      const result = answer.result as { utxos?: unknown; endIndex?: Params; numFetched?: unknown };
      const utxos = list(result.utxos ?? [], 'getUTXOs.utxos');
      for (const hex of utxos) {
        let record: UtxoRecord;
        try {
          record = utxoOf(ledger, String(hex));
        } catch (error) {
          // A UTXO the codec does not read (not a secp256k1fx output): left out, said once per address.
          if (!warned.has(`utxo ${key}`)) {
            warned.add(`utxo ${key}`);
            log(`fork: a UTXO of ${address} from the upstream did not read and is left out: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
          }
          continue;
        }
        take(record);
      }
      // A short page ends the list; so does a cursor that does not move (a hostile upstream's loop).
      if (utxos.length < PAGE || !result.endIndex || JSON.stringify(result.endIndex) === JSON.stringify(startIndex)) break;
      startIndex = result.endIndex;
    }
    return true;
  }

  /** Reads the UTXOs of these addresses (short IDs) that are not read yet. */
  async function loadAddresses(ledger: Ledger, keys: string[]): Promise<void> {
    const state = loaded(ledger);
    const fresh = [...new Set(keys)].filter((k) => !state.addresses.has(k));
    await mapLimited(fresh, async (key) => {
      const done = await readUtxoPages(ledger, key, undefined, (record) => {
        if (state.utxos.has(record.id)) return;
        state.utxos.add(record.id);
        ledger.utxos.set(record.id, record);
      });
      if (!done) return;
      state.addresses.add(key);
      changes++;
    });
  }

  /**
   * Reads what `sourceChain` (a chain ID) exported to the P-chain for these addresses and has not
   * been imported upstream (getUTXOs with `sourceChain`) into the ledger's shared memory, as if
   * exported here: an ImportTx on the fork spends it; the upstream's copy stays unspent there.
   */
  async function loadAtomic(ledger: Ledger, sourceChain: string, keys: string[]): Promise<void> {
    const state = loaded(ledger);
    const shared = ledger.sharedMemory;
    if (!shared || sourceChain === EMPTY_ID) return;
    const fresh = [...new Set(keys)].filter((k) => !state.atomic.has(`${sourceChain} ${k}`));
    await mapLimited(fresh, async (key) => {
      const put: ReturnType<typeof toShared>[] = [];
      const done = await readUtxoPages(ledger, key, sourceChain, (record) => {
        if (state.atomicUtxos.has(record.id)) return;
        state.atomicUtxos.add(record.id);
        put.push(toShared(record, record.txID));
      });
      // The source chain's side of shared memory writes them for the P-chain (an export's Put).
      if (put.length > 0) shared.apply(sourceChain, new Map([[EMPTY_ID, { put, remove: [] }]]));
      if (done) state.atomic.add(`${sourceChain} ${key}`);
      if (done || put.length > 0) changes++;
    });
  }

  /** A subnet read whole: its owner and conversion (getSubnet) and its validators. */
  async function loadSubnet(ledger: Ledger, subnetID: string): Promise<void> {
    const state = loaded(ledger);
    // Only a subnet of the upstream's, once (one made here is the ledger's alone).
    if (state.subnets.has(subnetID) || !snapshot.subnets.some((s) => s.id === subnetID)) return;
    const [details, validators] = await Promise.all([read('/ext/bc/P', 'platform.getSubnet', { subnetID }), readValidators(subnetID)]);
    if (state.subnets.has(subnetID) || 'missing' in details) return;
    state.subnets.add(subnetID);
    changes++;
    if ('error' in details) return;
    // Read before anything here could change it: every call and tx naming the subnet reads it first.
    const at = ledger.subnets.findIndex((s) => s.id === subnetID);
    if (at >= 0) ledger.subnets[at] = subnetOf(subnetID, details.result);
    for (const s of validators.stakers) if (!ledger.stakers.some((x) => x.txID === s.txID)) ledger.stakers.push(s);
    for (const v of validators.l1Validators) if (!ledger.l1Validators.some((x) => x.validationID === v.validationID)) ledger.l1Validators.push(v);
  }

  async function readValidators(subnetID: string) {
    try {
      return await readSubnetValidators({ read: async (endpoint, method, params) => unwrap(await read(endpoint, method, params)) }, subnetID);
    } catch (error) {
      if (error instanceof Unavailable) throw error;
      return { stakers: [], l1Validators: [] };
    }
  }

  const unwrap = (answer: Read): unknown => {
    if ('result' in answer) return answer.result;
    const text = 'error' in answer ? answer.error : 'not found';
    throw Object.assign(new Error(text), { code: -32000, rpcMessage: text });
  };

  /** The owners of the UTXOs a tx spends, read through the txs that made them (the node serves no UTXO by ID). */
  async function loadInputs(ledger: Ledger, inputs: Array<{ txID: string; outputIndex: number }>): Promise<void> {
    const state = loaded(ledger);
    const owners: string[] = [];
    await mapLimited(
      inputs,
      async (input) => {
        const id = utxoId(input);
        if (ledger.utxos.has(id) || state.utxos.has(id) || ledger.txs.has(input.txID)) return;
        const answer = await read('/ext/bc/P', 'platform.getTx', { txID: input.txID, encoding: 'hex' });
        if (!('result' in answer)) return;
        const tx = parseTx(decodeHex(String((answer.result as Params).tx)), { network: snapshot.networkID }).tx.unsignedTx as unknown as Params;
        // The tx's outputs, then (a staker's) its staked outputs, returned at the indexes after them.
        const outputs = [...((tx.outputs as Array<{ output: Params }> | undefined) ?? []), ...((tx.stake as Array<{ output: Params }> | undefined) ?? [])];
        const output = outputs[input.outputIndex]?.output;
        const inner = (output?.output as Params | undefined) ?? output;
        for (const address of (inner?.addresses as string[] | undefined) ?? []) owners.push(addressToShortId(address));
      },
    );
    return loadAddresses(ledger, owners);
  }

  /**
   * The staked outputs of the stakers copied from the upstream (getStake reads them; the node's
   * API lists stakers without them): each staker's tx, its `stake` outputs, given back after its
   * outputs when it ends. A staker whose tx the upstream does not serve keeps none.
   */
  async function loadStakes(ledger: Ledger): Promise<void> {
    const state = loaded(ledger);
    if (state.stakes) return;
    const copied = new Set([...snapshot.stakers.map((s) => s.txID), ...snapshot.stakers.flatMap((s) => s.delegators.map((d) => d.txID))]);
    const stakers = [...ledger.stakers.filter((s) => copied.has(s.txID) && s.stake.length === 0), ...ledger.stakers.flatMap((s) => s.delegators.filter((d) => copied.has(d.txID) && (d.stake ?? []).length === 0))];
    const found = await mapLimited(
      stakers,
      async (staker) => {
        const answer = await read('/ext/bc/P', 'platform.getTx', { txID: staker.txID, encoding: 'hex' });
        if (!('result' in answer)) return undefined;
        const tx = parseTx(decodeHex(String((answer.result as Params).tx)), { network: snapshot.networkID }).tx.unsignedTx as unknown as Params;
        const stake = ((tx.stake as Array<{ assetID: string; output: Params }> | undefined) ?? []).map((s) => ({ assetID: s.assetID, ...outputParts(s.output) }));
        return { stake: stake.map(({ assetID, amount, owner }) => ({ assetID, amount, owner })), stakeIndex: ((tx.outputs as unknown[] | undefined) ?? []).length };
      },
    );
    if (state.stakes) return;
    state.stakes = true;
    changes++;
    stakers.forEach((staker, i) => {
      const got = found[i];
      if (!got) return;
      staker.stake = got.stake;
      staker.stakeIndex = got.stakeIndex;
    });
  }

  /** The upstream's answer to the call as it is, for what lies at or below the fork height; offline, a miss leaves it to the ledger (the node's not-found). */
  const forward = async (method: string, params: Params): Promise<Answer | undefined> => {
    const answer = await read('/ext/bc/P', method, params);
    return 'missing' in answer ? undefined : answer;
  };

  async function prepareCall(method: string, params: Params, ledger: Ledger): Promise<Answer | undefined> {
    const keysOf = (addresses: unknown): string[] => {
      if (!Array.isArray(addresses)) return [];
      const keys: string[] = [];
      for (const a of addresses) {
        try {
          keys.push(typeof a === 'string' && a.includes('-') ? addressToShortId(a) : String(a));
          decodeCB58(keys[keys.length - 1]!);
        } catch {
          // The local answer refuses it as the node does.
          return [];
        }
      }
      return keys;
    };
    const subnetID = typeof params.subnetID === 'string' ? params.subnetID : undefined;
    switch (method) {
      case 'platform.getUTXOs': {
        const source = typeof params.sourceChain === 'string' ? params.sourceChain : '';
        const chainID = source === '' ? EMPTY_ID : lookupAlias(ledger, source);
        if (chainID === EMPTY_ID) await loadAddresses(ledger, keysOf(params.addresses));
        // Another chain's exports to the P-chain (a chain the ledger does not know: the local answer refuses it).
        else if (chainID !== undefined) await loadAtomic(ledger, chainID, keysOf(params.addresses));
        return undefined;
      }
      case 'platform.getBalance':
        await loadAddresses(ledger, keysOf(params.addresses));
        return undefined;
      case 'platform.getTx':
        return typeof params.txID === 'string' && !ledger.txs.has(params.txID) ? forward(method, params) : undefined;
      case 'platform.getTxStatus': {
        const id = typeof params.txID === 'string' ? params.txID : '';
        const local = ledger.txs.has(id) || ledger.mempool.has(id) || ledger.dropped.has(id) || ledger.aborted.has(id);
        return local ? undefined : forward(method, params);
      }
      case 'platform.getRewardUTXOs':
        return typeof params.txID === 'string' && !ledger.rewardUtxos.has(params.txID) ? forward(method, params) : undefined;
      case 'platform.getBlock':
        return typeof params.blockID === 'string' && !ledger.blocksByID.has(params.blockID) ? forward(method, params) : undefined;
      case 'platform.getBlockByHeight':
        return isHeightAtOrBelow(params.height, snapshot.height - 1) ? forward(method, params) : undefined;
      case 'platform.getValidatorsAt':
      case 'platform.getAllValidatorsAt':
        if (isHeightAtOrBelow(params.height, snapshot.height - 1)) return forward(method, params);
        if (subnetID) await loadSubnet(ledger, subnetID);
        return undefined;
      case 'platform.getL1Validator':
        await loadValidation(ledger, typeof params.validationID === 'string' ? params.validationID : '');
        return undefined;
      case 'platform.getStake':
        await loadStakes(ledger);
        return undefined;
      case 'platform.issueTx':
        await prepareIssue(ledger, params);
        return undefined;
      default:
        if (subnetID) await loadSubnet(ledger, subnetID);
        return undefined;
    }
  }

  /** An issued tx: the UTXOs it spends (its atomic ones too), the subnet it names, the L1 validator it names, what its warp message names. */
  async function prepareIssue(ledger: Ledger, params: Params): Promise<void> {
    let parsed: ParsedTx;
    try {
      const encoding = typeof params.encoding === 'string' ? params.encoding.toLowerCase() : 'hex';
      const bytes = encoding === 'hexnc' ? decodeHexNC(String(params.tx ?? '')) : decodeHex(String(params.tx ?? ''));
      parsed = parseTx(bytes, { network: snapshot.networkID });
      // A tx already issued here reads nothing more.
      if (ledger.txs.has(txId(bytes)) || ledger.mempool.has(txId(bytes))) return;
    } catch {
      // The local path refuses the bytes with the node's text.
      return;
    }
    const unsigned = parsed.tx.unsignedTx as unknown as Params;
    const inputs = (unsigned.inputs as Array<{ txID: string; outputIndex: number }> | undefined) ?? [];
    await loadInputs(ledger, inputs);
    if (Array.isArray(unsigned.importedInputs) && typeof unsigned.sourceChain === 'string') await loadImported(ledger, parsed, inputs.length, unsigned.sourceChain);
    // The subnet it names (AddSubnetValidatorTx names it in its validator).
    const subnetID = typeof unsigned.subnetID === 'string' ? unsigned.subnetID : (unsigned.validator as Params | undefined)?.subnetID;
    if (typeof subnetID === 'string') await loadSubnet(ledger, subnetID);
    if (typeof unsigned.validationID === 'string') await loadValidation(ledger, unsigned.validationID);
    // The warp message txs name theirs inside the message.
    if (typeof unsigned.message === 'string') await loadWarpSubjects(ledger, unsigned.message);
  }

  /** An L1 validator not held here: its subnet read whole (getL1Validator names it). */
  async function loadValidation(ledger: Ledger, validationID: string): Promise<void> {
    if (ledger.l1Validators.some((v) => v.validationID === validationID)) return;
    const answer = await read('/ext/bc/P', 'platform.getL1Validator', { validationID });
    if ('result' in answer && typeof (answer.result as Params).subnetID === 'string') await loadSubnet(ledger, (answer.result as Params).subnetID as string);
  }

  /**
   * What an ImportTx spends from shared memory. The node serves no atomic UTXO by ID, and the
   * imported inputs do not name their owners: the keys that signed them do (each credential of an
   * imported input, recovered), so their addresses' atomic UTXOs from the source chain are read.
   */
  async function loadImported(ledger: Ledger, parsed: ParsedTx, firstImported: number, sourceChain: string): Promise<void> {
    const chainID = lookupAlias(ledger, sourceChain);
    if (chainID === undefined || chainID === EMPTY_ID) return;
    const hash = sha256(parsed.unsignedBytes);
    const keys: string[] = [];
    for (const credential of parsed.tx.credentials.slice(firstImported)) {
      for (const signature of (credential as { signatures?: unknown }).signatures as unknown[] ?? []) {
        try {
          keys.push(encodeCB58(recoverAddress(hash, decodeHexNC(String(signature)))));
        } catch {
          // A signature that does not recover: the local path refuses the tx with the node's text.
        }
      }
    }
    await loadAtomic(ledger, chainID, keys);
  }

  /**
   * A RegisterL1ValidatorTx's or SetL1ValidatorWeightTx's message: the subnet of its source chain
   * (whose validators sign it), and the L1 it registers a validator of or the validation it
   * changes. Bytes that do not parse read nothing: the local path refuses them with the node's text.
   */
  async function loadWarpSubjects(ledger: Ledger, message: string): Promise<void> {
    let payload: Uint8Array;
    try {
      const warp = parseWarpMessage(decodeHexNC(message));
      const source = encodeCB58(warp.unsigned.sourceChainID);
      const signedBy = ledger.chains.find((c) => c.id === source)?.subnetID;
      if (signedBy !== undefined && signedBy !== EMPTY_ID) await loadSubnet(ledger, signedBy);
      payload = parseAddressedCall(warp.unsigned.payload).payload;
    } catch (error) {
      if (error instanceof Unavailable) throw error;
      return;
    }
    const subject = messageSubject(payload);
    if (subject?.subnetID !== undefined) await loadSubnet(ledger, subject.subnetID);
    if (subject?.validationID !== undefined) await loadValidation(ledger, subject.validationID);
  }

  return {
    changes: () => changes,
    async prepare(method, params, ledger) {
      try {
        return await prepareCall(method, params, ledger);
      } catch (error) {
        if (error instanceof Unavailable) return { error: unavailableText(method, params) };
        // Bytes from the upstream that do not decode: the upstream is at fault, the call answers as the node would on a bad read.
        log(`fork: the upstream's answer for ${method} did not read: ${error instanceof Error ? error.message : String(error)}`);
        return { error: unavailableText(method, params) };
      }
    },
  };
}

/** The subnet a RegisterL1Validator payload names, or the validation an L1ValidatorWeight payload changes; undefined for anything else. */
function messageSubject(payload: Uint8Array): { subnetID?: string; validationID?: string } | undefined {
  try {
    return { subnetID: encodeCB58(parseRegisterL1Validator(payload).subnetID) };
  } catch {
    // Not a registration: perhaps a weight change.
  }
  try {
    return { validationID: encodeCB58(parseL1ValidatorWeight(payload).validationID) };
  } catch {
    return undefined;
  }
}
