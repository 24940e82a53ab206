// One parsed model of an OpenRPC document: what every generator module reads.
// It checks what generators rely on and fails with the method or schema and the path
// in the document, so no generator has to guess.
import { Ajv } from 'ajv';
import { GeneratorError } from './errors.ts';

export type JsonSchema = { [key: string]: unknown } | boolean;

export interface ParamModel {
  name: string;
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

export interface MethodModel {
  /** The name on the wire, e.g. `platform.getHeight` or `eth_feeConfig`. */
  name: string;
  /** PascalCase stem of every generated name, e.g. `PlatformGetHeight`. */
  typeName: string;
  /** Name of the method inside its namespace: the wire name after its first `.` or `_` (`getHeight`, `feeConfig`). */
  memberName: string;
  /** The method's group: its first tag, else the name's prefix. */
  group: string;
  /** The client namespace: `x-client-namespace`, else the group. */
  namespace: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  paramStructure: 'by-name' | 'by-position';
  params: ParamModel[];
  /** JSON Schema of the whole `params` member: an object (by-name) or a tuple (by-position). */
  paramsSchema: JsonSchema;
  /** Absent for a method without a result (a notification). */
  resultSchema?: JsonSchema;
  servers: ServerModel[];
  /** Path of the first server, relative to the `{baseUrl}` variable when it has one. */
  path: string;
  /** The `x-` extensions of the method (and its group). */
  extensions: Record<string, unknown>;
  examples: Array<{ name?: string; params: Array<{ name: string; value: unknown }>; result?: { name?: string; value: unknown } }>;
}

export interface HttpEndpointModel {
  name: string;
  typeName: string;
  summary?: string;
  description?: string;
  httpMethod: string;
  paths: Record<string, string>;
  query: ParamModel[];
  responses: Record<string, { description?: string; schema: JsonSchema }>;
  extensions: Record<string, unknown>;
}

export interface DocumentModel {
  title: string;
  version: string;
  /** Named schemas, `components.schemas`, in document order. */
  schemas: Record<string, JsonSchema>;
  methods: MethodModel[];
  httpEndpoints: HttpEndpointModel[];
  /** The document itself, for anything a generator needs beyond the model. */
  document: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `platform.getHeight` → `PlatformGetHeight`; `eth_feeConfig` → `EthFeeConfig`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** A valid identifier from any name: `get-thing` → `getThing`. */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  return /^[0-9]/.test(pascal) ? `_${pascal}` : pascal[0]!.toLowerCase() + pascal.slice(1);
}

function extensionsOf(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => key.startsWith('x-')));
}

/** Follows a local `$ref` (`#/…`) through the document; undefined when it dangles. */
export function resolveRef(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) return undefined;
  }
  return node;
}

function deref<T>(document: unknown, value: T, where: string): T {
  if (isObject(value) && typeof value.$ref === 'string') {
    const target = resolveRef(document, value.$ref);
    if (target === undefined) throw new GeneratorError(`${where}: $ref '${value.$ref}' does not resolve`, where);
    return target as T;
  }
  return value;
}

function checkRefs(document: unknown, value: unknown, where: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkRefs(document, item, `${where}/${i}`));
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        if (resolveRef(document, item) === undefined) {
          throw new GeneratorError(`${where}: $ref '${item}' does not resolve`, where);
        }
      } else {
        checkRefs(document, item, `${where}/${key}`);
      }
    }
  }
}

