// One JSON-RPC call through the complete path (complete.ts): the rest of a call the core began
// (its first attempt handed over), or a whole one the core could not make (bigints, validation,
// a path variable, several URLs, hooks).
import { answerText, at, envelope, finish, parse, prepare, reads, refusedRedirect, retrying, send, urlOf } from './steps.js';
import type { CoreParts, HandedOver, RequestOptions } from './types.js';

/** A whole call, or the rest of one the core began (`handedOver`: its first attempt). */
export async function call(parts: CoreParts, method: string, params: unknown, options: RequestOptions | undefined, handedOver?: HandedOver): Promise<unknown> {
  const url = handedOver?.url ?? urlOf(parts, method, options);
  const paramsJson = handedOver?.paramsJson ?? (await prepare(parts, method, params));
  const count = { n: 0 };
  const result = await retrying(
    parts,
    async (n, base) => {
      const first = n === 1 ? handedOver : undefined;
      const id = first?.id ?? parts.nextId();
      const request = (redirect: 'manual' | 'error') => send(parts, at(parts, url, base), { method: 'POST', headers: parts.headers, body: parts.body(id, method, paramsJson), redirect }, options, method, count);
      // A first attempt as the core sends it (ExchangeInit): fetch refuses a redirect outright
      // unless the method changes state. Retries tell redirects apart, since a browser's fetch
      // does not say why it failed (a refused redirect looks like a network error there).
      let exchange = first?.exchange ?? (await request(n === 1 && !parts.definition.mutating.includes(method) ? 'error' : 'manual'));
      // Refused: a read is sent again, telling the redirect apart to say where it pointed.
      if (refusedRedirect(exchange) && (await reads(parts, [method]))) exchange = await request('manual');
      const text = answerText(parts, exchange, method, options, (status) => status >= 200 && status < 300);
      return envelope(parse(parts, text, method), id, method, text);
    },
    [method],
    options?.signal,
  );
  return finish(parts, method, result);
}
