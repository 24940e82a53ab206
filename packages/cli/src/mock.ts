// `avanode mock`: the mock node of @avanode/msw (an optional peer), with avanode-mock's flags.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CliError, EXIT, usageError } from './errors.js';
import { flagError } from './params.js';

export const mockUsage = `usage: avanode mock [--host 127.0.0.1] [--port 9650] [--public] [--unhealthy] [--overrides file.json] [--log]
  The mock node of @avanode/msw over HTTP (the same as avanode-mock); runs until interrupted.
  --public       answer node-specific methods with "method not found", like the public server
  --unhealthy    health answers unhealthy (GET: 503)
  --overrides    a JSON file { "platform.getHeight": { "height": "42" }, … } of results per method
  --log          one line per request on stderr`;

export async function mock(argv: string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
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
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw flagError(error, 'mock');
  }
  if (values.help) {
    out(mockUsage);
    return EXIT.ok;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`mock: --port must be a port number, got ${values.port}`);
  let overrides: Record<string, unknown> | undefined;
  if (values.overrides) {
    try {
      overrides = JSON.parse(readFileSync(values.overrides, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw usageError(`mock: cannot read --overrides ${values.overrides}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  let startMockServer: typeof import('@avanode/msw/server').startMockServer;
  try {
    ({ startMockServer } = await import('@avanode/msw/server'));
  } catch {
    throw usageError('mock: needs @avanode/msw (npm install @avanode/msw)');
  }
  let server: Awaited<ReturnType<typeof startMockServer>>;
  try {
    server = await startMockServer({
      host: values.host,
      port,
      publicNode: values.public,
      healthy: !values.unhealthy,
      ...(overrides ? { overrides: overrides as never } : {}),
      ...(values.log ? { log: err } : {}),
    });
  } catch (error) {
    throw new CliError(`mock: cannot listen on ${values.host}:${port}: ${(error as Error).message}`, EXIT.network);
  }
  out(`avanode mock: a mock Avalanche node on ${server.url} (try: avanode info getNodeVersion --url ${server.url})`);
  // Serve until interrupted; then close and report success.
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return EXIT.ok;
}
