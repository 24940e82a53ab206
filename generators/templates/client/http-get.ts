// Plain HTTP GET endpoints (loaded on first use), such as the health endpoints, where a 503 is
// an answer (unhealthy) and not an error.
import type { CoreParts, HttpEndpointRef, RequestOptions } from './client.js';

export async function httpGet(
  parts: CoreParts,
  endpoint: HttpEndpointRef,
  query: Record<string, readonly string[] | undefined>,
  accept: readonly number[],
  options?: Omit<RequestOptions, 'blockchainID'>,
): Promise<{ status: number; body: unknown }> {
  const search = new URLSearchParams();
  for (const [name, values] of Object.entries(query)) for (const value of values ?? []) search.append(name, value);
  const queryText = search.toString();
  const url = `${parts.base}${endpoint.path}${queryText ? `?${queryText}` : ''}`;
  const headers = { ...parts.headers };
  delete headers['content-type'];
  const { status, text } = await parts.retrying(() => parts.exchange(url, { method: 'GET', headers }, endpoint.name, options, (s) => accept.includes(s)), false, options?.signal);
  const body = await parts.parse(text, endpoint.name);
  return { status, body: await parts.finish(endpoint.name, body, `${endpoint.validator}${status}`) };
}
