// The fork's upstream: the live node a fork reads its state from, treated as any server is, as
// hostile. Each request goes through the client's core (`@avanode/client`: a timeout per request,
// the body read up to a cap, no redirect followed, the JSON-RPC envelope and id checked, integers
// beyond 2^53 kept as their exact decimal strings), one endpoint per core. Around it, what a fork
// needs and a client does not do: only reads ever leave (an allow-list, checked before any
// request), transport failures retried with exponential backoff and jitter a bounded number of
// times, identical reads in flight made once, every answer kept (in memory, and in the fork
// cache of `cache.ts` once the fork is pinned at a network and height).
import { type CoreClient, createCoreClient, HttpError, NetworkError, ResponseParseError, ResponseTooLargeError, RpcError, TimeoutError } from '@avanode/client';
import { reads } from '@avanode/client/reads';
import type { CachedAnswer, ForkCache } from './cache.js';
import { UpstreamConfigError, checkPin } from './upstream-config.js';

export { UpstreamConfigError };

export type UpstreamEndpoint = '/ext/info' | '/ext/bc/P' | '/ext/bc/X' | '/ext/bc/C/avax';

export interface UpstreamLogEntry {
  endpoint: UpstreamEndpoint;
  method: string;
  params: Record<string, unknown>;
  /** This request's number for its read, from 1 (a retry is a request of its own). */
  attempt: number;
  /** `result` and `rpc-error` are answers (kept); `failed` is a transport failure (`reason` says which). */
  outcome: 'result' | 'rpc-error' | 'failed';
  reason?: string;
}

export interface Upstream {
  /**
   * One read (never a write: issueTx & co are refused here with a typed error before any request).
   * Result as the node's JSON with every number kept exactly: uint64 strings stay strings; a
   * plain integer beyond 2^53 (which no read of the node writes: its uint64s are json.Uint64
   * strings) becomes its exact decimal string rather than a rounded number, as the client does.
   */
  read(endpoint: UpstreamEndpoint, method: string, params: Record<string, unknown>): Promise<unknown>;
  /** Requests actually sent upstream so far (for tests and logs): endpoint, method, params, outcome. */
  readonly log: readonly UpstreamLogEntry[];
  /**
   * Pins the fork at a network and height: from now on every answer is kept in the fork cache
   * under `<cacheDir>/<networkID>-<forkHeight>/`, the answers read before pinning included
   * (written now). Pinning again with the same values does nothing; other values throw.
   */
  pin(networkID: number, forkHeight: number): Promise<void>;
  /** The network and height pinned, if any. */
  readonly pinned: { networkID: number; forkHeight: number } | undefined;
}

/** The node answered a JSON-RPC error (e.g. not found): not retried, kept (a not-found at the pinned height stays not-found). */
export class UpstreamRpcError extends Error {
  override name = 'UpstreamRpcError';
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
    readonly method: string,
  ) {
    super(`the upstream node answered ${method} with error ${code}: ${printable(rpcMessage.slice(0, REASON_SHOWN))}`);
  }
}

/** A transport failure after the bounded retries, or an offline cache miss: `reason` says which, the message names the method and params. */
export class UpstreamUnavailableError extends Error {
  override name = 'UpstreamUnavailableError';
  constructor(
    readonly reason: string,
    readonly method: string,
    paramsText: string,
  ) {
    super(`upstream read ${method} ${paramsText} failed: ${reason}`);
  }
}

/** A method the fork never sends upstream (a write, or a name it does not know as a read): refused before any request. */
export class UpstreamRefusedError extends Error {
  override name = 'UpstreamRefusedError';
  constructor(
    readonly endpoint: string,
    readonly method: string,
  ) {
    super(`${method} on ${endpoint} is not a read the fork sends upstream: only reads leave a fork (issueTx is executed locally)`);
  }
}


