// The MCP server: the generated tool table registered with the official SDK's McpServer, each
// tool calling its method through a client (@avanode/client for the avanode document, the
// generated client for another), plus the search-and-call pair and the hex decoder. It knows no
// method by name; what a tool takes and gives comes from the table.
import { type CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { decodeTool, DECODE_TOOL } from './decode.js';
import { describeFailure } from './failure.js';
import type { McpTool } from './generated/tools.js';
import { pageOf } from './paging.js';
import { outlineSchema, schemaProblem, standardSchema } from './schemas.js';
import { selectTools } from './select.js';

/** What a tool call needs of a client: `call` as @avanode/client (and every generated client) has it. */
export interface MethodCaller {
  call(method: string, params?: unknown, options?: Record<string, unknown>): Promise<unknown>;
}

export interface McpServerOptions {
  /** The tool table (`tools` of a generated `tools.ts`). */
  tools: readonly McpTool[];
  client: MethodCaller;
  /** Toolsets listed as tools of their own; the other allowed tools are behind the search-and-call pair. Default `platform,health` (all of a document without them, when it fits). */
  toolsets?: readonly string[];
  /** Serve the methods the document marks `x-mutating` (`platform.issueTx`). Default false. */
  allowWrites?: boolean;
  /** Largest answer, in characters of JSON, sent whole; a larger one is paged. Default 64,000 (about 16k tokens). */
  maxResultChars?: number;
  /** The server's name and version in the MCP handshake. */
  name?: string;
  version?: string;
}

export const FIND_TOOL = 'avanode_find_tools';
export const CALL_TOOL = 'avanode_call_tool';
/** Hand-written tools the server adds to the table's: the pair, and the decoder. */
const EXTRA_TOOLS = 3;

const textResult = (text: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) });

/** The method's params from the tool's arguments: by name, or as a list in the method's order (trailing absent ones left out). */
function paramsOf(tool: McpTool, args: Record<string, unknown>): unknown {
  if (!tool.byPosition) return Object.fromEntries(tool.params.filter((p) => p in args).map((p) => [p, args[p]]));
  const list = tool.params.map((p) => args[p]);
  while (list.length > 0 && list[list.length - 1] === undefined) list.pop();
  return list;
}

/** Calls one tool's method and shapes the answer: structured content (paged when too large) and a short text. */
async function runTool(tool: McpTool, args: Record<string, unknown>, client: MethodCaller, budget: number): Promise<CallToolResult> {
  const options = tool.scope ? { [tool.scope.variable]: args[tool.scope.argument] } : undefined;
  let result: unknown;
  try {
    result = await client.call(tool.method, paramsOf(tool, args), options);
  } catch (error) {
    return textResult(describeFailure(error, tool.method), true);
  }
  if (!tool.outputSchema) return textResult(`${tool.method}: done (the method has no result).`);
  const whole = (tool.wrapped ? { result } : result) as Record<string, unknown>;
  const page = tool.paging ? Number(args[tool.paging.argument] ?? 1) : 1;
  let paged: ReturnType<typeof pageOf>;
  try {
    paged = pageOf(whole, tool.paging?.paths ?? [], page, budget);
  } catch (error) {
    return textResult(`${tool.paging?.argument ?? 'page'}: ${(error as Error).message}`, true);
  }
  // The text is the JSON itself, exactly the structured content (the whole answer, or this page
  // of it): many clients pass only text to the model, and the MCP specification asks a server
  // that returns structured content to return it serialized in a text block too.
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(paged.content) }];
  if (paged.cut) {
    const { list, unit, from, to, total, pages } = paged.cut;
    const place = list === 'the answer' ? 'it' : `\`${list}\``;
    let note = `${tool.method}: the answer was too large for one reply: ${place} holds ${unit} ${from}–${to} of ${total} (page ${page} of ${pages}).`;
    if (unit === 'bytes') note += ' The whole hex is 0x followed by the digits of every page, in order.';
    if (page < pages) note += ` Call ${tool.name} again with the same arguments and "${tool.paging!.argument}": ${page + 1} for the next page.`;
    content.push({ type: 'text', text: note });
  }
  return { content, structuredContent: paged.content };
}

const outlines = new WeakMap<object, object>();
/** A schema's outline, made once per schema (a server is made per HTTP request). */
function outlined(schema: object): object {
  let outline = outlines.get(schema);
  if (!outline) {
    outline = outlineSchema(schema);
    outlines.set(schema, outline);
  }
  return outline;
}

