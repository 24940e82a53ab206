// Which tools a server lists: the chosen toolsets directly, reads only unless writes are allowed,
// and the rest of the allowed tools behind the search-and-call pair, so that the listing stays
// within the 40 tools some clients accept.
import type { McpTool } from './generated/tools.js';

/** The most tools some MCP clients accept from one server. */
export const TOOL_CAP = 40;

/**
 * Listed directly unless `--toolsets` says otherwise: the P-chain (validators, stake, blocks,
 * txs) and health. Info and the EVM extras are reached through the search-and-call pair.
 */
export const DEFAULT_TOOLSETS: readonly string[] = ['platform', 'health'];

export interface ToolSelection {
  /** Tools listed as tools of their own. */
  direct: McpTool[];
  /** Allowed tools reached only through the search-and-call pair (empty: no pair is listed). */
  behindPair: McpTool[];
}

/** Every toolset of a table, in order of first appearance. */
export const toolsetsOf = (tools: readonly McpTool[]): string[] => [...new Set(tools.map((t) => t.toolset))];

/**
 * Splits the table. A toolset the table lacks is an error naming the ones it has. When the
 * chosen toolsets hold more than the cap (less the hand-written tools), the listing is refused
 * with a message saying so, rather than cut silently.
 */
export function selectTools(tools: readonly McpTool[], options: { toolsets?: readonly string[]; allowWrites?: boolean; extraTools: number }): ToolSelection {
  const known = toolsetsOf(tools);
  const chosen = options.toolsets ?? DEFAULT_TOOLSETS.filter((t) => known.includes(t));
  const unknown = chosen.filter((t) => !known.includes(t));
  if (unknown.length > 0) throw new RangeError(`unknown toolset ${unknown.map((t) => JSON.stringify(t)).join(', ')}; this document has ${known.join(', ')}`);
  const allowed = tools.filter((t) => options.allowWrites || !t.mutating);
  // The default for a document without those toolsets (a foreign one): all of it when it fits.
  const direct = options.toolsets === undefined && chosen.length === 0 && allowed.length + options.extraTools <= TOOL_CAP ? allowed : allowed.filter((t) => chosen.includes(t.toolset));
  return { direct, behindPair: allowed.filter((t) => !direct.includes(t)) };
}
