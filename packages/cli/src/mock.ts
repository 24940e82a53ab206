// `avanode mock`: the mock node of @avanode/mock (an optional peer, no msw needed), with
// avanode-mock's flags.
import { readFileSync } from 'node:fs';
import { CliError, EXIT, usageError } from './errors.js';
import { wholeNumber } from './numbers.js';
import { parseFlags } from './params.js';

const mockUsage = `usage: avanode mock [--host 127.0.0.1] [--port 9650] [--public] [--unhealthy] [--overrides file.json] [--log]
                   [--fork-url URL [--fork-cache dir] [--fork-height H] [--fork-offline]]
  The mock node of @avanode/mock over HTTP (the same as avanode-mock); runs until interrupted.
  --public       answer node-specific methods with "method not found", like the public server
  --unhealthy    health answers unhealthy (GET: 503)
  --overrides    a JSON file { "platform.getHeight": { "height": "42" }, … } of results per method
  --log          one line per request on stderr
  --fork-url URL     start from this live node's P-chain at its last height (a fork: docs/guide/fork.md);
                     what is issued runs here, nothing is ever written to it
  --fork-cache DIR   keep the upstream's answers by network and height in DIR (a later run at that height reads none again)
  --fork-height H    fork at height H (the cache's key) instead of the upstream's last height
  --fork-offline     read --fork-cache alone, no request (a read it lacks: the node's not-found and one warning)`;

const MOCK_OPTIONS = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '9650' },
  public: { type: 'boolean', default: false },
  unhealthy: { type: 'boolean', default: false },
  overrides: { type: 'string' },
  log: { type: 'boolean', default: false },
  'fork-url': { type: 'string' },
  'fork-cache': { type: 'string' },
  'fork-height': { type: 'string' },
  'fork-offline': { type: 'boolean', default: false },
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
  const fork = forkOptions(values, err);
  const common = {
    host: values.host,
    port,
    publicNode: values.public,
    healthy: !values.unhealthy,
    ...(overrides ? { overrides: overrides as never } : {}),
    ...(values.log ? { log: err } : {}),
  };
  let server: { url: string; close(): Promise<void> };
  try {
    if (fork) {
      const startForkedMockServer = await loadForkedMockServer();
      const forked = await startForkedMockServer({ ...common, network: { fork, clock: 'real' } });
      // The upstream's URL is never printed (it may hold credentials or a hosted node's key).
      out(`avanode mock: a fork of network ${forked.fork.networkID} at height ${forked.fork.height}, on ${forked.url}`);
      server = forked;
    } else {
      const startMockServer = await loadMockServer();
      server = await startMockServer(common);
      out(`avanode mock: a mock Avalanche node on ${server.url} (try: avanode info getNodeVersion --url ${server.url})`);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    // An override that does not fit its method's result, or a limit out of range, is the
    // user's input, named as such; so is a fork option. A fork whose upstream cannot be read
    // says why (never with the upstream's URL); anything else is the socket.
    const { name, message } = error as Error;
    if (name === 'OverrideError') throw usageError(`mock: --overrides ${values.overrides}: ${message}`);
    if (name === 'RangeError' || name === 'UpstreamConfigError') throw usageError(`mock: ${message}`);
    if (name === 'ForkError') throw new CliError(`mock: ${message}`, EXIT.node);
    throw new CliError(`mock: cannot listen on ${values.host}:${port}: ${message}`, EXIT.network);
  }
  // Serve until interrupted; then close and report success.
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return EXIT.ok;
}

/** The fork flags as avanode-mock reads them (the same checks and texts), or undefined without --fork-url. */
function forkOptions(
  values: { 'fork-url'?: string; 'fork-cache'?: string; 'fork-height'?: string; 'fork-offline'?: boolean },
  err: (line: string) => void,
): { url: string; cacheDir?: string; height?: number; offline?: true; log: (line: string) => void } | undefined {
  const url = values['fork-url'];
  if (url === undefined) {
    const stray = values['fork-cache'] !== undefined ? 'fork-cache' : values['fork-height'] !== undefined ? 'fork-height' : values['fork-offline'] ? 'fork-offline' : undefined;
    if (stray) throw usageError(`mock: --${stray} goes with --fork-url URL (the node to fork)`);
    return undefined;
  }
  if (values['fork-offline'] && values['fork-cache'] === undefined) throw usageError('mock: --fork-offline reads the cache alone: give it with --fork-cache DIR');
  let height: number | undefined;
  const text = values['fork-height'];
  if (text !== undefined) {
    height = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(height)) throw usageError(`mock: --fork-height must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got ${text.slice(0, 40)}`);
  }
  return {
    url,
    ...(values['fork-cache'] !== undefined ? { cacheDir: values['fork-cache'] } : {}),
    ...(height !== undefined ? { height } : {}),
    ...(values['fork-offline'] ? { offline: true as const } : {}),
    // The fork's warnings and the upstream's failure reasons (the upstream named by its origin only).
    log: (line: string) => err(`avanode mock: ${line}`),
  };
}

/** The forked server of @avanode/mock (@avanode/msw does not re-export it). */
async function loadForkedMockServer(): Promise<typeof import('@avanode/mock/server').startForkedMockServer> {
  try {
    return (await import('@avanode/mock/server')).startForkedMockServer;
  } catch {
    throw usageError('mock: --fork-url needs @avanode/mock beside the CLI: npm install -g @avanode/mock for a global avanode, npm install @avanode/mock in a project');
  }
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
