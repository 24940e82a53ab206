// The JSON-RPC envelope and the HTTP edges, case by case, exactly as an avalanchego v1.14.2 node
// answers them: each case names the Go line it is read from. Every case runs twice: over real
// HTTP against startMockServer on 127.0.0.1 (envelope.test.ts here), and through msw's
// setupServer (packages/msw/test/envelope.test.ts: node:http requests to 127.0.0.1:9650,
// intercepted). This module holds the cases and runs nothing. Sources: gorilla/rpc@v1.2.0 (v2/server.go, v2/json2/server.go,
// v2/map.go), avalanchego utils/json/codec.go, api/server/*.go, api/health/handler.go,
// graft/evm/rpc/*.go (the geth-style server of /ext/bc/<id>/rpc), rs/cors v1.7.0.
import http from 'node:http';
import { expect } from 'vitest';
import type { MockNodeOptions } from '@avanode/mock';
import { mockData } from '../src/generated/mock-data.ts';

const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const RPC = `/ext/bc/${CHAIN}/rpc`;
const JSON_CT = { 'content-type': 'application/json' };
const example = (name: string) => JSON.stringify(mockData.methods[name]!.examples[0]!.result);
const NODE_ID = (mockData.methods['info.getNodeID']!.examples[0]!.result as { nodeID: string }).nodeID;
const INVALID_ARG = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
export interface Case {
  name: string;
  send: Sent;
  status: number;
  /** The exact body. */
  body?: string;
  /** Or a check of it. */
  check?: (body: string) => void;
  /** Headers the answer has (undefined: must be absent). */
  headers?: Record<string, string | undefined>;
  options?: MockNodeOptions;
}

/** One request over node:http (msw intercepts it when listening). */
export function send(origin: string, sent: Sent): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: sent.method ?? 'POST', path: sent.path, headers: sent.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

export const post = (path: string, body: string, headers: Record<string, string> = JSON_CT): Sent => ({ method: 'POST', path, headers, body });
const gorillaResult = (result: string, id = '1') => `{"jsonrpc":"2.0","result":${result},"id":${id}}\n`;
const gorillaError = (code: number, message: string, id = '1', data = 'null') => `{"jsonrpc":"2.0","error":{"code":${code},"message":${JSON.stringify(message)},"data":${data}},"id":${id}}\n`;
const gethError = (code: number, message: string, id = '1') => `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":${JSON.stringify(message)}}}`;
const EMPTY_REQUEST = '{"jsonrpc":"","method":"","params":null,"id":null}';
const JSON_UTF8 = 'application/json; charset=utf-8';

