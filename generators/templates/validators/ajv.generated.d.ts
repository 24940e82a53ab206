// Not a template: the shape of the module the validators plugin writes as ajv.generated.ts (ajv's
// standalone code, one function per schema), so that index.ts type-checks here.
import type { RawValidateFunction } from './runtime.js';

export declare const LedgerGetBalanceParams: RawValidateFunction;