/** A short line per tool for the search tool's answer. */
const entry = (t: McpTool) => ({ name: t.name, method: t.method, toolset: t.toolset, effect: t.mutating ? 'write' : 'read', summary: t.title ?? t.description.split(/(?<=\.)\s/)[0]! });

/**
 * An McpServer with the table's tools. Throws a RangeError for an unknown toolset, and when a
 * tool of the table has the name of one of the hand-written tools.
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const { client, tools } = options;
  const budget = options.maxResultChars ?? 64_000;
  for (const name of [FIND_TOOL, CALL_TOOL, DECODE_TOOL]) {
    if (tools.some((t) => t.name === name)) throw new RangeError(`the tool table has a tool named ${name}, the name of a tool this server adds`);
  }
  const { direct, behindPair } = selectTools(tools, { ...(options.toolsets ? { toolsets: options.toolsets } : {}), allowWrites: options.allowWrites ?? false, extraTools: EXTRA_TOOLS });
  const server = new McpServer({ name: options.name ?? 'avanode', version: options.version ?? '0.1.0' });

  for (const tool of direct) {
    server.registerTool(
      tool.name,
      {
        ...(tool.title ? { title: tool.title } : {}),
        description: tool.description,
        inputSchema: standardSchema(tool.inputSchema),
        // The answer's outline (top-level members and types): the whole schemas would make the listing ~190,000 characters.
        ...(tool.outputSchema ? { outputSchema: standardSchema(outlined(tool.outputSchema)) } : {}),
        annotations: tool.annotations,
      },
      (args) => runTool(tool, args as Record<string, unknown>, client, budget),
    );
  }

  if (behindPair.length > 0) {
    const byName = new Map(behindPair.map((t) => [t.name, t]));
    const toolsets = [...new Set(behindPair.map((t) => t.toolset))];
    server.registerTool(
      FIND_TOOL,
      {
        title: 'Find more node tools',
        description: `Lists the node's tools that are not listed directly (toolsets ${toolsets.join(', ')}: ${behindPair.length} tools), matching a word of their name, method or description. Call one with ${CALL_TOOL}.`,
        inputSchema: standardSchema(FIND_INPUT),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (args) => {
        const { query, toolset } = args as { query?: string; toolset?: string };
        const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const found = behindPair.filter((t) => (!toolset || t.toolset === toolset) && words.every((w) => `${t.name} ${t.method} ${t.title ?? ''} ${t.description}`.toLowerCase().includes(w)));
        // The text is the structured content's JSON: a model that reads only text needs the input schemas too.
        const structuredContent = { tools: found.map((t) => ({ ...entry(t), inputSchema: t.inputSchema })) };
        return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
      },
    );
    server.registerTool(
      CALL_TOOL,
      {
        title: 'Call a node tool by name',
        description: `Calls one of the tools ${FIND_TOOL} lists, by its name, with its arguments (an object, as its inputSchema says).`,
        inputSchema: standardSchema(CALL_INPUT),
        // A write is behind the pair only with --allow-writes; the pair says so then.
        annotations: behindPair.some((t) => t.mutating) ? { readOnlyHint: false, destructiveHint: false } : { readOnlyHint: true },
      },
      (args) => {
        const { name, arguments: given = {} } = args as { name: string; arguments?: Record<string, unknown> };
        const tool = byName.get(name);
        if (!tool) return textResult(`name: no tool ${JSON.stringify(name.slice(0, 64))} behind ${CALL_TOOL}; ${FIND_TOOL} lists them`, true);
        const problem = schemaProblem(tool.inputSchema, given);
        if (problem) return textResult(`Invalid arguments for tool ${tool.name}: ${problem}`, true);
        return runTool(tool, given, client, budget);
      },
    );
  }

  server.registerTool(DECODE_TOOL, decodeTool.config, decodeTool.run);
  return server;
}

const FIND_INPUT = {
  type: 'object',
  properties: {
    query: { type: 'string', maxLength: 200, description: 'Words that must all appear in the tool (case-insensitive); empty lists every tool.' },
    toolset: { type: 'string', maxLength: 64, description: 'Only tools of this toolset.' },
  },
  additionalProperties: false,
};

const CALL_INPUT = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64, description: `The tool's name, as ${FIND_TOOL} gives it.` },
    arguments: { type: 'object', description: "The tool's arguments." },
  },
  required: ['name'],
  additionalProperties: false,
};
