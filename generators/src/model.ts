// One parsed model of an OpenRPC document: what every plugin reads, and all it reads (no plugin
// sees the document itself). It is built and checked once: what generators rely on is checked
// here and fails with the method or schema and the path in the document, so no plugin guesses.
import { Ajv } from 'ajv';
import { GeneratorError, problemsError } from './errors.ts';
import { ARGUMENT_NAMES_LISTED, FLAT_NAMESPACE, isPathVariableName, settleNames } from './model-names.ts';
import { printable } from './util/code.ts';
import { extensionsOf, isObject, type JsonSchema } from './util/json.ts';
import { pascalCase } from './util/names.ts';
import { DOCUMENT_SCOPE, eachRef, eachRefInSchemaData, resolvePointer } from './util/refs.ts';

export type { JsonSchema };

export interface ParamModel {
  name: string;
  /** Its argument's name where a function takes params one by one (by position), settled (model-names.ts): an identifier. */
  argName: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  /** The `x-` extensions of the param. */
  extensions: Record<string, unknown>;
}

export interface ServerModel {
  url: string;
  variables: Record<string, { default: string; description?: string }>;
}

/** An error a method may answer with (the document's `errors`, references resolved). */
export interface ErrorModel {
  /**
   * The name generated guards know it by: its key under `components.errors` when the method
   * refers to it there, else its message in PascalCase (`'not found'` → `NotFound`); a name
   * taken by an earlier error of the method gets a number.
   */
  name: string;
  code: number;
  message: string;
  data?: unknown;
}

export interface ExampleModel {
  name?: string;
  params: Array<{ name: string; value: unknown }>;
  /** The params as a request carries them: a list (by position) or an object (by name). */
  wireParams: unknown;
  result?: { name?: string; value: unknown };
}

export interface MethodModel {
  /** The name on the wire, e.g. `platform.getHeight` or `eth_feeConfig`. */
  name: string;
  /** Where the method is in the document, a JSON path (`#/methods/3`). */
  where: string;
  /** PascalCase stem of every generated name, e.g. `PlatformGetHeight` (settled: unique, see model-names.ts). */
  typeName: string;
  /** Stem of its reference page's file name, of safe characters (settled: unique in its folder, see model-names.ts `fileStem`). */
  fileName: string;
  /** Name of the method inside its namespace, an identifier (settled): the wire name after `prefix`, camelCased (`getHeight`, `feeConfig`, `getPets`). */
  memberName: string;
  /** The wire name up to and including its first `.` (`platform.`), else the `x-client-prefix` it starts with (`eth_`), else `''`. */
  prefix: string;
  /** The method's group: its first tag, else the name's `.` prefix. */
  group: string;
  /** The client namespace (settled): `x-client-namespace`, else the name's `.` prefix, else the one namespace of flat names (model-names.ts). */
  namespace: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** `x-mutating: true`: the method changes state, so it is never sent twice and is a mutation, not a query. */
  mutating: boolean;
  paramStructure: 'by-name' | 'by-position';
  params: ParamModel[];
  /** JSON Schema of the whole `params` member: an object (by-name) or a tuple (by-position). */
  paramsSchema: JsonSchema;
  /** Absent for a method without a result (a notification). */
  resultSchema?: JsonSchema;
  /** The errors the document lists for it (`errors`, then `x-errors`). */
  errors: ErrorModel[];
  servers: ServerModel[];
  /** Path of the first server, relative to the `{baseUrl}` variable when it has one. */
  path: string;
  /** The variables of that path (not of the server's address), e.g. a chain's ID. */
  pathVariables: string[];
  /** The first of them: the method is called for one value of it (a namespace scoped by it). */
  scope?: string;
  /** Whether its endpoint takes JSON-RPC batch arrays: the method's `x-batch`, else whether the document's root `x-batch` lists its path. */
  batches: boolean;
  /** The `x-` extensions of the method. */
  extensions: Record<string, unknown>;
  examples: ExampleModel[];
}

export interface HttpEndpointModel {
  name: string;
  /** Where the endpoint is in the document (`#/x-http-endpoints/0`). */
  where: string;
  typeName: string;
  /** Stem of its reference page's file name (settled, as a method's). */
  fileName: string;
  /** The client namespace (settled): the name before its first `.` (`health` of `health.get`). */
  namespace: string;
  /** Its name in the namespace (settled): the rest of the name, else `get`. */
  memberName: string;
  summary?: string;
  description?: string;
  httpMethod: string;
  paths: Record<string, string>;
  query: ParamModel[];
  responses: Record<string, { description?: string; schema: JsonSchema }>;
  /** Example answers: a status and a body. */
  examples: Array<{ name?: string; status: number; body: unknown }>;
  extensions: Record<string, unknown>;
}

