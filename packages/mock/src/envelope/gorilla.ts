// The JSON-RPC envelope of the Info, P-chain, Health and validators endpoints: gorilla/rpc
// v1.2.0 (`v2/server.go` ServeHTTP, `v2/json2/server.go`, `v2/map.go`) behind avalanchego's
// codec wrapper (`utils/json/codec.go`), as each endpoint registers it ("application/json" and
// "application/json;charset=UTF-8", e.g. api/info/service.go:104-105). No batches: a JSON array
// is a parse error. Every JSON-RPC answer has HTTP status 200 (json2's WriteError never writes a
// status); a call without an id is a notification and gets no body.
import { BoundedMemo } from '../memo.js';
import { compact, firstValue, goQuote, htmlSafe, jsonText, kindOf, membersOf, elementsOf, stringText, withExactIntegers } from './go-json.js';
import { gorillaText, type CallAnswer, type CallParams, type HttpAnswer, type HttpRequest, type Invoke, type RpcErrorObject } from './types.js';

export interface GorillaEndpoint {
  /** The service registered on the path: `info`, `platform`, `health`, `validators`. */
  service: string;
  /** The service's methods by their Go name (`GetHeight`) → the spec's name (`platform.getHeight`). */
  methods: ReadonlyMap<string, string>;
}

/** gorilla/rpc@v1.2.0:v2/server.go:71 lower-cases the registered types; ServeHTTP cuts at ";" first (line 154-157). */
const CODECS = new Set(['application/json', 'application/json;charset=utf-8']);

/** utils/json/codec.go:24-25. */
const ERR_UPPERCASE_METHOD = 'method must start with a non-uppercase letter';
const ERR_INVALID_ARG = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

/** json2's serverRequest after Decode: strings as read, params and id as raw JSON (undefined: nil). */
interface ServerRequest {
  jsonrpc: string;
  method: string;
  params?: string;
  id?: string;
}

/** json2/server.go:101-103 newCodecRequest: json.NewDecoder(body).Decode(req). The error is Go's text. */
function decodeRequest(body: string): { request: ServerRequest; error?: string } {
  const request: ServerRequest = { jsonrpc: '', method: '' };
  const first = firstValue(body, true);
  if (!first.ok) return { request, error: first.message };
  const kind = kindOf(first.raw);
  if (kind === null) return { request }; // `null` decodes into nothing, without error
  if (kind !== 'object') return { request, error: `json: cannot unmarshal ${kind} into Go value of type json2.serverRequest` };
  let error: string | undefined;
  for (const [key, raw] of first.members ?? membersOf(first.raw)) {
    // Most requests name the fields as they are: no need to fold those.
    const field = key === 'jsonrpc' || key === 'method' || key === 'params' || key === 'id' ? key : key.toLowerCase();
    if (field === 'jsonrpc' || field === 'method') {
      const valueKind = kindOf(raw);
      if (valueKind === 'string') request[field] = stringText(raw);
      else if (valueKind !== null) error ??= `json: cannot unmarshal ${valueKind} into Go struct field serverRequest.${field} of type string`;
    } else if (field === 'params' || field === 'id') {
      // *json.RawMessage: JSON null leaves the pointer nil (a missing id and `"id": null` are alike).
      if (raw === 'null') delete request[field];
      else request[field] = raw;
    }
  }
  return error === undefined ? { request } : { request, error };
}

/** utils/json/codec.go:41-58 request.Method: the first letter after the dot is upper-cased. */
function goMethodName(method: string): { name: string; error?: string } {
  const dot = method.indexOf('.');
  if (dot === -1) return { name: method };
  const service = method.slice(0, dot);
  const fn = method.slice(dot + 1);
  const first = fn.length ? String.fromCodePoint(fn.codePointAt(0)!) : '';
  if (first === '' || first === '\uFFFD') return { name: method };
  if (/^\p{Lu}$/u.test(first)) return { name: method, error: ERR_UPPERCASE_METHOD };
  const upper = first.toUpperCase();
  // unicode.ToUpper maps one rune to one rune (ß stays ß).
  return { name: `${service}.${[...upper].length === 1 ? upper : first}${fn.slice(first.length)}` };
}

