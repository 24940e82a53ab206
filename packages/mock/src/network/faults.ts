// Faults a test asks for: the next N calls of a method failing with a given JSON-RPC error,
// slow answers, dropped connections, and, from the options, a seeded latency and fault rate.
// Every random draw comes from a PRNG seeded with the network's seed, one draw per request in
// order, so the same requests see the same faults run after run.
import { createPrng, type Prng } from './prng.js';
import { MAX_FAILING_METHODS, MAX_MESSAGE_CHARS, MAX_NAME_CHARS, boundedText, dataChars, withinTotal } from './settings-limits.js';

export interface RpcFailure {
  code: number;
  message: string;
  data?: unknown;
}

/** Milliseconds, or an inclusive range drawn per request: `50`, `[20, 200]`, `'20-200'`. */
export type Latency = number | readonly [number, number] | string;

export interface FaultOptions {
  latency?: Latency;
  /** Share of requests (0 to 1) that fail as a node under strain does: a reset connection or a 503. */
  faultRate?: number;
  seed?: number;
}

/** What happens to one request before it is answered. */
export type RequestFault = { kind: 'reset' } | { kind: 'unavailable' } | undefined;

/** The longest delay a timer can wait (setTimeout fires at once past 2^31 − 1 ms). */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** Rules waiting at once per list: each request looks through them, so a test cannot queue without end. */
const MAX_RULES = 256;
const limitRules = (waiting: number, action: string) => {
  if (waiting >= MAX_RULES) throw new RangeError(`${action}: ${MAX_RULES} rules are waiting already; reset or let them run out`);
};

export function parseLatency(latency: Latency | undefined): [number, number] {
  if (latency === undefined) return [0, 0];
  const range = typeof latency === 'string' ? latency.split('-').map((x) => Number(x.trim())) : typeof latency === 'number' ? [latency, latency] : [...latency];
  const [min, max = min] = range as [number, number?];
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min || max > MAX_DELAY_MS || range.length > 2) throw new RangeError(`latency: milliseconds or a range "min-max" expected, got ${JSON.stringify(latency)}`);
  return [min, max];
}

/** What happens when nothing is due. Read only. */
const NOTHING: { delayMs: number; fault: RequestFault } = Object.freeze({ delayMs: 0, fault: undefined });

export class Faults {
  private prng: Prng;
  private readonly latency: [number, number];
  private readonly faultRate: number;
  private readonly seed: number;
  private failures = new Map<string, Array<RpcFailure & { remaining: number; chars: number }>>();
  private slows: Array<{ ms: number; method?: string; remaining: number }> = [];
  private drops: Array<{ method?: string; remaining: number }> = [];
  /** No latency and no fault rate: only the rules a test adds can delay or fail a request. */
  private readonly quiet: boolean;

  constructor(options: FaultOptions) {
    this.seed = options.seed ?? 0;
    this.prng = createPrng(this.seed ^ 0x5eed);
    this.latency = parseLatency(options.latency);
    this.faultRate = options.faultRate ?? 0;
    if (!(this.faultRate >= 0 && this.faultRate <= 1)) throw new RangeError(`faultRate: a number from 0 to 1 expected, got ${options.faultRate}`);
    this.quiet = this.latency[1] === 0 && this.faultRate === 0;
  }

  reset(): void {
    this.prng = createPrng(this.seed ^ 0x5eed);
    this.failures.clear();
    this.slows = [];
    this.drops = [];
  }

  /** What the rules hold, in characters of their texts (network/settings-limits.ts); `others`: the settings held beside them. */
  fail(method: string, failure: Partial<RpcFailure> & { count?: number } = {}, others = 0): void {
    boundedText(method, 'fail: method', MAX_NAME_CHARS);
    const message = boundedText(failure.message ?? 'mock failure', 'fail: message', MAX_MESSAGE_CHARS);
    const chars = method.length + message.length + ('data' in failure ? dataChars(failure.data) : 0);
    const list = (this.failures.get(method) ?? []).filter((f) => f.remaining > 0);
    limitRules(list.length, 'fail');
    if (list.length === 0) {
      // Methods whose failures all ran out hold nothing: forget them before counting.
      for (const [name, rules] of this.failures) if (!rules.some((f) => f.remaining > 0)) this.failures.delete(name);
      if (this.failures.size >= MAX_FAILING_METHODS) throw new RangeError(`fail: failures are queued for ${MAX_FAILING_METHODS} methods already; reset or let them run out`);
    }
    withinTotal(others + this.settingsChars(), chars, 'fail');
    list.push({ code: failure.code ?? -32000, message, ...('data' in failure ? { data: failure.data } : {}), remaining: failure.count ?? 1, chars });
    this.failures.set(method, list);
  }

