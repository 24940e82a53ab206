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
  Uint64,
  Upgrades,
} from '../src/index.ts';

// uint64 is whatever the node sends: a decimal string or a JSON number.
expectTypeOf<Uint64>().toEqualTypeOf<string | number>();
expectTypeOf<PlatformGetHeightResult>().toEqualTypeOf<{ height: Uint64 }>();
expectTypeOf<Methods['platform.getHeight']['result']>().toEqualTypeOf<PlatformGetHeightResult>();

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
expectTypeOf<HealthReport['checks'][string]['duration']>().toEqualTypeOf<Uint64>();
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

export { height, subnet, weight };
