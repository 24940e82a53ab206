// A fork's reader over an in-process mock node (the upstream), with the log of what was asked:
// the fork's own tests run against a real second node without HTTP; fork/upstream.ts has its own
// tests of the HTTP reader.
import type { MockNode } from '../../src/index.js';
import type { ForkEndpoint, ForkReader } from '../../src/fork/index.js';

export interface LoggedReader extends ForkReader {
  readonly log: Array<{ endpoint: ForkEndpoint; method: string; params: Record<string, unknown> }>;
  /** The next reads fail as a dropped upstream does (a transport failure), until set back to false. */
  down: boolean;
}

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
  ) {
    super(rpcMessage);
  }
}

export function readerOver(node: MockNode): LoggedReader {
  const reader: LoggedReader = {
    log: [],
    down: false,
    async read(endpoint, method, params) {
      reader.log.push({ endpoint, method, params });
      if (reader.down) throw Object.assign(new Error('upstream unavailable'), { reason: 'connection refused (127.0.0.1)' });
      const answer = await node.handle({ method: 'POST', path: endpoint, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
      const body = JSON.parse(answer.body) as { result?: unknown; error?: { code: number; message: string } };
      if (body.error) throw new RpcFailure(body.error.code, body.error.message);
      return body.result;
    },
  };
  return reader;
}

/** One JSON-RPC call to a node in process: the result, or the error. */
export async function call(node: MockNode, endpoint: string, method: string, params: unknown = {}): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  const answer = await node.handle({ method: 'POST', path: endpoint, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return JSON.parse(answer.body);
}
