// The `avanode` command line: the method table it reads, one entry per method of the document
// (namespace and member, texts for --help, the flags of its params and how to read their values,
// the examples). The commands themselves are hand-written in packages/cli and know no method by name.
import { header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { resolveRef, type DocumentModel, type JsonSchema, type MethodModel } from '../model.ts';

/**
 * How a flag's text becomes a value: `string` as it is; `boolean` a switch (`--x`, `--no-x`);
 * `array` each repetition an item (or one JSON array), items read by `items`; `json` as JSON when
 * it parses (numbers exactly), else as the text.
 */
export type FlagKind = 'string' | 'boolean' | 'array' | 'json';

export interface CliParam {
  name: string;
  /** The kebab-case flag (`subnet-id`); `--<name>` works too. */
  flag: string;
  required: boolean;
  kind: FlagKind;
  items?: Exclude<FlagKind, 'array' | 'boolean'>;
  /** A short type for help: the schema's name, its enum, or its JSON type. */
  type: string;
  description?: string;
}

export interface CliMethod {
  method: string;
  namespace: string;
  member: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  mutating: boolean;
  byPosition: boolean;
  /** The path variable the method is scoped by (a chain), its flag, and the server's description and default of it (for help). */
  scope?: { name: string; flag: string; description?: string; example?: string };
  params: CliParam[];
  examples: Array<{ name?: string; params: unknown; result?: unknown }>;
}

/** Flags every method command takes; a param with one of these names gets a `param-` prefix. */
export const GLOBAL_FLAGS = ['url', 'params', 'timeout-ms', 'help', 'validate', 'compact'];

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `subnetID` → `subnet-id`, `nodeIDs` → `node-ids`, `UTXOIndex` → `utxo-index`. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z]{2,})/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** The JSON types a schema admits (following `$ref`s, unions and enums); undefined when it admits anything. */
function jsonTypes(model: DocumentModel, schema: JsonSchema | undefined, depth = 0): Set<string> | undefined {
  if (schema === undefined || typeof schema === 'boolean' || depth > 20) return undefined;
  if (typeof schema.$ref === 'string') return jsonTypes(model, resolveRef(model.document, schema.$ref) as JsonSchema, depth + 1);
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  else if (Array.isArray(schema.type)) for (const t of schema.type) types.add(String(t));
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  for (const value of values) types.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value);
  for (const branch of [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])]) {
    const inner = jsonTypes(model, branch as JsonSchema, depth + 1);
    if (!inner) return undefined;
    for (const t of inner) types.add(t);
  }
  if (types.size === 0 && Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const inner = jsonTypes(model, part as JsonSchema, depth + 1);
      if (inner) return inner;
    }
  }
  if (types.size === 0 && isObject(schema.properties)) types.add('object');
  if (types.has('integer')) types.add('number');
  return types.size > 0 ? types : undefined;
}

function kindOf(model: DocumentModel, schema: JsonSchema | undefined): FlagKind {
  const types = jsonTypes(model, schema);
  if (types?.size === 1 && types.has('string')) return 'string';
  if (types?.size === 1 && types.has('boolean')) return 'boolean';
  if (types?.size === 1 && types.has('array')) return 'array';
  return 'json';
}

/** The array's item schema, following one `$ref`. */
function itemsOf(model: DocumentModel, schema: JsonSchema): JsonSchema | undefined {
  const target = isObject(schema) && typeof schema.$ref === 'string' ? (resolveRef(model.document, schema.$ref) as JsonSchema) : schema;
  return isObject(target) && (isObject(target.items) || typeof target.items === 'boolean') ? (target.items as JsonSchema) : undefined;
}

function typeLabel(model: DocumentModel, schema: JsonSchema | undefined): string {
  if (schema === undefined || typeof schema === 'boolean') return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.type === 'array') return `${typeLabel(model, itemsOf(model, schema))}[]`;
  const branches = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])];
  if (branches.length > 0) return branches.map((b) => typeLabel(model, b as JsonSchema)).join(' | ');
  return typeof schema.type === 'string' ? schema.type : 'any';
}

