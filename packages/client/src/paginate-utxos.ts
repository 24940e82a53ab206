// Walks `platform.getUTXOs` page by page. Hand-written: paging is a rule of this one method
// (the seed's pagination rules), not something the spec can say for every method.
import type { Methods } from '@avanode/types';
import type { Client, MethodTypes } from './generated/create-client.js';
import type { RequestOptions } from './generated/core/client.js';

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

/**
 * Every UTXO (as `0x` hex) that references `addresses`, following `endIndex` from page to page
 * until a page comes back short. A UTXO that reappears on a later page (the node does not
 * guarantee uniqueness across pages) is yielded once.
 */
export async function* paginateUTXOs<M extends MethodTypes>(client: Pick<Client<M>, 'call'>, options: PaginateUTXOsOptions): AsyncGenerator<string, void, undefined> {
  const { addresses, sourceChain, signal, timeoutMs } = options;
  const limit = Math.max(1, Math.min(MAX_UTXOS_PER_PAGE, Math.trunc(options.limit ?? MAX_UTXOS_PER_PAGE)));
  const maxPages = options.maxPages ?? 10_000;
  const seen = new Set<string>();
  let startIndex: GetUTXOsParams['startIndex'];
  for (let page = 0; page < maxPages; page++) {
    const params: GetUTXOsParams = { addresses, limit, encoding: 'hex', ...(sourceChain ? { sourceChain } : {}), ...(startIndex ? { startIndex } : {}) };
    const result = (await client.call('platform.getUTXOs', params, { signal, timeoutMs })) as GetUTXOsResult;
    for (const utxo of result.utxos) {
      if (seen.has(utxo)) continue;
      seen.add(utxo);
      yield utxo;
    }
    const fetched = Number(result.numFetched);
    const sameIndex = startIndex && startIndex.address === result.endIndex.address && startIndex.utxo === result.endIndex.utxo;
    // A short page ends the listing; an index that does not move would loop forever.
    if (fetched < limit || sameIndex) return;
    startIndex = result.endIndex;
  }
}
