// The JSON-RPC envelope of the L1 EVM chain endpoint /ext/bc/<id>/rpc: the geth-style server of
// avalanchego v1.14.2 (graft/evm/rpc: http.go, server.go, handler.go, json.go, errors.go) with
// subnet-evm's defaults (graft/subnet-evm/plugin/evm/config/default_config.go:92-93: batches of
// at most 1,000 calls and 25,000,000 bytes of results; http.go:47: bodies of at most 5 MiB).
import { BoundedMemo } from '../memo.js';
import { compact, elementsOf, firstValue, htmlSafe, jsonText, kindOf, membersOf, stringText } from './go-json.js';
import { httpError, type CallAnswer, type CallParams, type HttpAnswer, type HttpRequest, type Invoke, type ResultJson, type RpcErrorObject } from './types.js';

const BODY_LIMIT = 5 * 1024 * 1024;
const BATCH_ITEM_LIMIT = 1000;
const BATCH_RESPONSE_LIMIT = 25 * 1000 * 1000;

/** http.go:51: the accepted media types (mime.ParseMediaType, lower-cased, parameters ignored). */
const ACCEPTED_TYPES = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest']);

/** One positional argument's Go type: its decoding error for a raw value, or undefined. */
type GoArgument = (raw: string) => string | undefined;

const UINT64_MAX = 2n ** 64n - 1n;

/** `*uint64` (graft/subnet-evm/internal/ethapi/api_extra.go:130,152): encoding/json's messages. */
const uint64Pointer: GoArgument = (raw) => {
  const kind = kindOf(raw);
  if (kind === null) return undefined;
  if (kind !== 'number') return `json: cannot unmarshal ${kind} into Go value of type uint64`;
  if (!/^\d+$/.test(raw) || BigInt(raw) > UINT64_MAX) return `json: cannot unmarshal number ${raw} into Go value of type uint64`;
  return undefined;
};

/** hexutil.DecodeUint64 (libevm common/hexutil): its errors. */
function decodeHexUint64(input: string): { value?: bigint; error?: string } {
  if (input.length === 0) return { error: 'empty hex string' };
  if (!/^0[xX]/.test(input)) return { error: 'hex string without 0x prefix' };
  const digits = input.slice(2);
  if (digits.length === 0) return { error: 'hex string "0x"' };
  if (digits.length > 1 && digits[0] === '0') return { error: 'hex number with leading zero digits' };
  if (!/^[0-9a-fA-F]+$/.test(digits)) return { error: 'invalid hex string' };
  const value = BigInt(`0x${digits}`);
  return value > UINT64_MAX ? { error: 'hex number > 64 bits' } : { value };
}

const BLOCK_NAMES = new Set(['earliest', 'latest', 'pending', 'accepted', 'finalized', 'safe']);
const INT64_MAX = 2n ** 63n - 1n;

/** common.Hash's UnmarshalText (hexutil.UnmarshalFixedText("Hash", …)). */
function hashError(text: string): string | undefined {
  if (text.length === 0) return 'hex string has length 0, want 64 for Hash';
  if (!/^0[xX]/.test(text)) return 'hex string without 0x prefix';
  const digits = text.slice(2);
  if (digits.length % 2 !== 0) return 'hex string of odd length';
  if (digits.length !== 64) return `hex string has length ${digits.length}, want 64 for Hash`;
  return /^[0-9a-fA-F]+$/.test(digits) ? undefined : 'invalid hex string';
}

