// A foreign document's examples checked against its own schemas, as the project's own document's
// are (spec/scripts/assemble.ts): each example's params and result, with the validators the
// validators plugin compiles anyway. `avanode-gen --spec` reports each failing one as a line: an
// error, or a warning with `--allow-bad-examples`.
import type { ErrorObject } from 'ajv';
import { compiledValidators } from './compiled-validators.ts';
import type { DocumentModel, MethodModel } from './model.ts';

/**
 * The deepest of ajv's errors, the last of equals, leaving out the "matches no alternative"
 * summaries: where a value fails, not the branch ruled out before. As `path message`.
 */
const firstError = (errors: ErrorObject[] | null | undefined): string => {
  const all = errors ?? [];
  const specific = all.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const error = (specific.length > 0 ? specific : all).reduce<ErrorObject | undefined>((deepest, e) => (!deepest || e.instancePath.length >= deepest.instancePath.length ? e : deepest), undefined);
  return error ? `${error.instancePath || '(the whole value)'} ${error.message ?? error.keyword}` : 'does not pass its schema';
};

/** The example's params as the method's params validator takes them: by name an object, by position a list in the params' order. */
function paramsValue(method: MethodModel, given: Array<{ name: string; value: unknown }>): { value: unknown } | { unknown: string } {
  if (method.paramStructure === 'by-name') return { value: Object.fromEntries(given.map((p) => [p.name, p.value])) };
  const values: unknown[] = [];
  for (const param of given) {
    const index = method.params.findIndex((p) => p.name === param.name);
    if (index < 0) return { unknown: param.name };
    values[index] = param.value;
  }
  // A param left out before one given is sent as null.
  return { value: Array.from(values, (value) => value ?? null) };
}

/** One line per example of `model` that fails its method's schemas (none: every example passes). */
export function exampleProblems(model: DocumentModel): string[] {
  if (!model.methods.some((m) => m.examples.length > 0)) return [];
  const { ajv, entries } = compiledValidators(model);
  const validator = (method: string, part: 'params' | 'result') => {
    const entry = entries.find((e) => e.method === method && e.part === part);
    return entry ? ajv.getSchema(entry.id) : undefined;
  };
  const problems: string[] = [];
  for (const method of model.methods) {
    for (const [i, example] of method.examples.entries()) {
      const at = `method '${method.name}' (${method.where}/examples/${i}${example.name ? `, '${example.name}'` : ''})`;
      const params = paramsValue(method, example.params);
      if ('unknown' in params) problems.push(`${at}: its param '${params.unknown}' is not a param of the method`);
      else if (example.params.length > 0) {
        const validate = validator(method.name, 'params');
        if (validate && validate(params.value) !== true) problems.push(`${at}: params ${firstError(validate.errors)}`);
      }
      if (example.result && method.resultSchema !== undefined) {
        const validate = validator(method.name, 'result');
        if (validate && validate(example.result.value ?? null) !== true) problems.push(`${at}: result ${firstError(validate.errors)}`);
      }
    }
  }
  return problems;
}
