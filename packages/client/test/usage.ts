// Type-level expectations of the client, checked by `tsc` (types.test.ts).
import { expectTypeOf } from 'vitest';
import { createClient, type BatchItem } from '../src/index.ts';
import { getCurrentValidators } from '../src/generated/platform.ts';

const client = createClient({ url: 'http://127.0.0.1:9650' });
const big = createClient({ url: 'http://127.0.0.1:9650', bigint: true });

expectTypeOf(client.platform.getHeight()).resolves.toEqualTypeOf<{ height: string | number }>();
expectTypeOf(big.platform.getHeight()).resolves.toEqualTypeOf<{ height: bigint }>();
expectTypeOf(getCurrentValidators(big)).resolves.toHaveProperty('validators');
expectTypeOf(client.request('info.getNetworkID')).resolves.toEqualTypeOf<{ networkID: string | number }>();
expectTypeOf(client.evm('C').feeConfig('latest')).resolves.toHaveProperty('feeConfig');
expectTypeOf(client.evm('C').batch([{ method: 'eth_getChainConfig' }])).resolves.toEqualTypeOf<BatchItem[]>();
expectTypeOf(client.health.get({ endpoint: 'readiness', tags: ['P'] })).resolves.toHaveProperty('status').toEqualTypeOf<200 | 503>();

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
