// @about
// Template of the client's generated/index.ts (client plugin). Hole: the type names of the
// document's namespaces, batch calls and HTTP endpoint options and answers.
// @end about
// The generated client's entry: `createClient` and `createBareClient`, their types, the core and the error classes.
export { createBareClient, createClient } from './create-client.js';
export type {
  BareClient,
  BatchCall,
  BatchResults,
  Client,
  MethodTypes,
  MethodTypesOf,
  OptionalParamsMethod,
  Params,
  RequestArgs,
  RequestOptions,
  // @hole documentTypes
  LedgerNamespace,
  LedgerNamespaceCall,
  StatusGetOptions,
  StatusGetAnswer,
  // @end documentTypes
} from './create-client.js';
export { createCoreClient } from './core/client.js';
export type { BatchItem, ClientConfig, ClientDefinition, CoreClient, HookRequest, HookResponse, RetryOptions } from './core/types.js';
export { AvanodeError, ConfigError, HookError, HttpError, NetworkError, ParamsValidationError, ResponseParseError, ResponseTooLargeError, ResponseValidationError, RpcError, TimeoutError, type ValidationIssue } from './core/errors.js';
