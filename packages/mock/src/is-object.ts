// The one check the mock uses for "a JSON object" (not null, not an array).

/** Whether `value` is a JSON object: not null and not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
