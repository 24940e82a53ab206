// The Health API's JSON-RPC methods (/ext/health) against avalanchego v1.14.2, api/health:
// service.go (args and reply), worker.go (which checks a report holds) and result.go (how
// one check's result is marshalled).
import type { Finding } from '../src/audit.ts';

const PRIMARY_NETWORK = '11111111111111111111111111111111LpoYY';
const SUBNET_ID = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';
const passing = { timestamp: '2026-11-20T10:15:00.120415440Z', duration: 1904 };
/** A check that has failed three runs in a row, as worker.runCheck records it. */
const failing = {
  message: { longestRunningRequest: '0s', outstandingRequests: 1207 },
  error: 'the router is not healthy reason: number of outstanding requests 1207 > 1024',
  timestamp: '2026-11-20T10:15:00.118204117-05:00',
  duration: 465253,
  contiguousFailures: 3,
  timeOfFirstFailure: '2026-11-20T10:14:30.101322861-05:00',
};

export const findings: Finding[] = [
  {
    source: 'api/health/service.go:54',
    method: 'health.liveness',
    kind: 'param-optional',
    what: 'liveness takes the same optional tags as health and readiness',
    params: [{}, { tags: ['P'] }, { tags: [SUBNET_ID] }, { tags: null }],
    results: [{ checks: {}, healthy: true }],
  },
  {
    source: 'api/health/worker.go:148',
    method: 'health.health',
    kind: 'param-form',
    what: 'tags null or empty means every check, like omitted tags',
    params: [{ tags: null }, { tags: [] }, { tags: [PRIMARY_NETWORK, SUBNET_ID] }],
  },
  {
    source: 'api/health/worker.go:148',
    method: 'health.readiness',
    kind: 'param-form',
    what: 'tags null or empty means every check, like omitted tags',
    params: [{ tags: null }, { tags: [] }, { tags: [PRIMARY_NETWORK] }],
  },
  {
    source: 'api/health/result.go:25',
    method: 'health.health',
    kind: 'result-shape',
    what: 'error is the failing check’s error text (a *string), never an object',
    results: [{ checks: { router: failing, database: passing }, healthy: false }],
    notResults: [{ checks: { router: { ...failing, error: { message: 'example error message' } } }, healthy: false }],
  },
  {
    source: 'api/health/result.go:37',
    method: 'health.health',
    kind: 'result-shape',
    what: 'timeOfFirstFailure and contiguousFailures are omitempty: absent while a check passes, never null or 0',
    results: [{ checks: { database: passing }, healthy: true }],
    notResults: [{ checks: { database: { ...passing, timeOfFirstFailure: null } }, healthy: true }],
  },
  {
    source: 'api/health/result.go:14',
    method: 'health.health',
    kind: 'result-shape',
    what: 'a check not run yet reports error "not yet run" with the zero time and duration 0, and makes the report unhealthy',
    results: [{ checks: { database: passing, network: { error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0 } }, healthy: false }],
  },
  {
    source: 'node/node.go:1501',
    method: 'health.health',
    kind: 'result-shape',
    what: 'message can be a string (bls), a list (bootstrapped) or an object; chain checks carry disconnectedValidators and avgAcceptanceTime',
    results: [
      {
        checks: {
          bls: { message: 'node is not a validator', timestamp: '2026-11-20T10:15:00.120398651Z', duration: 2960 },
          bootstrapped: { message: [], timestamp: '2026-11-20T10:15:00.120401032Z', duration: 3120 },
          P: {
            message: {
              engine: { consensus: { avgAcceptanceTime: '1.02847ms', lastAcceptedHeight: 23047817, lastAcceptedID: '2pHYCUyWzisQdghNZGgAb5eiDzn8xBNKBS2jN9prL37ksH7q1f', longestProcessingBlock: '0s', processingBlocks: 0 }, vm: null },
              networking: { disconnectedValidators: [], percentConnected: 1 },
            },
            timestamp: '2026-11-20T10:15:00.120431005Z',
            duration: 14250,
          },
        },
        healthy: true,
      },
    ],
  },
  {
    source: 'chains/manager.go:1460',
    method: 'health.readiness',
    kind: 'result-shape',
    what: 'readiness holds the bootstrapped check only; while subnets bootstrap it fails with their IDs as message',
    results: [
      { checks: { bootstrapped: { ...failing, message: [PRIMARY_NETWORK], error: 'subnets not bootstrapped' } }, healthy: false },
      { checks: { bootstrapped: { message: [], timestamp: '2026-11-20T10:15:00.120401032Z', duration: 3120 } }, healthy: true },
    ],
  },
];
