// @about
// Template of a standalone mock package's generated/index.ts (mock plugin, under `--out` only:
// this repository's @avanode/mock is hand-written). Holes: the sibling packages' names.
// @end about
// The mock of the document's API: a plain JSON-RPC 2.0 server in process, answering each method
// from the document's examples (the one whose params equal the call's, else the first) or from
// a typed override, refusing params the method's schema refuses (-32602). It runs on
// `@avanode/mock/json-rpc`, a runtime dependency; the msw handlers and the HTTP server
// (`./server`) serve this same mock.
import { createJsonRpcMock, type JsonRpcMock, type JsonRpcOverride, type JsonRpcOverrides } from '@avanode/mock/json-rpc';
import type { Methods } from /*@types*/'@avanode/types';
import { paramsValidators, resultValidators } from /*@validators*/'@avanode/validators';
import { mockData } from './mock-data.js';

export { MockRpcError, OverrideError, rpcError } from '@avanode/mock/json-rpc';
export { mockData } from './mock-data.js';

/** One method's answer: a result, `rpcError(code, message, data)`, `{ error: { code, message, data? } }`, or a function of the params giving one. */
export type Override<K extends keyof Methods> = JsonRpcOverride<Methods, K>;
/** Answers by method name, typed from the document: a wrong shape does not compile, and a result its schema refuses throws an `OverrideError` when set. */
export type Overrides = JsonRpcOverrides<Methods>;
export type Mock = JsonRpcMock<Methods>;

export interface MockOptions {
  overrides?: Overrides;
}

/** A mock of the document's API: `mock.handle({ method: 'POST', path, body })` answers one HTTP request. */
export function createMock(options: MockOptions = {}): Mock {
  return createJsonRpcMock<Methods>({ methods: mockData.methods, paramsValidators, resultValidators, ...(options.overrides ? { overrides: options.overrides } : {}) });
}