/** An object member of BlockNumberOrHash decodes (rpc/types.go:90-121 BlockNumber.UnmarshalJSON, common.Hash, bool). */
function blockObjectDecodes(raw: string): { ok: boolean; number: boolean; hash: boolean } {
  let number = false;
  let hash = false;
  for (const [key, value] of membersOf(raw)) {
    const field = key.toLowerCase();
    if (value === 'null') {
      if (field === 'blocknumber') number = false;
      if (field === 'blockhash') hash = false;
      continue;
    }
    if (field === 'blocknumber') {
      const input = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
      if (!BLOCK_NAMES.has(input)) {
        const { value: n, error } = decodeHexUint64(input);
        if (error || n! > INT64_MAX) return { ok: false, number, hash };
      }
      number = true;
    } else if (field === 'blockhash') {
      if (kindOf(value) !== 'string' || hashError(stringText(value))) return { ok: false, number, hash };
      hash = true;
    } else if (field === 'requirecanonical' && kindOf(value) !== 'bool') return { ok: false, number, hash };
  }
  return { ok: true, number, hash };
}

/** `*rpc.BlockNumberOrHash` (graft/evm/rpc/types.go:170-222 UnmarshalJSON). */
const blockNumberOrHashPointer: GoArgument = (raw) => {
  const kind = kindOf(raw);
  if (kind === null) return undefined;
  if (kind === 'object') {
    const decoded = blockObjectDecodes(raw);
    if (decoded.ok) return decoded.number && decoded.hash ? 'cannot specify both BlockHash and BlockNumber, choose one or the other' : undefined;
  }
  // Not an object it can read: the value is read as a string.
  if (kind !== 'string') return `json: cannot unmarshal ${kind} into Go value of type string`;
  const input = stringText(raw);
  if (BLOCK_NAMES.has(input)) return undefined;
  if (input.length === 66) return hashError(input);
  const { value, error } = decodeHexUint64(input);
  if (error) return error;
  return value! > INT64_MAX ? 'blocknumber too high' : undefined;
};

/** `common.Address` (libevm common/types.go Address.UnmarshalJSON: hexutil.UnmarshalFixedJSON). */
const commonAddress: GoArgument = (raw) => {
  const kind = kindOf(raw);
  if (kind !== 'string') return 'json: cannot unmarshal non-string into Go value of type common.Address';
  const input = stringText(raw);
  if (!/^0[xX]/.test(input)) return 'json: cannot unmarshal hex string without 0x prefix into Go value of type common.Address';
  const digits = input.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) return 'json: cannot unmarshal invalid hex string into Go value of type common.Address';
  return digits.length === 40 ? undefined : `hex string has length ${digits.length}, want 40 for common.Address`;
};

/**
 * The Go argument types of the EVM methods the spec describes, from
 * graft/subnet-evm/internal/ethapi/api_extra.go (every one a pointer, so optional) and coreth's
 * internal/ethapi/api.go.
 */
const GO_ARGUMENTS: Readonly<Record<string, readonly GoArgument[]>> = {
  eth_getChainConfig: [], // api_extra.go:24
  eth_feeConfig: [blockNumberOrHashPointer], // api_extra.go:106
  eth_getActivePrecompilesAt: [uint64Pointer], // api_extra.go:130
  eth_getActiveRulesAt: [uint64Pointer], // api_extra.go:152
  // The standard reads of graft/coreth/internal/ethapi/api.go: a common.Address and a
  // non-pointer rpc.BlockNumberOrHash, so both required (REQUIRED_ARGUMENTS).
  eth_baseFee: [], // api.go:92
  eth_chainId: [], // api.go:629
  eth_getBalance: [commonAddress, blockNumberOrHashPointer], // api.go:642
  eth_getTransactionCount: [commonAddress, blockNumberOrHashPointer], // api.go:1641
};

/** How many leading arguments are not pointers (json.go:346-349 refuses fewer). */
const REQUIRED_ARGUMENTS: Readonly<Record<string, number>> = { eth_getBalance: 2, eth_getTransactionCount: 2 };

