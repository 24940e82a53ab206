// The client's typed errors as one line a model can act on (by the error's name: the classes
// stay the client's, and a generated client for another document has its own copies of them).

export function describeFailure(error: unknown, method: string): string {
  const e = error as { name?: string; message?: string; code?: unknown; rpcMessage?: string; data?: unknown; status?: number; body?: string; timeoutMs?: number; cause?: unknown };
  switch (e?.name) {
    case 'RpcError': {
      const data = e.data === null || e.data === undefined ? '' : ` (data: ${JSON.stringify(e.data).slice(0, 200)})`;
      return `${method}: the node answered with error ${String(e.code)}: ${e.rpcMessage ?? e.message}${data}`;
    }
    case 'HttpError':
      return `${method}: the node answered HTTP ${e.status}${e.body ? `: ${e.body.replace(/\s+/g, ' ').trim().slice(0, 120)}` : ''}`;
    case 'TimeoutError':
      return `${method}: no answer from the node within ${e.timeoutMs} ms`;
    case 'NetworkError': {
      const cause = e.cause as { message?: string; cause?: { code?: string; message?: string } } | undefined;
      return `${method}: cannot reach the node: ${cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? e.message}`;
    }
    case 'ResponseTooLargeError':
      return `${method}: the node's answer is larger than the client accepts (${e.message})`;
    default:
      return `${method}: ${e?.message ?? String(error)}`;
  }
}
