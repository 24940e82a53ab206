// `avanode mcp`: the MCP server of @avanode/mcp (an optional peer, loaded only for this command).
import { usageError } from './errors.js';

export async function mcp(argv: string[], err: (line: string) => void, env: NodeJS.ProcessEnv): Promise<number> {
  let run: typeof import('@avanode/mcp').runMcpCommand;
  try {
    run = (await import('@avanode/mcp')).runMcpCommand;
  } catch {
    throw usageError('mcp: needs @avanode/mcp (npm install @avanode/mcp)');
  }
  return run(argv, { log: err, env });
}
