// avanode-mock: the mock node on 127.0.0.1:9650 (by default), for curl, tools and other languages.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startForkedMockServer, startMockServer, type MockServer } from './server.js';
import type { Overrides } from './rpc/overrides.js';
import type { NetworkOptions } from './network/index.js';

const usage = `usage: avanode-mock [--host 127.0.0.1] [--port 9650] [--public] [--unhealthy] [--overrides file.json] [--log]
                    [--seed N] [--state file.json] [--block-time ms] [--manual-clock] [--network-id N]
                    [--helicon-time RFC3339] [--latency ms|min-max] [--fault-rate 0..1] [--no-control]
                    [--headers-timeout ms] [--request-timeout ms] [--max-header-bytes n]
                    [--fork-url URL [--fork-cache dir] [--fork-height H] [--fork-offline]]
  --public        answer node-specific methods with "method not found", like the public server
  --unhealthy     health answers unhealthy (GET: 503)
  --overrides     a JSON file { "platform.getHeight": { "height": "42" }, … } of answers per method: a
                  result (checked against the method's schema) or { "error": { "code", "message", "data" } };
                  repeat it to layer files, a later file's method over an earlier one's
  --log           one line per request on stderr
  --seed N        a simulated network, the same for the same N (also seeds latency and faults)
  --state FILE    a simulated network from a JSON state file (docs/guide/scenarios.md)
  --block-time MS a block every MS ms (default 2000; turns the simulated network on)
  --manual-clock  time moves only with POST /_avanode/advance
  --network-id N  the seeded network's ID (default 12345)
  --helicon-time T  Helicon's activation on a local network, RFC 3339 (default: unscheduled, as the node's)
  --latency       delay every answer: ms, or a range min-max drawn from the seed
  --fault-rate    share of requests answered with a reset connection or the node's 503
  --no-control    no control API under /_avanode/
  --headers-timeout MS   a client slower to send its headers gets 408 (default 5000)
  --request-timeout MS   a client slower to send its whole request gets 408 (default 10000)
  --max-header-bytes N   larger request headers get 431 (default 16384)
  --fork-url URL  start from this live node's P-chain at its last height (a fork: docs/guide/fork.md);
                  what is issued runs here, nothing is ever written to it; not with --seed, --state,
                  --network-id or --helicon-time
  --fork-cache DIR   keep the upstream's answers by network and height in DIR (a later run at that height reads none again)
  --fork-height H    fork at height H (the cache's key) instead of the upstream's last height
  --fork-offline     read --fork-cache alone, no request (a read it lacks: the node's not-found and one warning)`;

