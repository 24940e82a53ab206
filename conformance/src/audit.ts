// The wire-fidelity audit as tests: each finding is something the node's Go source does that
// our document once said differently. A finding names the source line it was read from and
// carries the wire values that prove it: results the node sends (the validators accept them),
// params the node accepts (validators accept them, the mock answers a valid result) and
// requests the node refuses (validators refuse them where they can, the mock answers the
// node's error over real HTTP). `conformance/audit/<group>.ts` holds the findings;
// `conformance/test/audit.test.ts` runs them.
import { validateParams, validateResult } from '@avanode/validators';

export type FindingKind =
  | 'result-shape' // a member, a nullable member or a shape the document lacked or had wrong
  | 'enum' // a value of an enumeration (a status, an encoding) the document lacked or had wrong
  | 'number-form' // an integer or float written differently on the wire (string, number, range)
  | 'param-optional' // a param the node takes as its zero value when omitted
  | 'param-form' // a param form the node accepts or refuses that the document said otherwise
  | 'limit' // a limit the service enforces
  | 'error' // an error code, message or data the node answers with
  | 'envelope' // the JSON-RPC envelope: method names, ids, batches, content types
  | 'missing-method'; // a method the node has and the document lacked

/** A request the node refuses, and what it answers. */
export interface Refusal {
  params: unknown;
  /** The node's JSON-RPC error: code, and the message exactly (string) or by pattern. */
  error: { code: number; message: string | RegExp; data?: unknown };
  /**
   * The params are well-formed and the refusal depends on the node's state (an unknown ID, a
   * height above the tip): the validators accept them; only the mock refuses. Default false.
   */
  stateful?: boolean;
  /** Mock options the refusal needs (for example a public node). */
  mock?: Record<string, unknown>;
}

export interface Finding {
  /** `path/in/avalanchego.go:line` at the audited release, v1.14.2 (or `gorilla/rpc@v1.2.0:v2/json2/server.go:line`). */
  source: string;
  method: string;
  kind: FindingKind;
  /** One line: what the node does. */
  what: string;
  /** Results a node sends: each validates. */
  results?: unknown[];
  /** Results a node never sends: each fails validation. */
  notResults?: unknown[];
  /** Params a node accepts: each validates, and the mock answers each with a valid result. */
  params?: unknown[];
  /** Requests a node refuses, with its answer. */
  refusals?: Refusal[];
  /** The endpoint path for the mock (default: the method's first server path with `blockchainID` filled in). */
  path?: string;
}

/** A finding's checks that need no server: validators accept what the node sends and refuse what it never sends. */
export function validatorVerdicts(finding: Finding): string[] {
  const problems: string[] = [];
  const show = (value: unknown) => JSON.stringify(value).slice(0, 200);
  for (const result of finding.results ?? []) {
    const verdict = validateResult(finding.method, result);
    if (!verdict.ok) problems.push(`result the node sends was refused: ${show(result)}: ${JSON.stringify(verdict.errors.slice(0, 2))}`);
  }
  for (const result of finding.notResults ?? []) {
    if (validateResult(finding.method, result).ok) problems.push(`result the node never sends was accepted: ${show(result)}`);
  }
  for (const params of finding.params ?? []) {
    const verdict = validateParams(finding.method, params);
    if (!verdict.ok) problems.push(`params the node accepts were refused: ${show(params)}: ${JSON.stringify(verdict.errors.slice(0, 2))}`);
  }
  for (const refusal of finding.refusals ?? []) {
    if (!refusal.stateful && validateParams(finding.method, refusal.params).ok) {
      problems.push(`params the node refuses were accepted by the validators: ${show(refusal.params)}`);
    }
  }
  return problems;
}

const SOURCE_PATTERN = /^([\w.-]+\/[\w.-]+@[\w.-]+:)?[\w./-]+\.go:\d+(-\d+)?$/;

/** A source reference is `file.go:line` (in avalanchego at v1.14.2, the audited release) or `owner/repo@tag:file.go:line`. */
export const isSourceReference = (source: string) => SOURCE_PATTERN.test(source);
