// @avanode/client: the generated half of the fetch client. The hand-written core (templates/
// client) is copied in; this module writes what the document decides: where each method lives,
// the namespaces of `createClient`, one standalone function per method, and the 64-bit paths.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { camelCase, type DocumentModel, type HttpEndpointModel, type MethodModel } from '../model.ts';
import { uint64Paths } from '../uint64-paths.ts';

const templates = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'templates', 'client');
const CORE_FILES = ['errors.ts', 'client.ts', 'namespaces.ts', 'complete.ts', 'failover.ts', 'lossless.ts', 'retry.ts', 'validation.ts', 'bigint.ts', 'batch.ts', 'http-get.ts'];
const OUT = 'client/src/generated';

export interface ClientOptions {
  /** npm scope of the sibling packages: types from `<scope>/types`, validators from `<scope>/validators`. */
  scope: string;
}

const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const doc = (lines: Array<string | undefined>, indent = '') => {
  const text = lines.filter(Boolean).join('\n\n').replace(/\*\//g, '*\\/');
  return text ? `${indent}/**\n${text.split('\n').map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n` : '';
};
const methodDoc = (m: MethodModel, indent: string) => doc([m.summary, m.description, `Wire method: \`${m.name}\`.`, m.deprecated ? '@deprecated' : undefined], indent);

/** Variables of the path (not of the node's address): a method with one is scoped to a chain. */
function scopeVariables(method: MethodModel): string[] {
  return Object.keys(method.servers[0]?.variables ?? {}).filter((name) => method.path.includes(`{${name}}`));
}

/**
 * Whether an endpoint takes JSON-RPC batch arrays. An EVM chain's `/rpc` is geth's server, which
 * does (graft/subnet-evm rpc/handler.go, handleBatch); every other endpoint of the node is
 * gorilla's json2, which decodes the body into one request object and answers an array with a
 * -32700 parse error (gorilla/rpc v1.2.0 v2/json2/server.go, newCodecRequest). A method may say
 * so itself with `x-batch`.
 */
const takesBatches = (m: MethodModel) => (typeof m.extensions['x-batch'] === 'boolean' ? m.extensions['x-batch'] : /\/rpc$/.test(m.path));

type RouteModel = [prefix: string, path: string, byPosition: boolean, batches: boolean];
// Only what is true is written (`[prefix, path]`, `[prefix, path, true]`…): every byte of the table ships up front.
const routeLiteral = ([p, path, pos, batches]: RouteModel) => `[${[q(p), q(path), ...(pos || batches ? [String(pos)] : []), ...(batches ? ['true'] : [])].join(', ')}]`;

/** Groups methods by name prefix; a prefix whose methods share one route is one entry. */
function routesOf(model: DocumentModel): RouteModel[] {
  const byPrefix = new Map<string, MethodModel[]>();
  for (const method of model.methods) {
    const cut = method.name.search(/[._]/);
    const prefix = cut > 0 ? method.name.slice(0, cut + 1) : method.name;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), method]);
  }
  const exact: RouteModel[] = [];
  const prefixes: RouteModel[] = [];
  for (const [prefix, methods] of byPrefix) {
    const key = (m: MethodModel) => `${m.path} ${m.paramStructure} ${takesBatches(m)}`;
    if (methods.length > 1 && methods.every((m) => key(m) === key(methods[0]!))) {
      prefixes.push([prefix, methods[0]!.path, methods[0]!.paramStructure === 'by-position', takesBatches(methods[0]!)]);
    } else {
      for (const m of methods) exact.push([m.name, m.path, m.paramStructure === 'by-position', takesBatches(m)]);
    }
  }
  return [...exact, ...prefixes];
}

interface Namespace {
  name: string;
  methods: MethodModel[];
  /** The path variable the namespace is scoped by (`blockchainID`), if any. */
  scope?: string;
  endpoints: HttpEndpointModel[];
}

function namespacesOf(model: DocumentModel): Namespace[] {
  const spaces = new Map<string, Namespace>();
  for (const method of model.methods) {
    const space = spaces.get(method.namespace) ?? { name: method.namespace, methods: [], endpoints: [] };
    const [scope] = scopeVariables(method);
    if (scope) space.scope = scope;
    space.methods.push(method);
    spaces.set(method.namespace, space);
  }
  for (const endpoint of model.httpEndpoints) {
    const name = endpoint.name.split('.')[0]!;
    const space = spaces.get(name) ?? { name, methods: [], endpoints: [] };
    space.endpoints.push(endpoint);
    spaces.set(name, space);
  }
  return [...spaces.values()];
}

