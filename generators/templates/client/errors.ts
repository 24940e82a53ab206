// @about
// Template of the client's generated/errors.ts (client plugin, under `--out` only, for a document
// whose methods declare errors). Hole: one block per method that declares errors.
// @end about
// The errors each method declares (its `errors` and `x-errors`), as guards that narrow an
// `RpcError`: `if (isPetsGetError(e, 'NotFound')) e.code` is the declared code and `e.data` the
// declared data's type (the shape of the document's value for it).
import { RpcError } from './core/errors.js';

/** Whether `error` is an `RpcError` with one of the declared codes (with `name`, that error's). */
function isDeclared(error: unknown, codes: Readonly<Record<string, number>>, name: string | undefined): boolean {
  if (!(error instanceof RpcError)) return false;
  if (name === undefined) return Object.values(codes).includes(error.code);
  return Object.hasOwn(codes, name) && codes[name] === error.code;
}

// @hole guards
// @hole typeDoc
/** The errors `ledger.getBalance` declares, by name: each one's code and data. */
// @end typeDoc
export interface /*@type*/ LedgerGetBalanceErrors /*@members[*/{
  UnknownAccount: { code: -32001; data: unknown };
}/*]*/

const /*@table*/ ledgerGetBalanceErrors = /*@codes[*/{ UnknownAccount: -32001 }/*]*/ as const;

// @hole guardDoc
/** Whether `error` is an error `ledger.getBalance` declares (with `name`, that one): narrows its `code` and `data`. */
// @end guardDoc
export function /*@guard*/ isLedgerGetBalanceError<N extends keyof /*@type*/ LedgerGetBalanceErrors = keyof /*@type*/ LedgerGetBalanceErrors>(error: unknown, name?: N): error is RpcError & /*@type[*/LedgerGetBalanceErrors/*]*/[N] {
  return isDeclared(error, /*@table*/ ledgerGetBalanceErrors, name);
}
// @end guards
