// @avanode/mcp: an MCP server for an Avalanche node, from the generated tool table.
export { mcpUsage, runMcpCommand, type CommandIo } from './command.js';
export { document, tools, type McpTool, type McpToolAnnotations, type ObjectSchema } from './generated/tools.js';
export { MCP_PATH, serveHttp, type McpHttpServer } from './http.js';
export { pageOf, type Paged } from './paging.js';
export { DEFAULT_TOOLSETS, TOOL_CAP, selectTools, toolsetsOf, type ToolSelection } from './select.js';
export { CALL_TOOL, createMcpServer, FIND_TOOL, type McpServerOptions, type MethodCaller } from './server.js';
export { DECODE_TOOL } from './decode.js';
