// What the endpoint families (gorilla.ts, geth.ts) take from and give back to the mock node.

/** An HTTP request as the mock node sees it; header names in lower case. */
export interface HttpRequest {
  method: string;
  headers: Record<string, string | undefined>;
  query: URLSearchParams;
  body: string;
}

/** An HTTP answer: status, headers (lower-case names) and body text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A JSON-RPC error object. `data` undefined: the family decides (json2 writes null, geth omits it). */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * What one call of a method gave: a result, an error the method (or its service checks or an
 * override) answered, or params that do not decode into the method's arguments (`index`: the
 * positional argument at fault, when known).
 */
export type CallAnswer = { result: unknown } | { error: RpcErrorObject } | { invalidParams: { index?: number; message: string } };

/** Runs one method of the spec with the params in the family's decoded form. */
export type Invoke = (name: string, params: unknown, options: { validate: boolean }) => Promise<CallAnswer>;

/** A plain-text answer as gorilla/rpc's WriteError writes it (no trailing newline). */
export const gorillaText = (status: number, text: string): HttpAnswer => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text });

/** A plain-text answer as Go's http.Error writes it (nosniff, a trailing newline). */
export const httpError = (status: number, text: string): HttpAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: `${text}\n`,
});
