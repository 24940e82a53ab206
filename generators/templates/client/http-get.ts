// Plain HTTP GET endpoints (loaded on first use), such as the health endpoints, where a 503 is
// an answer (unhealthy) and not an error.
import type { CoreParts, RequestOptions } from './client.js';
import { answerText, finish, parse, retrying } from './complete.js';

export async function httpGet(parts: CoreParts, name: string, options: Record<string, unknown> & Omit<RequestOptions, 'blockchainID'> = {}): Promise<{ status: number }> {
  const endpoint = (await parts.definition.loadHttpEndpoints()).httpEndpoints[name];
  if (!endpoint) throw new parts.errors.AvanodeError('unknown HTTP endpoint', name);
  const choice = (options['endpoint'] as string | undefined) ?? Object.keys(endpoint.paths)[0]!;
  const path = endpoint.paths[choice];
  if (path === undefined) throw new parts.errors.AvanodeError(`unknown endpoint ${JSON.stringify(choice)}; one of ${Object.keys(endpoint.paths).join(', ')}`, name);
  const search = new URLSearchParams();
  for (const [name, option] of Object.entries(endpoint.query)) {
    for (const value of (options[option] as readonly string[] | undefined) ?? []) search.append(name, value);
  }
  const query = search.toString();
  const url = `${parts.base}${path}${query ? `?${query}` : ''}`;
  const headers = { ...parts.headers };
  delete headers['content-type'];
  const { status, text } = await retrying(
    parts,
    async () => {
      const exchange = await parts.exchange(url, { method: 'GET', headers }, options);
      const text = answerText(parts, exchange, name, options, (s) => endpoint.accept.includes(s));
      return { status: exchange.response!.status, text };
    },
    false,
    options.signal,
  );
  const body = await finish(parts, name, parse(parts, text, name), `${endpoint.validator}${status}`);
  return { status, ...(body as object) };
}