function scopeOf(m: MethodModel): string | undefined {
  return Object.keys(m.servers[0]?.variables ?? {}).find((name) => m.path.includes(`{${name}}`));
}

export function cliMethod(model: DocumentModel, m: MethodModel): CliMethod {
  const scopeName = scopeOf(m);
  const taken = new Set(GLOBAL_FLAGS);
  const variable = scopeName ? m.servers[0]?.variables[scopeName] : undefined;
  const scope: CliMethod['scope'] = scopeName
    ? {
        name: scopeName,
        flag: kebab(scopeName),
        ...(variable?.description ? { description: variable.description } : {}),
        ...(variable?.default ? { example: variable.default } : {}),
      }
    : undefined;
  // The scope's flag yields to a param of the same name, which keeps its natural flag.
  if (scope && m.params.some((p) => kebab(p.name) === scope.flag)) scope.flag = `path-${scope.flag}`;
  if (scope) taken.add(scope.flag);
  const params = m.params.map((p): CliParam => {
    const natural = kebab(p.name) || 'param';
    const flag = taken.has(natural) ? `param-${natural}` : natural;
    taken.add(flag);
    const kind = kindOf(model, p.schema);
    const items = kind === 'array' ? kindOf(model, itemsOf(model, p.schema)) : undefined;
    return {
      name: p.name,
      flag,
      required: p.required,
      kind,
      ...(items ? { items: items === 'string' ? 'string' : 'json' } : {}),
      type: typeLabel(model, p.schema),
      ...(p.description ? { description: p.description } : {}),
    };
  });
  return {
    method: m.name,
    namespace: m.namespace,
    member: m.memberName,
    ...(m.summary ? { summary: m.summary } : {}),
    ...(m.description ? { description: m.description } : {}),
    deprecated: m.deprecated,
    mutating: m.extensions['x-mutating'] === true,
    byPosition: m.paramStructure === 'by-position',
    ...(scope ? { scope } : {}),
    params,
    examples: m.examples.map((e) => ({
      ...(e.name ? { name: e.name } : {}),
      params: m.paramStructure === 'by-position' ? e.params.map((p) => p.value) : Object.fromEntries(e.params.map((p) => [p.name, p.value])),
      ...(e.result ? { result: e.result.value } : {}),
    })),
  };
}

/** The table's types, written into the generated file so it stands alone. */
const TYPES = `/**
 * How a flag's text becomes a value: \`string\` as it is; \`boolean\` a switch (\`--x\`, \`--no-x\`);
 * \`array\` each repetition an item (or one JSON array), items read by \`items\`; \`json\` as JSON
 * when it parses (numbers exactly), else as the text.
 */
export type FlagKind = 'string' | 'boolean' | 'array' | 'json';

export interface CliParam {
  name: string;
  /** The kebab-case flag (\`subnet-id\`); \`--<name>\` works too. */
  flag: string;
  required: boolean;
  kind: FlagKind;
  items?: 'string' | 'json';
  /** A short type for help: the schema's name, its enum, or its JSON type. */
  type: string;
  description?: string;
}

export interface CliMethod {
  method: string;
  namespace: string;
  member: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  mutating: boolean;
  byPosition: boolean;
  /** The path variable the method is scoped by (a chain), its flag, and the server's description and default of it (for help). */
  scope?: { name: string; flag: string; description?: string; example?: string };
  params: CliParam[];
  examples: Array<{ name?: string; params: unknown; result?: unknown }>;
}
`;

export function cliFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const methods = model.methods.map((m) => cliMethod(model, m));
  const text = [
    header(context, model.title, model.version),
    '// Every method of the document as the command line sees it: read by the hand-written commands.',
    '',
    TYPES,
    `/** The document the table was generated from. */`,
    `export const document = ${JSON.stringify({ title: model.title, version: model.version })} as const;`,
    '',
    '/** One entry per method, in document order. */',
    `export const methods: readonly CliMethod[] = ${JSON.stringify(methods, null, 2)};`,
    '',
  ].join('\n');
  return new Map([['cli/src/generated/methods.ts', text]]);
}
