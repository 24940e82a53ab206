// `validate: true` (part of the complete path, loaded on first use): params are checked before
// sending and results after receiving, with the generated validators package.
import type { ClientDefinition, CoreParts, ValidatorsModule } from './types.js';
import { ConfigError, ParamsValidationError, ResponseValidationError, type ValidationIssue } from './errors.js';

type Verdict = { ok: true } | { ok: false; errors: ValidationIssue[] };

const loaded = new WeakMap<ClientDefinition, Promise<ValidatorsModule>>();

/**
 * The validators: the module the app passed (`validate: validators`, what a bundled app does), or
 * with `validate: true` the package, loaded at run time once per definition. It is an optional
 * peer dependency, so an app that installed only the client gets a ConfigError saying what to
 * install (the loader's own error, e.g. Node's ERR_MODULE_NOT_FOUND, is its `cause`), a new one
 * for each call.
 */
async function validatorsOf({ config, definition }: CoreParts, method: string): Promise<ValidatorsModule> {
  if (typeof config.validate === 'object') return config.validate;
  let validators = loaded.get(definition);
  if (!validators) {
    validators = definition.loadValidators();
    loaded.set(definition, validators);
  }
  try {
    return await validators;
  } catch (error) {
    throw new ConfigError('validate: true needs the optional peer dependency @avanode/validators, which could not be loaded: npm install @avanode/validators, and in a bundled app pass the module: validate: validators (import * as validators from \'@avanode/validators\')', method, { option: 'validate' }, error);
  }
}

const firstIssue = (issues: ValidationIssue[]) => ({ issues, path: issues[0]?.path ?? '' });

/** The first issue for a message: its pointer cut to 80 characters around an ellipsis (a map key from the data may be of any length), then what was wrong. */
function issueText(issues: ValidationIssue[]): string {
  const { path = '', message = '' } = issues[0] ?? {};
  const at = path === '' ? '/' : path.length <= 80 ? path : `${path.slice(0, 39)}…${path.slice(-39)}`;
  return `${at}: ${message}`;
}

export async function checkParams(parts: CoreParts, method: string, value: unknown): Promise<void> {
  const verdict = (await validatorsOf(parts, method)).validateParams(method, value);
  if (!verdict.ok) throw new ParamsValidationError(`invalid params at ${issueText(verdict.errors)}`, method, firstIssue(verdict.errors));
}

/** Checks a result, or (with `validator`) an HTTP answer with that named validator. */
export async function checkResult(parts: CoreParts, method: string, value: unknown, validator?: string): Promise<void> {
  const validators = await validatorsOf(parts, method);
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
