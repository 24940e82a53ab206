// The values of the ways a reader calls a method, written from one example: curl's URL and body,
// the generated client's call in TypeScript, and the raw JSON-RPC request (their shapes are in
// templates/docs/method.md). Generic: everything comes from the model (the method, its first
// server and the example), nothing from one particular API.
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

/** The example's request body as curl's `--data` argument, shell-quoted. */
export function curlData(method: MethodModel): string {
  // A short body stays on one line; a longer one is pretty-printed inside the quotes, so the
  // command reads without sideways scrolling and still pastes as one command.
  const compact = JSON.stringify(exampleRequest(method));
  return shellQuote(compact.length <= WIDTH - 10 ? compact : JSON.stringify(exampleRequest(method), null, 2).replace(/\n/g, '\n  '));
}

/** What the TypeScript snippet is made of: the client's origin, the scoped namespace's line (if any), the call. */
export interface ClientCall {
  /** The server's origin, as a string literal. */
  origin: string;
  /** A scoped namespace (a chain): the local that holds it and the namespace's argument, a string literal. */
  scoped?: { local: string; namespace: string; value: string };
  /** The call, up to its arguments: `client.info.getNodeID` or `evm.feeConfig`. */
  target: string;
  /** The arguments, written to start after `const result = await <target>(`. */
  args: string;
}

/**
 * The example through the generated client: `createClient` with the server's base URL, then
 * the namespaced call. A path variable (a chain) is the namespace's argument.
 */
export function clientCall(method: MethodModel): ClientCall {
  const server = method.servers[0];
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(exampleUrl(method))?.[0] ?? '';
  const scope = method.scope;
  // A scoped namespace (a chain) gets a line of its own, so no line runs wide with an ID.
  // Its variable is named after the namespace, unless that is a name the snippet has already.
  const local = ['client', 'createClient', 'result'].includes(method.namespace) ? `${method.namespace}_` : method.namespace;
  const target = `${scope ? local : `client.${method.namespace}`}.${method.memberName}`;
  const params = exampleParamsValue(method);
  const column = `const result = await ${target}(`.length;
  const args =
    method.paramStructure === 'by-position'
      ? (params as unknown[]).map((value) => jsLiteral(value, 0, WIDTH, column)).join(', ')
      : Object.keys(params as object).length > 0
        ? jsLiteral(params, 0, WIDTH, column)
        : '';
  return {
    origin: stringLiteral(origin),
    ...(scope ? { scoped: { local, namespace: method.namespace, value: stringLiteral(server?.variables[scope]?.default ?? scope) } } : {}),
    target,
    args,
  };
}
