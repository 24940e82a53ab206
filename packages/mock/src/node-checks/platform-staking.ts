// P-chain staking, subnet and fee methods: the refusals avalanchego v1.14.2 makes from the params
// alone (vms/platformvm/service.go and the types it unmarshals into). Refusals that depend on the
// node's state (an unknown ID, a height above the tip, a sample larger than the set's weight) are
// the chain state's (src/network/answers.ts, validator-answers.ts), or the examples' for the
// methods the state does not answer.
import type { NodeRefusal, ServiceCheck } from './types.js';
import { isObject } from '../is-object.js';

/** The P-chain's and the primary network's ID, and what an omitted or null ID decodes to. */
const EMPTY_ID = '11111111111111111111111111111111LpoYY';
const MAX_UINT64 = 2n ** 64n - 1n;

/** utils/json/codec.go errInvalidArg: any argument the args struct cannot unmarshal. */
const unmarshalRefusal: NodeRefusal = {
  code: -32000,
  message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
  data: null,
};
const failed = (message: string): NodeRefusal => ({ code: -32000, message, data: null });

/** The args object as gorilla's json2 reads it: the params object, or the only element of a params array. */
function argsOf(params: unknown): Record<string, unknown> | undefined {
  if (params === undefined || params === null) return {};
  if (isObject(params)) return params;
  if (Array.isArray(params) && params.length === 1 && isObject(params[0])) return params[0];
  return undefined;
}

/** A member matched as encoding/json does, case-insensitively. */
function member(args: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(args).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : args[key];
}

/** An ids.ID member left at its zero value: absent, null or the empty ID itself. */
const isEmptyID = (value: unknown) => value === undefined || value === null || value === EMPTY_ID;

/** strconv.ParseUint of a quoted or bare decimal, as utils/json's integer types read it; undefined when it fails. */
function parseUint(value: unknown, max: bigint): bigint | undefined {
  let digits: string;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) return undefined;
    digits = BigInt(value).toString();
  } else if (typeof value === 'string' && /^[0-9]+$/.test(value)) {
    digits = value;
  } else {
    return undefined;
  }
  const parsed = BigInt(digits);
  return parsed <= max ? parsed : undefined;
}

/**
 * vms/platformvm/api/height.go Height.UnmarshalJSON: null, "proposed" or a uint64; 2^64-1 is
 * reserved for "proposed" and refused when sent as a number.
 */
function heightRefusal(params: unknown): NodeRefusal | undefined {
  const args = argsOf(params);
  if (!args) return undefined;
  const height = member(args, 'height');
  if (height === undefined || height === null || height === 'proposed') return undefined;
  const parsed = parseUint(height, MAX_UINT64);
  return parsed === undefined || parsed === MAX_UINT64 ? unmarshalRefusal : undefined;
}

export const checks: Record<string, ServiceCheck> = {
  // vms/platformvm/service.go Service.GetL1Validator: the zero ID is looked up like any other and is never found.
  'platform.getL1Validator': (params) => {
    const args = argsOf(params);
    if (!args || !isEmptyID(member(args, 'validationID'))) return undefined;
    return failed(`fetching L1 validator "${EMPTY_ID}" failed: not found`);
  },

  // vms/platformvm/service.go Service.GetSubnet: errPrimaryNetworkIsNotASubnet, also for an omitted ID.
  'platform.getSubnet': (params) => {
    const args = argsOf(params);
    if (!args || !isEmptyID(member(args, 'subnetID'))) return undefined;
    return failed("the primary network isn't a subnet");
  },

  // vms/platformvm/service.go Service.GetBlockchainStatus: errMissingBlockchainID for an empty string (null leaves it empty).
  'platform.getBlockchainStatus': (params) => {
    const args = argsOf(params);
    if (!args) return undefined;
    const blockchainID = member(args, 'blockchainID');
    return blockchainID === undefined || blockchainID === null || blockchainID === '' ? failed("argument 'blockchainID' not given") : undefined;
  },

  // vms/platformvm/service.go Service.GetStake: maxGetStakeAddrs, counted before any address is parsed.
  'platform.getStake': (params) => {
    const args = argsOf(params);
    const addresses = args && member(args, 'addresses');
    if (!Array.isArray(addresses) || addresses.length <= 256 || !addresses.every((a) => typeof a === 'string')) return undefined;
    return failed(`${addresses.length} addresses provided but this method can take at most 256`);
  },

  // vms/platformvm/service.go SampleValidatorsArgs: size is a utils/json Uint16; a value it cannot parse fails the unmarshal.
  'platform.sampleValidators': (params) => {
    const args = argsOf(params);
    if (!args) return undefined;
    const size = member(args, 'size');
    if (size === undefined || size === null) return undefined;
    return parseUint(size, 65535n) === undefined ? unmarshalRefusal : undefined;
  },

  // vms/platformvm/service.go GetValidatorsAtArgs and GetAllValidatorsAtArgs: height is an api.Height.
  'platform.getValidatorsAt': heightRefusal,
  'platform.getAllValidatorsAt': heightRefusal,
};
