// The `avanode` command line: the method table it reads, one entry per method of the document
// (namespace and member, texts for --help, the flags of its params and how to read their values,
// the examples). The commands themselves are hand-written in packages/cli and know no method by name.
import { generatedFile, header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import type { CliMethod, CliParam, FlagKind } from '../../templates/cli/methods.ts';
import type { DocumentModel, JsonSchema, MethodModel } from '../model.ts';
import { jsonCode } from '../util/code.ts';
import { isObject } from '../util/json.ts';
import { kebabCase } from '../util/names.ts';
import { followRefs } from '../util/refs.ts';
import { template } from '../util/template.ts';

/** Flags every method command takes; a param with one of these names gets a `param-` prefix. */
const GLOBAL_FLAGS = ['url', 'params', 'timeout-ms', 'help', 'validate', 'compact'];

/** The JSON types a schema admits (following `$ref`s, unions and enums); undefined when it admits anything. */
function jsonTypes(model: DocumentModel, schema: JsonSchema | undefined, depth = 0): Set<string> | undefined {
  schema = followRefs(model.refs, schema);
  if (schema === undefined || typeof schema === 'boolean' || depth > 20) return undefined;
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

/** The array's item schema, following `$ref`s. */
function itemsOf(model: DocumentModel, schema: JsonSchema): JsonSchema | undefined {
  const target = followRefs(model.refs, schema);
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

function cliMethod(model: DocumentModel, m: MethodModel): CliMethod {
  const scopeName = m.scope;
  const taken = new Set(GLOBAL_FLAGS);
  const variable = scopeName ? m.servers[0]?.variables[scopeName] : undefined;
  const scope: CliMethod['scope'] = scopeName
    ? {
        name: scopeName,
        flag: kebabCase(scopeName),
        ...(variable?.description ? { description: variable.description } : {}),
        ...(variable?.default ? { example: variable.default } : {}),
      }
    : undefined;
  // The scope's flag yields to a param of the same name, which keeps its natural flag.
  if (scope && m.params.some((p) => kebabCase(p.name) === scope.flag)) scope.flag = `path-${scope.flag}`;
  if (scope) taken.add(scope.flag);
  const params = m.params.map((p): CliParam => {
    const natural = kebabCase(p.name) || 'param';
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
    mutating: m.mutating,
    byPosition: m.paramStructure === 'by-position',
    ...(scope ? { scope } : {}),
    params,
    examples: m.examples.map((e) => ({ ...(e.name ? { name: e.name } : {}), params: e.wireParams, ...(e.result ? { result: e.result.value } : {}) })),
  };
}

export function cliFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const text = template('cli/methods.ts').fill({
    document: jsonCode({ title: model.title, version: model.version }),
    methods: jsonCode(model.methods.map((m) => cliMethod(model, m)), 2),
  });
  return new Map([['cli/src/generated/methods.ts', generatedFile(header(context, model.title, model.version), text)]]);
}
