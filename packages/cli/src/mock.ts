// `avanode mock`: the mock node of @avanode/mock (an optional peer, no msw needed), with
// avanode-mock's flags.
import { readFileSync } from 'node:fs';
import { CliError, EXIT, usageError } from './errors.js';
import { wholeNumber } from './numbers.js';
import { parseFlags } from './params.js';

const mockUsage = `usage: avanode mock [--host 127.0.0.1] [--port 9650] [--public] [--unhealthy] [--overrides file.json] [--log]
  The mock node of @avanode/mock over HTTP (the same as avanode-mock); runs until interrupted.
  --public       answer node-specific methods with "method not found", like the public server
  --unhealthy    health answers unhealthy (GET: 503)
  --overrides    a JSON file { "platform.getHeight": { "height": "42" }, … } of results per method
  --log          one line per request on stderr`;

const MOCK_OPTIONS = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '9650' },
  public: { type: 'boolean', default: false },
  unhealthy: { type: 'boolean', default: false },
  overrides: { type: 'string' },
  log: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function mock(argv: string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const values = parseFlags(argv, MOCK_OPTIONS, 'mock');
  if (values.help) {
    out(mockUsage);
    return EXIT.ok;
  }
  // 0: any free port (the line below says which).
  const port = Number(wholeNumber('mock: --port', values.port, 0n, 65535n));
  let overrides: Record<string, unknown> | undefined;
  if (values.overrides) {
    try {
      overrides = JSON.parse(readFileSync(values.overrides, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw usageError(`mock: cannot read --overrides ${values.overrides}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  const startMockServer = await loadMockServer();
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
    // An override that does not fit its method's result, or a limit out of range, is the
    // user's input, named as such; anything else is the socket.
    const { name, message } = error as Error;
    if (name === 'OverrideError') throw usageError(`mock: --overrides ${values.overrides}: ${message}`);
    if (name === 'RangeError') throw usageError(`mock: ${message}`);
    throw new CliError(`mock: cannot listen on ${values.host}:${port}: ${message}`, EXIT.network);
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

/**
 * The server of @avanode/mock; failing that, of @avanode/msw (which re-exports it), for a project
 * that installed only @avanode/msw under a package manager that does not hoist its dependencies.
 */
async function loadMockServer(): Promise<typeof import('@avanode/mock/server').startMockServer> {
  try {
    return (await import('@avanode/mock/server')).startMockServer;
  } catch {
    try {
      return (await import('@avanode/msw/server')).startMockServer;
    } catch {
      throw usageError('mock: needs @avanode/mock beside the CLI: npm install -g @avanode/mock for a global avanode, npm install @avanode/mock in a project');
    }
  }
}