/** gorilla/rpc@v1.2.0:v2/map.go:129-147 serviceMap.get. */
function findMethod(endpoint: GorillaEndpoint, goName: string): { name: string } | { error: string } {
  const parts = goName.split('.');
  if (parts.length !== 2) return { error: `rpc: service/method request ill-formed: ${goQuote(goName)}` };
  if (parts[0] !== endpoint.service) return { error: `rpc: can't find service ${goQuote(goName)}` };
  const name = endpoint.methods.get(parts[1]!);
  return name ? { name } : { error: `rpc: can't find method ${goQuote(goName)}` };
}

/**
 * The method a request names on an endpoint (goMethodName, then findMethod), remembered per
 * endpoint: the same few names come again and again. Both steps depend on the name alone.
 */
const methodLookups = new WeakMap<GorillaEndpoint, BoundedMemo<{ name: string } | { error: string }>>();
function lookUpMethod(endpoint: GorillaEndpoint, method: string): { name: string } | { error: string } {
  let memo = methodLookups.get(endpoint);
  if (!memo) {
    memo = new BoundedMemo({ maxEntries: 256, maxKeyLength: 256 });
    methodLookups.set(endpoint, memo);
  }
  let found = memo.get(method);
  if (!found) {
    const goName = goMethodName(method);
    found = goName.error ? { error: goName.error } : findMethod(endpoint, goName.name);
    memo.set(method, found);
  }
  return found;
}

/**
 * json2/server.go:155-172 ReadRequest: params into the args struct, else as a one-element
 * array `[args]` (later elements are never read). Missing or null params leave the zero value.
 * Returns the params object, or undefined when they cannot decode.
 */
function decodeParams(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return {};
  const kind = kindOf(raw);
  // Integers beyond 2^53 as their exact digits, never rounded (go-json.ts withExactIntegers).
  if (kind === 'object') return JSON.parse(withExactIntegers(raw)) as Record<string, unknown>;
  if (kind !== 'array') return undefined;
  const [first] = elementsOf(raw);
  if (first === undefined || first === 'null') return {};
  return kindOf(first) === 'object' ? (JSON.parse(withExactIntegers(first)) as Record<string, unknown>) : undefined;
}

/**
 * Params decoded before, by their raw text ('' for none: raw JSON is never empty). Read only
 * (CallParams.value), so one decoding serves every call; each decoding is numbered, and the
 * number is its key for memos further on (shorter than the text, and never reused).
 */
const MEMO_KEY_LENGTH = 1024;
const decodedParams = new BoundedMemo<{ value: Record<string, unknown> | undefined; key: string }>({ maxEntries: 512, maxKeyLength: MEMO_KEY_LENGTH });
let decodings = 0;

/** The params of a call as CallParams; undefined when they cannot decode. */
function callParams(raw: string | undefined): CallParams | undefined {
  const text = raw ?? '';
  let decoded = decodedParams.get(text);
  if (!decoded) {
    const value = decodeParams(raw);
    // Params too long to keep are decoded on every call, and not remembered further on either.
    if (text.length > MEMO_KEY_LENGTH) return value && { value, key: undefined, fresh: () => decodeParams(raw) };
    decoded = { value, key: `gorilla ${++decodings}` };
    decodedParams.set(text, decoded);
  }
  if (!decoded.value) return undefined;
  return { value: decoded.value, key: decoded.key, fresh: () => decodeParams(raw) };
}