/** json.go:330-370 parsePositionalArguments: the decoded values, or the -32602 message. */
function positionalArguments(raw: string | undefined, types: readonly GoArgument[], required = 0): { values: unknown[] } | { error: string } {
  // "params" absent or null: no arguments (json.go:334-336).
  const elements = raw === undefined || raw === 'null' ? [] : kindOf(raw) === 'array' ? elementsOf(raw) : undefined;
  if (!elements) return { error: 'non-array args' };
  for (const [i, element] of elements.entries()) {
    if (i >= types.length) return { error: `too many arguments, want at most ${types.length}` };
    const error = types[i]!(element);
    if (error !== undefined) return { error: `invalid argument ${i}: ${error}` };
  }
  // Only non-pointer arguments are required (json.go:346-349).
  if (elements.length < required) return { error: `missing value for required argument ${elements.length}` };
  return { values: elements.map((element) => JSON.parse(element) as unknown) };
}

/** jsonrpcMessage (json.go:72-79) as json.Unmarshal leaves it: type errors are ignored, fields matched case-insensitively. */
interface Message {
  jsonrpc: string;
  method: string;
  id?: string;
  params?: string;
  result?: string;
  error: boolean;
}

function decodeMessage(raw: string, members?: Array<[string, string]>): Message {
  const message: Message = { jsonrpc: '', method: '', error: false };
  if (kindOf(raw) !== 'object') return message;
  for (const [key, value] of members ?? membersOf(raw)) {
    const field = key.toLowerCase();
    if ((field === 'jsonrpc' || field === 'method') && kindOf(value) === 'string') message[field] = stringText(value);
    // json.RawMessage keeps `null` as the text "null"; *jsonError is allocated by any non-null value.
    else if (field === 'id' || field === 'params' || field === 'result') message[field] = value;
    else if (field === 'error') message.error = value !== 'null';
  }
  return message;
}

const validVersion = (m: Message) => m.jsonrpc === '2.0';
const hasValidId = (m: Message) => m.id !== undefined && m.id[0] !== '{' && m.id[0] !== '['; // json.go:94
const isNotification = (m: Message) => validVersion(m) && m.id === undefined && m.method !== ''; // json.go:82
const isCall = (m: Message) => validVersion(m) && hasValidId(m) && m.method !== '';
const isResponse = (m: Message) => validVersion(m) && hasValidId(m) && m.method === '' && m.params === undefined && (m.result !== undefined || m.error);

/**
 * One answer object (json.go field order jsonrpc, id, error|result; `data` omitted when nil),
 * HTML-escaped as the encoder writes it: piece by piece, as the escapes map each character alone.
 */
function answerText(id: string | undefined, body: CallAnswerOut): string {
  const idText = id === undefined ? 'null' : htmlSafe(compact(id));
  if ('result' in body) return `{"jsonrpc":"2.0","id":${idText},"result":${body.json ? body.json.html : htmlSafe(jsonText(body.result))}}`;
  const { code, message, data } = body.error;
  const dataText = data === undefined || data === null ? '' : `,"data":${JSON.stringify(data)}`;
  return `{"jsonrpc":"2.0","id":${idText},"error":${htmlSafe(`{"code":${code},"message":${JSON.stringify(message)}${dataText}}`)}}`;
}

/** What one call answers: an error or a result (with its JSON when already written). */
type CallAnswerOut = { error: RpcErrorObject } | { result: unknown; json?: ResultJson };

const INVALID_REQUEST = { code: -32600, message: 'invalid request' };

export interface GethEndpoint {
  /** The spec's methods on this endpoint, by their wire name (case-sensitive, service.go callback). */
  methods: ReadonlySet<string>;
  /** Positional arity for methods without a GO_ARGUMENTS entry. */
  arity: (name: string) => number;
}

/** handler.go:577-679 handleCallMsg + handleCall: the answer, or undefined for a notification. */
async function handleCallMessage(message: Message, endpoint: GethEndpoint, invoke: Invoke): Promise<{ text: string; resultBytes: number } | undefined> {
  const notification = isNotification(message);
  if (!notification && !isCall(message)) {
    return { text: answerText(hasValidId(message) ? message.id : undefined, { error: INVALID_REQUEST }), resultBytes: 0 };
  }
  const answer = await handleCall(message, endpoint, invoke);
  if (notification) return undefined;
  const text = answerText(message.id, answer);
  const resultBytes = !('result' in answer) ? 0 : answer.json ? answer.json.text.length : jsonText(answer.result).length;
  return { text, resultBytes };
}