/** The methods and HTTP endpoints a client offers under one name (`client.<name>`). */
export interface NamespaceModel {
  name: string;
  /** The path variable its methods are scoped by (a chain's ID), if any: `client.<name>(value)`. */
  scope?: string;
  methods: MethodModel[];
  endpoints: HttpEndpointModel[];
}

export interface DocumentModel {
  title: string;
  version: string;
  /** Named schemas, `components.schemas`, in document order. */
  schemas: Record<string, JsonSchema>;
  /** The type (and validator) name of each named schema, settled (model-names.ts): `uint64` → `Uint64`. */
  schemaTypeNames: Record<string, string>;
  /** The stem of each named schema's reference page's file name, settled (model-names.ts `fileStem`). */
  schemaFileNames: Record<string, string>;
  methods: MethodModel[];
  httpEndpoints: HttpEndpointModel[];
  /** The methods and endpoints by namespace, in the order they first appear. */
  namespaces: NamespaceModel[];
  /** The document's tags by name (`components.tags`): a group's title is its tag's description. */
  tags: Record<string, { description?: string }>;
  /** The extensions the document declares (`x-extensions`), with their summaries. */
  declaredExtensions: Array<{ name: string; summary?: string }>;
  /** The document's own `x-` members (`x-audited-release`, `x-batch`…). */
  extensions: Record<string, unknown>;
  /**
   * Every `$ref` of the document and what it points at. Plugins follow references through it
   * (`followRefs(model.refs, schema)`, util/refs.ts); a dangling one stops the parse.
   */
  refs: Record<string, JsonSchema>;
  /** Names generated code could not take as the document spells them, and what it took instead (model-names.ts): one line each. */
  warnings: string[];
}

/** Replaces a `{ $ref }` by its target; anything else is returned as it is. */
function deref<T>(refs: Readonly<Record<string, unknown>>, value: T): T {
  return isObject(value) && typeof value.$ref === 'string' ? (refs[value.$ref] as T) : value;
}

/**
 * A JSON path as a problem's line names it: inside a method, with the method's name and the
 * param's (`method 'pets.get', param 'id' (#/methods/0/params/0/schema)`), so each line of a
 * method with several problems says which part it is about; any other path as it is.
 */
function placeNamed(document: Record<string, unknown>, where: string): string {
  const inMethod = /^#\/methods\/(\d+)(?:\/params\/(\d+))?/.exec(where);
  const method = inMethod && Array.isArray(document.methods) ? document.methods[Number(inMethod[1])] : undefined;
  if (!isObject(method) || typeof method.name !== 'string') return where;
  const param = inMethod?.[2] !== undefined && Array.isArray(method.params) ? method.params[Number(inMethod[2])] : undefined;
  const paramName = isObject(param) && typeof param.name === 'string' ? `, param '${printable(param.name)}'` : '';
  return `method '${printable(method.name)}'${paramName} (${where})`;
}

/** Every `$ref` of the document resolved (not those inside data: an example's value); each that dangles is a line of `problems`. */
function resolveRefs(document: Record<string, unknown>, problems: string[]): Record<string, JsonSchema> {
  const refs: Record<string, JsonSchema> = {};
  const dangling = new Set<string>();
  eachRef(document, (ref, where) => {
    if (ref in refs) return;
    const target = resolvePointer(document, ref);
    if (target === undefined) {
      problems.push(`${placeNamed(document, where)}: $ref '${printable(ref)}' does not resolve`);
      dangling.add(ref);
    } else refs[ref] = target as JsonSchema;
  }, DOCUMENT_SCOPE);
  eachRefInSchemaData(document, (ref, where) => {
    problems.push(`${placeNamed(document, where)}: a member '$ref' ('${printable(ref.slice(0, 40))}') inside a schema's const, enum, default or examples is not supported (the types compiler would follow it as a reference)`);
  });
  return refs;
}

