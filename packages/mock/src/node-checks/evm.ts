// The L1 EVM chain extras. /rpc is served by the geth-style server in graft/evm/rpc (at
// v1.14.2), which decodes positional params itself and answers -32602 with its own wording, so
// these checks reproduce that decoding exactly; /validators is a gorilla endpoint
// (utils/json/codec.go), which answers -32000 "couldn't unmarshal an argument…" with data null.
// Each check gets the params after the mock's leniency (a missing or null `params` is `[]`).
import type { NodeRefusal, ServiceCheck, ServiceCheckContext } from './types.js';
import { isObject } from '../is-object.js';

/** What Go's encoding/json calls a JSON value in an UnmarshalTypeError. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value; // 'string' | 'number'
}

const invalidParams = (message: string): NodeRefusal => ({ code: -32602, message });

/**
 * graft/evm/rpc/json.go parsePositionalArguments / parseArgumentArray: an array of at most
 * `decoders.length` arguments, each decoded in turn (the first failure wins, before "too many").
 * A decoder returns the decoding error's text, or undefined.
 */
function positional(params: unknown, decoders: Array<(value: unknown) => string | undefined>): NodeRefusal | undefined {
  if (!Array.isArray(params)) return invalidParams('non-array args');
  for (const [i, value] of params.entries()) {
    if (i >= decoders.length) return invalidParams(`too many arguments, want at most ${decoders.length}`);
    const error = decoders[i]!(value);
    if (error !== undefined) return invalidParams(`invalid argument ${i}: ${error}`);
  }
  return undefined;
}

const MAX_UINT64 = 2n ** 64n - 1n;
const MAX_INT64 = 2n ** 63n - 1n;

/** A `*uint64` argument: Go's encoding/json takes only a bare integer in range (or null). */
function decodeUint64Pointer(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && BigInt(value) <= MAX_UINT64) return undefined;
    return `json: cannot unmarshal number ${String(value)} into Go value of type uint64`;
  }
  return `json: cannot unmarshal ${jsonKind(value)} into Go value of type uint64`;
}

/** libevm common/hexutil DecodeUint64: `0x` prefix, no leading zero, hex digits, 64 bits. */
function decodeHexUint64(input: string): { value?: bigint; error?: string } {
  if (input.length === 0) return { error: 'empty hex string' };
  if (!/^0[xX]/.test(input)) return { error: 'hex string without 0x prefix' };
  const digits = input.slice(2);
  if (digits.length === 0) return { error: 'hex string "0x"' };
  if (digits.length > 1 && digits[0] === '0') return { error: 'hex number with leading zero digits' };
  // strconv.ParseUint(…, 16, 64) reads digit by digit: a bad digit is a syntax error, an
  // overflow a range error, whichever comes first.
  let value = 0n;
  for (const digit of digits) {
    if (!/[0-9a-fA-F]/.test(digit)) return { error: 'invalid hex string' };
    value = value * 16n + BigInt(parseInt(digit, 16));
    if (value > MAX_UINT64) return { error: 'hex number > 64 bits' };
  }
  return { value };
}

const BLOCK_TAGS = new Set(['earliest', 'latest', 'pending', 'accepted', 'finalized', 'safe']);
const NOT_A_STRING = (kind: string) => `json: cannot unmarshal ${kind} into Go value of type string`;

/** rpc.BlockNumber.UnmarshalJSON on the raw member (quotes stripped, no unescaping): true if it decodes. */
function blockNumberMemberDecodes(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false; // a bare number or literal is read as hex without 0x
  if (BLOCK_TAGS.has(value)) return true;
  const { value: number } = decodeHexUint64(value);
  return number !== undefined && number <= MAX_INT64;
}

/** common.Hash.UnmarshalJSON: a string of `0x` and 64 hex digits (or null). */
const blockHashMemberDecodes = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && /^0[xX][0-9a-fA-F]{64}$/.test(value));

/** Go's encoding/json member lookup: an exact name first, else one equal under case folding; the last such key wins. */
function member(object: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const key = Object.keys(object).filter((k) => k.toLowerCase() === name.toLowerCase()).at(-1);
  return key === undefined ? undefined : object[key];
}