function paramModel(document: unknown, raw: unknown, where: string): ParamModel {
  const param = deref(document, raw, where);
  if (!isObject(param) || typeof param.name !== 'string' || param.schema === undefined) {
    throw new GeneratorError(`${where}: a param needs a name and a schema`, where);
  }
  return {
    name: param.name,
    required: param.required === true,
    ...(typeof param.description === 'string' ? { description: param.description } : {}),
    schema: param.schema as JsonSchema,
    extensions: extensionsOf(param),
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

/**
 * Parses an OpenRPC 1.x document into the model. Throws GeneratorError naming the method
 * or schema and the JSON path when the document is not one generators can work from.
 */
/**
 * Every schema of the document must be valid JSON Schema (draft-07, what the validators
 * compile): `type: strng` stops here, naming the schema or method part and the path, instead
 * of failing later inside ajv with a stack trace.
 */
function checkSchemas(document: Record<string, unknown>, schemas: Record<string, JsonSchema>): void {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const parts: Array<[string, unknown]> = Object.entries(schemas).map(([name, schema]) => [`#/components/schemas/${name}`, schema]);
  (document.methods as unknown[]).forEach((method, m) => {
    if (!isObject(method)) return;
    if (Array.isArray(method.params)) method.params.forEach((p, i) => isObject(p) && p.schema !== undefined && parts.push([`#/methods/${m}/params/${i}/schema`, p.schema]));
    if (isObject(method.result) && method.result.schema !== undefined) parts.push([`#/methods/${m}/result/schema`, method.result.schema]);
  });
  const problems: string[] = [];
  for (const [where, schema] of parts) {
    if (typeof schema !== 'boolean' && !isObject(schema)) problems.push(`${where}: a schema must be an object or a boolean`);
    else if (ajv.validateSchema(schema as object) !== true) {
      for (const e of ajv.errors ?? []) problems.push(`${where}${e.instancePath}: not valid JSON Schema: ${e.message ?? e.keyword}`);
    }
  }
  if (problems.length > 0) throw new GeneratorError(problems.join('\n'), problems[0]!.split(':')[0]!);
}

export function parseDocument(document: unknown): DocumentModel {
  if (!isObject(document)) throw new GeneratorError('the document is not a JSON object', '#');
  if (typeof document.openrpc !== 'string' || !/^1\./.test(document.openrpc)) {
    throw new GeneratorError(`#/openrpc: expected an OpenRPC 1.x version, found ${JSON.stringify(document.openrpc)}`, '#/openrpc');
  }
  const info = isObject(document.info) ? document.info : {};
  if (!Array.isArray(document.methods)) throw new GeneratorError('#/methods: expected a list of methods', '#/methods');
  checkRefs(document, document, '#');

  const components = isObject(document.components) ? document.components : {};
  const schemas = (isObject(components.schemas) ? components.schemas : {}) as Record<string, JsonSchema>;
  checkSchemas(document, schemas);
  const rootServers = Array.isArray(document.servers) ? document.servers : [];

  const seen = new Map<string, string>();
  const methods = document.methods.map((raw, index): MethodModel => {
    const where = `#/methods/${index}`;
    const method = deref(document, raw, where);
    if (!isObject(method) || typeof method.name !== 'string' || method.name === '') {
      throw new GeneratorError(`${where}: a method needs a name`, where);
    }
    const name = method.name;
    const at = `method '${name}' (${where})`;
    const typeName = pascalCase(name);
    const clash = seen.get(typeName);
    if (clash) {
      throw new GeneratorError(`${at}: its generated names (${typeName}Params, ${typeName}Result) clash with method '${clash}'`, where);
    }
    seen.set(typeName, name);
    if (!Array.isArray(method.params)) throw new GeneratorError(`${at}: params must be a list`, `${where}/params`);
    const structure = method.paramStructure === 'by-position' ? 'by-position' : 'by-name';
    const params = method.params.map((p, i) => paramModel(document, p, `${where}/params/${i}`));
    const result = method.result === undefined ? undefined : deref(document, method.result, `${where}/result`);
    if (result !== undefined && (!isObject(result) || result.schema === undefined)) {
      throw new GeneratorError(`${at}: result needs a schema`, `${where}/result`);
    }
    const servers = (Array.isArray(method.servers) && method.servers.length > 0 ? method.servers : rootServers) as ServerModel[];
    const tags = Array.isArray(method.tags) ? method.tags.map((t, i) => deref(document, t, `${where}/tags/${i}`)) : [];
    const firstTag = tags.find((t): t is { name: string } => isObject(t) && typeof t.name === 'string');
    const separator = name.search(/[._]/);
    const group = firstTag?.name ?? (separator > 0 ? name.slice(0, separator) : 'methods');
    const member = separator > 0 ? name.slice(separator + 1) : name;
    return {
      name,
      typeName,
      memberName: member,
      group,
      namespace: typeof method['x-client-namespace'] === 'string' ? method['x-client-namespace'] : group,
      ...(typeof method.summary === 'string' ? { summary: method.summary } : {}),
      ...(typeof method.description === 'string' ? { description: method.description } : {}),
      deprecated: method.deprecated === true,
      paramStructure: structure,
      params,
      paramsSchema: paramsSchemaOf(params, structure),
      ...(result !== undefined ? { resultSchema: (result as { schema: JsonSchema }).schema } : {}),
      servers: servers.map((s) => ({ url: String(s.url), variables: (s.variables ?? {}) as ServerModel['variables'] })),
      path: servers[0] ? serverPath(String(servers[0].url)) : '/',
      extensions: extensionsOf(method),
      examples: (Array.isArray(method.examples) ? method.examples : []) as MethodModel['examples'],
    };
  });

  for (const schemaName of Object.keys(schemas)) {
    const typeName = pascalCase(schemaName);
    for (const suffix of ['Params', 'Result']) {
      const clash = seen.get(typeName.replace(new RegExp(`${suffix}$`), ''));
      if (typeName.endsWith(suffix) && clash) {
        throw new GeneratorError(
          `schema '${schemaName}' (#/components/schemas/${schemaName}): its type name ${typeName} clashes with the ${suffix} type of method '${clash}'`,
          `#/components/schemas/${schemaName}`,
        );
      }
    }
  }

  const rawEndpoints = Array.isArray(document['x-http-endpoints']) ? document['x-http-endpoints'] : [];
  const httpEndpoints = rawEndpoints.map((raw, index): HttpEndpointModel => {
    const where = `#/x-http-endpoints/${index}`;
    if (!isObject(raw) || typeof raw.name !== 'string' || !isObject(raw.paths) || !isObject(raw.responses)) {
      throw new GeneratorError(`${where}: an HTTP endpoint needs a name, paths and responses`, where);
    }
    return {
      name: raw.name,
      typeName: pascalCase(raw.name),
      ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      httpMethod: typeof raw.httpMethod === 'string' ? raw.httpMethod : 'GET',
      paths: raw.paths as Record<string, string>,
      query: (Array.isArray(raw.query) ? raw.query : []).map((q, i) => paramModel(document, q, `${where}/query/${i}`)),
      responses: raw.responses as HttpEndpointModel['responses'],
      extensions: extensionsOf(raw),
    };
  });

  return {
    title: typeof info.title === 'string' ? info.title : 'OpenRPC document',
    version: typeof info.version === 'string' ? info.version : '0.0.0',
    schemas,
    methods,
    httpEndpoints,
    document,
  };
}