/** Which endpoint serves a method, by its namespace: the fork reads the P-chain and what its txs name on X and C. */
const ENDPOINT_OF_NAMESPACE: Readonly<Record<string, UpstreamEndpoint>> = { info: '/ext/info', platform: '/ext/bc/P', avm: '/ext/bc/X', avax: '/ext/bc/C/avax' };

/**
 * The reads a fork may send, per endpoint: the client's allow-list of the spec's methods not
 * marked `x-mutating` (`@avanode/client/reads`, the one a retry trusts), so a write
 * (`platform.issueTx`, `avax.issueTx`) or a name in another letter case never leaves.
 */
const READ_SETS = new Map<string, Set<string>>(Object.values(ENDPOINT_OF_NAMESPACE).map((endpoint) => [endpoint, new Set<string>()]));
for (const method of reads) {
  const endpoint = ENDPOINT_OF_NAMESPACE[method.slice(0, method.indexOf('.'))];
  if (endpoint) READ_SETS.get(endpoint)!.add(method);
}

export interface UpstreamOptions {
  /** The node's base URL (`http://127.0.0.1:9650`): http or https; credentials in it are sent as Basic auth and never shown. */
  url: string;
  /** The fork cache's folder (see `cache.ts`); none: answers are kept in memory only. */
  cacheDir?: string;
  /** No request ever: every read is answered from the cache (needs `cacheDir`, `networkID` and `forkHeight`). */
  offline?: boolean;
  /** With `forkHeight`: pinned from the start (else `pin` later). */
  networkID?: number;
  forkHeight?: number;
  fetch?: typeof fetch;
  /** Retries after a transport failure, the first attempt not counted (default 3). */
  retries?: number;
  /** Delay before the first retry, doubled each time, with jitter (a random half of it is taken off), capped at 5 s (default 200 ms). */
  backoffMs?: number;
  /** Time allowed for each request, answer included (default 30 000 ms). */
  timeoutMs?: number;
  /**
   * Largest answer read, in bytes (default 32 MiB): mainnet's whole `getCurrentValidators` is
   * about 2.4 MB, so this leaves room for its growth thirteen times over while a hostile
   * upstream cannot make the fork hold more than this per request.
   */
  maxResponseBytes?: number;
  /** Where warnings and failures go, one line each (default console.warn). Never a key or a full URL. */
  logger?: (line: string) => void;
}

const DEFAULTS = { retries: 3, backoffMs: 200, timeoutMs: 30_000, maxResponseBytes: 32 * 2 ** 20 };
const MAX_BACKOFF_MS = 5_000;
/** Params shown in a message or log line up to this many characters. */
const PARAMS_SHOWN = 200;
/** An upstream's reason shown up to this many characters (it may quote the upstream's body). */
const REASON_SHOWN = 300;

/** JSON with object keys sorted at every level: the same params give the same key whatever their order. */
function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${members.join(',')}}`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`params hold a value JSON cannot write (${typeof value})`);
  return text;
}

/** The key of a read: the same for the same endpoint, method and params (in any order). */
export const readKey = (endpoint: string, method: string, params: Record<string, unknown>) => `${endpoint} ${method} ${canonicalJson(params)}`;

const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Text from the upstream (a body excerpt, a header) made safe for a terminal: control characters (escape sequences included) written as `\uXXXX`. */
const printable = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const checkCount = (option: string, value: number | undefined, min: number) => {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= min && value < 2 ** 31)) throw new UpstreamConfigError(option, `must be an integer from ${min} to 2^31 - 1, not ${String(value)}`);
};


/** The node's base URL checked: http(s), no query or fragment; credentials taken out (sent as Basic auth). `shown` is what messages may print. */
function parseBase(url: string): { base: string; shown: string; headers: Record<string, string>; redact: (text: string) => string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UpstreamConfigError('url', 'is not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UpstreamConfigError('url', `must be http or https, not ${parsed.protocol.slice(0, 20)}`);
  if (parsed.search || parsed.hash || url.includes('?') || url.includes('#')) throw new UpstreamConfigError('url', "must be a node's base URL, without a query or fragment (each endpoint's path is appended to it)");
  const headers: Record<string, string> = {};
  if (parsed.username || parsed.password) {
    const userInfo = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    headers.authorization = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(userInfo)))}`;
    parsed.username = '';
    parsed.password = '';
  }
  const base = parsed.href.replace(/\/+$/, '');
  // A path may hold a hosted node's key (`/v1/<key>`): messages name the origin only.
  const path = parsed.pathname.replace(/\/+$/, '');
  const shown = path === '' ? parsed.origin : `${parsed.origin}/…`;
  // Also where the upstream quotes it back (a redirect's Location, a body excerpt).
  const redact = (text: string) => (path === '' ? text.replaceAll(base, shown) : text.replaceAll(base, shown).replaceAll(path, '/…'));
  return { base, shown, headers, redact };
}

