/** A JSON-RPC error exactly as the node answers it (`data` is `null` where the node sends `null`). */
export interface NodeRefusal {
  code: number;
  message: string;
  data?: unknown;
}

export interface ServiceCheckContext {
  /** The chain of an L1 EVM chain call, from the path. */
  blockchainID?: string;
  /** The request path, e.g. `/ext/bc/P`. */
  path: string;
}

/** One method's service-level checks: a refusal, or undefined to go on. */
export type ServiceCheck = (params: unknown, context: ServiceCheckContext) => NodeRefusal | undefined;
