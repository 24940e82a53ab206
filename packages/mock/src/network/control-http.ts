// The control API over HTTP, outside the node's /ext paths: `POST /_avanode/<action>` with a
// JSON body, `GET /_avanode/status`. It answers JSON: 200 with the outcome, 400 `{ "error" }`
// for a bad request, 404 for an unknown action.
import type { MockControl } from './control-types.js';

export const CONTROL_PREFIX = '/_avanode/';

export interface ControlAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (status: number, value: unknown): ControlAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify(value)}\n` });

/** An input's text in an error: a short excerpt, never the whole of what a request sent. */
const excerpt = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

const num = (value: unknown, name: string, fallback?: number): number => {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw new TypeError(`${name}: a number ≥ 0 expected, got ${excerpt(value)}`);
  return n;
};
/** A count of calls: a whole number from 1 to 2^53 − 1. */
const count = (value: unknown, fallback?: number): number | undefined => {
  if (value === undefined) return fallback;
  const n = num(value, 'count');
  if (!Number.isSafeInteger(n) || n < 1) throw new TypeError(`count: a whole number ≥ 1 expected, got ${excerpt(value)}`);
  return n;
};
const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${name}: a string expected, got ${excerpt(value)}`);
  return value;
};
const optionalText = (value: unknown, name: string) => (value === undefined ? undefined : text(value, name));

const code = (value: unknown): number => {
  if (value === undefined) return -32000;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`code: an integer expected, got ${excerpt(value)}`);
  return value;
};

/** The actions, each from its JSON body. */
const actions: Record<string, (control: MockControl, body: Record<string, unknown>) => unknown> = {
  reset: (c) => {
    c.reset();
    return c.status();
  },
  advance: (c, b) => c.advance(num(b.ms, 'ms')),
  mine: (c) => c.mine(),
  fund: (c, b) => {
    const amount = b.amount;
    if (typeof amount !== 'string' && typeof amount !== 'number') throw new TypeError(`amount: nAVAX as a decimal string or an integer expected, got ${excerpt(amount)}`);
    return c.fund(text(b.address, 'address'), amount);
  },
  'base-fee': (c, b) => {
    const wei = b.wei;
    if (typeof wei !== 'string' && typeof wei !== 'number') throw new TypeError(`wei: wei per gas as a decimal string or an integer expected, got ${excerpt(wei)}`);
    return c.baseFee(wei);
  },
  fees: (c, b) => {
    for (const key of Object.keys(b)) if (!['config', 'state', 'validatorConfig', 'validatorExcess'].includes(key)) throw new TypeError(`fees: unknown member ${excerpt(key)} (config, state, validatorConfig, validatorExcess)`);
    for (const key of ['config', 'state', 'validatorConfig'] as const) if (b[key] !== undefined && (b[key] === null || typeof b[key] !== 'object' || Array.isArray(b[key]))) throw new TypeError(`fees: ${key} must be an object, got ${excerpt(b[key])}`);
    return c.fees(b as never);
  },
  uptime: (c, b) => {
    const percent = typeof b.percent === 'string' && /^[0-9]{1,3}(\.[0-9]{1,20})?$/.test(b.percent) ? Number(b.percent) : b.percent;
    if (typeof percent !== 'number') throw new TypeError(`percent: a number from 0 to 100 expected, got ${excerpt(b.percent)}`);
    return c.setUptime(text(b.nodeID, 'nodeID'), percent);
  },
  health: (c, b) => {
    if (typeof b.healthy !== 'boolean') throw new TypeError(`healthy: true or false expected, got ${excerpt(b.healthy)}`);
    const message = optionalText(b.message, 'message');
    c.health(text(b.check, 'check'), { healthy: b.healthy, ...(message !== undefined ? { message } : {}) });
    return {};
  },
  fail: (c, b) => {
    const message = optionalText(b.message, 'message');
    c.fail(text(b.method, 'method'), { count: count(b.count, 1)!, code: code(b.code), ...(message !== undefined ? { message } : {}), ...('data' in b ? { data: b.data } : {}) });
    return {};
  },
  slow: (c, b) => {
    const method = optionalText(b.method, 'method');
    c.slow(num(b.ms, 'ms'), { ...(method ? { method } : {}), ...(b.count !== undefined ? { count: count(b.count)! } : {}) });
    return {};
  },
  drop: (c, b) => {
    const method = optionalText(b.method, 'method');
    c.drop({ ...(method ? { method } : {}), count: count(b.count, 1)! });
    return {};
  },
  status: (c) => c.status(),
};

/** Answers a request under /_avanode/, or undefined when the path is not the control API's. */
export function handleControlRequest(control: MockControl, method: string, path: string, bodyText: string): ControlAnswer | undefined {
  if (!path.startsWith(CONTROL_PREFIX)) return undefined;
  const action = path.slice(CONTROL_PREFIX.length).replace(/\/+$/, '');
  // Own actions only: `constructor`, `__proto__` and the like are unknown, not Object's members.
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!run) return json(404, { error: `unknown control action "${action}" (known: ${Object.keys(actions).join(', ')})` });
  if (action === 'status' ? method !== 'GET' && method !== 'POST' : method !== 'POST') return json(405, { error: `${action}: use POST` });
  let body: unknown = {};
  if (bodyText.trim() !== '') {
    try {
      body = JSON.parse(bodyText);
    } catch (error) {
      return json(400, { error: `the body is not JSON: ${(error as Error).message}` });
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return json(400, { error: 'the body must be a JSON object' });
  try {
    return json(200, run(control, body as Record<string, unknown>));
  } catch (error) {
    // Every refusal a control action makes is the request's fault: 400 with what was wrong.
    return json(400, { error: error instanceof Error ? error.message : String(error) });
  }
}