const gorillaCases: Case[] = [
  // gorilla/rpc@v1.2.0:v2/server.go:148-150, 259-262
  { name: 'GET on a JSON-RPC path: 405, text (server.go:149)', send: { method: 'GET', path: '/ext/info' }, status: 405, body: 'rpc: POST method required, received GET', headers: { 'content-type': 'text/plain; charset=utf-8', allow: undefined } },
  { name: 'PUT: 405 (server.go:149)', send: { method: 'PUT', path: '/ext/bc/P', body: '{}' }, status: 405, body: 'rpc: POST method required, received PUT' },
  { name: 'no Content-Type: 415, no default codec with two registered (server.go:158-165)', send: post('/ext/info', '{}', {}), status: 415, body: 'rpc: unrecognized Content-Type: ', headers: { 'content-type': 'text/plain; charset=utf-8' } },
  { name: 'text/plain: 415 (server.go:165)', send: post('/ext/info', '{}', { 'content-type': 'text/plain' }), status: 415, body: 'rpc: unrecognized Content-Type: text/plain' },
  { name: 'a space before ";": 415 with the cut type (server.go:154-157)', send: post('/ext/info', '{}', { 'content-type': 'application/json ; charset=utf-8' }), status: 415, body: 'rpc: unrecognized Content-Type: application/json ' },
  { name: '"application/json; charset=utf-8" (with a space): cut at ";" (server.go:154-157)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}', { 'content-type': 'application/json; charset=utf-8' }), status: 200, body: gorillaResult(example('info.getNetworkID')) },
  { name: '"application/json;charset=UTF-8" and upper case: lower-cased (server.go:71, 163)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}', { 'content-type': 'APPLICATION/JSON;charset=UTF-8' }), status: 200, body: gorillaResult(example('info.getNetworkID')) },
  // A result: json2/server.go:175-184, 214-216; nosniff once the method ran (server.go:239)
  { name: 'a result: status 200, charset, nosniff (json2/server.go:215, server.go:239)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}'), status: 200, body: gorillaResult(example('platform.getHeight')), headers: { 'content-type': JSON_UTF8, 'x-content-type-options': 'nosniff', 'node-id': NODE_ID } },
  // Parse errors: json2/server.go:104-111, data = the partly read request, written even without an id (line 214)
  { name: 'truncated JSON: -32700 "unexpected EOF" (json2/server.go:107-110)', send: post('/ext/info', '{"jsonrpc":"2.0",'), status: 200, body: gorillaError(-32700, 'unexpected EOF', 'null', EMPTY_REQUEST), headers: { 'x-content-type-options': undefined } },
  { name: 'garbage: -32700 with Go\'s scanner message (json2/server.go:107-110)', send: post('/ext/info', 'xyz'), status: 200, body: gorillaError(-32700, "invalid character 'x' looking for beginning of value", 'null', EMPTY_REQUEST) },
  { name: 'empty body: -32700 "EOF" (json2/server.go:102)', send: post('/ext/info', ''), status: 200, body: gorillaError(-32700, 'EOF', 'null', EMPTY_REQUEST) },
  { name: 'a bad object key: Go\'s message (json2/server.go:102)', send: post('/ext/info', '{"id":1,}'), status: 200, body: gorillaError(-32700, "invalid character '}' looking for beginning of object key string", 'null', EMPTY_REQUEST) },
  { name: 'a JSON array (a batch): -32700, gorilla has no batches (json2/server.go:102-111)', send: post('/ext/info', '[{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}]'), status: 200, body: gorillaError(-32700, 'json: cannot unmarshal array into Go value of type json2.serverRequest', 'null', EMPTY_REQUEST) },
  { name: 'a wrong member type: -32700, the id still echoed (json2/server.go:107-110, 199)', send: post('/ext/info', '{"jsonrpc":"2.0","id":7,"method":5}'), status: 200, body: gorillaError(-32700, 'json: cannot unmarshal number into Go struct field serverRequest.method of type string', '7', '{"jsonrpc":"2.0","method":"","params":null,"id":7}') },
  { name: 'trailing bytes after the first value are never read (json2/server.go:102)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"} trailing'), status: 200, body: gorillaResult(example('info.getNetworkID')) },
  // jsonrpc: json2/server.go:112-117
  { name: 'jsonrpc missing: -32600 "jsonrpc must be 2.0", data = the request (json2/server.go:112-117)', send: post('/ext/info', '{"id":3,"method":"info.getNetworkID","params":{ "a" : 1 }}'), status: 200, body: gorillaError(-32600, 'jsonrpc must be 2.0', '3', '{"jsonrpc":"","method":"info.getNetworkID","params":{"a":1},"id":3}') },
  { name: 'jsonrpc "1.0" and no id: a notification, no body (json2/server.go:214)', send: post('/ext/info', '{"jsonrpc":"1.0","method":"info.getNetworkID"}'), status: 200, body: '', headers: { 'content-type': undefined } },
  // Notifications: json2/server.go:212-214
  { name: 'no id: the method runs, no body, nosniff (json2/server.go:214, server.go:239)', send: post('/ext/info', '{"jsonrpc":"2.0","method":"info.getNetworkID"}'), status: 200, body: '', headers: { 'x-content-type-options': 'nosniff', 'content-type': undefined } },
  { name: '"id": null is a notification too: the *json.RawMessage stays nil (json2/server.go:36, 214)', send: post('/ext/info', '{"jsonrpc":"2.0","id":null,"method":"info.getNetworkID"}'), status: 200, body: '' },
  { name: 'a notification that fails gets no body either (json2/server.go:214)', send: post('/ext/info', '{"jsonrpc":"2.0","method":"info.nope"}'), status: 200, body: '' },
  // Ids: json2/server.go:36, 182, 199 (raw JSON, copied as is, compacted by the encoder)
  { name: 'an id beyond 2^53 echoed verbatim (json2/server.go:36)', send: post('/ext/info', '{"jsonrpc":"2.0","id":12345678901234567890,"method":"info.getNetworkID"}'), status: 200, body: gorillaResult(example('info.getNetworkID'), '12345678901234567890') },
  { name: 'an id 1.50 keeps its text (json2/server.go:36)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1.50,"method":"info.getNetworkID"}'), status: 200, body: gorillaResult(example('info.getNetworkID'), '1.50') },
  { name: 'an object id is echoed, compacted: json2 checks no type (json2/server.go:33-36)', send: post('/ext/info', '{"jsonrpc":"2.0","id":{ "a" : [1, 2] },"method":"info.getNetworkID"}'), status: 200, body: gorillaResult(example('info.getNetworkID'), '{"a":[1,2]}') },
  { name: 'a string id, HTML-escaped as Go\'s encoder writes it (json2/server.go:216)', send: post('/ext/info', '{"jsonrpc":"2.0","id":"<a&b>","method":"info.getNetworkID"}'), status: 200, body: gorillaResult(example('info.getNetworkID'), '"\\u003ca\\u0026b\\u003e"') },
  { name: 'member names match case-insensitively (encoding/json)', send: post('/ext/info', '{"JSONRPC":"2.0","ID":4,"Method":"info.getNetworkID"}'), status: 200, body: gorillaResult(example('info.getNetworkID'), '4') },
  // Method names: utils/json/codec.go:41-58, gorilla map.go:129-147
  { name: 'an upper-case method: -32000 (utils/json/codec.go:53-54)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.GetNetworkID"}'), status: 200, body: gorillaError(-32000, 'method must start with a non-uppercase letter'), headers: { 'x-content-type-options': undefined } },
  { name: 'another letter case further on: the upper-cased name is not found (codec.go:56, map.go:144)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getnetworkid"}'), status: 200, body: gorillaError(-32000, 'rpc: can\'t find method "info.Getnetworkid"') },
  { name: 'an unknown method: -32000 rpc: can\'t find method (map.go:143-145)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNodeVersions"}'), status: 200, body: gorillaError(-32000, 'rpc: can\'t find method "info.GetNodeVersions"') },
  { name: 'another endpoint\'s service: rpc: can\'t find service (map.go:138-140)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}'), status: 200, body: gorillaError(-32000, 'rpc: can\'t find service "platform.GetHeight"') },
  { name: 'no dot: ill-formed (map.go:131-133)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"getHeight"}'), status: 200, body: gorillaError(-32000, 'rpc: service/method request ill-formed: "getHeight"') },
  { name: 'two dots: ill-formed, after upper-casing (codec.go:44, map.go:131-133)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"a.b.c"}'), status: 200, body: gorillaError(-32000, 'rpc: service/method request ill-formed: "a.B.c"') },
  { name: 'no method: ill-formed "" (map.go:131-133)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1}'), status: 200, body: gorillaError(-32000, 'rpc: service/method request ill-formed: ""') },
  { name: 'a control character in the name is quoted as Go\'s %q does (map.go:144)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.x\\ty"}'), status: 200, body: gorillaError(-32000, 'rpc: can\'t find method "info.X\\ty"') },
  // Params: json2/server.go:155-172 and codec.go:60-64
  { name: 'params that do not unmarshal: -32000 "couldn\'t unmarshal an argument", data null (codec.go:60-64)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getCurrentValidators","params":{"nodeIDs":["Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf"]}}'), status: 200, body: gorillaError(-32000, INVALID_ARG), headers: { 'x-content-type-options': undefined } },
  { name: 'params as a string: -32000 (json2/server.go:157-170, codec.go:62)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":"x"}'), status: 200, body: gorillaError(-32000, INVALID_ARG) },
  { name: 'a one-element array [ {…} ] is unwrapped (json2/server.go:164-165)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":[{}]}'), status: 200, body: gorillaResult(example('platform.getHeight')) },
  { name: 'params [] leave the zero value (json2/server.go:164-165)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":[]}'), status: 200, body: gorillaResult(example('platform.getHeight')) },
  { name: 'params [5]: -32000 (json2/server.go:165-170)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":[5]}'), status: 200, body: gorillaError(-32000, INVALID_ARG) },
  { name: 'a member as a one-element array is not unwrapped: -32000 (ids/id.go UnmarshalJSON, json2/server.go:157-170)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getL1Validator","params":{"validationID":["2eZbyCTyCEMRqj4JqddZFvGxksMrzQyRLfDuMx5HPabCJ8N4Bn"]}}'), status: 200, body: gorillaError(-32000, INVALID_ARG) },
  { name: 'unknown param members are ignored (encoding/json)', send: post('/ext/bc/P', '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":{"unknown":1}}'), status: 200, body: gorillaResult(example('platform.getHeight')) },
  { name: 'the validators endpoint is gorilla too: a batch is a parse error (graft/subnet-evm/plugin/evm/vm.go:1141-1146)', send: post(`/ext/bc/${CHAIN}/validators`, '[]'), status: 200, body: gorillaError(-32700, 'json: cannot unmarshal array into Go value of type json2.serverRequest', 'null', EMPTY_REQUEST) },
  { name: 'no body limit on gorilla endpoints: 2 MiB answered (api/server/server.go: no MaxBytesReader)', send: post('/ext/bc/P', `{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":{"x":"${'a'.repeat(2 * 1024 * 1024)}"}}`), status: 200, body: gorillaResult(example('platform.getHeight')) },
];

