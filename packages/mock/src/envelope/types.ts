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

/** A result's JSON as the node's encoder writes it: `text` (JSON.stringify's), `html` (with Go's HTML escapes). */
export interface ResultJson {
  text: string;
  html: string;
}

/**
 * What one call of a method gave: a result (with its JSON when the mock wrote it once for a
 * result that never changes), an error the method (or its service checks or an override)
 * answered, or params that do not decode into the method's arguments (`index`: the positional
 * argument at fault, when known).
 */
export type CallAnswer = { result: unknown; json?: ResultJson } | { error: RpcErrorObject } | { invalidParams: { index?: number; message: string } };

/** A call's params as its family decoded them. */
export interface CallParams {
  /** Shared by every call with the same `key`: read it, never change it. */
  value: unknown;
  /** Names this decoding: equal keys, equal params (memos further on use it); undefined when not worth remembering. */
  key: string | undefined;
  /** A decoding of its own, for code that may change what it gets (an override function). */
  fresh(): unknown;
}

/** Runs one method of the spec; a promise only when it has to wait (a delay, an async override). */
export type Invoke = (name: string, params: CallParams, options: { validate: boolean }) => CallAnswer | Promise<CallAnswer>;

// Answers share their header objects: the mock node copies them into each answer's own headers
// and nothing writes to them.
const TEXT_HEADERS: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
const HTTP_ERROR_HEADERS: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };

/** A plain-text answer as gorilla/rpc's WriteError writes it (no trailing newline). */
export const gorillaText = (status: number, text: string): HttpAnswer => ({ status, headers: TEXT_HEADERS, body: text });

/** A plain-text answer as Go's http.Error writes it (nosniff, a trailing newline). */
export const httpError = (status: number, text: string): HttpAnswer => ({ status, headers: HTTP_ERROR_HEADERS, body: `${text}\n` });