/** The flags, as node:util parseArgs reads them. */
const OPTIONS = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '9650' },
  public: { type: 'boolean', default: false },
  unhealthy: { type: 'boolean', default: false },
  overrides: { type: 'string', multiple: true },
  log: { type: 'boolean', default: false },
  seed: { type: 'string' },
  state: { type: 'string' },
  'block-time': { type: 'string' },
  'manual-clock': { type: 'boolean', default: false },
  'network-id': { type: 'string' },
  'helicon-time': { type: 'string' },
  latency: { type: 'string' },
  'fault-rate': { type: 'string' },
  'no-control': { type: 'boolean', default: false },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-header-bytes': { type: 'string' },
  'fork-url': { type: 'string' },
  'fork-cache': { type: 'string' },
  'fork-height': { type: 'string' },
  'fork-offline': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS }));
  } catch (error) {
    console.error(`avanode-mock: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`avanode-mock: --port must be a port number, got ${values.port}`);
    return 2;
  }
  // Files layered in order (a later file's method wins); each method remembers its file, for errors.
  let overrides: Overrides | undefined;
  const fileOf = new Map<string, string>();
  for (const file of values.overrides ?? []) {
    let layer: unknown;
    try {
      layer = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      console.error(`avanode-mock: cannot read --overrides ${file}: ${(error as Error).message}`);
      return 2;
    }
    if (layer === null || typeof layer !== 'object' || Array.isArray(layer)) {
      console.error(`avanode-mock: --overrides ${file}: expected an object of answers by method name, got ${Array.isArray(layer) ? 'an array' : JSON.stringify(layer)}`);
      return 2;
    }
    for (const method of Object.keys(layer)) fileOf.set(method, file);
    overrides = { ...overrides, ...(layer as Overrides) };
  }
  const integer = (name: string, text: string | undefined, min: number, max: number): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}, got ${text}`);
    return value;
  };
  let network: NetworkOptions | undefined;
  let seed: number | undefined;
  let faultRate: number | undefined;
  let forkHeight: number | undefined;
  const limits: Record<string, number> = {};
  try {
    for (const [flag, option] of [['headers-timeout', 'headersTimeoutMs'], ['request-timeout', 'requestTimeoutMs'], ['max-header-bytes', 'maxHeaderBytes']] as const) {
      const value = integer(flag, values[flag], 1, 2 ** 31 - 1);
      if (value !== undefined) limits[option] = value;
    }
    seed = integer('seed', values.seed, 0, 2 ** 32 - 1);
    const blockTimeMs = integer('block-time', values['block-time'], 1, 2 ** 31 - 1);
    const networkID = integer('network-id', values['network-id'], 1, 2 ** 32 - 1);
    let state: unknown;
    if (values.state) {
      try {
        state = JSON.parse(readFileSync(values.state, 'utf8'));
      } catch (error) {
        throw new Error(`cannot read --state ${values.state}: ${(error as Error).message}`);
      }
    }
    const heliconTime = values['helicon-time'];
    if (seed !== undefined || state !== undefined || blockTimeMs !== undefined || networkID !== undefined || heliconTime !== undefined) {
      network = {
        ...(heliconTime !== undefined ? { heliconTime } : {}),
        ...(seed !== undefined ? { seed } : {}),
        ...(state !== undefined ? { state } : {}),
        ...(blockTimeMs !== undefined ? { blockTimeMs } : {}),
        ...(networkID !== undefined ? { networkID } : {}),
        clock: values['manual-clock'] ? 'manual' : 'real',
      };
    }
    const forkFlags = (['fork-cache', 'fork-height'] as const).filter((flag) => values[flag] !== undefined);
    if (values['fork-offline']) forkFlags.push('fork-offline' as never);
    if (values['fork-url'] === undefined && forkFlags.length) throw new Error(`--${forkFlags[0]} goes with --fork-url URL (the node to fork)`);
    if (values['fork-url'] !== undefined) {
      const clash = (['seed', 'state', 'network-id', 'helicon-time'] as const).find((flag) => values[flag] !== undefined);
      if (clash) throw new Error(`--fork-url starts from the upstream's state: not with --${clash}`);
      if (values['fork-offline'] && values['fork-cache'] === undefined) throw new Error('--fork-offline reads the cache alone: give it with --fork-cache DIR');
      forkHeight = integer('fork-height', values['fork-height'], 0, Number.MAX_SAFE_INTEGER);
    }
    if (values['fault-rate'] !== undefined) {
      faultRate = Number(values['fault-rate']);
      if (!(faultRate >= 0 && faultRate <= 1)) throw new Error(`--fault-rate must be a number from 0 to 1, got ${values['fault-rate']}`);
    }
  } catch (error) {
    console.error(`avanode-mock: ${(error as Error).message}`);
    return 2;
  }
  try {
    const common = {
      ...(values.latency !== undefined ? { latency: values.latency } : {}),
      ...(faultRate !== undefined ? { faultRate } : {}),
      control: !values['no-control'],
      ...limits,
      host: values.host,
      port,
      publicNode: values.public,
      healthy: !values.unhealthy,
      ...(overrides ? { overrides } : {}),
      ...(values.log ? { log: (line: string) => console.error(line) } : {}),
    };
    const forkUrl = values['fork-url'];
    if (forkUrl !== undefined) {
      const blockTimeMs = values['block-time'] !== undefined ? Number(values['block-time']) : undefined;
      const fork = {
        url: forkUrl,
        ...(values['fork-cache'] !== undefined ? { cacheDir: values['fork-cache'] } : {}),
        ...(forkHeight !== undefined ? { height: forkHeight } : {}),
        ...(values['fork-offline'] ? { offline: true } : {}),
        log: (line: string) => console.error(`avanode-mock: ${line}`),
      };
      const server = await startForkedMockServer({ ...common, network: { fork, clock: values['manual-clock'] ? 'manual' : 'real', ...(blockTimeMs !== undefined ? { blockTimeMs } : {}) } });
      // The upstream's URL is never printed (it may hold credentials or a hosted node's key).
      console.log(`avanode-mock: a fork of network ${server.fork.networkID} at height ${server.fork.height}, on ${server.url}`);
      return serving(server);
    }
    const server = await startMockServer({ ...common, ...(network ? { network } : {}), ...(seed !== undefined ? { seed } : {}) });
    console.log(`avanode-mock: a mock Avalanche node on ${server.url} (try: curl -s -X POST -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"info.getNodeVersion"}' ${server.url}/ext/info)`);
    return serving(server);
  } catch (error) {
    // The fork's options or its upstream: named, never the upstream's URL.
    if (error instanceof Error && (error.name === 'ForkError' || error.name === 'UpstreamConfigError')) {
      console.error(`avanode-mock: ${error.message}`);
      return error.name === 'UpstreamConfigError' ? 2 : 1;
    }
    // A state file or an override that does not check out, a bad latency or limit: the options, not the port.
    if (error instanceof Error && (error.name === 'StateError' || error.name === 'OverrideError' || error instanceof RangeError)) {
      const file = error.name === 'StateError' ? values.state : error.name === 'OverrideError' ? fileOf.get((error as Error & { method: string }).method) : undefined;
      console.error(`avanode-mock: ${file ? `--${error.name === 'StateError' ? 'state' : 'overrides'} ${file}: ` : ''}${error.message}`);
      return 2;
    }
    console.error(`avanode-mock: cannot listen on ${values.host}:${port}: ${(error as Error).message}`);
    return 1;
  }
}

/** Serves until SIGINT or SIGTERM; -1: the process stays up. */
function serving(server: MockServer): number {
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}
