// Exit codes a script can branch on, and the error that carries one up to `main`.

export const EXIT = {
  /** The call succeeded (for `health`: the node is healthy). */
  ok: 0,
  /** The node answered with an error: a JSON-RPC error, an HTTP error status, an unreadable answer, or unhealthy. */
  node: 1,
  /** The command line was wrong: unknown command or flag, a param that fails the spec's validators. Nothing was sent. */
  usage: 2,
  /** No answer: connection refused, DNS failure, timeout. */
  network: 3,
} as const;

/** A failure `main` reports as one line on stderr, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
