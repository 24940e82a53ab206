// Walks `platform.getUTXOs` page by page. Hand-written: paging is a rule of this one method, not
// something the spec can say for every method.
//
// How the node pages (avalanchego v1.14.2, vms/platformvm/service.go#Service.GetUTXOs calling
// vms/components/avax/utxo_fetching.go#GetPaginatedUTXOs): it sorts the addresses by their bytes
// and walks them in that order, skipping those before `startIndex.address`; within an address it
// follows that address's UTXO list (vms/components/avax/utxo_state.go#UTXOIDs over
// database/linkeddb: insertion order, not sorted) from `startIndex.utxo`, or from the list's head
// when that UTXO is gone (spent since). It drops repeats within one answer only (its `seen` set
// lives for one call): a UTXO two of the addresses share comes once per address, on whichever
// pages those are. `endIndex` is the last address searched and the last UTXO searched.
//
// So the walk yields each page as the node lists it (no set of every UTXO: a million of them
// would be hundreds of megabytes), and checks the cursor instead, in memory bounded by the
// addresses asked for: the cursor never goes back to an address it has left, and within an
// address never repeats one of its recent cursors. Either would make the node list the same
// pages again, forever if nothing changes: a PaginationError, not a silent end or a loop.
import type { Methods } from '@avanode/types';
import type { Client, MethodTypes, RequestOptions } from './generated/create-client.js';
import { AvanodeError, ConfigError, ResponseValidationError } from './generated/core/errors.js';

type GetUTXOsParams = Methods['platform.getUTXOs']['params'];
type GetUTXOsResult = Methods['platform.getUTXOs']['result'];
type Cursor = { address: string; utxo: string };

export interface PaginateUTXOsOptions extends RequestOptions {
  /** The addresses whose UTXOs to list: 1 to 1024 (the node's maxGetUTXOsAddrs). */
  addresses: GetUTXOsParams['addresses'];
  sourceChain?: string;
  /** UTXOs per page, an integer from 1; the node caps it at 1024, and so does this (default 1024). */
  limit?: number;
  /** At most this many pages (default 10 000); a listing still going after them rejects with a PaginationError. */
  maxPages?: number;
}

export const MAX_UTXOS_PER_PAGE = 1024;
/** vms/platformvm/service.go: maxGetUTXOsAddrs. */
const MAX_ADDRESSES = 1024;
/** How many of the current address's cursors are remembered: a cycle of up to this many pages is caught as it closes. */
const RECENT_CURSORS = 32;
const METHOD = 'platform.getUTXOs';

/**
 * `paginateUTXOs` could not finish the listing. `reason` says why: `cycle`, the node's `endIndex`
 * went back to a cursor it had given (the walk would list the same pages again; if the UTXOs
 * changed under the walk, the listing may also have restarted: walk again); `max-pages`, the
 * listing was still going after `maxPages` pages. `cursor` is the last `endIndex`, `pages` the
 * number of pages read.
 */
export class PaginationError extends AvanodeError {
  override name = 'PaginationError';
  declare reason: 'cycle' | 'max-pages';
  declare cursor: Cursor;
  declare pages: number;
}

/** A page the walk cannot follow: what is wrong, where (a JSON pointer into the result), and the page. */
const badPage = (message: string, path: string, result: unknown) => new ResponseValidationError(`unexpected result at ${path}: ${message}`, METHOD, { issues: [{ path, message }], path, result });

const configError = (option: string, expected: string) => new ConfigError(`${option}: ${expected} expected`, METHOD, { option });
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;

