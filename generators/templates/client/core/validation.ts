// `validate: true` (part of the complete path, loaded on first use): params are checked before
// sending and results after receiving, with the generated validators package.
import type { ClientDefinition, CoreParts, ValidatorsModule } from './types.js';
import { ParamsValidationError, ResponseValidationError, type ValidationIssue } from './errors.js';

type Verdict = { ok: true } | { ok: false; errors: ValidationIssue[] };

const loaded = new WeakMap<ClientDefinition, Promise<ValidatorsModule>>();

function validatorsOf(definition: ClientDefinition): Promise<ValidatorsModule> {
  let validators = loaded.get(definition);
  if (!validators) {
    validators = definition.loadValidators();
    loaded.set(definition, validators);
  }
  return validators;
}

const firstIssue = (issues: ValidationIssue[]) => ({ issues, path: issues[0]?.path ?? '' });

/** The first issue for a message: its pointer cut to 80 characters around an ellipsis (a map key from the data may be of any length), then what was wrong. */
function issueText(issues: ValidationIssue[]): string {
  const { path = '', message = '' } = issues[0] ?? {};
  const at = path === '' ? '/' : path.length <= 80 ? path : `${path.slice(0, 39)}…${path.slice(-39)}`;
  return `${at}: ${message}`;
}

export async function checkParams(parts: CoreParts, method: string, value: unknown): Promise<void> {
  const verdict = (await validatorsOf(parts.definition)).validateParams(method, value);
  if (!verdict.ok) throw new ParamsValidationError(`invalid params at ${issueText(verdict.errors)}`, method, firstIssue(verdict.errors));
}

/** Checks a result, or (with `validator`) an HTTP answer with that named validator. */
export async function checkResult(parts: CoreParts, method: string, value: unknown, validator?: string): Promise<void> {
  const validators = await validatorsOf(parts.definition);
  const named = validator ? ((validators as unknown as Record<string, ((v: unknown) => Verdict) | undefined>)[validator]) : undefined;
  const verdict: Verdict = validator
    ? named
      ? named(value)
      : { ok: false, errors: [{ path: '', message: `no validator ${validator}` }] }
    : validators.validateResult(method, value);
  if (!verdict.ok) {
    throw new ResponseValidationError(`unexpected result at ${issueText(verdict.errors)}`, method, { ...firstIssue(verdict.errors), result: value });
  }
}
