// @avanode/client: the generated half of the fetch client. The hand-written core
// (templates/client/core) is copied in; the modules the document decides (where each method
// lives, the namespaces and types of `createClient`, one standalone function per method, the
// reads and the 64-bit paths) are filled into the templates of templates/client.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GeneratorError } from '../errors.ts';
import { generatedFile, header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import type { DocumentModel, HttpEndpointModel, MethodModel, NamespaceModel } from '../model.ts';
import { type Uint64Tree, uint64Paths, uint64Tree } from '../uint64-paths.ts';
import { methodArgs, methodDoc, paramsOptional } from './method-code.ts';
import { clientErrorsModule } from './client-errors.ts';
import { docComment, lines, printable, propertyAccess, propertyKey, stringLiteral as q } from '../util/code.ts';
import { TEMPLATES_DIR, template } from '../util/template.ts';

const OUT = 'client/src/generated';
/** The runtime copied as it is: every module of templates/client/core (listed on every run, for `--watch`). */
const coreFiles = () => readdirSync(join(TEMPLATES_DIR, 'client', 'core')).filter((file) => file.endsWith('.ts')).sort();

type Route = [prefix: string, path: string, byPosition: boolean, batches: boolean];
// Only what is true is written (`[prefix, path]`, `[prefix, path, true]`…): every byte of the table ships up front.
const routeLiteral = ([prefix, path, byPosition, batches]: Route) =>
  `[${[q(prefix), q(path), ...(byPosition || batches ? [String(byPosition)] : []), ...(batches ? ['true'] : [])].join(', ')}]`;

/** Groups methods by name prefix; a prefix whose methods share one route is one entry, after the exact names. */
function routesOf(model: DocumentModel): Route[] {
  const byPrefix = new Map<string, MethodModel[]>();
  for (const m of model.methods) byPrefix.set(m.prefix || m.name, [...(byPrefix.get(m.prefix || m.name) ?? []), m]);
  const route = (m: MethodModel, name: string): Route => [name, m.path, m.paramStructure === 'by-position', m.batches];
  const exact: Route[] = [];
  const prefixes: Route[] = [];
  for (const [prefix, methods] of byPrefix) {
    const key = (m: MethodModel) => route(m, '').join(' ');
    if (methods.length > 1 && methods.every((m) => key(m) === key(methods[0]!))) prefixes.push(route(methods[0]!, prefix));
    else exact.push(...methods.map((m) => route(m, m.name)));
  }
  return [...exact, ...prefixes];
}

/** A namespace of the model, and the name of its type. */
type Namespace = NamespaceModel & { typeName: string };

// A namespace's name is a settled identifier (model-names.ts), unique even case aside: its type name is too.
const namespacesOf = (model: DocumentModel): Namespace[] => model.namespaces.map((space) => ({ ...space, typeName: `${space.name[0]!.toUpperCase()}${space.name.slice(1)}Namespace` }));

/** The parameters of a method's function after the client (and the scope), and its params expression. */
function signature(m: MethodModel): { args: string[]; params: string } {
  const { args, positional } = methodArgs(m, 'RequestOptions');
  return { args, params: positional ? `positional([${positional.join(', ')}])` : 'params' };
}

/** How a namespace's `batch` sends its calls, in words for its doc comment. */
function batchWords(space: Namespace): string {
  if (space.methods.every((m) => m.batches)) return 'in JSON-RPC batches of at most `maxBatchSize` calls';
  if (space.methods.some((m) => m.batches)) return 'in JSON-RPC batches where the endpoint takes them (at most `maxBatchSize` calls each), as single requests, a few at a time, where it does not';
  return 'as single requests, a few at a time (the endpoint does not take batch arrays)';
}

const endpointOptions = (e: HttpEndpointModel) => `${e.typeName}Options`;
const endpointAnswer = (e: HttpEndpointModel) => `${e.typeName}Answer`;
const queryOption = (p: { name: string; extensions: Record<string, unknown> }) => (typeof p.extensions['x-client-name'] === 'string' ? p.extensions['x-client-name'] : p.name);

/** The declarations of one namespace: its batch call type, its endpoints' options and answers, its interface. */
function namespaceDeclarations(space: Namespace): string {
  const declarations = template('client/create-client.ts').section('declarations');
  const endpointTypes = declarations.section('endpointTypes');
  const members = space.methods.map((m) => `${methodDoc(m, '  ')}  ${propertyKey(m.memberName)}(${signature(m).args.join(', ')}): Promise<M[${q(m.name)}]['result']>;`);
  members.push(...space.endpoints.map((e) => `${docComment([e.summary, e.description], '  ')}  ${propertyKey(e.memberName)}(options?: ${endpointOptions(e)}): Promise<${endpointAnswer(e)}>;`));
  if (space.methods.length > 0) {
    members.push(
      `  /** Several calls of this namespace at once, sent ${batchWords(space)}; one result or error per call, in order, each typed by its method. */`,
      `  batch<const T extends ReadonlyArray<${space.typeName}Call>>(calls: T, options?: RequestOptions): Promise<BatchResults<M, T>>;`,
    );
  }
  const what = [space.methods.length > 0 && 'methods', space.endpoints.length > 0 && `HTTP GET endpoint${space.endpoints.length > 1 ? 's' : ''}`].filter(Boolean).join(' and ');
  return declarations.fill({
    batchCall:
      space.methods.length > 0
        ? lines([`/** One call of a \`${space.name}\` batch: a wire method of the namespace and its params. */`, `export type ${space.typeName}Call = BatchCall<${space.methods.map((m) => q(m.name)).join(' | ')}>;`, ''])
        : '',
    endpointTypes: space.endpoints
      .map((e) => {
        const [first] = Object.keys(e.paths);
        return endpointTypes.fill({
          optionsDoc: docComment([`Options of \`${space.name}.${e.memberName}()\`: which endpoint, and the query.`]),
          optionsType: endpointOptions(e),
          defaultEndpoint: docComment([`Default \`${first}\` (${e.paths[first!]}).`], '  '),
          endpoints: Object.keys(e.paths).map(q).join(' | '),
          query: lines(e.query.map((p) => `${docComment([p.description], '  ')}  ${propertyKey(queryOption(p))}?: HttpEndpoints[${q(e.name)}]['query'][${q(p.name)}];`)),
          answerDoc: docComment([`An answer of \`${e.name}\`: the HTTP status (every listed status is an answer, not an error) and the body.`]),
          answerType: endpointAnswer(e),
          answers: Object.keys(e.responses).map((status) => `({ status: ${status} } & HttpEndpoints[${q(e.name)}]['responses'][${q(status)}])`).join(' | '),
        });
      })
      .join(''),
    doc: docComment([`The \`${space.name}\` ${what}${space.scope ? `, for one \`${space.scope}\`` : ''}.`]),
    typeName: space.typeName,
    typeParameters: space.methods.length > 0 ? '<M extends MethodTypes = Methods>' : '',
    members: lines(members),
  });
}

/** The namespace's member of `Client`. */
function clientMember(space: Namespace): string {
  const type = `${space.typeName}${space.methods.length > 0 ? '<M>' : ''}`;
  return space.scope
    ? `${docComment([`The \`${space.name}\` methods for one \`${space.scope}\`.`], '  ')}  ${propertyKey(space.name)}(${space.scope}: string): ${type};`
    : `  ${propertyKey(space.name)}: ${type};`;
}

/** The namespace's entry of the table `buildNamespaces` reads: its members, their prefix, the exceptions, the positional methods' arity, its scope. */
function tableEntry(space: Namespace): string {
  // The prefix most of the namespace's methods share; the others are listed as moved.
  // A member is its wire name less the prefix unless its name was settled otherwise (model-names.ts).
  const counts = new Map<string, number>();
  for (const m of space.methods) if (m.prefix + m.memberName === m.name) counts.set(m.prefix, (counts.get(m.prefix) ?? 0) + 1);
  const prefix = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? `${space.name}.`;
  const moved = space.methods.filter((m) => prefix + m.memberName !== m.name).map((m) => `${propertyKey(m.memberName)}: ${q(m.name)}`);
  const positional = space.methods.filter((m) => m.paramStructure === 'by-position').map((m) => `${q(m.name)}: ${m.params.length}`);
  const fields = [`members: [${space.methods.map((m) => q(m.memberName)).join(', ')}]`, `prefix: ${q(prefix)}`];
  if (moved.length > 0) fields.push(`moved: { ${moved.join(', ')} }`);
  if (positional.length > 0) fields.push(`positional: { ${positional.join(', ')} }`);
  if (space.scope) fields.push(`scope: ${q(space.scope)}`);
  return `  ${propertyKey(space.name)}: { ${fields.join(', ')} },`;
}

/** The statements that build the namespaces and put the HTTP GET endpoints on theirs. */
function buildStatements(spaces: Namespace[]): string {
  return lines([
    '  const spaces = buildNamespaces<Namespaces<MethodTypesOf<C>>>(core, namespaces);',
    ...spaces.flatMap((space) => {
      if (space.endpoints.length > 0 && space.scope) {
        throw new GeneratorError(`HTTP endpoint '${printable(space.endpoints[0]!.name)}' (${space.endpoints[0]!.where}): its namespace '${printable(space.name)}' is scoped by {${printable(String(space.scope))}}, which an HTTP endpoint does not take`, space.endpoints[0]!.where);
      }
      return space.endpoints.map((e) => `  spaces${propertyAccess(space.name)}${propertyAccess(e.memberName)} = (options) => core.get(${q(e.name)}, options);`);
    }),
  ]);
}

/** One standalone function per method of the namespace, in its module. */
function namespaceModule(space: Namespace, head: string, scope: string): string {
  const functions = template('client/namespace.ts').section('functions');
  return generatedFile(head, template('client/namespace.ts').fill({
    namespace: space.name,
    types: q(`${scope}/types`),
    // `Params` only where a function's arguments use it (not when every method takes no param by position).
    clientTypes: space.methods.some((m) => m.paramStructure === 'by-name' || m.params.length > 0) ? 'BareClient, MethodTypes, Params, RequestOptions' : 'BareClient, MethodTypes, RequestOptions',
    positional: space.methods.some((m) => m.paramStructure === 'by-position') ? template('client/namespace.ts').section('positional').fill({}) : '',
    functions: space.methods
      .map((m) => {
        const { args, params } = signature(m);
        return functions.fill({
          doc: methodDoc(m, ''),
          member: m.memberName,
          args: lines([...(space.scope ? [`${space.scope}: string`] : []), ...args].map((arg) => `  ${arg},`)),
          method: q(m.name),
          params,
          options: space.scope ? `{ ...options, ${space.scope} }` : 'options',
        });
      })
      .join(''),
  }));
}

/** A uint64 tree as a TS literal: `1`, or an object whose keys are escaped as the document's strings are. */
const treeLiteral = (tree: Uint64Tree): string =>
  // `__proto__:` in a literal would set the prototype: that member is written as a computed key.
  tree === 1 ? '1' : `{ ${Object.entries(tree).map(([key, below]) => `${key === '__proto__' ? `[${q(key)}]` : propertyKey(key)}: ${treeLiteral(below)}`).join(', ')} }`;

export function clientFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const scope = context.scope ?? '@avanode';
  const head = header(context, model.title, model.version);
  const files: GeneratedFiles = new Map();
  for (const file of coreFiles()) {
    files.set(`${OUT}/core/${file}`, `${head}// Copied from generators/templates/client/core/${file}.\n\n${template(`client/core/${file}`).fill({})}`);
  }

  const paths: Array<[string, string[]]> = [
    ...model.methods.map((m): [string, string[]] => [m.name, uint64Paths(model, m.resultSchema)]),
    ...model.httpEndpoints.map((e): [string, string[]] => [e.name, [...new Set(Object.values(e.responses).flatMap((r) => uint64Paths(model, r.schema)))].sort()]),
  ];
  files.set(`${OUT}/uint64-paths.ts`, generatedFile(head, template('client/uint64-paths.ts').fill({
    paths: lines(paths.filter(([, found]) => found.length > 0).map(([name, found]) => `  ${q(name)}: ${treeLiteral(uint64Tree(found))},`)),
  })));
  files.set(`${OUT}/reads.ts`, generatedFile(head, template('client/reads.ts').fill({ reads: lines(model.methods.filter((m) => !m.mutating).map((m) => `  ${q(m.name)},`)) })));
  files.set(`${OUT}/definition.ts`, generatedFile(head, template('client/definition.ts').fill({
    routes: lines(routesOf(model).map((route) => `    ${routeLiteral(route)},`)),
    mutating: lines(model.methods.filter((m) => m.mutating).map((m) => `    ${q(m.name)},`)),
    validators: q(`${scope}/validators`),
  })));
  files.set(`${OUT}/http-endpoints.ts`, generatedFile(head, template('client/http-endpoints.ts').fill({
    endpoints: lines(model.httpEndpoints.map((e) => {
      const paths = Object.entries(e.paths).map(([k, path]) => `${propertyKey(k)}: ${q(path)}`).join(', ');
      const query = e.query.map((p) => `${propertyKey(p.name)}: ${q(queryOption(p))}`).join(', ');
      return `  ${q(e.name)}: { validator: ${q(`validate${e.typeName}Response`)}, paths: { ${paths} }, query: { ${query} }, accept: [${Object.keys(e.responses).join(', ')}] },`;
    })),
  })));

  const spaces = namespacesOf(model);
  // Every variable of a method's path is an option of a request, described as its server does.
  const variables = new Map<string, string | undefined>();
  for (const m of model.methods) for (const name of m.pathVariables) if (!variables.has(name)) variables.set(name, m.servers[0]?.variables[name]?.description);
  files.set(`${OUT}/create-client.ts`, generatedFile(head, template('client/create-client.ts').fill({
    // Only what the module uses, so it is clean under noUnusedLocals: no endpoint, no endpoint types.
    typeImports: model.httpEndpoints.length > 0 ? 'HttpEndpoints, Methods' : 'Methods',
    types: q(`${scope}/types`),
    bigintTypes: q(`${scope}/types/bigint`),
    pathOptions: lines([...variables].map(([name, description]) => `${docComment([`${description ? `${description} ` : ''}For the methods whose path has \`{${name}}\`.`], '  ')}  ${propertyKey(name)}?: string;`)),
    optionalParams: model.methods.filter(paramsOptional).map((m) => q(m.name)).join(' | ') || 'never',
    declarations: spaces.map(namespaceDeclarations).join(''),
    clientMembers: lines(spaces.map(clientMember)),
    table: lines(spaces.map(tableEntry)),
    build: buildStatements(spaces),
  })));

  for (const space of spaces) if (space.methods.length > 0) files.set(`${OUT}/${space.name}.ts`, namespaceModule(space, head, scope));

  // Under --out, the guards of the errors the document declares (`<scope>/client/errors`).
  const errors = context.standalone ? clientErrorsModule(model) : undefined;
  if (errors) files.set(`${OUT}/errors.ts`, generatedFile(head, errors));

  files.set(`${OUT}/index.ts`, generatedFile(head, template('client/index.ts').fill({
    documentTypes: lines(spaces.flatMap((s) => [s.typeName, ...(s.methods.length > 0 ? [`${s.typeName}Call`] : []), ...s.endpoints.flatMap((e) => [endpointOptions(e), endpointAnswer(e)])]).map((name) => `  ${name},`)),
  })));
  return files;
}
