// Help texts, from the document's summaries, descriptions and examples.
import { EXIT } from './errors.js';
import { formatJson } from './json.js';
import { DEFAULT_URL } from './node-url.js';
import { document, namespaces, type CliMethod, type CliParam } from './table.js';

const WIDTH = 100;

function wrap(text: string, indent = ''): string {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && indent.length + line.length + 1 + word.length > WIDTH) {
        lines.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(indent + line);
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** One example as a command line: each param as its flag, repeated for an array of text. */
function exampleCommand(method: CliMethod, params: unknown): string {
  const words = ['avanode', method.namespace, method.member];
  if (method.scope) words.push(`--${method.scope.flag}`, method.scope.example ? shellWord(method.scope.example) : `<${method.scope.name}>`);
  const valueAt = (param: CliParam, i: number) => (Array.isArray(params) ? params[i] : (params as Record<string, unknown> | undefined)?.[param.name]);
  method.params.forEach((param, i) => {
    const value = valueAt(param, i);
    if (value === undefined) return;
    if (param.kind === 'boolean') words.push(value ? `--${param.flag}` : `--no-${param.flag}`);
    else if (param.kind === 'array' && Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length > 0) {
      for (const item of value) words.push(`--${param.flag}`, shellWord(item as string));
    } else words.push(`--${param.flag}`, shellWord(typeof value === 'string' ? value : formatJson(value, undefined)));
  });
  return words.join(' ');
}

function paramLine(param: CliParam): string {
  const kind = param.kind === 'array' ? ' (repeat it, or A,B, or a JSON array)' : param.kind === 'boolean' ? ` (--no-${param.flag} for false)` : '';
  const head = `  --${param.flag}${param.kind === 'boolean' ? '' : ` <${param.type}>`}`;
  const text = `${param.required ? 'required' : 'optional'}${kind}.${param.description ? ` ${param.description}` : ''}${param.flag !== param.name ? ` Also --${param.name}.` : ''}`;
  return `${head}\n${wrap(text, '      ')}`;
}

const COMMON_FLAGS = [
  `  --url <url>            the node's base address (default $AVANODE_URL, else ${DEFAULT_URL})`,
  '  --params <json>        all params as one JSON value; flags override its members',
  '  --timeout-ms <ms>      time allowed for the answer (default 30000)',
  "  --no-validate          send params even if they fail the spec's validators",
  '  --compact              print the result on one line',
  '  -h, --help             this help',
].join('\n');

export function methodHelp(method: CliMethod): string {
  const parts = [
    `avanode ${method.namespace} ${method.member}: ${method.summary ?? method.method}`,
    `Wire method: ${method.method}${method.deprecated ? ' (deprecated)' : ''}${method.mutating ? '. Changes state on the node.' : ''}`,
  ];
  if (method.description) parts.push(wrap(method.description));
  parts.push(`Usage: avanode ${method.namespace} ${method.member}${method.scope ? ` --${method.scope.flag} <${method.scope.name}>` : ''}${method.params.some((p) => p.required) ? ' <required params>' : ''} [flags]`);
  const params = [
    ...(method.scope ? [`  --${method.scope.flag} <string>\n${wrap(`required. ${method.scope.description ?? `The ${method.scope.name} in the method's path.`}${method.scope.flag !== method.scope.name ? ` Also --${method.scope.name}.` : ''}`, '      ')}`] : []),
    ...method.params.map(paramLine),
  ];
  parts.push(params.length > 0 ? `Params${method.byPosition ? ' (positional on the wire, flags here)' : ''}:\n${params.join('\n')}` : 'Params: none');
  parts.push(`Flags:\n${COMMON_FLAGS}`);
  for (const example of method.examples.slice(0, 2)) {
    const result = example.result === undefined ? '' : formatJson(example.result, 2);
    const lines = result.split('\n');
    const shown = lines.length > 24 ? [...lines.slice(0, 24), '  …'].join('\n') : result;
    parts.push(`Example${example.name ? ` (${example.name})` : ''}:\n  ${exampleCommand(method, example.params)}${shown ? `\n${shown.replace(/^/gm, '  ')}` : ''}`);
  }
  parts.push(exitCodes());
  return `${parts.join('\n\n')}\n`;
}

export function namespaceHelp(name: string): string {
  const methods = namespaces().get(name) ?? [];
  const width = Math.max(...methods.map((m) => m.member.length));
  const scope = methods.find((m) => m.scope)?.scope;
  return [
    `avanode ${name} <method>${scope ? ` --${scope.flag} <${scope.name}>` : ''} [flags]: the ${name} methods of ${document.title}.`,
    '',
    ...methods.map((m) => `  ${m.member.padEnd(width)}  ${m.summary ?? m.method}${m.deprecated ? ' (deprecated)' : ''}`),
    '',
    `avanode ${name} <method> --help shows a method's params and an example.`,
    '',
  ].join('\n');
}

function exitCodes(): string {
  return [
    'Exit codes:',
    `  ${EXIT.ok}  success (health: the node is healthy)`,
    `  ${EXIT.node}  the node answered with an error: JSON-RPC error, HTTP error status, unreadable answer (health: unhealthy)`,
    `  ${EXIT.usage}  usage: unknown command or flag, params that fail the spec's validators; nothing was sent`,
    `  ${EXIT.network}  network: the node could not be reached, or did not answer in time`,
  ].join('\n');
}

export function mainHelp(): string {
  const spaces = [...namespaces()];
  const width = Math.max(...spaces.map(([name]) => name.length), 'completion'.length);
  return [
    `avanode: every method of ${document.title} (${document.version}) as a command.`,
    '',
    'Usage:',
    '  avanode <namespace> <method> [--url <url>] [--<param> <value> …] [--params <json>]',
    '  avanode <wire method> …            e.g. avanode platform.getHeight',
    '',
    'Namespaces:',
    ...spaces.map(([name, methods]) => `  ${name.padEnd(width)}  ${methods.length} methods: ${methods.slice(0, 4).map((m) => m.member).join(', ')}${methods.length > 4 ? ', …' : ''}`),
    '',
    'Commands:',
    `  ${'health'.padEnd(width)}  is the node healthy? --watch prints a line per check change`,
    `  ${'mock'.padEnd(width)}  run the mock node (as avanode-mock)`,
    `  ${'mcp'.padEnd(width)}  serve the node's API as MCP tools to an AI assistant (stdio, or --http <port>)`,
    `  ${'wallet'.padEnd(width)}  address, balance, send, stake, delegate, consolidate, transfer (C ⇄ P) with a key from --key-file or $AVANODE_PRIVATE_KEY`,
    `  ${'record'.padEnd(width)}  record exchanges with a live node into a corpus (in the avanode repository)`,
    `  ${'conformance'.padEnd(width)}  replay every recorded exchange through validators, client and mock (in the avanode repository)`,
    `  ${'completion'.padEnd(width)}  print a bash or zsh completion script: eval "$(avanode completion bash)"`,
    '',
    'Results are printed as JSON, integers exactly as the node sent them (no rounding beyond 2^53).',
    'avanode <namespace> --help lists its methods; avanode <namespace> <method> --help shows one.',
    'avanode --version (or -v) prints the version. Credentials in --url (http://user:secret@host) are',
    'sent as HTTP Basic authentication and never printed.',
    '',
    exitCodes(),
    '',
  ].join('\n');
}
