// The envelope of a plain JSON-RPC 2.0 server (https://www.jsonrpc.org/specification), for the
// mocks `avanode-gen --out` writes for any OpenRPC document; the node's own endpoints keep their
// gorilla/rpc and geth envelopes (../envelope/). Over HTTP POST: bad JSON is -32700 "Parse
// error", a request that is not a JSON-RPC 2.0 call -32600 "Invalid Request", an unknown method
// -32601 "Method not found", params the method's schema refuses -32602 "Invalid params" (with
// what is wrong in `data`), and a batch (an array) gets an array of answers. A call without an
// `id` is a notification: it runs, and nothing is answered for it. Ids are echoed as sent, big
// integers included (read from the raw text, never through a double).
import { elementsOf, firstValue, kindOf, membersOf } from '../envelope/go-json.js';
import type { HttpAnswer, RpcErrorObject } from '../envelope/types.js';

/** Bodies larger than this get 413 (a mock has no reason to read more). */
export const JSON_RPC_BODY_LIMIT = 5 * 1024 * 1024;
/** Calls in one batch at most; a larger batch is one -32600. */
export const JSON_RPC_BATCH_LIMIT = 1000;

/** What one call gave: a result or an error object. */
export type JsonRpcOutcome = { result: unknown } | { error: RpcErrorObject };

/** Runs one call whose envelope is valid: `params` is the parsed `params` member (undefined when absent). */
export type JsonRpcInvoke = (method: string, params: unknown) => JsonRpcOutcome | Promise<JsonRpcOutcome>;

const JSON_HEADERS = { 'content-type': 'application/json' } as const;
const ACCEPTED_TYPES = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest']);

const text = (status: number, body: string, extra: Record<string, string> = {}): HttpAnswer => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra }, body: `${body}\n` });

/** One answer object as text; `id` is raw JSON (`null` when the request's could not be read). */
function answerText(id: string, outcome: JsonRpcOutcome): string {
  if ('error' in outcome) {
    const { code, message, data } = outcome.error;
    return `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(data === undefined ? { code, message } : { code, message, data })}}`;
  }
  return `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(outcome.result === undefined ? null : outcome.result)}}`;
}

const invalidRequest = (message = 'Invalid Request'): JsonRpcOutcome => ({ error: { code: -32600, message } });

/** One call of a body (an object of a batch, or the whole body): its answer text, or undefined for a notification. */
async function answerCall(raw: string, invoke: JsonRpcInvoke): Promise<string | undefined> {
  if (kindOf(raw) !== 'object') return answerText('null', invalidRequest());
  const members = new Map<string, string>();
  for (const [key, value] of membersOf(raw)) members.set(key, value);
  const id = members.get('id');
  // An id is a string, a number or null (JSON-RPC 2.0 §4); anything else cannot be echoed.
  const idKind = id === undefined ? undefined : kindOf(id);
  if (idKind === 'object' || idKind === 'array' || idKind === 'bool') return answerText('null', invalidRequest('Invalid Request: id must be a string, a number or null'));
  const answerId = id ?? 'null';
  if (members.get('jsonrpc') !== '"2.0"') return answerText(answerId, invalidRequest('Invalid Request: jsonrpc must be "2.0"'));
  const method = members.get('method');
  if (method === undefined || kindOf(method) !== 'string') return answerText(answerId, invalidRequest('Invalid Request: method must be a string'));
  const params = members.get('params');
  const paramsKind = params === undefined ? undefined : kindOf(params);
  if (params !== undefined && paramsKind !== 'object' && paramsKind !== 'array') return answerText(answerId, invalidRequest('Invalid Request: params must be an array or an object'));
  let outcome: JsonRpcOutcome;
  try {
    outcome = await invoke(JSON.parse(method) as string, params === undefined ? undefined : JSON.parse(params));
  } catch (error) {
    outcome = { error: { code: -32603, message: `Internal error: ${(error as Error)?.message ?? String(error)}` } };
  }
  return id === undefined ? undefined : answerText(answerId, outcome);
}

/** The HTTP answer to one request, as a JSON-RPC 2.0 server over HTTP gives it. */
export async function answerJsonRpc(request: { method: string; headers?: Record<string, string | undefined>; body: string }, invoke: JsonRpcInvoke): Promise<HttpAnswer> {
  if (request.method !== 'POST') return text(405, 'method not allowed: JSON-RPC calls are POSTed', { allow: 'POST' });
  const contentType = request.headers?.['content-type'];
  if (contentType !== undefined && !ACCEPTED_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase())) return text(415, `unsupported content type ${JSON.stringify(contentType.slice(0, 100))}: send application/json`);
  if (request.body.length > JSON_RPC_BODY_LIMIT) return text(413, `request body larger than ${JSON_RPC_BODY_LIMIT} bytes`);
  const first = firstValue(request.body);
  // Anything after the value (but space) makes the body something other than one JSON value.
  if (!first.ok || request.body.slice(request.body.indexOf(first.raw) + first.raw.length).trim() !== '') {
    return { status: 200, headers: { ...JSON_HEADERS }, body: answerText('null', { error: { code: -32700, message: 'Parse error' } }) };
  }
  const raw = first.raw;
  if (kindOf(raw) !== 'array') {
    const answer = await answerCall(raw, invoke);
    return answer === undefined ? { status: 204, headers: {}, body: '' } : { status: 200, headers: { ...JSON_HEADERS }, body: answer };
  }
  const calls = elementsOf(raw);
  if (calls.length === 0) return { status: 200, headers: { ...JSON_HEADERS }, body: answerText('null', invalidRequest('Invalid Request: empty batch')) };
  if (calls.length > JSON_RPC_BATCH_LIMIT) return { status: 200, headers: { ...JSON_HEADERS }, body: answerText('null', invalidRequest(`Invalid Request: a batch of more than ${JSON_RPC_BATCH_LIMIT} calls`)) };
  const answers: string[] = [];
  for (const call of calls) {
    const answer = await answerCall(call, invoke);
    if (answer !== undefined) answers.push(answer);
  }
  // A batch of notifications only: nothing to answer (§6).
  return answers.length === 0 ? { status: 204, headers: {}, body: '' } : { status: 200, headers: { ...JSON_HEADERS }, body: `[${answers.join(',')}]` };
}
