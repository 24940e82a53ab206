// @avanode/mcp: every method of the document as an MCP tool (its name, description, input and
// output schemas, annotations, examples), the table the hand-written server reads; and the tool
// list page of the docs site. Names, schemas and annotations are settled here, once.
import type { McpTool, ObjectSchema } from '../../templates/mcp/tools.ts';
import { generatedFile, header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import type { DocumentModel, JsonSchema, MethodModel } from '../model.ts';
import { jsonCode } from '../util/code.ts';
import { isObject } from '../util/json.ts';
import { mdCell, mdCode, mdLink, mdText } from '../util/markdown.ts';
import { followRefs, mapRefs, schemaRefName } from '../util/refs.ts';
import { template } from '../util/template.ts';

/** What every MCP client and model API accepts as a tool name. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_NAME = 64;
/** The dialect of the document's schemas, said in every tool schema (MCP's default is 2020-12). */
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * One tool name per method, in document order: the wire name with every character MCP refuses
 * as `_` (`platform.getHeight` → `platform_getHeight`), cut to 64; a name already taken gets
 * `_2`, `_3`… (the base cut to leave room), so the first method keeps its natural name.
 */
export function toolNames(wireNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return wireNames.map((wire) => {
    const natural = (wire.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool').slice(0, MAX_NAME);
    let name = natural;
    for (let n = 2; taken.has(name); n++) name = `${natural.slice(0, MAX_NAME - `_${n}`.length)}_${n}`;
    taken.add(name);
    return name;
  });
}

/** A name for an extra argument that no param of the method has (`blockchainID`, else `path_blockchainID`). */
function freeArgument(wanted: string, prefix: string, taken: ReadonlySet<string>): string {
  let name = wanted;
  while (taken.has(name)) name = `${prefix}${name}`;
  return name;
}

/** A schema without the document's `x-` members (provenance, notes): what a model reads is the schema. */
function withoutExtensions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExtensions);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith('x-')).map(([key, item]) => [key, withoutExtensions(item)]));
}

/** The largest integer a JSON parser reads exactly: a client gives a larger one as its decimal string. */
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Keywords whose value is data, not a schema; and those whose value maps names to schemas. */
const VALUES = new Set(['enum', 'const', 'examples', 'default']);
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies']);
const mapValues = (object: Record<string, unknown>, map: (value: unknown) => unknown) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

/**
 * A result schema as the client hands the value back: an integer that may exceed 2^53 − 1 (no
 * maximum below it: `uint64Number`, `x-uint64`, any unbounded integer) arrives from the client
 * as its exact decimal string (`quoteUnsafeIntegers`), so it may also be a string of digits, of
 * 16 or more (a shorter one is a safe integer, given as a number), and no longer than its maximum.
 */
function integersAsClientGivesThem(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(integersAsClientGivesThem);
  if (!isObject(value)) return value;
  const out = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, VALUES.has(key) ? item : NAMED_SCHEMAS.has(key) && isObject(item) ? mapValues(item, integersAsClientGivesThem) : integersAsClientGivesThem(item)]));
  const types = typeof out.type === 'string' ? [out.type] : Array.isArray(out.type) ? out.type : [];
  const unsafe = typeof out.maximum !== 'number' || out.maximum > MAX_SAFE;
  if (!types.includes('integer') || types.includes('string') || !unsafe) return out;
  const negative = typeof out.minimum !== 'number' || out.minimum < 0;
  const digits = typeof out.maximum === 'number' ? Math.floor(Math.log10(out.maximum)) + 1 : undefined;
  return {
    ...out,
    type: [...types, 'string'],
    pattern: negative ? '^-?[1-9][0-9]{15,}$' : '^[1-9][0-9]{15,}$',
    ...(digits !== undefined && !negative ? { maxLength: digits } : {}),
  };
}

/**
 * Makes schemas self-contained (MCP clients follow no reference out of a tool's schema): every
 * `$ref` reached from them, transitively, is copied under `$defs` (a named schema by its name,
 * any other target by its pointer) and pointed at there.
 */
