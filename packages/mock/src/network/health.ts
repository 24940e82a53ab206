// Health checks a test turned failing or passing (control.health), laid over the report the mock
// would give. A failing check looks as api/health/worker.go records one: `message` null, the
// `error` text, a count of contiguous failures and the time of the first; the report is healthy
// only when every check is.
import type { HealthSetting } from './control-types.js';

interface Report {
  checks: Record<string, Record<string, unknown>>;
  healthy: boolean;
}

/** Go's time.Time in UTC with its fraction (RFC 3339 nano, trailing zeros dropped). */
const goTime = (ms: number) => new Date(ms).toISOString().replace(/\.?0+Z$/, 'Z');

export function applyHealth<T>(report: T, settings: ReadonlyMap<string, HealthSetting>, nowMs: number): T {
  if (settings.size === 0) return report;
  const base = report as unknown as Report;
  const checks: Report['checks'] = { ...base.checks };
  for (const [name, setting] of settings) {
    const timestamp = goTime(nowMs);
    checks[name] = setting.healthy
      ? { message: setting.message ?? null, timestamp, duration: 1000 }
      : { message: null, error: setting.message ?? `${name} check failed`, timestamp, duration: 1000, contiguousFailures: 1, timeOfFirstFailure: timestamp };
  }
  const healthy = Object.values(checks).every((c) => !('error' in c));
  return { ...base, checks, healthy } as unknown as T;
}
