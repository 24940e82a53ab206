// `validate: true` (loaded on first use): params are checked before sending and results after
// receiving, with the generated validators package.
import { AvanodeError } from './errors.js';
import type { ClientDefinition, ValidatorsModule } from './client.js';

export interface ValidationIssue {
  /** JSON pointer into the params or the result. */
  path: string;
  /** What was expected there. */
  message: string;
}

/** With `validate: true`, the params did not match the spec; nothing was sent. */
export class ParamsValidationError extends AvanodeError {
  override name = 'ParamsValidationError';
  issues: ValidationIssue[];
  path: string;
  constructor(issues: ValidationIssue[], method: string) {
    super(`invalid params at ${issues[0]?.path || '/'}: ${issues[0]?.message}`, method);
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
  }
}

/** With `validate: true`, the result did not match the spec; `result` holds what came. */
export class ResponseValidationError extends AvanodeError {
  override name = 'ResponseValidationError';
  issues: ValidationIssue[];
  path: string;
  result: unknown;
  constructor(issues: ValidationIssue[], method: string, result: unknown) {
    super(`unexpected result at ${issues[0]?.path || '/'}: ${issues[0]?.message}`, method);
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
    this.result = result;
  }
}

type Verdict = { ok: true } | { ok: false; errors: ValidationIssue[] };

const loaded = new WeakMap<ClientDefinition, Promise<ValidatorsModule>>();

function validatorsOf(definition: ClientDefinition): Promise<ValidatorsModule> {
  let validators = loaded.get(definition);
  if (!validators) loaded.set(definition, (validators = definition.loadValidators()));
  return validators;
}

export async function checkParams(definition: ClientDefinition, method: string, value: unknown): Promise<void> {
  const verdict = (await validatorsOf(definition)).validateParams(method, value);
  if (!verdict.ok) throw new ParamsValidationError(verdict.errors, method);
}

/** Checks a result, or (with `validator`) an HTTP answer with that named validator. */
export async function checkResult(definition: ClientDefinition, method: string, value: unknown, validator?: string): Promise<void> {
  const validators = await validatorsOf(definition);
  const named = validator ? ((validators as unknown as Record<string, ((v: unknown) => Verdict) | undefined>)[validator]) : undefined;
  const verdict: Verdict = validator
    ? named
      ? named(value)
      : { ok: false, errors: [{ path: '', message: `no validator ${validator}` }] }
    : validators.validateResult(method, value);
  if (!verdict.ok) throw new ResponseValidationError(verdict.errors, method, value);
}