const gethCases: Case[] = [
  { name: 'a result: application/json, the encoder\'s newline (http.go:355, handler.go:527-531)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig"}'), status: 200, body: `{"jsonrpc":"2.0","id":1,"result":${example('eth_getChainConfig')}}\n`, headers: { 'content-type': 'application/json', 'node-id': NODE_ID } },
  { name: 'a plain GET is a health check: 200, no body (http.go:334-336)', send: { method: 'GET', path: RPC }, status: 200, body: '', headers: { 'content-type': undefined } },
  { name: 'a GET with a query is checked like a POST: 415 (http.go:334, 378-387)', send: { method: 'GET', path: `${RPC}?x=1` }, status: 415, body: 'invalid content type, only application/json is supported\n', headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } },
  { name: 'PUT: 405 "method not allowed" (http.go:364-366)', send: { method: 'PUT', path: RPC, headers: JSON_CT, body: '{}' }, status: 405, body: 'method not allowed\n' },
  { name: 'DELETE: 405 (http.go:364-366)', send: { method: 'DELETE', path: RPC }, status: 405, body: 'method not allowed\n' },
  { name: 'no Content-Type: 415 (http.go:378-387)', send: post(RPC, '{}', {}), status: 415, body: 'invalid content type, only application/json is supported\n' },
  { name: 'text/plain: 415 (http.go:378-387)', send: post(RPC, '{}', { 'content-type': 'text/plain' }), status: 415, body: 'invalid content type, only application/json is supported\n' },
  { name: 'application/json-rpc is accepted (http.go:51)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig"}', { 'content-type': 'application/json-rpc' }), status: 200, check: (b) => expect(JSON.parse(b).result).toBeDefined() },
  { name: '"application/json; charset=utf-8" is accepted (mime.ParseMediaType, http.go:379)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig"}', { 'content-type': 'application/json; charset=utf-8' }), status: 200, check: (b) => expect(JSON.parse(b).result).toBeDefined() },
  { name: 'a body over 5 MiB: 413 (http.go:47, 367-370)', send: post(RPC, ' '.repeat(5 * 1024 * 1024 + 1)), status: 413, body: `content length too large (${5 * 1024 * 1024 + 1}>5242880)\n` },
  { name: 'malformed JSON: -32700 "parse error", id null, no newline (server.go:171-176)', send: post(RPC, '{"jsonrpc":'), status: 200, body: gethError(-32700, 'parse error', 'null') },
  { name: 'an empty body: no answer (server.go:170-172, io.EOF)', send: post(RPC, ''), status: 200, body: '', headers: { 'content-type': 'application/json' } },
  { name: 'an empty batch: one -32600 "empty batch" object (handler.go:203-208)', send: post(RPC, '[]'), status: 200, body: gethError(-32600, 'empty batch', 'null') },
  {
    name: 'a batch: each item answered in order, junk as -32600, notifications unanswered (handler.go:201-280, testdata/invalid-batch.js)',
    send: post(RPC, '[{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig"},55,{"jsonrpc":"2.0","id":2,"method":"unknown_method"},{"jsonrpc":"2.0","method":"eth_getChainConfig"},{"foo":"bar"}]'),
    status: 200,
    body: `[{"jsonrpc":"2.0","id":1,"result":${example('eth_getChainConfig')}},${gethError(-32600, 'invalid request', 'null')},${gethError(-32601, 'the method unknown_method does not exist/is not available', '2')},${gethError(-32600, 'invalid request', 'null')}]\n`,
  },
  { name: 'a batch of notifications only: no answer (handler.go:223-225)', send: post(RPC, '[{"jsonrpc":"2.0","method":"eth_getChainConfig"}]'), status: 200, body: '' },
  { name: 'a batch of 1,001 calls: [-32600 "batch too large"] with the first call\'s id (handler.go:210-214, 283-295)', send: post(RPC, JSON.stringify([{ jsonrpc: '2.0', method: 'eth_getChainConfig' }, ...Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: '2.0', id: i + 7, method: 'eth_getChainConfig' }))])), status: 200, body: `[${gethError(-32600, 'batch too large', '7')}]` },
  { name: 'a batch of 1,000 calls is answered (default_config.go:92)', send: post(RPC, JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_feeConfig' })))), status: 200, check: (b) => expect((JSON.parse(b) as unknown[]).length).toBe(1000) },
  { name: 'a notification: no answer (handler.go:577-580)', send: post(RPC, '{"jsonrpc":"2.0","method":"eth_getChainConfig"}'), status: 200, body: '' },
  { name: 'a response sent to the server: no answer (handler.go:535-540)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"result":1}'), status: 200, body: '' },
  { name: '"id": null is a call, answered with id null (json.go:94-96)', send: post(RPC, '{"jsonrpc":"2.0","id":null,"method":"eth_getChainConfig"}'), status: 200, check: (b) => expect(b.startsWith('{"jsonrpc":"2.0","id":null,"result":')).toBe(true) },
  { name: 'an object id: -32600 with id null (json.go:94-96, handler.go:589-590)', send: post(RPC, '{"jsonrpc":"2.0","id":{},"method":"eth_getChainConfig"}'), status: 200, body: `${gethError(-32600, 'invalid request', 'null')}\n` },
  { name: 'jsonrpc missing: -32600 with the id (handler.go:586-587, testdata/invalid-badversion.js)', send: post(RPC, '{"id":5,"method":"eth_getChainConfig"}'), status: 200, body: `${gethError(-32600, 'invalid request', '5')}\n` },
  { name: 'not an object: -32600, id null (handler.go:589-590, testdata/invalid-nonobj.js)', send: post(RPC, '1'), status: 200, body: `${gethError(-32600, 'invalid request', 'null')}\n` },
  { name: 'an id beyond 2^53 and a string id, verbatim (json.go:74)', send: post(RPC, '[{"jsonrpc":"2.0","id":12345678901234567890,"method":"nope_x"},{"jsonrpc":"2.0","id":"a","method":"nope_x"}]'), status: 200, body: `[${gethError(-32601, 'the method nope_x does not exist/is not available', '12345678901234567890')},${gethError(-32601, 'the method nope_x does not exist/is not available', '"a"')}]\n` },
  { name: 'an unknown method: -32601 (errors.go:91-93)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_nope"}'), status: 200, body: `${gethError(-32601, 'the method eth_nope does not exist/is not available')}\n` },
  { name: 'upper case is another name: -32601 (service.go callback, formatName)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_FeeConfig"}'), status: 200, body: `${gethError(-32601, 'the method eth_FeeConfig does not exist/is not available')}\n` },
  { name: 'subscriptions over HTTP: -32601 "notifications not supported" (handler.go:636-637)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]}'), status: 200, body: `${gethError(-32601, 'notifications not supported')}\n` },
  { name: 'params as an object: -32602 "non-array args" (json.go:342-343)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig","params":{}}'), status: 200, body: `${gethError(-32602, 'non-array args')}\n` },
  { name: 'too many params: -32602 (json.go:358-359)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_getActiveRulesAt","params":[1,2]}'), status: 200, body: `${gethError(-32602, 'too many arguments, want at most 1')}\n` },
  { name: 'a param of the wrong type: -32602 "invalid argument 0: …" (json.go:361-363)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_getActiveRulesAt","params":["0x1"]}'), status: 200, body: `${gethError(-32602, 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64')}\n` },
  { name: 'a block number without 0x: hexutil\'s message (rpc/types.go:223-226)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_feeConfig","params":["12"]}'), status: 200, body: `${gethError(-32602, 'invalid argument 0: hex string without 0x prefix')}\n` },
  { name: 'params null or absent: no arguments (json.go:334-336)', send: post(RPC, '{"jsonrpc":"2.0","id":1,"method":"eth_feeConfig","params":null}'), status: 200, check: (b) => expect(JSON.parse(b).result).toBeDefined() },
];

