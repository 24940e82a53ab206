// @about
// Template of @avanode/mcp's generated/tools.ts (mcp plugin, src/plugins/mcp.ts): the types of
// the tool table, then the document's name and the table itself (the plugin's `mcpTool`).
// @end about
// Every method of the document as an MCP tool: read by the hand-written server, which knows no
// method by name. Schemas are self-contained (every `$ref` points into the schema's own `$defs`).

/** A JSON Schema whose root is an object schema, as MCP wants for a tool's input and output. */
export type ObjectSchema = { readonly type: 'object' } & { readonly [keyword: string]: unknown };

/** What an MCP client may assume about a tool (MCP `ToolAnnotations`). */
export interface McpToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint?: boolean;
  /** Left out where true (MCP's default: the tool talks to a node and the network behind it). */
  readonly openWorldHint?: boolean;
}

export interface McpTool {
  /** The tool's name: the wire name with every character outside `[a-zA-Z0-9_-]` as `_`, unique, at most 64 characters. */
  readonly name: string;
  /** The method's wire name. */
  readonly method: string;
  /** The toolset it belongs to: the method's client namespace (`info`, `platform`…). */
  readonly toolset: string;
  /** The document's summary of the method. */
  readonly title?: string;
  /** The document's description (else its summary), marked when the method is deprecated. */
  readonly description: string;
  readonly deprecated: boolean;
  /** `x-mutating`: the method changes state (served only when writes are allowed). */
  readonly mutating: boolean;
  readonly annotations: McpToolAnnotations;
  /** The arguments, by name: the method's params, its path variable (`scope`) and the page (`page`) when it has them. */
  readonly inputSchema: ObjectSchema;
  /** The result as structured content: the result's own schema when it is an object, else `{ result }` (`wrapped`). Absent for a method without a result. */
  readonly outputSchema?: ObjectSchema;
  /** Whether the structured content holds the result under `result` (a result that is not an object). */
  readonly wrapped: boolean;
  /** The arguments that are params, in the method's order; `byPosition`: sent as a list in that order. */
  readonly params: readonly string[];
  readonly byPosition: boolean;
  /** The path variable the method is called for (a chain's ID) and the argument that holds it. */
  readonly scope?: { readonly variable: string; readonly argument: string };
  /**
   * The places of the structured content that are cut into pages when an answer is too large
   * (lists, maps keyed by ID, hex strings), each as the path of member names to it (`[]`: the
   * structured content itself, a map), and the argument that picks a page.
   */
  readonly paging?: { readonly argument: string; readonly paths: ReadonlyArray<readonly string[]> };
  /** The document's examples as arguments. */
  readonly examples: ReadonlyArray<{ readonly name?: string; readonly arguments: Readonly<Record<string, unknown>> }>;
}

/** The document the table was generated from. */
export const document = /*@document[*/{ title: 'Ledger', version: '1.0.0' }/*]*/ as const;

/** One tool per method, in document order. */
export const tools: readonly McpTool[] = /*@tools[*/[]/*]*/;