/** The problem of a part that throws one, added to `problems` (the part is then left out); the part's value otherwise. */
function collecting<T>(problems: string[], make: () => T, places: Map<string, string>): T | undefined {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    // Its problems are one a line already, whatever the document's text they quote (GeneratorError).
    for (const problem of error.problems) {
      places.set(problem, error.where);
      problems.push(problem);
    }
    return undefined;
  }
}

function paramModel(refs: Readonly<Record<string, unknown>>, raw: unknown, where: string, at = where): ParamModel {
  const param = deref(refs, raw);
  if (!isObject(param) || typeof param.name !== 'string' || param.schema === undefined) {
    throw new GeneratorError(`${at}: a param needs a name and a schema`, where);
  }
  return {
    name: param.name,
    argName: param.name,
    required: param.required === true,
    ...(typeof param.description === 'string' ? { description: param.description } : {}),
    schema: param.schema as JsonSchema,
    extensions: extensionsOf(param),
  };
}

function errorModel(refs: Readonly<Record<string, unknown>>, raw: unknown, where: string, at: string): Omit<ErrorModel, 'name'> & { wanted: string } {
  const error = deref(refs, raw);
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
    throw new GeneratorError(`${at}: an error needs an integer code and a message`, where);
  }
  const key = isObject(raw) && typeof raw.$ref === 'string' ? /^#\/components\/errors\/([^/]+)$/.exec(raw.$ref)?.[1] : undefined;
  return { wanted: pascalCase(key ?? error.message) || `Error${String(error.code).replace('-', 'Minus')}`, code: error.code as number, message: error.message, ...('data' in error ? { data: error.data } : {}) };
}

/** A method's declared errors (`errors`, then `x-errors`), each named once: a later equal name gets a number. */
function errorsOf(refs: Readonly<Record<string, unknown>>, method: Record<string, unknown>, where: string, at: (part: string) => string, part: Collect): ErrorModel[] {
  const taken = new Set<string>();
  const lists: Array<[string, unknown]> = [['errors', method.errors], ['x-errors', method['x-errors']]];
  return lists.flatMap(([member, list]) =>
    (Array.isArray(list) ? list : []).flatMap((e, i) => {
      // Each error that is not one is its own problem; the others are still looked at.
      const made = part(() => errorModel(refs, e, `${where}/${member}/${i}`, at(`/${member}/${i}`)));
      if (!made) return [];
      const { wanted, ...error } = made;
      let name = wanted;
      for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
      taken.add(name);
      return [{ name, ...error }];
    }),
  );
}

/** Runs a part's check: its value, or undefined once its problem is added to the document's. */
type Collect = <T>(make: () => T) => T | undefined;

/** How a document's methods that leave `paramStructure` unsaid take their params. */
export interface ParseOptions {
  /**
   * Default `by-position`: a by-position array is what JSON-RPC servers accept most widely
   * (every Ethereum client takes only those). OpenRPC's own default, `either`, lets the
   * generator choose.
   */
  paramStructure?: 'by-name' | 'by-position';
}

function exampleModel(refs: Readonly<Record<string, unknown>>, raw: unknown, structure: MethodModel['paramStructure'], where: string, at: (part: string) => string, part: Collect): ExampleModel | undefined {
  const example = deref(refs, raw);
  if (!isObject(example) || !Array.isArray(example.params)) throw new GeneratorError(`${at('')}: an example needs a list of params`, where);
  // Each of its params that has no name is its own problem.
  const named = example.params.map((p, i) => part(() => {
    const param = deref(refs, p);
    if (!isObject(param) || typeof param.name !== 'string') throw new GeneratorError(`${at(`/params/${i}`)}: an example's param needs a name`, `${where}/params/${i}`);
    return { name: param.name, value: param.value };
  }));
  if (named.some((p) => p === undefined)) return undefined;
  const params = named as Array<{ name: string; value: unknown }>;
  const result = deref(refs, example.result);
  return {
    ...(typeof example.name === 'string' ? { name: example.name } : {}),
    params,
    wireParams: structure === 'by-position' ? params.map((p) => p.value) : Object.fromEntries(params.map((p) => [p.name, p.value])),
    ...(isObject(result) ? { result: { ...(typeof result.name === 'string' ? { name: result.name } : {}), value: result.value } } : {}),
  };
}

