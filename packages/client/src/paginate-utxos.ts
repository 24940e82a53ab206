// Walks `platform.getUTXOs` page by page. Hand-written: paging is a rule of this one method
// (the seed's pagination rules), not something the spec can say for every method.
import type { Methods } from '@avanode/types';
import type { Client, MethodTypes, RequestOptions } from './generated/create-client.js';
import { ResponseValidationError } from './generated/core/errors.js';

type GetUTXOsParams = Methods['platform.getUTXOs']['params'];
type GetUTXOsResult = Methods['platform.getUTXOs']['result'];

export interface PaginateUTXOsOptions extends RequestOptions {
  addresses: GetUTXOsParams['addresses'];
  sourceChain?: string;
  /** UTXOs per page; the node caps it at 1024, and so does this (default 1024). */
  limit?: number;
  /** Stop after this many pages even if the node keeps answering full pages (default 10 000). */
  maxPages?: number;
}

export const MAX_UTXOS_PER_PAGE = 1024;

/** A page the walk cannot follow: what is wrong, where (a JSON pointer into the result), and the page. */
const badPage = (message: string, path: string, result: unknown) =>
  new ResponseValidationError(`unexpected result at ${path}: ${message}`, 'platform.getUTXOs', { issues: [{ path, message }], path, result });

/**
 * Every UTXO (as `0x` hex) that references `addresses`, following `endIndex` from page to page
 * until a page comes back short. A UTXO that reappears on a later page (the node does not
 * guarantee uniqueness across pages) is yielded once. A page the walk cannot follow (no list,
 * no `endIndex`, a full page whose `endIndex` does not move) rejects with a
 * `ResponseValidationError` rather than restarting from the first page or looping.
 */
export async function* paginateUTXOs<M extends MethodTypes>(client: Pick<Client<M>, 'call'>, options: PaginateUTXOsOptions): AsyncGenerator<string, void, undefined> {
  const { addresses, sourceChain, signal, timeoutMs } = options;
  const limit = Math.max(1, Math.min(MAX_UTXOS_PER_PAGE, Math.trunc(options.limit ?? MAX_UTXOS_PER_PAGE)));
  const maxPages = options.maxPages ?? 10_000;
  const seen = new Set<string>();
  let startIndex: GetUTXOsParams['startIndex'];
  for (let page = 0; page < maxPages; page++) {
    const params: GetUTXOsParams = { addresses, limit, encoding: 'hex', ...(sourceChain ? { sourceChain } : {}), ...(startIndex ? { startIndex } : {}) };
    const result = (await client.call('platform.getUTXOs', params, { signal, timeoutMs })) as GetUTXOsResult | null;
    if (result === null || typeof result !== 'object') throw badPage('expected an object', '', result);
    // vms/platformvm/service.go (Service.GetUTXOs) always makes the list, so `null` is not an empty page.
    if (!Array.isArray(result.utxos)) throw badPage(`expected a list of UTXOs, got ${JSON.stringify(result.utxos) ?? 'nothing'}`, '/utxos', result);
    for (const utxo of result.utxos) {
      if (seen.has(utxo)) continue;
      seen.add(utxo);
      yield utxo;
    }
    // A short page ends the listing.
    if (Number(result.numFetched) < limit) return;
    const end = result.endIndex as GetUTXOsResult['endIndex'] | undefined;
    if (!end || typeof end.address !== 'string' || typeof end.utxo !== 'string') throw badPage('a full page without an `endIndex` {address, utxo}: the next page cannot be asked for', '/endIndex', result);
    if (startIndex && startIndex.address === end.address && startIndex.utxo === end.utxo) throw badPage('`endIndex` did not advance: the next page would be this one again', '/endIndex', result);
    startIndex = end;
  }
}
