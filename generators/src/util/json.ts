// JSON values read from a document: the one object check and the extension filter.

/** A JSON Schema: an object or a boolean. */
export type JsonSchema = { [key: string]: unknown } | boolean;

/** A JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The `x-` members of an object: its OpenRPC extensions. */
export const extensionsOf = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([key]) => key.startsWith('x-')));
