// Plain HTTP GET endpoints (loaded on first use, with the complete path), whose listed statuses
// are all answers (a health endpoint's 503 says "unhealthy"), not errors.
import { AvanodeError, ConfigError } from './errors.js';
import { answerText, at, finish, parse, retrying, send, unreadable } from './steps.js';
import type { CoreParts, RequestOptions } from './types.js';

/** A member of a table by name, only if it is the table's own (`__proto__`, `toString` are not endpoints). */
const own = <T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;

/** `options` are the endpoint's: `endpoint` picks the path, the others hold the query (by the names `endpoint.query` gives). */
export async function httpGet(parts: CoreParts, name: string, options: RequestOptions = {}): Promise<{ status: number }> {
  const endpoint = own((await parts.definition.loadHttpEndpoints()).httpEndpoints, name);
  if (!endpoint) throw new AvanodeError('unknown HTTP endpoint', name);
  const choice = (options as Readonly<Record<string, unknown>>).endpoint ?? Object.keys(endpoint.paths)[0]!;
  const path = own(endpoint.paths, choice);
  if (path === undefined) throw new ConfigError(`unknown endpoint ${JSON.stringify(choice)}; one of ${Object.keys(endpoint.paths).join(', ')}`, name, { option: 'endpoint' });
  const search = new URLSearchParams();
  for (const [name, option] of Object.entries(endpoint.query)) {
    for (const value of ([] as unknown[]).concat((options as Readonly<Record<string, unknown>>)[option] ?? [])) search.append(name, String(value));
  }
  const query = search.toString();
  const url = `${parts.base}${path}${query ? `?${query}` : ''}`;
  const headers = { ...parts.headers };
  delete headers['content-type'];
  const accept = (status: number) => endpoint.accept.includes(status);
  const count = { n: 0 };
  const { status, text } = await retrying(
    parts,
    async (_n, base) => {
      const exchange = await send(parts, at(parts, url, base), { method: 'GET', headers }, options, name, count, accept);
      const text = answerText(parts, exchange, name, options, accept);
      return { status: exchange.response!.status, text };
    },
    [],
    options.signal,
  );
  const body = parse(parts, text, name);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw unreadable('the answer is not a JSON object', text, name);
  // The HTTP status is the answer's truth: a `status` member of the body cannot override it.
  return { ...((await finish(parts, name, body, `${endpoint.validator}${status}`)) as object), status };
}
