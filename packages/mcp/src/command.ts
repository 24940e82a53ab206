// `avanode mcp`: the node's API as MCP tools, over stdio (default) or Streamable HTTP on
// 127.0.0.1. In stdio mode stdout carries protocol messages only: every line of ours goes to stderr.
import { parseArgs } from 'node:util';
import { createClient } from '@avanode/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { tools } from './generated/tools.js';
import { serveHttp } from './http.js';
import { DEFAULT_TOOLSETS, toolsetsOf } from './select.js';
import { createMcpServer, type McpServerOptions } from './server.js';

export const mcpUsage = `usage: avanode mcp --url <node> [--toolsets ${toolsetsOf(tools).join(',')}] [--allow-writes] [--http <port>] [--timeout-ms <ms>]
  Serves the node's API as MCP tools, one per method, over stdio (or Streamable HTTP on 127.0.0.1).
  --url           the node, e.g. http://127.0.0.1:9650 (or AVANODE_URL)
  --toolsets      toolsets listed as tools of their own (default ${DEFAULT_TOOLSETS.join(',')}); the other
                  tools are reached through avanode_find_tools and avanode_call_tool
  --allow-writes  also serve the methods that change state (platform.issueTx); read-only without it
  --http <port>   Streamable HTTP on http://127.0.0.1:<port>/mcp (0: any free port) instead of stdio;
                  requests from a browser page of another origin are refused
  --timeout-ms    time allowed for each call to the node (default 30000)`;

const OPTIONS = {
  url: { type: 'string' },
  toolsets: { type: 'string' },
  'allow-writes': { type: 'boolean', default: false },
  http: { type: 'string' },
  'timeout-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface CommandIo {
  /** Lines for the user: always stderr in stdio mode. */
  log: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

const EXIT = { ok: 0, usage: 2, network: 3 } as const;

/** Runs the command until stdin closes (stdio) or SIGINT/SIGTERM (HTTP); resolves to the exit code. Never throws. */
export async function runMcpCommand(argv: string[], io: CommandIo): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>>['values'];
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.log(`avanode mcp: ${(error as Error).message.split('\n')[0]}; avanode mcp --help lists the flags`);
    return EXIT.usage;
  }
  if (values.help) {
    io.log(mcpUsage);
    return EXIT.ok;
  }
  const usage = (message: string) => {
    io.log(`avanode mcp: ${message}`);
    return EXIT.usage;
  };
  const url = values.url ?? io.env.AVANODE_URL;
  if (!url) return usage('--url is required (the node, e.g. --url http://127.0.0.1:9650)');
  const port = values.http === undefined ? undefined : Number(values.http);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) return usage(`--http must be a port number, got ${JSON.stringify(String(values.http).slice(0, 20))}`);
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
  let options: McpServerOptions;
  try {
    const client = createClient({ url, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
    const toolsets = values.toolsets?.split(',').map((t) => t.trim()).filter(Boolean);
    options = { tools, client, allowWrites: values['allow-writes'], ...(toolsets ? { toolsets } : {}) };
    // Made once up front, so a bad toolset is a usage error now, not on the first request.
    createMcpServer(options);
  } catch (error) {
    return usage((error as Error).message);
  }
  const factory = () => createMcpServer(options);
  if (port === undefined) {
    serveStdio(factory, { onerror: (error) => io.log(`avanode mcp: ${error.message}`) });
    await new Promise<void>((resolve) => process.stdin.once('close', resolve).once('end', resolve));
    return EXIT.ok;
  }
  let server: Awaited<ReturnType<typeof serveHttp>>;
  try {
    server = await serveHttp(factory, port, io.log);
  } catch (error) {
    io.log(`avanode mcp: cannot listen on 127.0.0.1:${port}: ${(error as Error).message}`);
    return EXIT.network;
  }
  io.log(`avanode mcp: Streamable HTTP on ${server.url} for ${url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return EXIT.ok;
}
