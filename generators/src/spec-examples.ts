// A foreign document's examples checked against its own schemas, as the project's own document's
// are (spec/scripts/assemble.ts): each example's params and result, with the validators the
// validators plugin compiles anyway. `avanode-gen --spec` reports each failing one as a line: an
// error, or a warning with `--allow-bad-examples`.
import type { ErrorObject } from 'ajv';
import { compiledValidators } from './compiled-validators.ts';
import type { DocumentModel } from './model.ts';

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
      // The params as the generated packages send them (the mock's and the CLI's examples):
      // by name an object, by position a list in the example's order, as OpenRPC's own examples
      // pair them (their params' names are often the examples' names, not the method's params').
      if (example.params.length > 0) {
        const validate = validator(method.name, 'params');
        if (validate && validate(example.wireParams) !== true) problems.push(`${at}: params ${firstError(validate.errors)}`);
      }
      if (example.result && method.resultSchema !== undefined) {
        const validate = validator(method.name, 'result');
        if (validate && validate(example.result.value ?? null) !== true) problems.push(`${at}: result ${firstError(validate.errors)}`);
      }
    }
  }
  return problems;
}