/**
 * A `*rpc.BlockNumberOrHash` argument (graft/evm/rpc/types.go BlockNumberOrHash.UnmarshalJSON):
 * first as an object, and when that fails as a string (so a bad object reports "cannot
 * unmarshal object into … string").
 */
function decodeBlockNumberOrHash(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (isObject(value)) {
    const blockNumber = member(value, 'blockNumber');
    const blockHash = member(value, 'blockHash');
    const requireCanonical = member(value, 'requireCanonical');
    const decodes = blockNumberMemberDecodes(blockNumber) && blockHashMemberDecodes(blockHash)
      && (requireCanonical === undefined || requireCanonical === null || typeof requireCanonical === 'boolean');
    if (!decodes) return NOT_A_STRING('object');
    if (blockNumber != null && blockHash != null) return 'cannot specify both BlockHash and BlockNumber, choose one or the other';
    return undefined;
  }
  if (typeof value !== 'string') return NOT_A_STRING(jsonKind(value));
  if (BLOCK_TAGS.has(value)) return undefined;
  if (value.length === 66) {
    if (!/^0[xX]/.test(value)) return 'hex string without 0x prefix';
    return /^0[xX][0-9a-fA-F]{64}$/.test(value) ? undefined : 'invalid hex string';
  }
  const { value: number, error } = decodeHexUint64(value);
  if (error !== undefined) return error;
  return number! > MAX_INT64 ? 'blocknumber too high' : undefined;
}

/** Methods only Subnet-EVM registers: coreth's BlockChainAPI (the C-Chain) has none of them. */
function cChainLacks(method: string, context: ServiceCheckContext): NodeRefusal | undefined {
  if (context.blockchainID !== 'C') return undefined;
  // graft/evm/rpc/errors.go methodNotFoundError
  return { code: -32601, message: `the method ${method} does not exist/is not available` };
}

export const checks: Record<string, ServiceCheck> = {
  // graft/subnet-evm/internal/ethapi/api_extra.go BlockChainAPI.FeeConfig, then
  // eth/api_backend.go HeaderByNumberOrHash for an object that names neither member.
  eth_feeConfig: (params, context) => {
    const refusal = cChainLacks('eth_feeConfig', context) ?? positional(params, [decodeBlockNumberOrHash]);
    if (refusal) return refusal;
    const [block] = params as unknown[];
    if (isObject(block) && member(block, 'blockNumber') == null && member(block, 'blockHash') == null) {
      return { code: -32000, message: 'invalid arguments; neither block nor hash specified' };
    }
    return undefined;
  },
  // graft/subnet-evm/internal/ethapi/api_extra.go BlockChainAPI.GetChainConfig (no arguments);
  // coreth's has the same signature, so the C-Chain answers too.
  eth_getChainConfig: (params) => positional(params, []),
  // graft/subnet-evm/internal/ethapi/api_extra.go BlockChainAPI.GetActivePrecompilesAt(*uint64)
  eth_getActivePrecompilesAt: (params, context) => cChainLacks('eth_getActivePrecompilesAt', context) ?? positional(params, [decodeUint64Pointer]),
  // graft/subnet-evm/internal/ethapi/api_extra.go BlockChainAPI.GetActiveRulesAt(*uint64)
  eth_getActiveRulesAt: (params, context) => cChainLacks('eth_getActiveRulesAt', context) ?? positional(params, [decodeUint64Pointer]),
  // graft/subnet-evm/plugin/evm/service.go ValidatorsAPI.GetCurrentValidators: `nodeIDs` is
  // []ids.NodeID; ids/node_id.go NodeID.UnmarshalJSON takes null or a `NodeID-` string, and any
  // decoding failure is utils/json/codec.go errInvalidArg.
  'validators.getCurrentValidators': (params) => {
    if (!isObject(params)) return undefined;
    const nodeIDs = params.nodeIDs;
    const decodes = nodeIDs === undefined || nodeIDs === null
      || (Array.isArray(nodeIDs) && nodeIDs.every((id) => id === null || (typeof id === 'string' && /^NodeID-[1-9A-HJ-NP-Za-km-z]{20,40}$/.test(id))));
    if (decodes) return undefined;
    return {
      code: -32000,
      message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
      data: null,
    };
  },
};
