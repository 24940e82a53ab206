/**
 * A rule of the node refused something. `message` is the node's own error text (so a mock that
 * refuses with it answers as the node does); `rule` names where the rule lives in the node.
 */
export class RuleError extends Error {
  override readonly name = 'RuleError';
  /** The Go file (at avalanchego v1.14.2) whose rule refused, e.g. `vms/secp256k1fx/fx.go`. */
  readonly rule: string;

  constructor(message: string, rule: string, options?: { cause?: unknown }) {
    super(message, options);
    this.rule = rule;
  }
}