class SelfContained {
  private readonly keys = new Map<string, string>();
  readonly defs: Record<string, unknown> = {};
  /** `results`: the schemas describe what the client gives back (integers beyond 2^53 as strings). */
  constructor(
    private readonly model: DocumentModel,
    private readonly direction: 'params' | 'results' = 'params',
  ) {}

  private keyOf(ref: string): string {
    const known = this.keys.get(ref);
    if (known !== undefined) return known;
    const base = schemaRefName(ref) ?? (ref.replace(/^#\/?/, '').replace(/[^a-zA-Z0-9_.-]+/g, '_') || 'root');
    let key = base;
    const used = new Set(this.keys.values());
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    this.keys.set(ref, key);
    // Set before copying the target, so a schema that refers to itself ends.
    this.defs[key] = true;
    const def = this.rewrite(this.model.refs[ref]);
    // A title that is the definition's own name says nothing its key does not (9 kB of the table).
    this.defs[key] = isObject(def) && def.title === key ? Object.fromEntries(Object.entries(def).filter(([k]) => k !== 'title')) : def;
    return key;
  }

  rewrite(schema: unknown): unknown {
    const plain = withoutExtensions(schema);
    return mapRefs(this.direction === 'results' ? integersAsClientGivesThem(plain) : plain, (ref) => `#/$defs/${this.keyOf(ref)}`);
  }

  /** The root schema (an object schema: its callers build or check `type: 'object'`) with `$schema` and, when any reference was reached, `$defs`. */
  root(schema: Record<string, unknown>): ObjectSchema {
    const defs = Object.keys(this.defs).length > 0 ? { $defs: Object.fromEntries(Object.entries(this.defs).sort(([a], [b]) => a.localeCompare(b))) } : {};
    return { $schema: DRAFT_07, ...schema, ...defs } as unknown as ObjectSchema;
  }
}

/** The JSON types a schema admits at its root, following references and unions; undefined when any. */
function rootTypes(model: DocumentModel, schema: JsonSchema | undefined, depth = 0): Set<string> | undefined {
  const target = followRefs(model.refs, schema);
  if (!isObject(target) || depth > 20) return undefined;
  const types = new Set<string>();
  if (typeof target.type === 'string') types.add(target.type);
  else if (Array.isArray(target.type)) for (const t of target.type) types.add(String(t));
  for (const branch of [...(Array.isArray(target.anyOf) ? target.anyOf : []), ...(Array.isArray(target.oneOf) ? target.oneOf : [])]) {
    const inner = rootTypes(model, branch as JsonSchema, depth + 1);
    if (!inner) return undefined;
    for (const t of inner) types.add(t);
  }
  if (Array.isArray(target.enum)) for (const v of target.enum) types.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  return types.size > 0 ? types : undefined;
}

/** The result's schema followed to an object schema without alternatives, else undefined (the result is wrapped). */
function objectResult(model: DocumentModel, schema: JsonSchema | undefined): Record<string, unknown> | undefined {
  const target = followRefs(model.refs, schema);
  if (!isObject(target) || target.type !== 'object' || target.anyOf || target.oneOf || target.allOf || target.not || target.if) return undefined;
  return target;
}

function inputSchema(model: DocumentModel, m: MethodModel, scope: McpTool['scope'], paging: McpTool['paging']): ObjectSchema {
  const defs = new SelfContained(model);
  const properties: Record<string, unknown> = {};
  for (const p of m.params) {
    const schema = defs.rewrite(p.schema);
    // A param's description says what it is for; its schema's says what the type is.
    properties[p.name] = p.description && isObject(schema) && typeof schema.description !== 'string' ? { ...schema, description: p.description } : schema;
  }
  if (scope) {
    const variable = m.servers[0]?.variables[scope.variable];
    properties[scope.argument] = { type: 'string', minLength: 1, description: variable?.description ?? `The {${scope.variable}} of the method's path.` };
  }
  if (paging) {
    properties[paging.argument] = {
      type: 'integer',
      minimum: 1,
      // What is cut, and how, the answer's own note says (it names the items and the pages); the
      // listing, sent in every session, says only that the argument exists.
      description: 'Which page of an answer too large for one reply, from 1 (the default).',
    };
  }
  const required = [...m.params.filter((p) => p.required).map((p) => p.name), ...(scope ? [scope.argument] : [])];
  return defs.root({ type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false });
}

function outputSchema(model: DocumentModel, m: MethodModel): { schema: ObjectSchema; wrapped: boolean } | undefined {
  if (m.resultSchema === undefined) return undefined;
  const defs = new SelfContained(model, 'results');
  const object = objectResult(model, m.resultSchema);
  if (object) return { schema: defs.root(defs.rewrite(object) as Record<string, unknown>), wrapped: false };
  // MCP's structured content is an object: any other result is the member `result` of one.
  return { schema: defs.root({ type: 'object', properties: { result: defs.rewrite(m.resultSchema) }, required: ['result'], additionalProperties: false }), wrapped: true };
}

/** How deep into the result the pager looks for something to cut (`result.tx.unsignedTx.outputs` is 4). */
const PAGED_DEPTH = 5;

/** Whether a schema admits a collection that can be cut: a list (whose pages of one item stay valid), or a map (an object with no named members). */
function isCollection(model: DocumentModel, schema: JsonSchema | undefined): boolean {
  const types = rootTypes(model, schema);
  const target = followRefs(model.refs, schema);
  if (types?.has('array')) return !(isObject(target) && typeof target.minItems === 'number' && target.minItems > 1);
  return types?.has('object') === true && isObject(target) && !isObject(target.properties) && (isObject(target.additionalProperties) || isObject(target.patternProperties));
}

/** A hex string of any number of bytes (`^0x([0-9a-f]{2})*$`, or `{4,}`), not one of a fixed length such as an address. */
const OPEN_HEX = /^\^0x\([^()]*\)(?:\*|\{\d+,\})\$$/;

/** Whether a schema is a hex string of open length, which can be cut into runs of bytes. */
function isHex(model: DocumentModel, schema: JsonSchema | undefined): boolean {
  const target = followRefs(model.refs, schema);
  return isObject(target) && target.type === 'string' && typeof target.pattern === 'string' && OPEN_HEX.test(target.pattern) && target.maxLength === undefined;
}

/**
 * The places of the structured content that may be paged, as paths of member names: a list, a
 * map or a hex string, at the root (a result that is a map) or under named members, through
 * references and the branches of unions (`result.utxos` of getUTXOs, `result.tx` of getTx, a
 * json block's `result.block.txs`), not inside a list.
 */
function pagedPaths(model: DocumentModel, schema: JsonSchema | undefined, path: string[] = [], seen = new Set<unknown>()): string[][] {
  const target = followRefs(model.refs, schema);
  if (!isObject(target) || seen.has(target) || path.length > PAGED_DEPTH) return [];
  if (isCollection(model, schema) || isHex(model, schema)) return [path];
  const inner = new Set([...seen, target]);
  const found: string[][] = [];
  for (const branch of [...(Array.isArray(target.anyOf) ? target.anyOf : []), ...(Array.isArray(target.oneOf) ? target.oneOf : []), ...(Array.isArray(target.allOf) ? target.allOf : [])]) {
    found.push(...pagedPaths(model, branch as JsonSchema, path, inner));
  }
  if (isObject(target.properties)) for (const [key, member] of Object.entries(target.properties)) found.push(...pagedPaths(model, member as JsonSchema, [...path, key], inner));
  const unique = new Map(found.map((p) => [JSON.stringify(p), p]));
  return [...unique.values()];
}

/** The paged places of a tool's structured content: under `result` when the result is wrapped. */
function pagedLists(model: DocumentModel, m: MethodModel, wrapped: boolean): string[][] {
  if (m.resultSchema === undefined) return [];
  return pagedPaths(model, m.resultSchema, wrapped ? ['result'] : []);
}

function mcpTool(model: DocumentModel, m: MethodModel, name: string): McpTool {
  const taken = new Set(m.params.map((p) => p.name));
  const scope = m.scope ? { variable: m.scope, argument: freeArgument(m.scope, 'path_', taken) } : undefined;
  if (scope) taken.add(scope.argument);
  const output = outputSchema(model, m);
  const lists = pagedLists(model, m, output?.wrapped ?? false);
  const paging = lists.length > 0 ? { argument: freeArgument('page', '_', taken), paths: lists } : undefined;
  const description = m.description ?? m.summary ?? `The method ${m.name}.`;
  const defaultScope = scope ? m.servers[0]?.variables[scope.variable]?.default : undefined;
  if (!TOOL_NAME.test(name)) throw new Error(`mcp: tool name ${JSON.stringify(name)} of method '${m.name}' is not one MCP accepts`);
  return {
    name,
    method: m.name,
    toolset: m.namespace,
    ...(m.summary ? { title: m.summary } : {}),
    description: m.deprecated ? `Deprecated. ${description}` : description,
    deprecated: m.deprecated,
    mutating: m.mutating,
    // A read changes nothing; a write changes the chain (not destructively: it adds a tx). Both
    // talk to a node and the network behind it: MCP's default `openWorldHint: true`, left out, as
    // every character of the listing is sent in every session.
    annotations: m.mutating ? { readOnlyHint: false, destructiveHint: false } : { readOnlyHint: true },
    inputSchema: inputSchema(model, m, scope, paging),
    ...(output ? { outputSchema: output.schema } : {}),
    wrapped: output?.wrapped ?? false,
    params: m.params.map((p) => p.name),
    byPosition: m.paramStructure === 'by-position',
    ...(scope ? { scope } : {}),
    ...(paging ? { paging } : {}),
    examples: m.examples.map((e) => ({
      ...(e.name ? { name: e.name } : {}),
      arguments: { ...Object.fromEntries(e.params.map((p) => [p.name, p.value])), ...(scope && defaultScope ? { [scope.argument]: defaultScope } : {}) },
    })),
  };
}

/** The tool list page: each toolset's tools, what they take and whether they write. */
function toolsPage(model: DocumentModel, tools: readonly McpTool[]): string {
  // Each tool's method's page, by the file name the model settled (tools are in the methods' order).
  const pageOf = new Map(tools.map((t, i) => [t, model.methods[i]!.fileName]));
  const toolsets = [...new Set(tools.map((t) => t.toolset))];
  const argumentsOf = (t: McpTool) => {
    const properties = (t.inputSchema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((t.inputSchema.required ?? []) as string[]);
    const names = Object.keys(properties).map((p) => `${mdCode(p)}${required.has(p) ? '' : '?'}`);
    return names.length > 0 ? names.join(', ') : 'none';
  };
  const page = template('mcp/tools.md');
  const toolset = page.section('toolset');
  const tool = toolset.section('tool');
  return page.fill({
    title: mdText(model.title),
    version: mdText(model.version),
    toolset: toolsets
      .map((name) =>
        toolset.fill({
          toolset: mdText(name),
          tool: tools
            .filter((t) => t.toolset === name)
            .map((t) =>
              tool.fill({
                name: mdCode(t.name),
                method: mdLink(t.method, `./${name}/${pageOf.get(t)}.md`),
                arguments: argumentsOf(t),
                effect: `${t.mutating ? 'write' : 'read'}${t.deprecated ? ', deprecated' : ''}`,
                summary: mdCell(t.title),
              }),
            )
            .join(''),
        }),
      )
      .join(''),
  });
}

export function mcpFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const names = toolNames(model.methods.map((m) => m.name));
  const tools = model.methods.map((m, i) => mcpTool(model, m, names[i]!));
  const text = template('mcp/tools.ts').fill({
    document: jsonCode({ title: model.title, version: model.version }),
    tools: jsonCode(tools, 2),
  });
  return new Map([['mcp/src/generated/tools.ts', generatedFile(header(context, model.title, model.version), text)]]);
}

export function mcpDocsFiles(model: DocumentModel): GeneratedFiles {
  const names = toolNames(model.methods.map((m) => m.name));
  return new Map([['reference/mcp-tools.md', toolsPage(model, model.methods.map((m, i) => mcpTool(model, m, names[i]!)))]]);
}