/**
 * Positional arguments decoded before, by method and raw text (read only, as CallParams.value);
 * each decoding is numbered, and the number is its key for memos further on.
 */
const MEMO_KEY_LENGTH = 1024;
const decodedArguments = new BoundedMemo<{ decoded: { values: unknown[] } | { error: string }; key: string | undefined }>({ maxEntries: 512, maxKeyLength: MEMO_KEY_LENGTH });
let decodings = 0;
const NO_CHECK: GoArgument = () => undefined;

/** The call's arguments as CallParams, or the -32602 message. */
function callArguments(method: string, raw: string | undefined, typesOf: () => readonly GoArgument[]): CallParams | { error: string } {
  const required = REQUIRED_ARGUMENTS[method] ?? 0;
  // Only the endpoint's own methods get here: no name holds the separator.
  const memoKey = `${method}\u0000${raw ?? ''}`;
  let entry = decodedArguments.get(memoKey);
  if (!entry) {
    // Arguments too long to keep are decoded on every call, and not remembered further on either.
    const kept = memoKey.length <= MEMO_KEY_LENGTH;
    entry = { decoded: positionalArguments(raw, typesOf(), required), key: kept ? `geth ${++decodings}` : undefined };
    if (kept) decodedArguments.set(memoKey, entry);
  }
  const { decoded } = entry;
  if ('error' in decoded) return decoded;
  return { value: decoded.values, key: entry.key, fresh: () => (positionalArguments(raw, typesOf(), required) as { values: unknown[] }).values };
}

async function handleCall(message: Message, endpoint: GethEndpoint, invoke: Invoke): Promise<CallAnswerOut> {
  const { method } = message;
  // Subscriptions need a websocket: over HTTP handler.go:636-637 refuses them.
  if (method.endsWith('_subscribe')) return { error: { code: -32601, message: 'notifications not supported' } };
  if (method.endsWith('_unsubscribe')) {
    // handler.go:627 the unsubscribe callback takes one rpc.ID (a string, required).
    const id: GoArgument = (raw) => (raw === 'null' || kindOf(raw) === 'string' ? undefined : `json: cannot unmarshal ${kindOf(raw)} into Go value of type rpc.ID`);
    const args = positionalArguments(message.params, [id], 1);
    if ('error' in args) return { error: { code: -32602, message: args.error } };
    return { error: { code: -32000, message: 'subscription not found' } }; // subscription.go:58
  }
  if (!endpoint.methods.has(method)) return { error: { code: -32601, message: `the method ${method} does not exist/is not available` } }; // errors.go:91-93
  const types = GO_ARGUMENTS[method];
  const args = callArguments(method, message.params, () => types ?? Array.from({ length: endpoint.arity(method) }, () => NO_CHECK));
  if ('error' in args) return { error: { code: -32602, message: args.error } };
  // With the Go types known, their decoding is the whole check; otherwise the schema stands in.
  const answer: CallAnswer = await invoke(method, args, { validate: types === undefined });
  if ('invalidParams' in answer) return { error: { code: -32602, message: `invalid argument ${answer.invalidParams.index ?? 0}: ${answer.invalidParams.message}` } };
  return answer;
}

const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json' };

