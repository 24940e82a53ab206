// The JSON-RPC envelope of the Info, P-chain, Health and validators endpoints: gorilla/rpc
// v1.2.0 (`v2/server.go` ServeHTTP, `v2/json2/server.go`, `v2/map.go`) behind avalanchego's
// codec wrapper (`utils/json/codec.go`), as each endpoint registers it ("application/json" and
// "application/json;charset=UTF-8", e.g. api/info/service.go:104-105). No batches: a JSON array
// is a parse error. Every JSON-RPC answer has HTTP status 200 (json2's WriteError never writes a
// status); a call without an id is a notification and gets no body.
import { compact, firstValue, goQuote, htmlSafe, kindOf, membersOf, elementsOf } from './go-json.js';
import { gorillaText, type HttpAnswer, type HttpRequest, type Invoke, type RpcErrorObject } from './types.js';

export interface GorillaEndpoint {
  /** The service registered on the path: `info`, `platform`, `health`, `validators`. */
  service: string;
  /** The service's methods by their Go name (`GetHeight`) → the spec's name (`platform.getHeight`). */
  methods: ReadonlyMap<string, string>;
}

/** gorilla/rpc@v1.2.0:v2/server.go:71 lower-cases the registered types; ServeHTTP cuts at ";" first (line 154-157). */
const CODECS = new Set(['application/json', 'application/json;charset=utf-8']);

/** utils/json/codec.go:24-25. */
export const ERR_UPPERCASE_METHOD = 'method must start with a non-uppercase letter';
export const ERR_INVALID_ARG = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

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
  const first = firstValue(body);
  if (!first.ok) return { request, error: first.message };
  const kind = kindOf(first.raw);
  if (kind === null) return { request }; // `null` decodes into nothing, without error
  if (kind !== 'object') return { request, error: `json: cannot unmarshal ${kind} into Go value of type json2.serverRequest` };
  let error: string | undefined;
  for (const [key, raw] of membersOf(first.raw)) {
    const field = key.toLowerCase();
    if (field === 'jsonrpc' || field === 'method') {
      const valueKind = kindOf(raw);
      if (valueKind === 'string') request[field] = JSON.parse(raw) as string;
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
 * json2/server.go:155-172 ReadRequest: params into the args struct, else as a one-element
 * array `[args]` (later elements are never read). Missing or null params leave the zero value.
 * Returns the params object, or undefined when they cannot decode.
 */
function decodeParams(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return {};
  const kind = kindOf(raw);
  if (kind === 'object') return JSON.parse(raw) as Record<string, unknown>;
  if (kind !== 'array') return undefined;
  const [first] = elementsOf(raw);
  if (first === undefined || first === 'null') return {};
  return kindOf(first) === 'object' ? (JSON.parse(first) as Record<string, unknown>) : undefined;
}

/** The partly decoded request, as json2 puts it in `data` of -32700 and -32600 (serverRequest's field order). */
const requestData = (r: ServerRequest) =>
  `{"jsonrpc":${JSON.stringify(r.jsonrpc)},"method":${JSON.stringify(r.method)},"params":${r.params === undefined ? 'null' : compact(r.params)},"id":${r.id === undefined ? 'null' : compact(r.id)}}`;

/** json2/server.go:207-225 writeServerResponse: no body for a notification unless the JSON could not be parsed. */
function write(request: ServerRequest, member: string, options: { parseError?: boolean; invoked?: boolean } = {}): HttpAnswer {
  // server.go:239 sets nosniff only once the method ran (result or service error).
  const nosniff: Record<string, string> = options.invoked ? { 'x-content-type-options': 'nosniff' } : {};
  if (request.id === undefined && !options.parseError) return { status: 200, headers: nosniff, body: '' };
  const id = request.id === undefined ? 'null' : compact(request.id);
  return { status: 200, headers: { ...nosniff, 'content-type': 'application/json; charset=utf-8' }, body: htmlSafe(`{"jsonrpc":"2.0",${member},"id":${id}}\n`) };
}

/** json2's Error always carries `data` (no omitempty, json2/error.go:34): null unless set. */
const errorMember = (error: RpcErrorObject, dataJson?: string) =>
  `"error":{"code":${error.code},"message":${JSON.stringify(error.message)},"data":${dataJson ?? JSON.stringify(error.data === undefined ? null : error.data)}}`;

/** gorilla/rpc@v1.2.0:v2/server.go:146-256 ServeHTTP, with avalanchego's codec. */
export async function serveGorilla(http: HttpRequest, endpoint: GorillaEndpoint, invoke: Invoke): Promise<HttpAnswer> {
  if (http.method !== 'POST') return gorillaText(405, `rpc: POST method required, received ${http.method}`);
  let contentType = http.headers['content-type'] ?? '';
  if (contentType.includes(';')) contentType = contentType.slice(0, contentType.indexOf(';'));
  // Two codecs are registered, so an empty Content-Type has no default (server.go:158).
  if (!CODECS.has(contentType.toLowerCase())) return gorillaText(415, `rpc: unrecognized Content-Type: ${contentType}`);

  const { request, error: parseError } = decodeRequest(http.body);
  if (parseError !== undefined) return write(request, errorMember({ code: -32700, message: parseError }, requestData(request)), { parseError: true });
  if (request.jsonrpc !== '2.0') return write(request, errorMember({ code: -32600, message: 'jsonrpc must be 2.0' }, requestData(request)));

  const goName = goMethodName(request.method);
  if (goName.error) return write(request, errorMember({ code: -32000, message: goName.error }));
  const found = findMethod(endpoint, goName.name);
  if ('error' in found) return write(request, errorMember({ code: -32000, message: found.error }));
  const params = decodeParams(request.params);
  if (!params) return write(request, errorMember({ code: -32000, message: ERR_INVALID_ARG }));

  const answer = await invoke(found.name, params, { validate: true });
  // Params the args struct cannot hold fail in ReadRequest, before the method (codec.go:60-64).
  if ('invalidParams' in answer) return write(request, errorMember({ code: -32000, message: ERR_INVALID_ARG }));
  if ('error' in answer) return write(request, errorMember(answer.error), { invoked: true });
  return write(request, `"result":${JSON.stringify(answer.result === undefined ? null : answer.result)}`, { invoked: true });
}