/** The schema of a method's whole `params` member, as the node receives it. */
export function paramsSchemaOf(params: ParamModel[], structure: 'by-name' | 'by-position'): JsonSchema {
  if (structure === 'by-position') {
    const required = params.filter((p) => p.required).length;
    // draft-07 tuples: `items` as a list must not be empty, so a method without params is `[]`.
    if (params.length === 0) return { type: 'array', maxItems: 0 };
    return {
      type: 'array',
      items: params.map((p) => p.schema),
      minItems: required,
      maxItems: params.length,
    };
  }
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * The path of a server URL: what follows `{baseUrl}`, or the scheme and authority
 * (`http://{host}`), whose variables say where the node is, not which endpoint.
 */
export function serverPath(url: string): string {
  const path = url.replace(/^(\{[^}]+\}|[a-z][a-z0-9+.-]*:\/\/[^/]*)/i, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** An ajv that validates schemas against draft-07 (made once: it compiles the meta-schema). */
let metaAjv: Ajv | undefined;
const metaValidator = () => (metaAjv ??= new Ajv({ strict: false, allErrors: true }));

/**
 * Every schema of the document must be valid JSON Schema (draft-07, what the validators
 * compile, without checking them again: compiled-validators.ts `validateSchema: false`): `type: strng` stops here, naming the schema or method part and the path, instead
 * of failing later inside ajv with a stack trace.
 */
function checkSchemas(document: Record<string, unknown>, schemas: Record<string, JsonSchema>, problems: string[]): void {
  const ajv = metaValidator();
  const parts: Array<[string, unknown]> = Object.entries(schemas).map(([name, schema]) => [`#/components/schemas/${name}`, schema]);
  for (const [m, method] of (document.methods as unknown[]).entries()) {
    if (!isObject(method)) continue;
    for (const [i, p] of (Array.isArray(method.params) ? method.params : []).entries()) {
      if (isObject(p) && p.schema !== undefined) parts.push([`#/methods/${m}/params/${i}/schema`, p.schema]);
    }
    if (isObject(method.result) && method.result.schema !== undefined) parts.push([`#/methods/${m}/result/schema`, method.result.schema]);
  }
  // The HTTP endpoints' query and response schemas too: the validators compile them without checking them again.
  for (const [e, endpoint] of (Array.isArray(document['x-http-endpoints']) ? document['x-http-endpoints'] : []).entries()) {
    if (!isObject(endpoint)) continue;
    for (const [i, q] of (Array.isArray(endpoint.query) ? endpoint.query : []).entries()) {
      if (isObject(q) && q.schema !== undefined) parts.push([`#/x-http-endpoints/${e}/query/${i}/schema`, q.schema]);
    }
    for (const [status, response] of Object.entries(isObject(endpoint.responses) ? endpoint.responses : {})) {
      if (isObject(response) && response.schema !== undefined) parts.push([`#/x-http-endpoints/${e}/responses/${status}/schema`, response.schema]);
    }
  }
  for (const [where, schema] of parts) {
    if (typeof schema !== 'boolean' && !isObject(schema)) problems.push(`${placeNamed(document, where)}: a schema must be an object or a boolean`);
    else if (ajv.validateSchema(schema as object) !== true) {
      // One line a place: a wrong `type` fails three of the meta-schema's keywords (enum, array, anyOf); the first says it.
      const said = new Set<string>();
      for (const e of ajv.errors ?? []) {
        if (said.has(e.instancePath)) continue;
        said.add(e.instancePath);
        const allowed = Array.isArray(e.params.allowedValues) ? ` (${e.params.allowedValues.join(', ')})` : '';
        problems.push(`${placeNamed(document, `${where}${e.instancePath}`)}: not valid JSON Schema: ${e.message ?? e.keyword}${allowed}`);
      }
    }
  }
}

/**
 * A named schema that is itself through references and alternatives alone (`A: {$ref: A}`,
 * `A: {anyOf: [{$ref: A}, …]}`) has no type: recursion must pass through an object or an array.
 */
function checkRefCycles(schemas: Record<string, JsonSchema>, problems: string[]): void {
  const prefix = '#/components/schemas/';
  // The named schemas a schema is made of directly: its $ref, its alternatives' and parts'.
  const direct = (schema: unknown): string[] => {
    if (!isObject(schema)) return [];
    const refs = typeof schema.$ref === 'string' && schema.$ref.startsWith(prefix) ? [schema.$ref.slice(prefix.length)] : [];
    const parts = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
    return [...refs, ...parts.flatMap(direct)];
  };
  for (const start of Object.keys(schemas)) {
    const path = [start];
    const visit = (name: string, seen: Set<string>): string[] | undefined => {
      for (const next of direct(schemas[name])) {
        if (next === start) return [...path, start];
        if (seen.has(next) || !(next in schemas)) continue;
        seen.add(next);
        path.push(next);
        const found = visit(next, seen);
        if (found) return found;
        path.pop();
      }
      return undefined;
    };
    const cycle = visit(start, new Set([start]));
    if (cycle) {
      problems.push(`schema '${printable(start)}' (${prefix}${printable(start)}): refers to itself with no object or array between (${cycle.map(printable).join(' → ')})`);
    }
  }
}

/** The paths the root `x-batch` lists: endpoints that take JSON-RPC batch arrays. */
function batchPaths(document: Record<string, unknown>): Set<string> {
  const declared = Array.isArray(document['x-batch']) ? document['x-batch'] : [];
  return new Set(declared.filter((entry): entry is { url: string } => isObject(entry) && typeof entry.url === 'string').map((entry) => serverPath(entry.url)));
}

/**
 * The most methods a document may have. Generation costs time and memory per method (ajv compiles
 * each method's params and result, the types compiler and the docs each take them one by one),
 * so a larger document is refused in one line before any of it starts, rather than running for
 * minutes past 1 GB (bench/generate-large.mjs measures both sides of this bound).
 */
export const MAX_METHODS = 2500;

/** A GeneratorError, in one line, when `document` has more methods than generation takes. */
export function checkSize(document: unknown): void {
  const methods = isObject(document) && Array.isArray(document.methods) ? document.methods.length : 0;
  if (methods > MAX_METHODS) throw new GeneratorError(`#/methods: ${methods} methods; avanode-gen generates at most ${MAX_METHODS} per document (split it by namespace)`, '#/methods');
}

/**
 * Parses an OpenRPC 1.x document into the model. Throws GeneratorError naming the method
 * or schema and the JSON path when the document is not one generators can work from.
 */
export function parseDocument(document: unknown, options: ParseOptions = {}): DocumentModel {
  if (!isObject(document)) throw new GeneratorError('the document is not a JSON object', '#');
  if (typeof document.openrpc !== 'string' || !/^1\./.test(document.openrpc)) {
    throw new GeneratorError(`#/openrpc: expected an OpenRPC 1.x version, found ${JSON.stringify(document.openrpc)}`, '#/openrpc');
  }
  const info = isObject(document.info) ? document.info : {};
  if (!Array.isArray(document.methods)) throw new GeneratorError('#/methods: expected a list of methods', '#/methods');
  checkSize(document);
  // Every problem the document has, one a line, reported together at the end.
  const problems: string[] = [];
  // The JSON path of a problem a part threw, more precise than its line's.
  const places = new Map<string, string>();
  const refs = resolveRefs(document, problems);

  const components = isObject(document.components) ? document.components : {};
  const schemas = (isObject(components.schemas) ? components.schemas : {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(schemas)) {
    // OpenRPC's rule for the keys of `components`; it keeps every reference a plain JSON pointer.
    if (!/^[a-zA-Z0-9.\-_]+$/.test(name)) problems.push(`#/components/schemas/${printable(name)}: a schema's name must match ^[a-zA-Z0-9.\\-_]+$ (OpenRPC)`);
  }
  checkSchemas(document, schemas, problems);
  checkRefCycles(schemas, problems);
  const rootServers = Array.isArray(document.servers) ? document.servers : [];
  const batching = batchPaths(document);

  const methods = document.methods.flatMap((raw, index): MethodModel[] => collecting(problems, (): MethodModel[] => {
    const where = `#/methods/${index}`;
    const method = deref(refs, raw);
    if (!isObject(method) || typeof method.name !== 'string' || method.name === '') {
      throw new GeneratorError(`${where}: a method needs a name`, where);
    }
    const name = method.name;
    // A method's part: `method 'pets.get' (#/methods/0/params/1)`. Every part is checked, each
    // problem its own line; a method with any is left out once all its parts have been looked at.
    const at = (part = '') => `method '${printable(name)}' (${where}${part})`;
    const reported = problems.length;
    const part: Collect = (make) => collecting(problems, make, places);
    if (!Array.isArray(method.params)) throw new GeneratorError(`${at()}: params must be a list`, `${where}/params`);
    const structure = method.paramStructure === 'by-position' || method.paramStructure === 'by-name' ? method.paramStructure : (options.paramStructure ?? 'by-position');
    const parsedParams = method.params.map((p, i) => part(() => paramModel(refs, p, `${where}/params/${i}`, at(`/params/${i}`))));
    const params = parsedParams.filter((p): p is ParamModel => p !== undefined);
    const paramAt = new Map<string, number>();
    parsedParams.forEach((p, i) => {
      if (!p) return;
      // OpenRPC: a param's name is unique within its method (by name, one would hide the other).
      const earlier = paramAt.get(p.name);
      if (earlier !== undefined) problems.push(`${at(`/params/${i}`)}: param '${printable(p.name)}' is already ${where}/params/${earlier}'s (a param's name is unique within its method, OpenRPC)`);
      else paramAt.set(p.name, i);
      // OpenRPC: every optional param comes after the required ones (a positional call could not leave one out otherwise).
      if (p.required && parsedParams.slice(0, i).some((before) => before && !before.required)) {
        problems.push(`${at(`/params/${i}`)}: required param '${printable(p.name)}' comes after an optional one (OpenRPC puts optional params last)`);
      }
    });
    const result = method.result === undefined ? undefined : deref(refs, method.result);
    if (result !== undefined && (!isObject(result) || result.schema === undefined)) {
      problems.push(`${at('/result')}: result needs a schema`);
    }
    const servers = ((Array.isArray(method.servers) && method.servers.length > 0 ? method.servers : rootServers) as ServerModel[]).map(
      (s): ServerModel => ({ url: String(s.url), variables: (s.variables ?? {}) as ServerModel['variables'] }),
    );
    const path = servers[0] ? serverPath(servers[0].url) : '/';
    const tags = Array.isArray(method.tags) ? method.tags.map((t) => deref(refs, t)) : [];
    const firstTag = tags.find((t): t is { name: string } => isObject(t) && typeof t.name === 'string');
    // Only the document's own grouping makes a namespace: a `.` prefix or `x-client-namespace`.
    const dot = name.indexOf('.');
    const clientPrefix = method['x-client-prefix'];
    const prefix = dot > 0 ? name.slice(0, dot + 1) : typeof clientPrefix === 'string' && name.startsWith(clientPrefix) && name.length > clientPrefix.length ? clientPrefix : '';
    const group = firstTag?.name ?? (dot > 0 ? name.slice(0, dot) : FLAT_NAMESPACE);
    const pathVariables = Object.keys(servers[0]?.variables ?? {}).filter((variable) => path.includes(`{${variable}}`));
    // The first one is a parameter of generated functions (`client.evm(blockchainID)`).
    if (pathVariables[0] && !isPathVariableName(pathVariables[0])) {
      problems.push(`${at('/servers')}: its path variable {${printable(pathVariables[0]!)}} must be an identifier that is not a reserved word nor ${ARGUMENT_NAMES_LISTED}`);
    }
    const errors = errorsOf(refs, method, where, at, part);
    const examples = (Array.isArray(method.examples) ? method.examples : []).map((raw, i) =>
      part(() => exampleModel(refs, raw, structure, `${where}/examples/${i}`, (inside) => at(`/examples/${i}${inside}`), part)),
    );
    if (problems.length > reported) return [];
    return [{
      name,
      where,
      typeName: pascalCase(name),
      fileName: '',
      memberName: name.slice(prefix.length),
      prefix,
      group,
      namespace: typeof method['x-client-namespace'] === 'string' ? method['x-client-namespace'] : dot > 0 ? name.slice(0, dot) : '',
      ...(typeof method.summary === 'string' ? { summary: method.summary } : {}),
      ...(typeof method.description === 'string' ? { description: method.description } : {}),
      deprecated: method.deprecated === true,
      mutating: method['x-mutating'] === true,
      paramStructure: structure,
      params,
      paramsSchema: paramsSchemaOf(params, structure),
      ...(result !== undefined ? { resultSchema: (result as { schema: JsonSchema }).schema } : {}),
      errors,
      servers,
      path,
      pathVariables,
      ...(pathVariables[0] ? { scope: pathVariables[0] } : {}),
      batches: typeof method['x-batch'] === 'boolean' ? method['x-batch'] : batching.has(path),
      extensions: extensionsOf(method),
      examples: examples as ExampleModel[],
    }];
  }, places) ?? []);
  // OpenRPC: a method's name is unique (the wire cannot tell two apart).
  const first = new Map<string, MethodModel>();
  for (const method of methods) {
    const earlier = first.get(method.name);
    if (earlier) problems.push(`method '${printable(method.name)}' (${method.where}): the name is already ${earlier.where}'s (a method's name is unique, OpenRPC)`);
    else first.set(method.name, method);
  }

  const rawEndpoints = Array.isArray(document['x-http-endpoints']) ? document['x-http-endpoints'] : [];
  const httpEndpoints = rawEndpoints.flatMap((raw, index): HttpEndpointModel[] => collecting(problems, (): HttpEndpointModel[] => {
    const where = `#/x-http-endpoints/${index}`;
    if (!isObject(raw) || typeof raw.name !== 'string' || !isObject(raw.paths) || !isObject(raw.responses)) {
      throw new GeneratorError(`${where}: an HTTP endpoint needs a name, paths and responses`, where);
    }
    // A status names a generated type (`…Response200`): three digits, as HTTP has them.
    const status = Object.keys(raw.responses).find((key) => !/^[1-5]\d\d$/.test(key));
    if (status !== undefined) throw new GeneratorError(`${where}/responses: ${printable(JSON.stringify(status))} is not an HTTP status (three digits)`, where);
    const [namespace, ...rest] = raw.name.split('.');
    return [{
      name: raw.name,
      where,
      typeName: pascalCase(raw.name),
      fileName: '',
      namespace: namespace!,
      memberName: rest.join('.') || 'get',
      ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      httpMethod: typeof raw.httpMethod === 'string' ? raw.httpMethod : 'GET',
      paths: raw.paths as Record<string, string>,
      query: (Array.isArray(raw.query) ? raw.query : []).map((q, i) => paramModel(refs, q, `${where}/query/${i}`)),
      responses: raw.responses as HttpEndpointModel['responses'],
      examples: (Array.isArray(raw.examples) ? raw.examples : []) as HttpEndpointModel['examples'],
      extensions: extensionsOf(raw),
    }];
  }, places) ?? []);
  // A namespace's methods share its path variable (`client.evm(blockchainID)` takes one).
  const scopes = new Map<string, string>();
  for (const m of methods) {
    const scope = m.scope && scopes.get(m.namespace);
    if (scope && scope !== m.scope) {
      problems.push(`method '${printable(m.name)}' (${m.where}): its path variable {${printable(m.scope!)}} differs from {${printable(scope)}} of the other methods of namespace '${printable(m.namespace)}'`);
    } else if (m.scope) scopes.set(m.namespace, m.scope);
  }
  if (problems.length > 0) throw problemsError(problems, places.get(problems[0]!));

  const flatNamespace = typeof document['x-client-namespace'] === 'string' ? document['x-client-namespace'] : FLAT_NAMESPACE;
  const { warnings, schemaTypeNames, schemaFileNames } = settleNames(methods, httpEndpoints, { flatNamespace, schemaNames: Object.keys(schemas) });

  const namespaces = new Map<string, NamespaceModel>();
  const namespace = (name: string) => namespaces.get(name) ?? namespaces.set(name, { name, methods: [], endpoints: [] }).get(name)!;
  for (const m of methods) {
    const space = namespace(m.namespace);
    space.scope ??= m.scope;
    space.methods.push(m);
  }
  for (const e of httpEndpoints) namespace(e.namespace).endpoints.push(e);

  const tags: DocumentModel['tags'] = {};
  for (const [key, tag] of Object.entries(isObject(components.tags) ? components.tags : {})) {
    if (!isObject(tag)) continue;
    const entry = typeof tag.description === 'string' ? { description: tag.description } : {};
    tags[typeof tag.name === 'string' ? tag.name : key] = entry;
    tags[key] ??= entry;
  }
  const declared = Array.isArray(document['x-extensions']) ? document['x-extensions'] : [];

  return {
    title: typeof info.title === 'string' ? info.title : 'OpenRPC document',
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    schemas,
    schemaTypeNames,
    schemaFileNames,
    methods,
    httpEndpoints,
    namespaces: [...namespaces.values()],
    tags,
    declaredExtensions: declared
      .filter((d): d is { name: string; summary?: unknown } => isObject(d) && typeof d.name === 'string')
      .map((d) => ({ name: d.name, ...(typeof d.summary === 'string' ? { summary: d.summary } : {}) })),
    extensions: extensionsOf(document),
    refs,
    warnings,
  };
}
