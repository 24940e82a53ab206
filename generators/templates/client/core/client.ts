// The client's core: one JSON-RPC call over fetch, with a timeout per request. It knows no
// method by name: the generated definition says where each one lives.
//
// This file (with the transport and the two error classes it throws) is all an app ships up
// front, so it holds only the common case: a 2xx answer whose envelope is right and whose numbers
// are safe, and the checks of options and path variables, which must throw at once. Anything else
// (an error to classify, a retry, a long integer, validation, bigints, batches, the HTTP GET
// endpoints) is handed to the complete path (complete.ts), loaded on first use. Its modules take
// what they share with the core from `parts` rather than importing it, so that a bundler keeps the
// core in one chunk of its own; they import the other error classes themselves, so an app that
// never fails never loads them.
//
// The top of the core's layers: it imports the shared types and errors and the transport, and
// loads the complete path; nothing imports it but the generated client.
import { AvanodeError, ConfigError } from './base-errors.js';
import { checkOptions, exchange } from './transport.js';
import type { ClientConfig, ClientDefinition, CoreClient, CoreParts, RequestOptions } from './types.js';

let lastId = 0;

/**
 * Whether parsed JSON is or holds a number beyond ±(2^53 − 1). An integer token beyond it parses
 * to a number beyond it, so walking the parsed value finds every one (a huge float, Infinity
 * included, is a false alarm: the complete path sorts it out). Measured: three times faster
 * than scanning the text for long digit runs, and four times faster than Object.values().some().
 * Only objects and arrays are walked into, each member looked at where it is read: most members
 * of an answer are strings, and a call of the walk for each took a third more time (the 2.4 MB
 * validator set: 440 → 300 µs, Node 20 and 24). Exported for bench/client-overhead.mjs, which
 * times it alone (the package's entry does not export it).
 */
export const unsafe = (value: unknown): boolean =>
  // Beyond 2^53 − 1 is from 2^53 on: no double lies between them.
  typeof value === 'object' ? value !== null && holdsUnsafe(value) : typeof value === 'number' && Math.abs(value) >= 2 ** 53;

function holdsUnsafe(value: object): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (unsafe(value[i])) return true;
  } else {
    for (const key in value) if (unsafe((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The core of a client for the node at `config.url`, its methods where `definition` says; `O` is the options a request takes. */
export function createCoreClient<O extends RequestOptions = RequestOptions>(definition: ClientDefinition, config: ClientConfig): CoreClient<O> {
  const urls = [config?.url].flat() as [string, ...string[]];
  // `/./.test` is RegExp.prototype.test, called on the pattern for each URL. An empty list throws
  // a TypeError at the first URL's `replace` below, also at once (naming it would cost bytes here).
  if (!urls.every(/./.test, /^https?:\/\//)) throw new ConfigError(`url is not an http(s) address: ${JSON.stringify(config?.url)}`, undefined, { option: 'url' });
  // The retry options' names are the config's own: one pass checks both.
  checkOptions({ ...config, ...config.retry });
  const complete = () => import('./complete.js');

  const parts: CoreParts = {
    config,
    definition,
    base: urls[0].replace(/\/+$/, ''),
    // No `accept`: the node answers JSON whatever it says, and every header costs fetch some time.
    headers: { 'content-type': 'application/json', ...config.headers },
    unsafe,
    nextId: () => ++lastId,

    // Exact names come first, then prefixes (ending in `.` or `_`). A name that merely starts with
    // an exact one goes to its endpoint, where the node says it has no such method.
    route(method) {
      const found = definition.routes.find(([prefix]) => method.startsWith(prefix));
      if (!found) throw new AvanodeError('unknown method', method);
      return found;
    },

    params: (method, params) => params ?? (parts.route(method)[2] ? [] : {}),
    exchange,

    body: (id, method, paramsJson) => `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsJson}}`,
  };

  // The core does not check what a caller says an answer is (`call<T>`): the generated types do.
  return {
    config: { ...config, url: urls[0] },
    async call(method, params, options) {
      const url = parts.base + parts.route(method)[1];
      let paramsJson: string | undefined;
      // JSON.stringify throws on a bigint; the complete path writes those exactly. A path with a
      // variable (`{chainID}`) is checked and filled there too, and so are the calls of a
      // client with several URLs or hooks.
      try {
        if (!config.validate && !config.bigint && !urls[1] && !config.onRequest && !config.onResponse && !url.includes('{')) paramsJson = JSON.stringify(parts.params(method, params));
      } catch {}
      if (paramsJson === undefined) return (await complete()).call(parts, method, params, options);
      const id = parts.nextId();
      // A method that changes state tells a redirect apart at once, as it is never sent twice.
      const redirect = definition.mutating.includes(method) ? 'manual' : 'error';
      const exchange = await parts.exchange(url, { method: 'POST', headers: parts.headers, body: parts.body(id, method, paramsJson), redirect }, options);
      if (exchange.response?.ok && !exchange.over) {
        try {
          const answer = JSON.parse(exchange.text);
          if (answer.jsonrpc === '2.0' && answer.id === id && answer.error == null && 'result' in answer && !parts.unsafe(answer.result)) return answer.result;
        } catch {}
      }
      return (await complete()).call(parts, method, params, options, { url, id, paramsJson, exchange });
    },
    // Batches and the GET endpoints are part of the complete path's chunk (they need all of it).
    batch: async (calls, options) => (await complete()).batch(parts, calls, options),
    get: async (name, options) => (await complete()).httpGet(parts, name, options),
  } as CoreClient<O>;
}
