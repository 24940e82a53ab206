// @avanode/types: one TypeScript type per named schema, `<Method>Params` and `<Method>Result`
// per method, the `Methods` map and the `HttpEndpoints` map. Types only: no runtime code.
import type { JSONSchema } from 'json-schema-to-typescript';
import { header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { formatDeclarations } from '../type-format/index.ts';
import { compileRemembered } from './types-compile.ts';
import { diskCached } from '../disk-cache.ts';
import type { DocumentModel, JsonSchema } from '../model.ts';
import { schemaRefName } from '../util/refs.ts';

// Keywords that say what a value is; a schema with none of them accepts any JSON value.
const SHAPE_KEYWORDS = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'properties', 'items', 'additionalProperties', 'patternProperties', 'tsType', 'not'];
// Keywords whose values are maps of schemas (not schemas themselves).
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
// json-schema-to-typescript's own keywords, whose text it writes into the declarations as it is
// (`tsType: "string; globalThis.x = 1"` would be a statement of the types module): a document's
// are dropped, only the plugin writes them.
const COMPILER_KEYWORDS = new Set(['tsType', 'tsEnumNames']);

/**
 * Prepares a schema for json-schema-to-typescript, keeping JSON Schema's meaning:
 * `#/components/schemas/X` becomes `#/definitions/X` (where the compiler looks), a schema
 * with no shape keyword is `unknown`, and an object schema that names no member is an open map.
 */
function forCompiler(value: unknown, typeNames: Readonly<Record<string, string>>, isSchema = true): unknown {
  if (Array.isArray(value)) return value.map((item) => forCompiler(item, typeNames, isSchema));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSchema && COMPILER_KEYWORDS.has(key)) continue;
    if (key === '$ref' && typeof item === 'string' && schemaRefName(item) !== undefined) out[key] = `#/definitions/${typeNames[schemaRefName(item)!] ?? schemaRefName(item)}`;
    else if (SCHEMA_MAPS.has(key) && item !== null && typeof item === 'object') {
      out[key] = Object.fromEntries(Object.entries(item).map(([name, schema]) => [memberKey(name), forCompiler(schema, typeNames)]));
    } else if (key === 'required' && Array.isArray(item)) out[key] = item.map((name) => (typeof name === 'string' ? memberKey(name) : name));
    else if (key === 'examples' || key === 'enum' || key === 'const' || key === 'default') out[key] = item;
    else out[key] = forCompiler(item, typeNames, isSchema);
  }
  if (!isSchema) return out;
  // A description beside a $ref would make the compiler copy the referenced type under a new
  // name. Wrapped in a one-branch allOf, the reference stays the named type and the description
  // (what this member means, beside what its type is) becomes the member's doc comment.
  if (typeof out.$ref === 'string') return typeof out.description === 'string' ? { allOf: [{ $ref: out.$ref }], description: out.description } : { $ref: out.$ref };
  if (!SHAPE_KEYWORDS.some((keyword) => keyword in out)) return { ...out, tsType: 'unknown' };
  if (out.type === 'object' && !('properties' in out) && !('additionalProperties' in out) && !('patternProperties' in out)) {
    return { ...out, additionalProperties: true };
  }
  return out;
}

/**
 * A member name the compiler can take: `hasOwnProperty`, `__proto__`, `constructor`… (the
 * members every object has) would be read as the compiler's own, so they go in spelled as a
 * placeholder, and `withMemberNames` puts them back in its output.
 */
const MEMBER_TOKEN = 'AvanodeMember';
const OBJECT_MEMBERS = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);
const memberKey = (name: string): string => (OBJECT_MEMBERS.has(name) ? `${MEMBER_TOKEN}${Buffer.from(name).toString('hex')}x` : name);
const withMemberNames = (code: string): string => code.replace(new RegExp(`${MEMBER_TOKEN}([0-9a-f]+)x`, 'g'), (_whole, hex: string) => Buffer.from(hex, 'hex').toString());

/** Drops the compiler's "referenced by … via the definition …" lines from doc comments. */
function withoutProvenance(code: string): string {
  return code
    .replace(/\n \*\s*\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g, '')
    .replace(/\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g, '')
    .replace(/\/\*\*\n \*\/\n/g, '');
}

function titled(model: DocumentModel, schema: JsonSchema, title: string, description?: string): JsonSchema {
  const base = typeof schema === 'boolean' ? { allOf: [schema] } : (forCompiler(schema, model.schemaTypeNames) as Record<string, unknown>);
  // A bare reference would make the new name a mere alias chain; allOf keeps it a named type.
  const named = typeof base.$ref === 'string' ? { allOf: [base] } : { ...base };
  return { ...named, title, ...(description ? { description } : {}) };
}