  /** The characters the waiting rules hold (their methods, messages and data). */
  settingsChars(): number {
    let total = 0;
    for (const rules of this.failures.values()) for (const f of rules) if (f.remaining > 0) total += f.chars;
    for (const r of this.slows) if (r.remaining > 0) total += r.method?.length ?? 0;
    for (const r of this.drops) if (r.remaining > 0) total += r.method?.length ?? 0;
    return total;
  }

  slow(ms: number, options: { method?: string; count?: number } = {}): void {
    if (!(ms >= 0 && ms <= MAX_DELAY_MS)) throw new RangeError(`slow: ms from 0 to ${MAX_DELAY_MS} expected, got ${ms}`);
    if (options.method !== undefined) boundedText(options.method, 'slow: method', MAX_NAME_CHARS);
    this.slows = this.slows.filter((r) => r.remaining > 0);
    limitRules(this.slows.length, 'slow');
    this.slows.push({ ms, ...(options.method ? { method: options.method } : {}), remaining: options.count ?? Infinity });
  }

  drop(options: { method?: string; count?: number } = {}): void {
    if (options.method !== undefined) boundedText(options.method, 'drop: method', MAX_NAME_CHARS);
    this.drops = this.drops.filter((r) => r.remaining > 0);
    limitRules(this.drops.length, 'drop');
    this.drops.push({ ...(options.method ? { method: options.method } : {}), remaining: options.count ?? 1 });
  }

  /** Takes one use of the first rule that applies to `method` (undefined: any request). */
  private take<T extends { method?: string; remaining: number }>(rules: T[], method: string | undefined): T | undefined {
    const rule = rules.find((r) => r.remaining > 0 && r.method === method);
    if (rule) rule.remaining--;
    return rule;
  }

  /** Before routing: the delay (latency and request-wide slowness) and any request-wide fault. */
  beforeRequest(): { delayMs: number; fault: RequestFault } {
    // Without latency, fault rate or request-wide rules, nothing can happen: the draws decide
    // nothing (neither setting changes after the start), so they are left out.
    if (this.quiet && this.slows.length === 0 && this.drops.length === 0) return NOTHING;
    const [min, max] = this.latency;
    // Always two draws per request, so a fault rate or latency change does not shift the sequence of the other.
    const latencyDraw = this.prng.next();
    const faultDraw = this.prng.next();
    let delayMs = min + Math.floor(latencyDraw * (max - min + 1));
    delayMs += this.take(this.slows, undefined)?.ms ?? 0;
    if (this.take(this.drops, undefined)) return { delayMs, fault: { kind: 'reset' } };
    if (faultDraw < this.faultRate) return { delayMs, fault: faultDraw < this.faultRate / 2 ? { kind: 'reset' } : { kind: 'unavailable' } };
    return { delayMs, fault: undefined };
  }

  /** Once the method is known: its delay, and a failure or a dropped connection if one is queued. */
  beforeCall(method: string): { delayMs: number; failure?: RpcFailure; reset?: boolean } {
    if (this.slows.length === 0 && this.drops.length === 0 && this.failures.size === 0) return NOTHING;
    const delayMs = this.take(this.slows, method)?.ms ?? 0;
    if (this.take(this.drops, method)) return { delayMs, reset: true };
    const queued = this.failures.get(method);
    const next = queued?.find((f) => f.remaining > 0);
    if (!next) return { delayMs };
    next.remaining--;
    const { remaining: _remaining, chars: _chars, ...failure } = next;
    return { delayMs, failure };
  }
}
