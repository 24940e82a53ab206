// A fork's reader over HTTP for the tests, with the log of what it asked (until fork/upstream.ts's
// createUpstream, which has its own tests, is the one the fork uses): one POST per read to the
// upstream mock server on 127.0.0.1, the node's JSON-RPC error thrown as { code, rpcMessage }, a
// transport failure thrown with its reason.
import type { ForkEndpoint, ForkReader } from '@avanode/mock/server';

export interface LoggedReader extends ForkReader {
  readonly log: Array<{ endpoint: ForkEndpoint; method: string; params: Record<string, unknown> }>;
}

export function httpReader(url: string, timeoutMs = 5000): LoggedReader {
  const reader: LoggedReader = {
    log: [],
    async read(endpoint, method, params) {
      reader.log.push({ endpoint, method, params });
      let text: string;
      try {
        const response = await fetch(`${url}${endpoint}`, { method: 'POST', redirect: 'error', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: AbortSignal.timeout(timeoutMs) });
        text = await response.text();
      } catch (error) {
        throw Object.assign(new Error('upstream unavailable'), { reason: `${method}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}` });
      }
      let body: { result?: unknown; error?: { code: number; message: string } };
      try {
        body = JSON.parse(text);
      } catch {
        throw Object.assign(new Error('upstream unavailable'), { reason: `${method}: the answer is no JSON` });
      }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, rpcMessage: body.error.message });
      return body.result;
    },
  };
  return reader;
}

/** One JSON-RPC call over HTTP: the whole answer (result or error) as the node wrote it. */
export async function rpc(url: string, endpoint: string, method: string, params: unknown = {}): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  const response = await fetch(`${url}${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: AbortSignal.timeout(5000) });
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  return body.error ? { error: body.error } : { result: body.result };
}
