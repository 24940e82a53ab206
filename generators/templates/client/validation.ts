// `validate: true` (loaded on first use): params are checked before sending and results after
// receiving, with the generated validators package. Its error classes live in errors.ts, so that
// importing them from the package does not pull this module in.
import { ParamsValidationError, ResponseValidationError, type ValidationIssue } from './errors.js';
import type { ClientDefinition, ValidatorsModule } from './client.js';

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
