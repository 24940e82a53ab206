// avanode-mock: the mock node on 127.0.0.1:9650 (by default), for curl, tools and other languages.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startMockServer } from './server.js';
import type { Overrides } from './mock-node.js';

const usage = `usage: avanode-mock [--host 127.0.0.1] [--port 9650] [--public] [--unhealthy] [--overrides file.json] [--log]
  --public       answer node-specific methods with "method not found", like the public server
  --unhealthy    health answers unhealthy (GET: 503)
  --overrides    a JSON file { "platform.getHeight": { "height": "42" }, … } of results per method
  --log          one line per request on stderr`;

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
  try {
    const server = await startMockServer({
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
    console.error(`avanode-mock: cannot listen on ${values.host}:${port}: ${(error as Error).message}`);
    return 1;
  }
}