function methodDescription(summary: string | undefined, description: string | undefined, deprecated: boolean): string | undefined {
  const parts = [summary, description, deprecated ? '@deprecated' : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** A named schema marked `x-uint64: true` (a 64-bit integer a client may decode to bigint). */
const isUint64Schema = (schema: JsonSchema): boolean => typeof schema === 'object' && schema['x-uint64'] === true;

/**
 * The schema the type declarations of the document are compiled from. With `bigint`, every
 * named schema marked `x-uint64` becomes `bigint`: the types of what a client returns when it
 * decodes them.
 */
function typesRoot(model: DocumentModel, bigint: boolean): object {
  // Keyed by the settled type names (model-names.ts), which no object member's name can be.
  const definitions: Record<string, unknown> = {};
  const toDefinitionRefs = (value: unknown) => forCompiler(value, model.schemaTypeNames);
  for (const [name, schema] of Object.entries(model.schemas)) {
    const base = toDefinitionRefs(schema) as Record<string, unknown>;
    const typeName = model.schemaTypeNames[name]!;
    if (bigint && isUint64Schema(schema)) {
      definitions[typeName] = { title: typeName, description: base.description, tsType: 'bigint' };
      continue;
    }
    if (isUint64Schema(schema) && base.type === 'integer') {
      // A bare number on the wire, but the client never rounds: beyond 2^53 − 1 it gives the
      // number's exact decimal string (core/lossless.ts), so that is a value of this type too.
      definitions[typeName] = { title: typeName, description: base.description, tsType: 'number | string' };
      continue;
    }
    definitions[typeName] = typeof schema === 'boolean' ? { allOf: [schema], title: typeName } : { title: typeName, ...base };
  }
  const methodEntries: Record<string, unknown> = {};
  for (const method of model.methods) {
    const paramsName = `${method.typeName}Params`;
    const resultName = `${method.typeName}Result`;
    const doc = methodDescription(method.summary, method.description, method.deprecated);
    // No params by position: the empty tuple, written by the plugin (titled() drops a document's tsType).
    definitions[paramsName] = method.paramStructure === 'by-position' && method.params.length === 0
      ? { tsType: '[]', title: paramsName, description: `Params of \`${method.name}\`.` }
      : titled(model, method.paramsSchema, paramsName, `Params of \`${method.name}\`.`);
    if (method.resultSchema !== undefined) definitions[resultName] = titled(model, method.resultSchema, resultName, doc ? `Result of \`${method.name}\`. ${doc}` : `Result of \`${method.name}\`.`);
    methodEntries[memberKey(method.name)] = {
      type: 'object',
      required: ['params', 'result'],
      properties: {
        params: { $ref: `#/definitions/${paramsName}` },
        result: method.resultSchema !== undefined ? { $ref: `#/definitions/${resultName}` } : { tsType: 'void' },
      },
      additionalProperties: false,
    };
  }
  const endpointEntries: Record<string, unknown> = {};
  for (const endpoint of model.httpEndpoints) {
    const queryName = `${endpoint.typeName}Query`;
    definitions[queryName] = {
      title: queryName,
      description: `Query parameters of the \`${endpoint.name}\` endpoint.`,
      type: 'object',
      properties: Object.fromEntries(endpoint.query.map((q) => [memberKey(q.name), toDefinitionRefs(q.schema)])),
      required: endpoint.query.filter((q) => q.required).map((q) => memberKey(q.name)),
    };
    endpointEntries[memberKey(endpoint.name)] = {
      type: 'object',
      required: ['query', 'responses'],
      properties: {
        query: { $ref: `#/definitions/${queryName}` },
        responses: {
          type: 'object',
          required: Object.keys(endpoint.responses),
          properties: Object.fromEntries(Object.entries(endpoint.responses).map(([status, r]) => [status, toDefinitionRefs(r.schema)])),
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
  }
  definitions.HttpEndpoints = {
    title: 'HttpEndpoints',
    description: 'Every plain HTTP endpoint: its query and its response body per status.',
    type: 'object',
    required: Object.keys(endpointEntries),
    properties: endpointEntries,
    additionalProperties: false,
  };

  const root = {
    title: 'Methods',
    description: 'Every JSON-RPC method by its wire name: its params and its result.',
    type: 'object',
    required: Object.keys(methodEntries),
    properties: methodEntries,
    additionalProperties: false,
    definitions,
  };
  return root;
}

/** The declarations of a root schema, kept on disk for the next run (disk-cache.ts) by its whole text: descriptions included, as they become doc comments. */
const compiledTypes = (root: object, text: string): Promise<string> => diskCached('types', text, () => compileAndFormat(root));

async function compileAndFormat(root: object): Promise<string> {
  const code = await compileRemembered(root as JSONSchema, 'Methods', {
    bannerComment: '',
    unreachableDefinitions: true,
    // Objects are closed in the types unless the schema opens them explicitly: the node's
    // open maps say `additionalProperties`, everything else is exact.
    additionalProperties: false,
    strictIndexSignatures: false,
    // Formatted below as the compiler's own `format: true` would, without loading prettier's parsers.
    format: false,
    declareExternallyReferenced: true,
    enableConstEnums: false,
    inferStringEnumKeysFromValues: false,
    ignoreMinAndMaxItems: false,
    maxItems: 20,
    $refOptions: {},
  });
  return `${withMemberNames(withoutProvenance(await formatDeclarations(code))).trim()}\n\n/** A method's wire name. */\nexport type MethodName = keyof Methods;\n`;
}

export async function typesFiles(model: DocumentModel, context: GeneratorContext): Promise<GeneratedFiles> {
  const head = header(context, model.title, model.version);
  const wireRoot = typesRoot(model, false);
  const bigintRoot = typesRoot(model, true);
  const [wireText, bigintText] = [JSON.stringify(wireRoot), JSON.stringify(bigintRoot)];
  // A document with no 64-bit integer (`x-uint64`) has the same types either way: compiled once,
  // which halves the types' cost for most foreign documents (the compiler is most of it).
  const wirePromise = compiledTypes(wireRoot, wireText);
  const [wire, bigint] = await Promise.all([wirePromise, bigintText === wireText ? wirePromise : compiledTypes(bigintRoot, bigintText)]);
  return new Map([
    ['types/src/index.ts', `${head}\n${wire}`],
    [
      'types/src/bigint.ts',
      `${head}// The same types with every 64-bit integer (\`x-uint64\`) as a bigint: what a client\n// returns when asked to decode them (\`bigint: true\`).\n\n${bigint}`,
    ],
  ]);
}