const pascal = (name: string) => name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
const endpointMember = (endpoint: HttpEndpointModel) => endpoint.name.split('.').slice(1).join('_') || 'get';
const queryOption = (name: string, extensions: Record<string, unknown>) => (typeof extensions['x-client-name'] === 'string' ? extensions['x-client-name'] : name);
const paramsOptional = (m: MethodModel) => m.params.every((p) => !p.required);

/** The argument list and the params expression of a namespace member. */
function signature(m: MethodModel): { args: string; params: string } {
  const P = `Params<${q(m.name)}>`;
  if (m.paramStructure === 'by-position') {
    const names = m.params.map((p) => p.name.replace(/\W/g, '_'));
    const args = m.params.map((p, i) => `${names[i]}${p.required ? '' : '?'}: ${P}[${i}]`);
    return { args: [...args, 'options?: RequestOptions'].join(', '), params: `positional([${names.join(', ')}])` };
  }
  return { args: `params${paramsOptional(m) ? '?' : ''}: ${P}, options?: RequestOptions`, params: 'params' };
}

export function clientFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const options: ClientOptions = { scope: context.scope ?? '@avanode' };
  const head = header(context, model.title, model.version);
  const files: GeneratedFiles = new Map();
  for (const file of CORE_FILES) {
    const text = readFileSync(join(templates, file), 'utf8');
    files.set(`${OUT}/core/${file}`, `${head}// Copied from generators/templates/client/${file}.\n\n${text.trim()}\n`);
  }

  const paths: Record<string, string[]> = {};
  for (const m of model.methods) {
    const found = uint64Paths(model, m.resultSchema);
    if (found.length > 0) paths[m.name] = found;
  }
  for (const endpoint of model.httpEndpoints) {
    const found = [...new Set(Object.values(endpoint.responses).flatMap((r) => uint64Paths(model, r.schema)))].sort();
    if (found.length > 0) paths[endpoint.name] = found;
  }
  files.set(
    `${OUT}/uint64-paths.ts`,
    `${head}// Where each result holds 64-bit integers (schemas marked x-uint64), for \`bigint: true\`.\n// Loaded on first use only, so clients without bigint do not carry it.\n\nexport { toBigints } from './core/bigint.js';\n\nexport const uint64Paths: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(paths, null, 2)};\n`,
  );

  const routes = routesOf(model);
  const reads = model.methods.filter((m) => m.extensions['x-mutating'] !== true).map((m) => m.name);
  files.set(
    `${OUT}/reads.ts`,
    [
      head,
      '// The methods a retry may send twice: every method of the document not marked `x-mutating`.',
      '// An allow-list, so that a name the document does not know (another letter case, an eth_ method',
      '// of the chain such as eth_sendRawTransaction) is never retried. Loaded on the first failure only.',
      '',
      `export const reads: ReadonlySet<string> = new Set([\n${reads.map((name) => `  ${q(name)},`).join('\n')}\n]);`,
      '',
    ].join('\n'),
  );
  files.set(
    `${OUT}/definition.ts`,
    [
      head,
      "import type { ClientDefinition } from './core/client.js';",
      '',
      '/** Where each method lives (by name prefix where a group shares one path; `true` last: the endpoint takes batch arrays), and which methods are reads. */',
      'export const definition: ClientDefinition = {',
      `  routes: [\n${routes.map((route) => `    ${routeLiteral(route)},`).join('\n')}\n  ],`,
      "  loadReads: () => import('./reads.js'),",
      "  loadBigint: () => import('./uint64-paths.js'),",
      "  loadHttpEndpoints: () => import('./http-endpoints.js'),",
      `  // Optional peer dependency: loaded only by clients created with \`validate: true\`.\n  loadValidators: () => import(${q(`${options.scope}/validators`)}) as never,`,
      '};',
      '',
    ].join('\n'),
  );

  const spaces = namespacesOf(model);
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : q(name));
  const typeLines: string[] = [
    head,
    `import type { HttpEndpoints, Methods } from ${q(`${options.scope}/types`)};`,
    `import type { Methods as BigintMethods } from ${q(`${options.scope}/types/bigint`)};`,
    "import { createCoreClient, type BatchItem, type ClientConfig, type CoreClient, type RequestOptions } from './core/client.js';",
    "import { buildNamespaces, type NamespaceDefinition } from './core/namespaces.js';",
    "import { definition } from './definition.js';",
    '',
    '/** The method types a client returns: wire values, or (with `bigint: true`) bigints for 64-bit integers. */',
    'export type MethodTypes = Methods | BigintMethods;',
    '',
    '/**',
    ' * The method types of a client created with config `C`: bigints when `bigint` is `true`, wire',
    ' * values when it is absent or `false`, and either when its type says only `boolean` (a config',
    ' * built at run time), since the types cannot know which.',
    ' */',
    "export type MethodTypesOf<C extends ClientConfig> = 'bigint' extends keyof C ? BigintSwitch<C['bigint' & keyof C]> : Methods;",
    'type BigintSwitch<B> = [B] extends [true] ? BigintMethods : [B] extends [false | undefined] ? Methods : MethodTypes;',
    '',
    '/** `W` with a `bigint` allowed wherever `B` (the same type with 64-bit integers as bigints) has one. */',
    'type WithBigints<W, B> = [W] extends [B]',
    '  ? W',
    '  : bigint extends B',
    '    ? W | bigint',
    '    : W extends object',
    '      ? { [P in keyof W]: WithBigints<W[P], P extends keyof NonNullable<B> ? NonNullable<B>[P] : never> }',
    '      : W;',
    '',
    '/** The params of a method as the client takes them: the wire form, or a `bigint` for any 64-bit integer (the client sends it as an exact JSON number). */',
    "export type Params<K extends keyof Methods> = WithBigints<Methods[K]['params'], BigintMethods[K]['params']>;",
    '',
    '/** The methods whose params may be left out (none is required). */',
    `export type OptionalParamsMethod = ${model.methods.filter(paramsOptional).map((m) => q(m.name)).join(' | ') || 'never'};`,
    '',
    '/** What follows the method name in `request`: the params (required where the method has a required param), then the options. */',
    'export type RequestArgs<K extends keyof Methods> = K extends OptionalParamsMethod ? [params?: Params<K>, options?: RequestOptions] : [params: Params<K>, options?: RequestOptions];',
    '',
    '/** One call of a batch: a wire method and its params (required where the method has a required param). */',
    'export type BatchCall<K extends keyof Methods = keyof Methods> = K extends OptionalParamsMethod ? { method: K; params?: Params<K> } : { method: K; params: Params<K> };',
    '',
    '/** The answers of a batch, one per call and in order, each typed by its call\'s method. */',
    'export type BatchResults<M extends MethodTypes, T extends ReadonlyArray<{ method: keyof Methods }>> = {',
    "  -readonly [I in keyof T]: T[I] extends { method: infer K extends keyof Methods } ? BatchItem<M[K]['result']> : never;",
    '};',
    '',
  ];
  const table: string[] = [];
  const endpointImpl: string[] = [];
  const httpTable: string[] = [];
  const clientMembers: string[] = [];
  for (const space of spaces) {
    const typeName = `${pascal(space.name)}Namespace`;
    const members: string[] = [];
    for (const m of space.methods) {
      const derived = m.name.slice(m.name.search(/[._]/) + 1);
      if (derived !== m.memberName) throw new Error(`method '${m.name}': member name ${m.memberName} is not the name after its prefix`);
      members.push(`${methodDoc(m, '  ')}  ${key(m.memberName)}(${signature(m).args}): Promise<M[${q(m.name)}]['result']>;`);
    }
    if (space.methods.length > 0) {
      // The prefix most of the namespace's methods share; the others are listed as moved.
      const prefixes = space.methods.map((m) => m.name.slice(0, m.name.length - m.memberName.length));
      const prefix = [...new Set(prefixes)].sort((a, b) => prefixes.filter((p) => p === b).length - prefixes.filter((p) => p === a).length)[0]!;
      const moved = space.methods.filter((_m, i) => prefixes[i] !== prefix).map((m) => `${key(m.memberName)}: ${q(m.name)}`);
      const positional = space.methods.filter((m) => m.paramStructure === 'by-position').map((m) => `${q(m.name)}: ${m.params.length}`);
      const fields = [`prefix: ${q(prefix)}`];
      if (moved.length > 0) fields.push(`moved: { ${moved.join(', ')} }`);
      if (positional.length > 0) fields.push(`positional: { ${positional.join(', ')} }`);
      if (space.scope) fields.push(`scope: ${q(space.scope)}`);
      table.push(`  ${key(space.name)}: { ${fields.join(', ')} },`);
    }
    for (const endpoint of space.endpoints) {
      const member = endpointMember(endpoint);
      const keys = Object.keys(endpoint.paths);
      const statuses = Object.keys(endpoint.responses);
      const optionsType = `${endpoint.typeName}Options`;
      typeLines.push(
        doc([`Options of \`${space.name}.${member}()\`: which endpoint, and the query.`]),
        `export interface ${optionsType} extends Omit<RequestOptions, 'blockchainID'> {`,
        `  /** Default \`${keys[0]}\` (${endpoint.paths[keys[0]!]}). */`,
        `  endpoint?: ${keys.map(q).join(' | ')};`,
        ...endpoint.query.map((p) => `${doc([p.description], '  ')}  ${queryOption(p.name, p.extensions)}?: HttpEndpoints[${q(endpoint.name)}]['query'][${q(p.name)}];`),
        '}',
        doc([`An answer of \`${endpoint.name}\`: the HTTP status (every listed status is an answer, not an error) and the body.`]),
        `export type ${endpoint.typeName}Answer = ${statuses.map((st) => `({ status: ${st} } & HttpEndpoints[${q(endpoint.name)}]['responses'][${q(st)}])`).join(' | ')};`,
        '',
      );
      members.push(`${doc([endpoint.summary, endpoint.description], '  ')}  ${key(member)}(options?: ${optionsType}): Promise<${endpoint.typeName}Answer>;`);
      httpTable.push(`  ${q(endpoint.name)}: { validator: ${q(`validate${endpoint.typeName}Response`)}, paths: { ${keys.map((k) => `${key(k)}: ${q(endpoint.paths[k]!)}`).join(', ')} }, query: { ${endpoint.query.map((p) => `${key(p.name)}: ${q(queryOption(p.name, p.extensions))}`).join(', ')} }, accept: [${statuses.join(', ')}] },`);
      endpointImpl.push(`  (spaces[${q(space.name)}] as Record<string, unknown>)[${q(member)}] = (options?: ${optionsType}) => core.get(${q(endpoint.name)}, options as never);`);
    }
    if (space.methods.length > 0) {
      const batches = space.methods.some(takesBatches);
      const how = space.methods.every(takesBatches)
        ? 'in JSON-RPC batches of at most `maxBatchSize` calls'
        : batches
          ? 'in JSON-RPC batches where the endpoint takes them (at most `maxBatchSize` calls each), as single requests, a few at a time, where it does not (the node\'s gorilla json2 endpoints answer a batch array with a parse error)'
          : 'as single requests, a few at a time (the node\'s gorilla json2 endpoints answer a batch array with a parse error)';
      members.push(`  /** Several calls of this namespace at once, sent ${how}; one result or error per call, in order, each typed by its method. */\n  batch<const T extends ReadonlyArray<${typeName}Call>>(calls: T, options?: RequestOptions): Promise<BatchResults<M, T>>;`);
      typeLines.push(
        `/** One call of a \`${space.name}\` batch: a wire method of the namespace and its params. */`,
        `export type ${typeName}Call = BatchCall<${space.methods.map((m) => q(m.name)).join(' | ')}>;`,
        '',
      );
    }
    typeLines.push(`/** The \`${space.name}\` methods${space.scope ? `, for one chain (\`${space.scope}\`)` : ''}. */`, `export interface ${typeName}<M extends MethodTypes = Methods> {`, ...members, '}', '');
    clientMembers.push(
      space.scope
        ? `  /** The \`${space.name}\` methods of the chain \`${space.scope}\` (its ID or alias). */\n  ${key(space.name)}(${space.scope}: string): ${typeName}<M>;`
        : `  ${key(space.name)}: ${typeName}<M>;`,
    );
  }
  typeLines.push(
    '/** A client of the node: one namespace per API group, plus the generic `request` and `batch`. */',
    "export interface Client<M extends MethodTypes = Methods> extends Omit<CoreClient, 'batch'> {",
    ...clientMembers,
    '  /** Any method by its wire name, typed from the `Methods` map. */',
    "  request<K extends keyof Methods>(method: K, ...args: RequestArgs<K>): Promise<M[K]['result']>;",
    '  /** Calls of any namespaces at once, grouped by endpoint (a chain\'s methods need `options.blockchainID`); one result or error per call, in order. */',
    '  batch<const T extends ReadonlyArray<BatchCall>>(calls: T, options?: RequestOptions): Promise<BatchResults<M, T>>;',
    '  /** Type-level only: the method types this client returns. */',
    "  readonly '~methods'?: M;",
    '}',
    '',
    '/** Each namespace: the wire prefix of its methods, the exceptions, the positional methods\' arity. */',
    `const namespaces: Record<string, NamespaceDefinition> = {\n${table.join('\n')}\n};`,
    '',
    '/**',
    ' * A client for the node at `config.url`. Every method takes its params and per-request',
    ' * options (`signal`, `timeoutMs`); with `bigint: true` 64-bit integers come back as bigints.',
    ' * Options out of range (`timeoutMs`, `retry`, `maxBatchSize`, `maxResponseBytes`) throw a `ConfigError` here, at once.',
    ' */',
    'export function createClient<const C extends ClientConfig>(config: C): Client<MethodTypesOf<C>> {',
    '  const core = createCoreClient(definition, config);',
    '  const spaces = buildNamespaces(core, namespaces);',
    ...endpointImpl,
    '  return { ...core, ...spaces, request: core.call } as never;',
    '}',
    '',
  );
  files.set(`${OUT}/create-client.ts`, typeLines.join('\n'));
  files.set(
    `${OUT}/http-endpoints.ts`,
    [
      head,
      '// The plain HTTP GET endpoints (x-http-endpoints): paths, query, the statuses that are answers.',
      '// Loaded on first use, so clients that never call one do not carry it.',
      "import type { HttpEndpoint } from './core/client.js';",
      '',
      `export const httpEndpoints: Readonly<Record<string, HttpEndpoint>> = {${httpTable.length > 0 ? `\n${httpTable.join('\n')}\n` : ''}};`,
      '',
    ].join('\n'),
  );

  for (const space of spaces) {
    const lines = [
      head,
      `// The \`${space.name}\` methods as standalone functions taking the client first: a bundler keeps only those imported.`,
      `import type { Methods } from ${q(`${options.scope}/types`)};`,
      "import type { RequestOptions } from './core/client.js';",
      "import type { Client, MethodTypes, Params } from './create-client.js';",
      '',
      "type Caller<M extends MethodTypes> = Pick<Client<M>, 'call' | '~methods'>;",
      '',
    ];
    // By-position methods drop trailing omitted arguments: the helper goes wherever one is,
    // scoped namespace or not.
    if (space.methods.some((m) => m.paramStructure === 'by-position')) lines.push("const positional = (args: unknown[]) => {\n  let end = args.length;\n  while (end > 0 && args[end - 1] === undefined) end--;\n  return args.slice(0, end);\n};\n");
    for (const m of space.methods) {
      const { args, params } = signature(m);
      const scopeArg = space.scope ? `, ${space.scope}: string` : '';
      const scoped = space.scope ? `{ ...options, ${space.scope} }` : 'options';
      lines.push(
        methodDoc(m, '').trimEnd(),
        `export function ${camelCase(m.memberName)}<M extends MethodTypes = Methods>(client: Caller<M>${scopeArg}, ${args}): Promise<M[${q(m.name)}]['result']> {`,
        `  return client.call(${q(m.name)}, ${params}, ${scoped}) as never;`,
        '}',
        '',
      );
    }
    if (space.methods.length > 0) files.set(`${OUT}/${space.name}.ts`, lines.join('\n'));
  }

  files.set(
    `${OUT}/index.ts`,
    [
      head,
      "export { createClient } from './create-client.js';",
      `export type { BatchCall, BatchResults, Client, MethodTypes, MethodTypesOf, OptionalParamsMethod, Params, RequestArgs, ${spaces.map((s) => `${pascal(s.name)}Namespace`).join(', ')}${spaces.some((s) => s.methods.length > 0) ? `, ${spaces.filter((s) => s.methods.length > 0).map((s) => `${pascal(s.name)}NamespaceCall`).join(', ')}` : ''}${model.httpEndpoints.length > 0 ? `, ${model.httpEndpoints.map((e) => `${e.typeName}Options, ${e.typeName}Answer`).join(', ')}` : ''} } from './create-client.js';`,
      "export { createCoreClient } from './core/client.js';",
      "export type { BatchItem, ClientConfig, ClientDefinition, CoreClient, RequestOptions, RetryOptions } from './core/client.js';",
      "export { AvanodeError, ConfigError, HttpError, NetworkError, ParamsValidationError, ResponseParseError, ResponseTooLargeError, ResponseValidationError, RpcError, TimeoutError, type ValidationIssue } from './core/errors.js';",
      '',
    ].join('\n'),
  );
  return files;
}
