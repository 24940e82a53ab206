// Arbitrary requests for the mock node's property tests, and what a v1.14.2 node answers each
// with (envelope-cases.ts has each case with its Go line). Shared with packages/msw/test.
import fc from 'fast-check';
import { mockData } from '../src/generated/mock-data.ts';

const methods = Object.keys(mockData.methods);
export const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
export const PATHS = ['/ext/info', '/ext/bc/P', '/ext/P', '/ext/health', `/ext/bc/${CHAIN}/rpc`, `/ext/bc/${CHAIN}/validators`];

export type Expected = 'empty' | 'answer' | 'batch' | number | number[];

/** A member as Go's decoder finds it: names matched case-insensitively, the last one winning. */
const member = (object: Record<string, unknown>, name: string) => Object.entries(object).filter(([key]) => key.toLowerCase() === name).at(-1)?.[1];

/**
 * What a v1.14.2 node answers a body with, from the two envelopes (envelope.test.ts has each case
 * with its Go line): gorilla json2 on every path but /rpc, the geth-style server on /rpc.
 * 'answer': a result or a method-level error (gorilla -32000; geth -32602 or -32000).
 */
export function expected(body: string, path: string): Expected {
  const geth = path.endsWith('/rpc');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Go's decoder reads only the first value: "1 x" or "null x" is not a syntax error to it.
    return geth ? [-32700, -32600, 0] : [-32700, 0];
  }
  if (geth) {
    if (Array.isArray(parsed)) return parsed.length ? 'batch' : -32600;
    if (parsed === null || typeof parsed !== 'object') return -32600;
    const r = parsed as Record<string, unknown>;
    const [version, id, method] = [member(r, 'jsonrpc'), member(r, 'id'), member(r, 'method')];
    const validId = id !== undefined && (id === null || typeof id !== 'object');
    if (version !== '2.0' || typeof method !== 'string' || method === '') {
      const isResponse = version === '2.0' && validId && (method === undefined || method === '') && member(r, 'params') === undefined && (member(r, 'result') !== undefined || (member(r, 'error') ?? null) !== null);
      return isResponse ? 'empty' : -32600;
    }
    if (id === undefined) return 'empty';
    if (!validId) return -32600;
    const onPath = mockData.methods[method]?.paths.some((p) => p.replace('{blockchainID}', CHAIN) === path);
    return onPath ? 'answer' : -32601;
  }
  if (parsed === null) return 'empty';
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return -32700;
  const r = parsed as Record<string, unknown>;
  const [version, id, method] = [member(r, 'jsonrpc'), member(r, 'id'), member(r, 'method')];
  if ((version !== undefined && version !== null && typeof version !== 'string') || (method !== undefined && method !== null && typeof method !== 'string')) return -32700;
  if (id === undefined || id === null) return 'empty';
  return version === '2.0' ? 'answer' : -32600;
}

export const requestBodies = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.oneof(fc.constantFrom(...methods), fc.string()), params: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constantFrom(...methods) }), { maxLength: 4 }).map((v) => JSON.stringify(v)),
);
