// Type-level expectations, checked by `tsc` (see types.test.ts). Each `@ts-expect-error`
// must meet an error, so a wrong field name that compiled would fail the check.
import { expectTypeOf } from 'vitest';
import type {
  BlockNumberOrHash,
  CurrentValidator,
  EthFeeConfigParams,
  HealthReport,
  HttpEndpoints,
  InfoGetNodeVersionResult,
  MethodName,
  Methods,
  PlatformGetCurrentValidatorsParams,
  PlatformGetCurrentValidatorsResult,
  PlatformGetHeightResult,
  PlatformGetSubnetResult,
  PlatformGetTxStatusResult,
  PlatformGetValidatorsAtResult,
  PlatformGetBlockByHeightParams,
  PlatformGetFeeStateResult,
  PlatformGetUTXOsParams,
  Uint64,
  Uint64Number,
  Uint64Param,
  Upgrades,
} from '../src/index.ts';
import type * as Big from '../src/bigint.ts';

// Results are typed as the node writes them: a json.Uint64 is a decimal string.
expectTypeOf<Uint64>().toEqualTypeOf<string>();
expectTypeOf<PlatformGetHeightResult['height']>().toEqualTypeOf<string>();
expectTypeOf<PlatformGetHeightResult>().toEqualTypeOf<{ height: Uint64 }>();
expectTypeOf<Methods['platform.getHeight']['result']>().toEqualTypeOf<PlatformGetHeightResult>();
const heightOfAnswer: string = ({ height: '42' } as PlatformGetHeightResult).height;
// @ts-expect-error: a bare number is not how the node writes a json.Uint64
const numberHeight: PlatformGetHeightResult = { height: 42 };
// A plain Go uint64 is a bare number; beyond 2^53 − 1 the client gives its exact decimal string.
expectTypeOf<Uint64Number>().toEqualTypeOf<number | string>();
expectTypeOf<PlatformGetFeeStateResult['capacity']>().toEqualTypeOf<Uint64Number>();
// Params stay lenient: the node reads a json.Uint64 from a string or a number.
expectTypeOf<Uint64Param>().toEqualTypeOf<string | number>();
expectTypeOf<PlatformGetBlockByHeightParams['height']>().toEqualTypeOf<Uint64Param | undefined>();
expectTypeOf<PlatformGetUTXOsParams['limit']>().toEqualTypeOf<string | number | undefined>();
// With bigints, every 64-bit integer is a bigint, whichever form the node used.
expectTypeOf<Big.PlatformGetHeightResult['height']>().toEqualTypeOf<bigint>();
expectTypeOf<Big.PlatformGetFeeStateResult['capacity']>().toEqualTypeOf<bigint>();

// Optional params are optional; by-position params are tuples.
expectTypeOf<PlatformGetCurrentValidatorsParams>().toEqualTypeOf<{ subnetID?: string; nodeIDs?: string[] }>();
expectTypeOf<EthFeeConfigParams>().toEqualTypeOf<[] | [BlockNumberOrHash | null]>();
expectTypeOf<Methods['eth_getChainConfig']['params']>().toEqualTypeOf<[]>();

// null where the node sends null; unions where shapes differ.
expectTypeOf<PlatformGetSubnetResult['managerAddress']>().toEqualTypeOf<string | null>();
expectTypeOf<PlatformGetCurrentValidatorsResult['validators'][number]>().toEqualTypeOf<CurrentValidator>();
expectTypeOf<Extract<PlatformGetTxStatusResult, { status: 'Dropped' }>['reason']>().toEqualTypeOf<string>();
expectTypeOf<PlatformGetValidatorsAtResult>().toMatchTypeOf<object>();

// Open maps only where the node sends them.
expectTypeOf<InfoGetNodeVersionResult['vmVersions']>().toEqualTypeOf<{ [k: string]: string }>();
expectTypeOf<HealthReport['checks'][string]['duration']>().toEqualTypeOf<Uint64Number>();
expectTypeOf<Upgrades['graniteTime']>().toEqualTypeOf<string | undefined>();

// The map covers all 51 methods and the health GET endpoint.
expectTypeOf<MethodName>().toEqualTypeOf<keyof Methods>();
expectTypeOf<'validators.getCurrentValidators'>().toMatchTypeOf<MethodName>();
expectTypeOf<HttpEndpoints['health.get']['responses']['503']>().toEqualTypeOf<HealthReport>();

const subnet: PlatformGetSubnetResult = {
  isPermissioned: false,
  controlKeys: [],
  threshold: '0',
  locktime: '0',
  subnetTransformationTxID: '11111111111111111111111111111111LpoYY',
  conversionID: '11111111111111111111111111111111LpoYY',
  managerChainID: '11111111111111111111111111111111LpoYY',
  managerAddress: null,
  // @ts-expect-error: a wrong field name does not compile (objects are exact)
  managerAdress: null,
};

// @ts-expect-error: a required field missing does not compile
const height: PlatformGetHeightResult = {};

// @ts-expect-error: a boolean is not a uint64
const weight: Uint64 = true;

// @ts-expect-error: not a method of the node
expectTypeOf<Methods['platform.getHieght']>().toBeObject();

export { height, heightOfAnswer, numberHeight, subnet, weight };