function checkedOptions(options: PaginateUTXOsOptions): { limit: number; maxPages: number } {
  const { addresses, limit = MAX_UTXOS_PER_PAGE, maxPages = 10_000, sourceChain } = options ?? ({} as PaginateUTXOsOptions);
  if (!Array.isArray(addresses) || !addresses.length || addresses.length > MAX_ADDRESSES || addresses.some((a) => typeof a !== 'string')) throw configError('addresses', `1 to ${MAX_ADDRESSES} address strings`);
  if (!isCount(limit)) throw configError('limit', `an integer from 1 (the node caps it at ${MAX_UTXOS_PER_PAGE})`);
  if (!isCount(maxPages)) throw configError('maxPages', 'an integer from 1');
  if (sourceChain !== undefined && typeof sourceChain !== 'string') throw configError('sourceChain', 'a string');
  return { limit: Math.min(MAX_UTXOS_PER_PAGE, limit), maxPages };
}

/**
 * The node's cursor, followed: each `endIndex` must be one the node could give next. Holds the
 * addresses the cursor has left (never more than were asked for) and the last few cursors of
 * the current address, nothing per UTXO. Returns why `end` cannot come next, if it cannot.
 */
function cursorCheck(addressCount: number): (end: Cursor) => string | undefined {
  const left = new Set<string>();
  let address: string | undefined;
  let recent: string[] = [];
  return (end) => {
    if (end.address !== address) {
      // The address is in the error's `cursor`, not its message (a server's string can be any length).
      if (left.has(end.address)) return 'endIndex went back to an address it had left';
      if (address !== undefined) left.add(address);
      // The node searches only the addresses asked for: more is not a walk forward.
      if (left.size >= addressCount) return `endIndex named more addresses than the ${addressCount} asked for`;
      address = end.address;
      recent = [];
    }
    const back = recent.length - recent.lastIndexOf(end.utxo);
    if (back <= recent.length) return back === 1 ? 'endIndex did not advance' : `endIndex went back to the cursor of ${back} pages before`;
    recent.push(end.utxo);
    if (recent.length > RECENT_CURSORS) recent.shift();
    return undefined;
  };
}

/**
 * Every UTXO (as `0x` hex) that references `addresses`, page by page as the node lists them,
 * following `endIndex` until a page comes back short. A UTXO that two of the addresses share
 * comes once per address (the node drops repeats within a page only); key them by ID (the
 * codec's `utxoId`) where that matters. A page the walk cannot follow (no list, no `endIndex`)
 * rejects with a `ResponseValidationError`; an `endIndex` that goes back (a cycle), or a listing
 * longer than `maxPages`, with a `PaginationError`. Bad options reject with a `ConfigError`
 * before any request.
 */
export async function* paginateUTXOs<M extends MethodTypes>(client: Pick<Client<M>, 'call'>, options: PaginateUTXOsOptions): AsyncGenerator<string, void, undefined> {
  const { limit, maxPages } = checkedOptions(options);
  const { addresses, sourceChain, signal, timeoutMs } = options;
  const refuse = cursorCheck(addresses.length);
  let startIndex: Cursor | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const params: GetUTXOsParams = { addresses, limit, encoding: 'hex', ...(sourceChain ? { sourceChain } : {}), ...(startIndex ? { startIndex } : {}) };
    const result = (await client.call(METHOD, params, { signal, timeoutMs })) as GetUTXOsResult | null;
    if (result === null || typeof result !== 'object') throw badPage('expected an object', '', result);
    // Service.GetUTXOs always makes the list, so `null` is not an empty page.
    if (!Array.isArray(result.utxos)) throw badPage('expected a list of UTXOs', '/utxos', result);
    yield* result.utxos;
    // A short page ends the listing.
    if (Number(result.numFetched) < limit) return;
    const end = result.endIndex as GetUTXOsResult['endIndex'] | undefined;
    if (!end || typeof end.address !== 'string' || typeof end.utxo !== 'string') throw badPage('a full page without an endIndex {address, utxo}', '/endIndex', result);
    const cursor = { address: end.address, utxo: end.utxo };
    const refusal = refuse(cursor);
    if (refusal !== undefined) throw new PaginationError(refusal, METHOD, { reason: 'cycle', cursor, pages: page });
    if (page === maxPages) throw new PaginationError(`still listing after maxPages (${maxPages})`, METHOD, { reason: 'max-pages', cursor, pages: page });
    startIndex = cursor;
  }
}
