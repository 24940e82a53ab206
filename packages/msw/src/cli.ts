// avanode-mock: the mock node on 127.0.0.1:9650 (by default), for curl, tools and other languages.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startMockServer } from './server.js';
import type { Overrides } from './mock-node.js';
import type { NetworkOptions } from './network/index.js';

const usage = `usage: avanode-mock [--host 127.0.0.1] [--port 9650] [--public] [--unhealthy] [--overrides file.json] [--log]
                    [--seed N] [--state file.json] [--block-time ms] [--manual-clock] [--network-id N]
                    [--latency ms|min-max] [--fault-rate 0..1] [--no-control]
  --public        answer node-specific methods with "method not found", like the public server
  --unhealthy     health answers unhealthy (GET: 503)
  --overrides     a JSON file { "platform.getHeight": { "height": "42" }, … } of results per method
  --log           one line per request on stderr
  --seed N        a simulated network, the same for the same N (also seeds latency and faults)
  --state FILE    a simulated network from a JSON state file (docs/guide/scenarios.md)
  --block-time MS a block every MS ms (default 2000; turns the simulated network on)
  --manual-clock  time moves only with POST /_avanode/advance
  --network-id N  the seeded network's ID (default 12345)
  --latency       delay every answer: ms, or a range min-max drawn from the seed
  --fault-rate    share of requests answered with a reset connection or the node's 503
  --no-control    no control API under /_avanode/`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '9650' },
        public: { type: 'boolean', default: false },
        unhealthy: { type: 'boolean', default: false },
        overrides: { type: 'string' },
        log: { type: 'boolean', default: false },
        seed: { type: 'string' },
        state: { type: 'string' },
        'block-time': { type: 'string' },
        'manual-clock': { type: 'boolean', default: false },
        'network-id': { type: 'string' },
        latency: { type: 'string' },
        'fault-rate': { type: 'string' },
        'no-control': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
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
  let overrides: Overrides | undefined;
  if (values.overrides) {
    try {
      overrides = JSON.parse(readFileSync(values.overrides, 'utf8')) as Overrides;
    } catch (error) {
      console.error(`avanode-mock: cannot read --overrides ${values.overrides}: ${(error as Error).message}`);
      return 2;
    }
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
  try {
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
    if (seed !== undefined || state !== undefined || blockTimeMs !== undefined || networkID !== undefined) {
      network = {
        ...(seed !== undefined ? { seed } : {}),
        ...(state !== undefined ? { state } : {}),
        ...(blockTimeMs !== undefined ? { blockTimeMs } : {}),
        ...(networkID !== undefined ? { networkID } : {}),
        clock: values['manual-clock'] ? 'manual' : 'real',
      };
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
    const server = await startMockServer({
      ...(network ? { network } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(values.latency !== undefined ? { latency: values.latency } : {}),
      ...(faultRate !== undefined ? { faultRate } : {}),
      control: !values['no-control'],
      host: values.host,
      port,
      publicNode: values.public,
      healthy: !values.unhealthy,
      ...(overrides ? { overrides } : {}),
      ...(values.log ? { log: (line: string) => console.error(line) } : {}),
    });
    console.log(`avanode-mock: a mock Avalanche node on ${server.url} (try: curl -s -X POST -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"info.getNodeVersion"}' ${server.url}/ext/info)`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return -1;
  } catch (error) {
    // A state file that does not check out, a bad latency: the options, not the port.
    if (error instanceof Error && (error.name === 'StateError' || error instanceof RangeError)) {
      console.error(`avanode-mock: ${values.state && error.name === 'StateError' ? `--state ${values.state}: ` : ''}${error.message}`);
      return 2;
    }
    console.error(`avanode-mock: cannot listen on ${values.host}:${port}: ${(error as Error).message}`);
    return 1;
  }
}
