// The ways a reader calls a method, written from one example: curl, the generated client in
// TypeScript, and the raw JSON-RPC exchange. Generic: everything comes from the model (the
// method, its first server and the example), nothing from one particular API.
import type { MethodModel } from '../model.ts';
import { propertyKey, stringLiteral } from '../util/code.ts';

const WIDTH = 80;

/**
 * A JSON value as idiomatic TypeScript: unquoted keys where they can be, single quotes, and
 * one line when it fits before `width` (the value starts at `column` on a line indented by
 * `indent`), else one member per line, each indented two more.
 */
function jsLiteral(value: unknown, indent = 0, width = WIDTH, column = indent): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return stringLiteral(value);
  const inner = indent + 2;
  const pad = ' '.repeat(inner);
  const flatOf = (item: unknown) => jsLiteral(item, 0, Number.POSITIVE_INFINITY);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = `[${value.map(flatOf).join(', ')}]`;
    if (column + flat.length <= width) return flat;
    return `[\n${value.map((item) => `${pad}${jsLiteral(item, inner, width)},`).join('\n')}\n${' '.repeat(indent)}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const flat = `{ ${entries.map(([name, item]) => `${propertyKey(name)}: ${flatOf(item)}`).join(', ')} }`;
  if (column + flat.length <= width) return flat;
  return `{\n${entries.map(([name, item]) => `${pad}${propertyKey(name)}: ${jsLiteral(item, inner, width, inner + propertyKey(name).length + 2)},`).join('\n')}\n${' '.repeat(indent)}}`;
}

/** The first example's params as the request carries them (none: an empty list or object). */
const exampleParamsValue = (method: MethodModel): unknown => method.examples[0]?.wireParams ?? (method.paramStructure === 'by-position' ? [] : {});

/** The first server's URL with every variable at its default: where the snippets send the call. */
export function exampleUrl(method: MethodModel): string {
  const server = method.servers[0];
  if (!server) return method.path;
  return server.url.replace(/\{(\w+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
}

/** The request body of the example, as sent on the wire. */
export const exampleRequest = (method: MethodModel) => ({ jsonrpc: '2.0', id: 1, method: method.name, params: exampleParamsValue(method) });

/** A shell-quoted argument (single quotes; a single quote inside becomes '\''). */
const shellQuote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** The example as a curl command a reader can paste into a terminal. */
export function curlSnippet(method: MethodModel): string {
  // A short body stays on one line; a longer one is pretty-printed inside the quotes, so the
  // command reads without sideways scrolling and still pastes as one command.
  const compact = JSON.stringify(exampleRequest(method));
  const body = compact.length <= WIDTH - 10 ? compact : JSON.stringify(exampleRequest(method), null, 2).replace(/\n/g, '\n  ');
  return ['curl -sS -X POST \\', `  ${exampleUrl(method)} \\`, "  -H 'content-type: application/json' \\", `  --data ${shellQuote(body)}`].join('\n');
}

/**
 * The example through the generated client: `createClient` with the server's base URL, then
 * the namespaced call. A path variable (a chain) is the namespace's argument.
 */
export function clientSnippet(method: MethodModel, packageName: string): string {
  const server = method.servers[0];
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(exampleUrl(method))?.[0] ?? '';
  const scope = method.scope;
  // A scoped namespace (a chain) gets a line of its own, so no line runs wide with an ID.
  // Its variable is named after the namespace, unless that is a name the snippet has already.
  const local = ['client', 'createClient', 'result'].includes(method.namespace) ? `${method.namespace}_` : method.namespace;
  const scoped = scope ? [`const ${local} = client.${method.namespace}(${stringLiteral(server?.variables[scope]?.default ?? scope)});`] : [];
  const target = scope ? local : `client.${method.namespace}`;
  const params = exampleParamsValue(method);
  const prefix = `const result = await ${target}.${method.memberName}(`;
  const args =
    method.paramStructure === 'by-position'
      ? (params as unknown[]).map((value) => jsLiteral(value, 0, WIDTH, prefix.length)).join(', ')
      : Object.keys(params as object).length > 0
        ? jsLiteral(params, 0, WIDTH, prefix.length)
        : '';
  return [`import { createClient } from '${packageName}';`, '', `const client = createClient({ url: ${stringLiteral(origin)} });`, ...scoped, `${prefix}${args});`, 'console.log(result);'].join('\n');
}