/** http.go:332-361 Server.ServeHTTP and server.go:160-180 serveSingleRequest. */
export async function serveGeth(http: HttpRequest, endpoint: GethEndpoint, invoke: Invoke): Promise<HttpAnswer> {
  const bytes = new TextEncoder().encode(http.body);
  const declared = http.headers['content-length'] !== undefined ? Number(http.headers['content-length']) : http.headers['transfer-encoding'] ? -1 : bytes.length;
  // Dumb empty GETs are health checks (http.go:334).
  if (http.method === 'GET' && declared === 0 && [...http.query].length === 0) return { status: 200, headers: {}, body: '' };
  // http.go:363-388 validateRequest.
  if (http.method === 'PUT' || http.method === 'DELETE') return httpError(405, 'method not allowed');
  if (declared > BODY_LIMIT) return httpError(413, `content length too large (${declared}>${BODY_LIMIT})`);
  if (http.method !== 'OPTIONS' && !ACCEPTED_TYPES.has(mediaType(http.headers['content-type'] ?? '') ?? '')) {
    return httpError(415, 'invalid content type, only application/json is supported');
  }
  // The texts are HTML-escaped already (answerText).
  const json = (text: string, options: { errorPath?: boolean } = {}): HttpAnswer => ({
    status: 200,
    headers: JSON_HEADERS,
    // The error path (http.go:295-317) marshals without the encoder's trailing newline.
    body: options.errorPath ? text : `${text}\n`,
  });
  // The body is read through an io.LimitReader (http.go:394).
  const body = bytes.length > BODY_LIMIT ? new TextDecoder().decode(bytes.slice(0, BODY_LIMIT)) : http.body;
  const first = firstValue(body, true);
  if (!first.ok) return first.eof ? json('', { errorPath: true }) : json(answerText(undefined, { error: { code: -32700, message: 'parse error' } }), { errorPath: true });

  // json.go:290-311 parseMessage: a batch is a body whose first byte is '['.
  if (first.raw[0] !== '[') {
    const message = decodeMessage(first.raw, first.members);
    if (isResponse(message) || (isNotification(message) && message.method.endsWith('_subscription'))) return json('', { errorPath: true });
    const answer = await handleCallMessage(message, endpoint, invoke);
    return answer ? json(answer.text) : json('', { errorPath: true });
  }
  const messages = elementsOf(first.raw).map((raw) => decodeMessage(raw));
  // handler.go:201-216 handleBatch.
  if (messages.length === 0) return json(answerText(undefined, { error: { code: -32600, message: 'empty batch' } }), { errorPath: true });
  if (messages.length > BATCH_ITEM_LIMIT) {
    // handler.go:283-295: the first call's id, else null, in a one-element array.
    const firstCall = messages.find(isCall);
    return json(`[${answerText(firstCall?.id, { error: { code: -32600, message: 'batch too large' } })}]`, { errorPath: true });
  }
  const calls = messages.filter((m) => !isResponse(m) && !(isNotification(m) && m.method.endsWith('_subscription')));
  const answers: string[] = [];
  let resultBytes = 0;
  for (const [i, call] of calls.entries()) {
    const answer = await handleCallMessage(call, endpoint, invoke);
    if (!answer) continue;
    answers.push(answer.text);
    resultBytes += answer.resultBytes;
    if (resultBytes > BATCH_RESPONSE_LIMIT) {
      // handler.go:262-268: every later call gets -32003, and the batch goes out as an error response.
      for (const rest of calls.slice(i + 1)) if (!isNotification(rest)) answers.push(answerText(rest.id, { error: { code: -32003, message: 'response too large' } }));
      return json(`[${answers.join(',')}]`, { errorPath: true });
    }
  }
  return answers.length ? json(`[${answers.join(',')}]`) : json('', { errorPath: true });
}

/** mime.ParseMediaType's media type (lower-cased), or undefined where it returns an error. */
function mediaType(value: string): string | undefined {
  const [base = '', ...parameters] = value.split(';');
  const type = base.trim().toLowerCase();
  const token = "[!#$%&'*+\\-.^_`|~0-9a-z]+";
  if (!new RegExp(`^${token}(/${token})?$`).test(type)) return undefined;
  const parameter = new RegExp(`^${token}\\s*=\\s*(${token}|"(?:[^"\\\\]|\\\\.)*")$`, 'i');
  for (const [i, p] of parameters.entries()) {
    const text = p.trim();
    if (text === '' && i === parameters.length - 1) continue; // a trailing ";" is ignored
    if (!parameter.test(text)) return undefined;
  }
  return type;
}
