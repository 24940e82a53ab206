// @about
// Template of the validators' generated index.ts (validators plugin). Holes: `validators`, one
// block per validator (its doc comment line in `doc`, its name and the ajv function it wraps);
// `paramsTable` and `resultTable`, one line per method. `./ajv.generated.js` is the plugin's
// standalone ajv output; here ajv.generated.d.ts stands in for it.
// @end about
import * as raw from './ajv.generated.js';
import { toValidator, validateBy, type Validator } from './runtime.js';

export type { ValidationIssue, ValidationResult, Validator } from './runtime.js';
export { pointerExcerpt } from './runtime.js';

// @hole validators
// @hole doc
/** Validates the params of `ledger.getBalance`. */
// @end doc
export const /*@name*/ validateLedgerGetBalanceParams: Validator = /*#__PURE__*/ toValidator(raw./*@raw*/ LedgerGetBalanceParams);
// @end validators

/** Params validators by method name. */
export const paramsValidators: Readonly<Record<string, Validator>> = {
  // @hole paramsTable
  'ledger.getBalance': validateLedgerGetBalanceParams,
  // @end paramsTable
};

/** Result validators by method name. */
export const resultValidators: Readonly<Record<string, Validator>> = {
  // @hole resultTable
  'ledger.getBalance': validateLedgerGetBalanceParams,
  // @end resultTable
};

/** Validates the params of any method by its wire name; never throws. */
export const validateParams = (method: string, value: unknown) => validateBy(paramsValidators, 'method', method, value);

/** Validates the result of any method by its wire name; never throws. */
export const validateResult = (method: string, value: unknown) => validateBy(resultValidators, 'method', method, value);
