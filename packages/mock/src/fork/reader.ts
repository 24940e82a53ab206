// What the fork needs of its upstream: one JSON-RPC read, answered with the result or thrown.
// fork/upstream.ts (createUpstream: HTTP with limits, retries, the cache) is one; a test may pass
// any object of this shape (an in-process mock node, for one).

/** The node's endpoints a fork reads. */
export type ForkEndpoint = '/ext/info' | '/ext/bc/P' | '/ext/bc/X' | '/ext/bc/C/avax';

export interface ForkReader {
  /** The method's result; throws the node's JSON-RPC error (an object with `code` and `rpcMessage`) or a transport failure (anything else). */
  read(endpoint: ForkEndpoint, method: string, params: Record<string, unknown>): Promise<unknown>;
  /** Keys the reader's cache by network and fork height, once both are known. */
  pin?(networkID: number, forkHeight: number): void | Promise<void>;
}

/** The node answered with its own JSON-RPC error (not found, a bad param…): an answer, not a failure of the upstream. */
export function rpcErrorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, rpcMessage } = error as { code?: unknown; rpcMessage?: unknown };
  return typeof code === 'number' && typeof rpcMessage === 'string' ? rpcMessage : undefined;
}

/** Why a read failed, for the log (the reader's reason; never the URL's credentials, which the reader never puts in its errors). */
export function failureReason(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { reason?: unknown }).reason === 'string') return (error as { reason: string }).reason;
  return error instanceof Error ? error.message : String(error);
}