const serverCases: Case[] = [
  { name: 'an unknown path: 404 text (gorilla/mux NotFoundHandler, api/server/router.go:57)', send: post('/ext/nope', '{}'), status: 404, body: '404 page not found\n', headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'node-id': NODE_ID } },
  { name: 'a trailing slash is another path: 404 (gorilla/mux route regexp)', send: post('/ext/info/', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}'), status: 404, body: '404 page not found\n' },
  { name: 'an unclean path: 301 to the clean one (gorilla/mux cleanPath)', send: post('/ext//info', '{}'), status: 301, body: '', headers: { location: '/ext/info' } },
  { name: 'a chain without that route: 404 (the P-chain has no /rpc)', send: post('/ext/bc/P/rpc', '{}'), status: 404, body: '404 page not found\n' },
  ...['/ext/bc/platform', '/ext/platform', '/ext/bc/11111111111111111111111111111111LpoYY'].map((path): Case => ({ name: `the P-chain alias ${path} (genesis/aliases.go:34-40)`, send: post(path, '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}'), status: 200, body: gorillaResult(example('platform.getHeight')) })),
  { name: 'CORS on an actual request: any origin, credentials (api/server/server.go:327-330, rs/cors handleActualRequest)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}', { ...JSON_CT, origin: 'http://app.test' }), status: 200, headers: { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true', vary: 'Origin' } },
  { name: 'no Origin: no CORS headers, only Vary (rs/cors handleActualRequest)', send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}'), status: 200, headers: { 'access-control-allow-origin': undefined, vary: 'Origin' } },
  {
    name: 'a CORS preflight: 200, no body, the requested method and headers (rs/cors handlePreflight)',
    send: { method: 'OPTIONS', path: '/ext/bc/P', headers: { origin: 'http://app.test', 'access-control-request-method': 'post', 'access-control-request-headers': 'content-type' } },
    status: 200,
    body: '',
    headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'Content-Type', 'access-control-allow-credentials': 'true', vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' },
  },
  { name: 'a preflight asking for a header outside the defaults: no allow headers (rs/cors areHeadersAllowed)', send: { method: 'OPTIONS', path: '/ext/bc/P', headers: { origin: 'http://app.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } }, status: 200, body: '', headers: { 'access-control-allow-origin': undefined } },
  // api/health/handler.go
  ...['/ext/health', '/ext/health/health', '/ext/health/readiness', '/ext/health/liveness'].map((path): Case => ({
    name: `GET ${path}: the report, application/json, 200 (handler.go:49-68, node/node.go:1631-1664)`,
    send: { method: 'GET', path: `${path}?tag=11111111111111111111111111111111LpoYY` },
    status: 200,
    headers: { 'content-type': 'application/json' },
    check: (b) => {
      expect(b.endsWith('}\n')).toBe(true);
      expect(JSON.parse(b)).toMatchObject({ healthy: true });
    },
  })),
  { name: 'the GET-only health paths answer any method (handler.go:49-68 checks none)', send: post('/ext/health/readiness', '{"jsonrpc":"2.0","id":1,"method":"health.readiness"}'), status: 200, check: (b) => expect(JSON.parse(b)).toEqual({ checks: expect.any(Object), healthy: true }) },
  { name: '/ext/health with another method than GET or POST goes to gorilla: 405 (handler.go:29-34)', send: { method: 'PUT', path: '/ext/health' }, status: 405, body: 'rpc: POST method required, received PUT' },
  { name: 'unhealthy: 503 with the report (handler.go:57-60)', options: { healthy: false }, send: { method: 'GET', path: '/ext/health' }, status: 503, headers: { 'content-type': 'application/json' }, check: (b) => expect(JSON.parse(b).healthy).toBe(false) },
  { name: 'public node: the Health API is off, GET 404 (node/node.go:1426-1429)', options: { publicNode: true }, send: { method: 'GET', path: '/ext/health' }, status: 404, body: '404 page not found\n' },
  { name: 'public node: the Health API is off, JSON-RPC 404 too (node/node.go:1426-1429)', options: { publicNode: true }, send: post('/ext/health', '{"jsonrpc":"2.0","id":1,"method":"health.health"}'), status: 404, body: '404 page not found\n' },
  { name: 'public node: a node-specific Info method is not served (gorilla map.go:143-145)', options: { publicNode: true }, send: post('/ext/info', '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}'), status: 200, body: gorillaError(-32000, 'rpc: can\'t find method "info.GetNodeID"') },
];

export function expectAnswer(answer: Answer, c: Case) {
  expect(answer.status, c.name).toBe(c.status);
  if (c.body !== undefined) expect(answer.body).toBe(c.body);
  c.check?.(answer.body);
  for (const [name, value] of Object.entries(c.headers ?? {})) expect(answer.headers[name], name).toBe(value);
}

export const families = { 'gorilla json2 (/ext/info, /ext/bc/P, /ext/health, /validators)': gorillaCases, 'geth-style server (/ext/bc/<id>/rpc)': gethCases, 'the HTTP server and the health GET handler': serverCases };
