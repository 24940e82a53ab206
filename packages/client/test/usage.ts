// Type-level expectations of the client, checked by `tsc` (types.test.ts). Each expectation
// fails when the typing it pins regresses.
import { expectTypeOf } from 'vitest';
import type { Methods } from '@avanode/types';
import type { Methods as BigintMethods } from '@avanode/types/bigint';
import { createBareClient, createClient, type BatchItem, type ClientConfig } from '../src/index.ts';
import { getBlockByHeight, getCurrentValidators } from '../src/generated/platform.ts';

type Result<K extends keyof Methods> = Methods[K]['result'];
type BigResult<K extends keyof Methods> = BigintMethods[K]['result'];

const url = 'http://127.0.0.1:9650';
const client = createClient({ url });
const big = createClient({ url, bigint: true });

expectTypeOf(client.platform.getHeight()).resolves.toEqualTypeOf<{ height: string }>();
expectTypeOf(big.platform.getHeight()).resolves.toEqualTypeOf<{ height: bigint }>();
// A bare client: the standalone functions and request() typed as on a full client, no namespaces.
const bare = createBareClient({ url, bigint: true });
expectTypeOf(getCurrentValidators(bare)).resolves.toHaveProperty('validators');
expectTypeOf(bare.request('platform.getHeight')).resolves.toEqualTypeOf<{ height: bigint }>();
// @ts-expect-error: a bare client has no namespaces.
void bare.platform;
expectTypeOf(getCurrentValidators(big)).resolves.toHaveProperty('validators');
expectTypeOf(client.request('info.getNetworkID')).resolves.toEqualTypeOf<{ networkID: string }>();
expectTypeOf(client.evm('C').feeConfig('latest')).resolves.toHaveProperty('feeConfig');
expectTypeOf(client.health.get({ endpoint: 'readiness', tags: ['P'] })).resolves.toHaveProperty('status').toEqualTypeOf<200 | 503>();

// The bigint switch, whatever form the config takes. A config whose type says only `boolean`
// may give either form, and the result type says so (it must not claim wire strings).
type EitherHeight = { height: string } | { height: bigint };
const asConst = { url, bigint: true } as const;
expectTypeOf(createClient(asConst).platform.getHeight()).resolves.toEqualTypeOf<{ height: bigint }>();
const checked = { url, bigint: true } satisfies ClientConfig;
expectTypeOf(createClient(checked).platform.getHeight()).resolves.toEqualTypeOf<{ height: bigint }>();
const widened = { url, bigint: true };
expectTypeOf(createClient(widened).platform.getHeight()).resolves.toEqualTypeOf<EitherHeight>();
const annotated: ClientConfig = { url, bigint: true };
expectTypeOf(createClient(annotated).platform.getHeight()).resolves.toEqualTypeOf<EitherHeight>();
const fromEnvironment = (flag: string | undefined) => ({ url, bigint: flag === '1' });
expectTypeOf(createClient(fromEnvironment('1')).platform.getHeight()).resolves.toEqualTypeOf<EitherHeight>();
const exactFactory = () => ({ url, bigint: true as const });
expectTypeOf(createClient(exactFactory()).platform.getHeight()).resolves.toEqualTypeOf<{ height: bigint }>();
const plainFactory = (): ClientConfig => ({ url });
expectTypeOf(createClient(plainFactory()).platform.getHeight()).resolves.toEqualTypeOf<EitherHeight>();
const off = { url, bigint: false } as const;
expectTypeOf(createClient(off).platform.getHeight()).resolves.toEqualTypeOf<{ height: string }>();

// batch(): one typed item per call, on every namespace, on evm(id) (the validators endpoint
// included) and on the client.
expectTypeOf(client.platform.batch([{ method: 'platform.getHeight' }, { method: 'platform.getSubnet', params: { subnetID: 'x' } }]))
  .resolves.toEqualTypeOf<[BatchItem<Result<'platform.getHeight'>>, BatchItem<Result<'platform.getSubnet'>>]>();
expectTypeOf(big.info.batch([{ method: 'info.getNetworkID' }, { method: 'info.getNodeVersion' }]))
  .resolves.toEqualTypeOf<[BatchItem<BigResult<'info.getNetworkID'>>, BatchItem<BigResult<'info.getNodeVersion'>>]>();
expectTypeOf(client.health.batch([{ method: 'health.liveness' }])).resolves.toEqualTypeOf<[BatchItem<Result<'health.liveness'>>]>();
expectTypeOf(client.evm('C').batch([{ method: 'eth_feeConfig', params: ['latest'] }, { method: 'validators.getCurrentValidators' }]))
  .resolves.toEqualTypeOf<[BatchItem<Result<'eth_feeConfig'>>, BatchItem<Result<'validators.getCurrentValidators'>>]>();
expectTypeOf(client.batch([{ method: 'info.getNetworkID' }, { method: 'platform.getHeight' }]))
  .resolves.toEqualTypeOf<[BatchItem<Result<'info.getNetworkID'>>, BatchItem<Result<'platform.getHeight'>>]>();
const calls: Array<{ method: 'platform.getHeight' }> = [];
expectTypeOf(client.platform.batch(calls)).resolves.toEqualTypeOf<Array<BatchItem<Result<'platform.getHeight'>>>>();
// @ts-expect-error: not a method of the namespace
void client.platform.batch([{ method: 'info.getNetworkID' }]);
// @ts-expect-error: getSubnet's params are required in a batch too
void client.platform.batch([{ method: 'platform.getSubnet' }]);

// request(): params required where the method has a required param.
expectTypeOf(client.request('platform.getSubnet', { subnetID: 'x' })).resolves.toEqualTypeOf<Result<'platform.getSubnet'>>();
// @ts-expect-error: platform.getSubnet needs its params
void client.request('platform.getSubnet');
// @ts-expect-error: not a method
void client.request('platform.getHieght');

// uint64 params take a bigint (sent as an exact JSON number); other params do not.
void client.platform.getBlockByHeight({ height: 2n ** 64n - 1n });
void client.request('platform.getBlockByHeight', { height: 12n, encoding: 'hex' });
void getBlockByHeight(client, { height: 1n });
void client.platform.batch([{ method: 'platform.getBlockByHeight', params: { height: 3n } }]);
// @ts-expect-error: subnetID is not an integer
void client.platform.getSubnet({ subnetID: 5n });
// @ts-expect-error: limit is a uint32, written as a string or number
void client.platform.getUTXOs({ addresses: [], limit: 5n });

// @ts-expect-error: getSubnet needs its params
void client.platform.getSubnet();
// @ts-expect-error: a wrong param name does not compile
void client.platform.getSubnet({ subnetId: 'x' });
// @ts-expect-error: not a method of the namespace
void client.platform.getHieght();
// @ts-expect-error: eth_ methods take positional params
void client.evm('C').feeConfig({ blk: 'latest' });
// @ts-expect-error: not an endpoint
void client.health.get({ endpoint: 'status' });