/** Whether a failure of one request may not happen again: no answer, a 408, 429 or 5xx, or an answer that is not a valid one (a proxy's page, a cut body, a wrong id). */
function retryable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 408 || error.status === 429 || error.status >= 500;
  return error instanceof NetworkError || error instanceof TimeoutError || error instanceof ResponseParseError || error instanceof ResponseTooLargeError;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The reader of a live node for a fork: see `Upstream` and the folder's README. */
export function createUpstream(options: UpstreamOptions): Upstream {
  const { base, shown, headers, redact } = parseBase(options.url);
  checkCount('retries', options.retries, 0);
  checkCount('backoffMs', options.backoffMs, 0);
  checkCount('timeoutMs', options.timeoutMs, 1);
  checkCount('maxResponseBytes', options.maxResponseBytes, 1);
  const retries = options.retries ?? DEFAULTS.retries;
  const backoffMs = options.backoffMs ?? DEFAULTS.backoffMs;
  const logger = options.logger ?? ((line: string) => console.warn(line));
  const offline = options.offline === true;
  if ((options.networkID === undefined) !== (options.forkHeight === undefined)) throw new UpstreamConfigError(options.networkID === undefined ? 'networkID' : 'forkHeight', 'networkID and forkHeight are given together or not at all');
  if (options.networkID !== undefined) checkPin(options.networkID, options.forkHeight);
  if (offline && (options.cacheDir === undefined || options.networkID === undefined)) {
    throw new UpstreamConfigError('offline', 'needs cacheDir, networkID and forkHeight (latestCachedFork(cacheDir) finds the newest cached fork)');
  }

  // Redirects are never followed, whatever the caller's fetch would do: a 3xx comes back as itself.
  const baseFetch = options.fetch ?? fetch;
  const noRedirectFetch: typeof fetch = (input, init) => baseFetch(input, { ...init, redirect: 'manual' });
  const cores = new Map<string, CoreClient>();
  const coreOf = (endpoint: UpstreamEndpoint): CoreClient => {
    let core = cores.get(endpoint);
    if (!core) {
      const unused = () => Promise.reject(new Error('not used by the fork upstream'));
      core = createCoreClient(
        { routes: [['', endpoint]], mutating: [], loadReads: async () => ({ reads: READ_SETS.get(endpoint)! }), loadBigint: unused, loadValidators: unused, validatorsPackage: '', loadHttpEndpoints: unused },
        { url: base, fetch: noRedirectFetch, headers, retry: false, timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs, maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes },
      );
      cores.set(endpoint, core);
    }
    return core;
  };

  const log: UpstreamLogEntry[] = [];
  /** Every answer read or loaded, by read key: the fork's view is the upstream's at one moment. */
  const answers = new Map<string, CachedAnswer>();
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  /** Keys whose answers are in the pinned cache already (loaded from it or written to it). */
  const stored = new Set<string>();
  let pinned = options.networkID === undefined ? undefined : { networkID: options.networkID, forkHeight: options.forkHeight! };
  let cache: Promise<ForkCache | undefined> | undefined;
  const cacheOf = (): Promise<ForkCache | undefined> => {
    if (!pinned || options.cacheDir === undefined) return Promise.resolve(undefined);
    // Loaded on first use: only a fork with a cache needs it.
    cache ??= import('./cache.js').then(({ openForkCache }) => openForkCache({ dir: options.cacheDir!, networkID: pinned!.networkID, forkHeight: pinned!.forkHeight, maxBytes: (options.maxResponseBytes ?? DEFAULTS.maxResponseBytes) + 2 ** 16, warn: logger }));
    return cache;
  };

  const store = async (key: string, answer: CachedAnswer): Promise<void> => {
    const forkCache = await cacheOf();
    if (!forkCache || stored.has(key)) return;
    stored.add(key);
    await forkCache.put(key, answer);
  };

  /** One request, retried after a transport failure with backoff and jitter; an answer (result or RPC error) or a thrown reason. */
  async function fetchAnswer(endpoint: UpstreamEndpoint, method: string, params: Record<string, unknown>, paramsText: string): Promise<CachedAnswer> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await coreOf(endpoint).call(method, params);
        log.push({ endpoint, method, params, attempt, outcome: 'result' });
        return { result };
      } catch (error) {
        if (error instanceof RpcError) {
          log.push({ endpoint, method, params, attempt, outcome: 'rpc-error' });
          return { error: { code: error.code, message: error.rpcMessage } };
        }
        const reason = shorten(printable(redact(String((error as Error)?.message ?? error))), REASON_SHOWN);
        log.push({ endpoint, method, params, attempt, outcome: 'failed', reason });
        if (!retryable(error) || attempt > retries) {
          const why = attempt > 1 ? `${reason} (after ${attempt} attempts)` : reason;
          logger(`upstream ${shown}: ${method} ${paramsText} failed: ${why}`);
          throw new UpstreamUnavailableError(why, method, paramsText);
        }
        // Exponential, with a random part taken off so that several forks do not retry in step.
        const wait = Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** (attempt - 1));
        await sleep(wait - Math.random() * (wait / 2));
      }
    }
  }

  async function answerOf(endpoint: UpstreamEndpoint, method: string, params: Record<string, unknown>, key: string, paramsText: string): Promise<CachedAnswer> {
    const forkCache = await cacheOf();
    const hit = await forkCache?.get(key);
    if (hit) {
      stored.add(key);
      return hit;
    }
    if (offline) throw new UpstreamUnavailableError('not in the fork cache (offline)', method, paramsText);
    const answer = await fetchAnswer(endpoint, method, params, paramsText);
    await store(key, answer);
    return answer;
  }

  async function read(endpoint: UpstreamEndpoint, method: string, params: Record<string, unknown>): Promise<unknown> {
    const reads = READ_SETS.get(endpoint);
    if (!reads?.has(method)) throw new UpstreamRefusedError(shorten(String(endpoint), 40), shorten(String(method), 80));
    const key = readKey(endpoint, method, params ?? {});
    let answer = answers.get(key);
    if (!answer) {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = answerOf(endpoint, method, params ?? {}, key, shorten(printable(canonicalJson(params ?? {})), PARAMS_SHOWN)).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      answer = await pending;
      answers.set(key, answer);
    }
    if ('error' in answer) throw new UpstreamRpcError(answer.error.code, answer.error.message, method);
    return answer.result;
  }

  return {
    read,
    log,
    get pinned() {
      return pinned;
    },
    async pin(networkID, forkHeight) {
      checkPin(networkID, forkHeight);
      if (pinned) {
        if (pinned.networkID === networkID && pinned.forkHeight === forkHeight) return;
        throw new UpstreamConfigError('pin', `already pinned at network ${pinned.networkID} height ${pinned.forkHeight}, not ${networkID} ${forkHeight}`);
      }
      pinned = { networkID, forkHeight };
      // What was read before pinning is the state at the fork too: into the cache with the rest.
      for (const [key, answer] of answers) await store(key, answer);
    },
  };
}
