// Calls one method through @avanode/client and prints its result exactly as the node sent it.
import { createClient } from '@avanode/client';
import { CliError, EXIT } from './errors.js';
import { formatJson, parseExact } from './json.js';
import type { MethodInvocation } from './params.js';
import type { CliMethod } from './table.js';

/** The client's failure as one line and an exit code (by the error's name: the classes stay the client's). `url` is the address as it may be printed. */
export function describeFailure(error: unknown, url: string, what: string): CliError {
  const e = error as { name?: string; message?: string; code?: unknown; rpcMessage?: string; data?: unknown; status?: number; body?: string; reason?: string; timeoutMs?: number; cause?: unknown };
  switch (e?.name) {
    case 'RpcError': {
      const data = e.data === null || e.data === undefined ? '' : ` (data: ${formatJson(e.data, undefined)})`;
      return new CliError(`${what}: the node answered with error ${String(e.code)}: ${e.rpcMessage ?? e.message}${data}`, EXIT.node);
    }
    case 'HttpError': {
      const body = (e.body ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
      return new CliError(`${what}: ${url} answered HTTP ${e.status}${body ? `: ${body}` : ''}`, EXIT.node);
    }
    case 'ResponseParseError':
      return new CliError(`${what}: ${url} did not answer with JSON-RPC: ${e.reason ?? e.message}`, EXIT.node);
    case 'TimeoutError':
      return new CliError(`${what}: no answer from ${url} within ${e.timeoutMs} ms`, EXIT.network);
    case 'NetworkError': {
      // fetch's TypeError says "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND…) is its cause.
      const cause = e.cause as { message?: string; cause?: { code?: string; message?: string } } | undefined;
      const reason = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? e.message;
      return new CliError(`${what}: cannot reach ${url}: ${reason}`, EXIT.network);
    }
    default:
      return new CliError(`${what}: ${e?.message ?? String(error)}`, e?.name === 'AvanodeError' ? EXIT.usage : EXIT.node);
  }
}

export async function callMethod(method: CliMethod, invocation: MethodInvocation, write: (text: string) => void): Promise<number> {
  // The answer's text, kept so the result is printed from it, numbers digit for digit.
  let answer = '';
  const client = createClient({
    url: invocation.node.url,
    headers: invocation.node.headers,
    retry: false,
    ...(invocation.timeoutMs !== undefined ? { timeoutMs: invocation.timeoutMs } : {}),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      answer = await response.text();
      return new Response(answer, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  });
  try {
    await client.call(method.method, invocation.params, invocation.scope);
  } catch (error) {
    throw describeFailure(error, invocation.node.shown, method.method);
  }
  if (answer === '') return EXIT.ok;
  const envelope = parseExact(answer) as { result?: unknown };
  if (envelope.result !== undefined) write(`${formatJson(envelope.result, invocation.compact ? undefined : 2)}\n`);
  return EXIT.ok;
}