/** The partly decoded request, as json2 puts it in `data` of -32700 and -32600 (serverRequest's field order). */
const requestData = (r: ServerRequest) =>
  `{"jsonrpc":${JSON.stringify(r.jsonrpc)},"method":${JSON.stringify(r.method)},"params":${r.params === undefined ? 'null' : compact(r.params)},"id":${r.id === undefined ? 'null' : compact(r.id)}}`;

// server.go:239 sets nosniff only once the method ran (result or service error).
const RAN_HEADERS: Record<string, string> = { 'x-content-type-options': 'nosniff' };
const NO_HEADERS: Record<string, string> = {};
const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
const RAN_JSON_HEADERS: Record<string, string> = { 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=utf-8' };

/**
 * json2/server.go:207-225 writeServerResponse: no body for a notification unless the JSON could
 * not be parsed. `member` is the answer's member, HTML-escaped already: the encoder escapes the
 * whole text, character by character, so the pieces are escaped each on its own.
 */
function write(request: ServerRequest, member: string, options: { parseError?: boolean; invoked?: boolean } = {}): HttpAnswer {
  if (request.id === undefined && !options.parseError) return { status: 200, headers: options.invoked ? RAN_HEADERS : NO_HEADERS, body: '' };
  const id = request.id === undefined ? 'null' : htmlSafe(compact(request.id));
  return { status: 200, headers: options.invoked ? RAN_JSON_HEADERS : JSON_HEADERS, body: `{"jsonrpc":"2.0",${member},"id":${id}}\n` };
}

/** json2's Error always carries `data` (no omitempty, json2/error.go:34): null unless set. */
const errorMember = (error: RpcErrorObject, dataJson?: string) =>
  htmlSafe(`"error":{"code":${error.code},"message":${JSON.stringify(error.message)},"data":${dataJson ?? JSON.stringify(error.data === undefined ? null : error.data)}}`);

const INVOKED = { invoked: true };

/** The answer of a method that ran. */
function written(request: ServerRequest, answer: CallAnswer): HttpAnswer {
  // Params the args struct cannot hold fail in ReadRequest, before the method (codec.go:60-64).
  if ('invalidParams' in answer) return write(request, errorMember({ code: -32000, message: ERR_INVALID_ARG }));
  if ('error' in answer) return write(request, errorMember(answer.error), INVOKED);
  const json = answer.json ? answer.json.html : htmlSafe(jsonText(answer.result));
  return write(request, `"result":${json}`, INVOKED);
}

/** gorilla/rpc@v1.2.0:v2/server.go:146-256 ServeHTTP, with avalanchego's codec; a promise only when the method has to wait. */
export function serveGorilla(http: HttpRequest, endpoint: GorillaEndpoint, invoke: Invoke): HttpAnswer | Promise<HttpAnswer> {
  if (http.method !== 'POST') return gorillaText(405, `rpc: POST method required, received ${http.method}`);
  let contentType = http.headers['content-type'] ?? '';
  if (contentType.includes(';')) contentType = contentType.slice(0, contentType.indexOf(';'));
  // Two codecs are registered, so an empty Content-Type has no default (server.go:158).
  if (!CODECS.has(contentType.toLowerCase())) return gorillaText(415, `rpc: unrecognized Content-Type: ${contentType}`);

  const { request, error: parseError } = decodeRequest(http.body);
  if (parseError !== undefined) return write(request, errorMember({ code: -32700, message: parseError }, requestData(request)), { parseError: true });
  if (request.jsonrpc !== '2.0') return write(request, errorMember({ code: -32600, message: 'jsonrpc must be 2.0' }, requestData(request)));

  const found = lookUpMethod(endpoint, request.method);
  if ('error' in found) return write(request, errorMember({ code: -32000, message: found.error }));
  const params = callParams(request.params);
  if (!params) return write(request, errorMember({ code: -32000, message: ERR_INVALID_ARG }));

  const answer = invoke(found.name, params, { validate: true });
  return answer instanceof Promise ? answer.then((a) => written(request, a)) : written(request, answer);
}
