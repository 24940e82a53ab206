// What an app writes with @avanode/query, checked by tsc (types.test.ts): result types flow from
// the method to `data`, params are typed, and wrong calls do not compile.
import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from '@tanstack/query-core';
import { createClient } from '@avanode/client';
import type { Methods } from '@avanode/types';
import { infiniteQueries, mutations, queries } from '../src/index.ts';

const client = createClient({ url: 'http://127.0.0.1:9650' });
const queryClient = new QueryClient();

export async function usage(): Promise<void> {
  // Each result is read into an untyped const first: an annotation on the call itself would let
  // TanStack Query infer its TData from the annotation, proving nothing.
  const fetched = await queryClient.fetchQuery(queries(client).platform.getHeight());
  const height: Methods['platform.getHeight']['result'] = fetched;
  const options = queries(client).platform.getCurrentValidators({ subnetID: '11111111111111111111111111111111LpoYY' });
  // The key carries the result type: the cache read is typed without naming it.
  const cachedRaw = queryClient.getQueryData(options.queryKey);
  const cached: Methods['platform.getCurrentValidators']['result'] | undefined = cachedRaw;
  // @ts-expect-error: the cached value is the method's result, not a number
  const cachedWrong: number | undefined = cachedRaw;
  const feesFetched = await queryClient.fetchQuery(queries(client).evm('C').feeConfig('latest'));
  const fees: Methods['eth_feeConfig']['result'] = feesFetched;
  await queryClient.prefetchQuery(queries(client).info.getNodeVersion());
  const observer = new QueryObserver(queryClient, queries(client).health.health({ tags: ['C'] }));
  const healthy: boolean | undefined = observer.getCurrentResult().data?.healthy;

  const pages = new InfiniteQueryObserver(queryClient, infiniteQueries(client).platform.getUTXOs({ addresses: ['P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9'], limit: 2 }));
  const utxos: string[] | undefined = pages.getCurrentResult().data?.pages.flatMap((page) => page.utxos);

  const issue = new MutationObserver(queryClient, mutations(client).platform.issueTx());
  const txID: string = (await issue.mutate({ tx: '0x00' })).txID;

  // A bigint client: 64-bit integers come back as bigints, in `data` too.
  const exact = createClient({ url: 'http://127.0.0.1:9650', bigint: true });
  const exactFetched = await queryClient.fetchQuery(queries(exact).platform.getHeight());
  const exactHeight: bigint = exactFetched.height;

  // @ts-expect-error: getBlock needs its params
  queries(client).platform.getBlock();
  // @ts-expect-error: a wrong param type
  queries(client).platform.getBlock({ blockID: 1 });
  // @ts-expect-error: issueTx changes state: no query options for it
  queries(client).platform.issueTx;
  // @ts-expect-error: getHeight does not page
  infiniteQueries(client).platform.getHeight;
  // @ts-expect-error: the evm namespace needs a chain
  queries(client).evm.feeConfig;
  // @ts-expect-error: the result is an object, not a string
  const wrong: string = fetched;
  // @ts-expect-error: a wire client's height is not a bigint
  const notBigint: bigint = fetched.height;
  void [height, cached, fees, healthy, utxos, txID, exactHeight, wrong, notBigint, cachedWrong];
}
