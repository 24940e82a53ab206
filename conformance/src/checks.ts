// The four checks of one recording:
//   1. validators: the recorded result (and params, unless allow-listed) validate;
//   2. client: calling the recorded method with the recorded params against a server replaying
//      the recorded response sends the same method and params on the recorded endpoint, and
//      returns exactly the recorded result (and, with bigint: true, the same values as bigints);
//   3. mock: the mock node's answer to the recorded request validates and has the same shape; a
//      recorded error is answered with the same code, message and data (a -32000 failure of the
//      method itself is a node state the mock has not, and is not compared);
//   4. id: the response echoes the request's id (in the recording and from the mock).
import { isDeepStrictEqual } from 'node:util';
import { createClient, RpcError, type Client } from '@avanode/client';
import { createMockNode, type MockNodeOptions } from '@avanode/msw';
import * as validators from '@avanode/validators';
import { knownWrongReason, type Recording } from './corpus.ts';
import type { ReplayServer } from './replay-server.ts';

export type CheckName = 'validators' | 'client' | 'mock' | 'id';
export type Outcome = { check: CheckName; status: 'passed' | 'failed' | 'allow-listed' | 'n/a'; detail?: string };

interface RpcResponse {
  jsonrpc?: string;
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Options a project recording may carry for the mock node (`"mock": {"publicNode": true}`). */
const mockOptionsOf = (recording: Recording): MockNodeOptions => recording.mock ?? {};

/**
 * The -32000 messages of the gorilla envelope itself (gorilla/rpc@v1.2.0:v2/map.go:131-145,
 * avalanchego utils/json/codec.go:24-25): the request's method name or params, not the method.
 */
const ENVELOPE_MESSAGE = /^(rpc: (can't find (service|method)|service\/method request ill-formed)|method must start with a non-uppercase letter$|couldn't unmarshal an argument\.)/;

/** An error about the request itself (not JSON, not JSON-RPC, no such method): its params mean nothing. */
const isEnvelopeError = (r: Recording) => {
  const error = (r.response as RpcResponse).error;
  return [-32700, -32600, -32601].includes(error?.code ?? 0) || (error?.code === -32000 && /^rpc: |^method must start/.test(error.message));
};
/** The mock node's answer is allow-listed for this recording (a request a node refuses). */
const mockReason = (r: Recording) => knownWrongReason(r, 'mock');

const isGet = (r: Recording) => r.httpMethod === 'GET';
const byPosition = (method: string) => method.startsWith('eth_');
const chainOf = (endpoint: string) => /^\/ext\/bc\/([^/]+)\/(rpc|validators)$/.exec(endpoint)?.[1];
/** `/ext/P` is an alias of `/ext/bc/P`: a client sending either is on the recorded endpoint. */
const canonicalPath = (path: string) => (path === '/ext/P' ? '/ext/bc/P' : path);
const defaultParams = (method: string) => (byPosition(method) ? [] : {});
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Equal, where a bigint on the right stands for the integer (number or decimal string) on the left. */
function sameAsBigints(recorded: unknown, decoded: unknown): boolean {
  if (typeof decoded === 'bigint') {
    return (typeof recorded === 'number' && Number.isInteger(recorded) && BigInt(recorded) === decoded) || (typeof recorded === 'string' && /^-?\d+$/.test(recorded) && BigInt(recorded) === decoded);
  }
  if (Array.isArray(recorded) && Array.isArray(decoded)) return recorded.length === decoded.length && recorded.every((v, i) => sameAsBigints(v, decoded[i]));
  if (recorded && decoded && typeof recorded === 'object' && typeof decoded === 'object') {
    const a = Object.keys(recorded);
    const b = Object.keys(decoded);
    return a.length === b.length && a.every((k) => Object.hasOwn(decoded, k) && sameAsBigints((recorded as Record<string, unknown>)[k], (decoded as Record<string, unknown>)[k]));
  }
  return isDeepStrictEqual(recorded, decoded);
}

function checkValidators(recording: Recording): Outcome[] {
  const response = recording.response as RpcResponse | Record<string, unknown>;
  const outcomes: Outcome[] = [];
  let verdict: { ok: boolean; errors?: Array<{ path: string; message: string }> };
  if (isGet(recording)) {
    const validate = (validators as unknown as Record<string, (v: unknown) => typeof verdict>)[`validateHealthGetResponse${recording.httpStatus ?? 200}`];
    verdict = validate ? validate(response) : { ok: false, errors: [{ path: '', message: `no validator for status ${recording.httpStatus}` }] };
  } else if ((response as RpcResponse).error) {
    const { error } = response as RpcResponse;
    verdict = typeof error?.code === 'number' && typeof error.message === 'string' ? { ok: true } : { ok: false, errors: [{ path: '/error', message: 'must have a numeric code and a message' }] };
  } else {
    verdict = validators.validateResult(recording.method, (response as RpcResponse).result);
  }
  const resultReason = knownWrongReason(recording, 'result');
  outcomes.push(resultReason ? { check: 'validators', status: verdict.ok ? 'failed' : 'allow-listed', detail: verdict.ok ? `allow-listed (${resultReason}) but valid: remove the entry` : resultReason } : verdict.ok ? { check: 'validators', status: 'passed' } : { check: 'validators', status: 'failed', detail: `result ${verdict.errors?.[0]?.path || '/'} ${verdict.errors?.[0]?.message}` });
  if (!isGet(recording) && !isEnvelopeError(recording)) {
    const params = recording.request.params ?? defaultParams(recording.method);
    const paramsVerdict = validators.validateParams(recording.method, params);
    const reason = knownWrongReason(recording, 'params');
    outcomes.push(reason ? { check: 'validators', status: paramsVerdict.ok ? 'failed' : 'allow-listed', detail: paramsVerdict.ok ? `allow-listed (${reason}) but valid: remove the entry` : reason } : paramsVerdict.ok ? { check: 'validators', status: 'passed' } : { check: 'validators', status: 'failed', detail: `params ${paramsVerdict.errors[0]?.path || '/'} ${paramsVerdict.errors[0]?.message}` });
  }
  return outcomes;
}

/** Calls the recorded method through a client, as an app would. */
async function callThroughClient(client: Client<never>, recording: Recording): Promise<unknown> {
  if (isGet(recording)) {
    const path = recording.endpoint;
    const endpoint = path.endsWith('/readiness') ? 'readiness' : path.endsWith('/liveness') ? 'liveness' : path.endsWith('/health/health') ? 'healthAlias' : 'health';
    const tags = recording.request.query?.tag;
    return client.health.get({ endpoint, ...(tags ? { tags } : {}) });
  }
  const chain = chainOf(recording.endpoint);
  return (client as unknown as { call: (m: string, p: unknown, o: object) => Promise<unknown> }).call(recording.method, recording.request.params, chain ? { blockchainID: chain } : {});
}

async function checkClient(recording: Recording, server: ReplayServer): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const response = recording.response as RpcResponse;
  const expected = isGet(recording) ? { status: recording.httpStatus ?? 200, ...(recording.response as object) } : response.result;
  for (const bigint of [false, true]) {
    server.replay(recording);
    const client = createClient({ url: server.url, bigint, retry: false }) as unknown as Client<never>;
    let got: unknown;
    let failure: unknown;
    try {
      got = await callThroughClient(client, recording);
    } catch (error) {
      failure = error;
    }
    const sent = server.lastRequest();
    const problems: string[] = [];
    if (!sent) problems.push('no request reached the server');
    else {
      if (canonicalPath(sent.path) !== canonicalPath(recording.endpoint)) problems.push(`sent to ${sent.path}, recorded ${recording.endpoint}`);
      if (!isGet(recording)) {
        const body = sent.json as { jsonrpc?: string; method?: string; params?: unknown; id?: unknown };
        if (body.jsonrpc !== '2.0' || typeof body.id !== 'number') problems.push('not a JSON-RPC 2.0 request with a numeric id');
        if (body.method !== recording.method) problems.push(`method ${body.method}, recorded ${recording.method}`);
        const recordedParams = recording.request.params ?? defaultParams(recording.method);
        if (!isDeepStrictEqual(body.params ?? defaultParams(recording.method), recordedParams)) problems.push(`params ${JSON.stringify(body.params)}, recorded ${JSON.stringify(recordedParams)}`);
      } else if (!isDeepStrictEqual(sent.query.getAll('tag'), recording.request.query?.tag ?? [])) {
        problems.push('the query differs from the recorded one');
      }
    }
    if (response.error && !isGet(recording)) {
      const error = failure as RpcError;
      if (!(error instanceof RpcError) || error.code !== response.error.code || error.rpcMessage !== response.error.message || !isDeepStrictEqual(error.data, response.error.data)) {
        problems.push(`expected RpcError ${response.error.code} "${response.error.message}", got ${String(failure ?? 'a result')}`);
      }
    } else if (failure) {
      problems.push(`rejected: ${String(failure)}`);
    } else if (bigint ? !sameAsBigints(expected, got) : !isDeepStrictEqual(got, expected)) {
      problems.push(`${bigint ? 'with bigint: true, ' : ''}returned something else than the recorded result`);
    }
    outcomes.push(problems.length === 0 ? { check: 'client', status: 'passed' } : { check: 'client', status: 'failed', detail: `${bigint ? '[bigint] ' : ''}${problems.join('; ')}` });
  }
  return outcomes;
}

/**
 * The node's answer to a lookup of what it does not hold (vms/platformvm/service.go: a tx, a
 * block, a subnet's owner, an L1 validator), and its refusal of a tx whose inputs its state does
 * not hold (an issued tx runs against the chain: txs/executor).
 */
const LOOKUP_NOT_FOUND = /^(couldn't get (tx|block with id \S+|block at height \d+): not found|not found|fetching L1 validator "\S+" failed: not found|problem retrieving (blockchain|subnet) "\S+": not found|couldn't issue tx: (failed verification: )?failed execution: .*)$/;

async function checkMock(recording: Recording): Promise<Outcome[]> {
  const response = recording.response as RpcResponse;
  if (response.error?.code === -32000 && !ENVELOPE_MESSAGE.test(response.error.message)) {
    return [{ check: 'mock', status: 'n/a', detail: 'a method failure (-32000) is a state of the node the mock does not have by default' }];
  }
  const node = createMockNode(mockOptionsOf(recording));
  const answer = await node.handle({
    method: recording.httpMethod,
    path: recording.endpoint,
    query: new URLSearchParams(Object.entries(recording.request.query ?? {}).flatMap(([k, vs]) => vs.map((v) => [k, v]))),
    headers: isGet(recording) ? {} : { 'content-type': 'application/json' },
    body: isGet(recording) ? '' : JSON.stringify(recording.request),
  });
  const outcomes: Outcome[] = [];
  const problems: string[] = [];
  let notHeld = false;
  if (isGet(recording)) {
    if (answer.status !== (recording.httpStatus ?? 200)) problems.push(`status ${answer.status}, recorded ${recording.httpStatus}`);
    const verdict = (validators as unknown as Record<string, (v: unknown) => { ok: boolean }>)[`validateHealthGetResponse${answer.status}`]?.(JSON.parse(answer.body));
    if (answer.status !== 404 && !verdict?.ok) problems.push('the mock\'s body does not validate');
    outcomes.push(problems.length ? { check: 'mock', status: 'failed', detail: problems.join('; ') } : { check: 'mock', status: 'passed' });
    return outcomes;
  }
  if (answer.status !== 200 || answer.body === '') {
    return [{ check: 'mock', status: 'failed', detail: `the mock answered status ${answer.status}${answer.body === '' ? ' with no body' : `: ${answer.body.slice(0, 80)}`}` }];
  }
  const mock = JSON.parse(answer.body) as RpcResponse;
  const reason = mockReason(recording);
  if (reason) {
    // A request a node refuses: the mock must refuse it too, else the entry is stale.
    outcomes.push(mock.error ? { check: 'mock', status: 'allow-listed', detail: reason } : { check: 'mock', status: 'failed', detail: `allow-listed (${reason}) but the mock answered a result: remove the entry` });
  } else if (response.error) {
    const { code, message } = response.error;
    if (mock.error?.code !== code || mock.error.message !== message) problems.push(`mock answered ${mock.error ? `error ${mock.error.code} "${mock.error.message}"` : 'a result'}, recorded error ${code} "${message}"`);
    else if ('data' in response.error ? !isDeepStrictEqual(mock.error.data, response.error.data) : 'data' in mock.error) problems.push(`mock error data ${JSON.stringify(mock.error.data)}, recorded ${JSON.stringify(response.error.data)}`);
  } else if (mock.error?.code === -32000 && LOOKUP_NOT_FOUND.test(mock.error.message)) {
    // The recorded node held the object (or the UTXOs a recorded tx spends); the mock's state (the
    // spec's examples) does not, and it answers as a node without it does (service.go's
    // "couldn't get …: not found", "not found"; the executor's refusal). Neither a pass nor a failure of the mock.
    outcomes.push({ check: 'mock', status: 'n/a', detail: `the recorded object is not in the mock's state (it answered "${mock.error.message.slice(0, 80)}")` });
    notHeld = true;
  } else if (mock.error) {
    problems.push(`mock answered error ${mock.error.code}: ${mock.error.message}`);
  } else {
    const verdict = validators.validateResult(recording.method, mock.result);
    if (!verdict.ok) problems.push(`mock result ${verdict.errors[0]?.path} ${verdict.errors[0]?.message}`);
    if (kindOf(mock.result) !== kindOf(response.result)) problems.push(`mock result is ${kindOf(mock.result)}, recorded ${kindOf(response.result)}`);
  }
  if (!reason && !notHeld) outcomes.push(problems.length ? { check: 'mock', status: 'failed', detail: problems.join('; ') } : { check: 'mock', status: 'passed' });
  outcomes.push(mock.id === recording.request.id ? { check: 'id', status: 'passed' } : { check: 'id', status: 'failed', detail: `the mock answered id ${JSON.stringify(mock.id)} to ${JSON.stringify(recording.request.id)}` });
  return outcomes;
}

function checkId(recording: Recording): Outcome[] {
  if (isGet(recording)) return [{ check: 'id', status: 'n/a', detail: 'a GET has no JSON-RPC id' }];
  const response = recording.response as RpcResponse;
  const echoed = response.id === recording.request.id || (response.error !== undefined && response.id === null && recording.request.id === undefined);
  return [echoed ? { check: 'id', status: 'passed' } : { check: 'id', status: 'failed', detail: `the recorded response id ${JSON.stringify(response.id)} does not echo ${JSON.stringify(recording.request.id)}` }];
}

/** Every outcome of one recording. */
export async function checkRecording(recording: Recording, server: ReplayServer): Promise<Outcome[]> {
  return [...checkValidators(recording), ...(await checkClient(recording, server)), ...(await checkMock(recording)), ...checkId(recording)];
}
