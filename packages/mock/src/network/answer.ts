// A P-chain method's answer from the network, apart from the handlers (answers.ts,
// validator-answers.ts), so both can name it without importing each other.

/** A result, or the error text the node writes (-32000). */
export type Answer = { result: unknown } | { error: string };
