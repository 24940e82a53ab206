// `avanode health`: is the node healthy, once (exit 0 or 1) or watched (a line per change).
import { createClient } from '@avanode/client';
import { describeFailure } from './call.js';
import { EXIT, usageError } from './errors.js';
import { formatJson } from './json.js';
import { nodeAddress } from './node-url.js';
import { milliseconds } from './numbers.js';
import { parseFlags } from './params.js';

export const healthUsage = `usage: avanode health [--url <url>] [--endpoint health|readiness|liveness] [--json] [--watch [--interval-ms 5000]]
  Asks the node's health endpoint (GET /ext/health, /ext/health/readiness, /ext/health/liveness).
  Once: a line per check, then "healthy" or "unhealthy"; exit 0 healthy, 1 unhealthy, 3 unreachable.
  --watch: polls every --interval-ms and prints a line (with the time) when a check passes or fails
  where it did not, when the node becomes healthy or unhealthy, and when it stops or starts
  answering; runs until interrupted (exit 0).
  --json: once, print the node's report as JSON.
  The methods of the health namespace: avanode health health|readiness|liveness --help.`;

type Report = { status: number; healthy: boolean; checks: Record<string, { error?: unknown; message?: unknown }> };

/** A check's state as one word and, when failing, why. */
function stateOf(check: Report['checks'][string]): string {
  if (check.error === undefined || check.error === null) return 'passing';
  const why = typeof check.error === 'string' ? check.error : formatJson(check.error, undefined);
  return `failing: ${why}`;
}

const HEALTH_OPTIONS = {
  url: { type: 'string' },
  endpoint: { type: 'string', default: 'health' },
  watch: { type: 'boolean', default: false },
  'interval-ms': { type: 'string' },
  'timeout-ms': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface HealthOptions {
  /** Ends `--watch` (for an embedding program, and the tests); without it, SIGINT or SIGTERM does. */
  signal?: AbortSignal;
}

export async function health(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void, options: HealthOptions = {}): Promise<number> {
  const values = parseFlags(argv, HEALTH_OPTIONS, 'health');
  if (values.help) {
    out(healthUsage);
    return EXIT.ok;
  }
  if (!['health', 'readiness', 'liveness'].includes(values.endpoint)) throw usageError(`health: --endpoint must be health, readiness or liveness, got ${JSON.stringify(values.endpoint.slice(0, 40))}`);
  if (values['interval-ms'] !== undefined && !values.watch) throw usageError('health: --interval-ms goes with --watch');
  const interval = milliseconds('health: --interval-ms', values['interval-ms']) ?? 5_000;
  const timeoutMs = milliseconds('health: --timeout-ms', values['timeout-ms']);
  const node = nodeAddress(values.url, env);
  const client = createClient({ url: node.url, headers: node.headers, retry: false, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  const ask = () => client.health.get({ endpoint: values.endpoint as 'health' }) as Promise<Report>;

  if (!values.watch) {
    let report: Report;
    try {
      report = await ask();
    } catch (error) {
      throw describeFailure(error, node.shown, 'health');
    }
    if (values.json) out(formatJson(report, 2));
    else {
      for (const [name, check] of Object.entries(report.checks).sort(([a], [b]) => (a < b ? -1 : 1))) out(`${name}: ${stateOf(check)}`);
      const failing = Object.values(report.checks).filter((c) => stateOf(c) !== 'passing').length;
      out(report.healthy ? 'healthy' : `unhealthy (${failing} of ${Object.keys(report.checks).length} checks failing, HTTP ${report.status})`);
    }
    return report.healthy ? EXIT.ok : EXIT.node;
  }

  // Watch until SIGINT or SIGTERM (or the caller's signal): each poll compares with the last one and prints what changed.
  const interrupted = new AbortController();
  const onSignal = () => interrupted.abort();
  if (!options.signal) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  const stop = options.signal ?? interrupted.signal;
  const line = (text: string) => out(`${new Date().toISOString()} ${text}`);
  let last: { reachable: boolean; healthy?: boolean; checks: Map<string, string> } | undefined;
  try {
    while (!stop.aborted) {
      let report: Report | undefined;
      let failure = '';
      try {
        report = await ask();
      } catch (error) {
        failure = describeFailure(error, node.shown, 'health').message.replace(/^health: /, '');
      }
      if (!report) {
        if (last?.reachable !== false) line(`node: no answer (${failure})`);
        last = { reachable: false, ...(last?.healthy !== undefined ? { healthy: last.healthy } : {}), checks: last?.checks ?? new Map() };
      } else {
        const checks = new Map(Object.entries(report.checks).map(([name, check]) => [name, stateOf(check)]));
        if (last && !last.reachable) line('node: answering again');
        for (const [name, state] of [...checks].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const before = last?.checks.get(name);
          if (before === undefined) line(`${name}: ${state}`);
          else if (before.split(':')[0] !== state.split(':')[0]) line(`${name}: ${before.split(':')[0]} → ${state}`);
        }
        for (const name of last?.checks.keys() ?? []) if (!checks.has(name)) line(`${name}: no longer reported`);
        if (last?.healthy === undefined) line(`node: ${report.healthy ? 'healthy' : 'unhealthy'}`);
        else if (last.healthy !== report.healthy) line(`node: ${last.healthy ? 'healthy' : 'unhealthy'} → ${report.healthy ? 'healthy' : 'unhealthy'}`);
        last = { reachable: true, healthy: report.healthy, checks };
      }
      await pause(interval, stop);
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return EXIT.ok;
}

/**
 * Waits `ms`, or less if `signal` aborts. Whichever comes first removes the other: a watch polls
 * for days, and an abort listener left behind per wait piles up on the one signal (Node warns
 * of a leak after 10).
 */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
