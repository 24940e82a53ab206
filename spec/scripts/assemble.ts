// Assembles the hand-written YAML sources under spec/src into one OpenRPC document.
// Pure functions over the file system's contents, so tests can feed broken sources.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
// js-yaml with YAML 1.2's core schema (no timestamps, no merge keys, yes/no stay strings),
// duplicate keys refused: four times faster than `yaml` on spec/src, the same JSON for every file.
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A build error that names the source file and the schema or method at fault. */
export class SpecBuildError extends Error {
  override name = 'SpecBuildError';
}

interface Origin {
  file: string;
  name: string;
}

const GROUP_DEFAULTS = ['tag', 'errors', 'paramStructure', 'servers'] as const;
// Key order of an assembled method, so the output reads the same way for every method.
const METHOD_KEY_ORDER = ['name', 'summary', 'description', 'tags', 'paramStructure', 'servers', 'params', 'result', 'errors', 'deprecated', 'examples'];

/**
 * Each file's parsed value, with the text it was parsed from: a process that assembles again
 * (`avanode-gen --watch`) parses only the files whose text changed. The values are frozen,
 * since later assemblies share them.
 */
const parsedFiles = new Map<string, { text: string; value: JsonObject }>();

function deepFreeze(value: Json): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/**
 * Parsed files a caller keeps between processes (the generator's disk cache): the sha-256 of a
 * file's text → its value as JSON, which parses several times faster than YAML. `keptYaml.used`
 * holds the entries of the latest assembly, what the caller keeps for the next.
 */
const keptYaml = { kept: new Map<string, string>(), used: new Map<string, string>() };
export function keepParsedYaml(kept: Map<string, string>): { used: Map<string, string> } {
  keptYaml.kept = kept;
  keptYaml.used = new Map();
  return keptYaml;
}

function readYaml(path: string, root: string, read: Set<string>): JsonObject {
  try {
    const text = readFileSync(path, 'utf8');
    read.add(path);
    const known = parsedFiles.get(path);
    if (known?.text === text) return known.value;
    const hash = createHash('sha256').update(text).digest('hex');
    const json = keptYaml.kept.get(hash);
    const value = (json !== undefined ? JSON.parse(json) : load(text, { schema: CORE_SCHEMA })) as Json;
    // Kept only where JSON holds the value exactly (YAML's `.inf` and `.nan` it does not).
    const kept = json ?? (JSON.stringify(value).includes('null') && /\.(inf|nan)\b/i.test(text) ? undefined : JSON.stringify(value));
    if (kept !== undefined) keptYaml.used.set(hash, kept);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new Error('the file must hold a mapping at its top level');
    }
    deepFreeze(value);
    parsedFiles.set(path, { text, value });
    return value;
  } catch (error) {
    throw new SpecBuildError(`${relative(root, path)}: ${yamlProblem(error)}`);
  }
}

/** One line for a YAML error: js-yaml's message also carries a multi-line excerpt of the source. */
function yamlProblem(error: unknown): string {
  if (error instanceof YAMLException && error.mark) return `${error.reason} at line ${error.mark.line + 1}, column ${error.mark.column + 1}`;
  return (error as Error).message;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => join(dir, file));
}

/**
 * The method files: `methods/<group>.yaml` with its own `group` block, or a folder
 * `methods/<group>/` whose `group.yaml` holds the group block and whose other files (one per
 * topic) hold only methods.
 */
function methodSources(dir: string, root: string, read: Set<string>): Array<{ file: string; group?: JsonObject }> {
  const sources: Array<{ file: string; group?: JsonObject }> = yamlFiles(dir).map((file) => ({ file }));
  for (const entry of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const folder = join(dir, entry.name);
    const groupFile = join(folder, 'group.yaml');
    if (!existsSync(groupFile)) throw new SpecBuildError(`${relative(root, folder)}: a group folder needs a group.yaml`);
    const group = readYaml(groupFile, root, read).group;
    if (group === null || typeof group !== 'object' || Array.isArray(group)) throw new SpecBuildError(`${relative(root, groupFile)}: expected a 'group' mapping`);
    for (const file of yamlFiles(folder)) if (file !== groupFile) sources.push({ file, group });
  }
  return sources;
}

function orderMethodKeys(method: JsonObject): JsonObject {
  const ordered: JsonObject = {};
  for (const key of METHOD_KEY_ORDER) if (key in method) ordered[key] = method[key]!;
  for (const key of Object.keys(method).sort()) if (!(key in ordered)) ordered[key] = method[key]!;
  return ordered;
}

/** Every `$ref` string inside a value, with the JSON path where it stands. */
function* refsIn(value: Json, path: string): Generator<{ ref: string; path: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* refsIn(item, `${path}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') yield { ref: item, path };
      else yield* refsIn(item, `${path}/${key}`);
    }
  }
}

function resolvePointer(document: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}

export interface AssembledSpec {
  document: JsonObject;
}

export interface AssembleOptions {
  /**
   * A faster proof that every example passes its schemas (the generator's compiled validators):
   * when it returns true and nothing else is wrong, the examples are not checked again here;
   * otherwise they are, as always, so a failing example is reported the same way.
   */
  examplesPass?: (document: JsonObject) => boolean;
}

/** Reads spec/src (or another folder of the same layout) and returns the document, its `$ref`s kept (all local). */
export function assembleSpec(srcDir: string, options: AssembleOptions = {}): AssembledSpec {
  const read = new Set<string>();
  try {
    return assembleFrom(srcDir, options, read);
  } finally {
    // Only the files of the latest assembly are kept.
    for (const path of parsedFiles.keys()) if (!read.has(path)) parsedFiles.delete(path);
  }
}

function assembleFrom(srcDir: string, options: AssembleOptions, read: Set<string>): AssembledSpec {
  const root = join(srcDir, '..');
  const document = readYaml(join(srcDir, 'document.yaml'), root, read);
  const origins = new Map<Json, Origin>();

  const schemas: JsonObject = {};
  const schemaFile = new Map<string, string>();
  for (const file of yamlFiles(join(srcDir, 'schemas'))) {
    const rel = relative(root, file);
    for (const [name, schema] of Object.entries(readYaml(file, root, read))) {
      const earlier = schemaFile.get(name);
      if (earlier) throw new SpecBuildError(`${rel}: schema '${name}' is already defined in ${earlier}`);
      schemaFile.set(name, rel);
      schemas[name] = schema;
      origins.set(schema, { file: rel, name: `schema '${name}'` });
    }
  }

  const errorsFile = join(srcDir, 'errors.yaml');
  const errors = readYaml(errorsFile, root, read);
  origins.set(errors, { file: relative(root, errorsFile), name: 'errors' });

  const methods: JsonObject[] = [];
  const methodFile = new Map<string, string>();
  for (const { file, group: folderGroup } of methodSources(join(srcDir, 'methods'), root, read)) {
    const rel = relative(root, file);
    const source = readYaml(file, root, read);
    if (folderGroup && source.group !== undefined) throw new SpecBuildError(`${rel}: a file in a group folder takes its group from group.yaml`);
    const group = (folderGroup ?? source.group ?? {}) as JsonObject;
    const list = source.methods;
    if (!Array.isArray(list)) throw new SpecBuildError(`${rel}: expected a 'methods' list`);
    for (const raw of list as JsonObject[]) {
      const name = raw.name;
      if (typeof name !== 'string') throw new SpecBuildError(`${rel}: a method has no name`);
      const earlier = methodFile.get(name);
      if (earlier) throw new SpecBuildError(`${rel}: method '${name}' is already defined in ${earlier}`);
      methodFile.set(name, rel);
      const method: JsonObject = { ...raw };
      for (const key of GROUP_DEFAULTS) {
        if (group[key] === undefined || method[key] !== undefined) continue;
        if (key === 'tag') method.tags = [{ $ref: `#/components/tags/${group.tag as string}` }];
        else method[key] = group[key]!;
      }
      for (const [key, value] of Object.entries(group)) {
        if (key.startsWith('x-') && method[key] === undefined) method[key] = value;
      }
      const ordered = orderMethodKeys(method);
      origins.set(ordered, { file: rel, name: `method '${name}'` });
      methods.push(ordered);
    }
  }
  // Plain code-unit order, so the output does not depend on the machine's locale.
  methods.sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1));

  const components = (document.components ?? {}) as JsonObject;
  const assembled: JsonObject = {
    ...document,
    methods,
    components: { ...components, schemas, errors },
  };

  // Dangling references are reported with the file and the schema or method holding them.
  const pieces: Array<[Json, Origin]> = [
    ...origins.entries(),
    [document, { file: 'src/document.yaml', name: 'the document root' }],
  ];
  for (const [piece, origin] of pieces) {
    for (const { ref, path } of refsIn(piece, '')) {
      if (resolvePointer(assembled, ref) === undefined) {
        throw new SpecBuildError(`${origin.file}: ${origin.name} refers to '${ref}' (at ${path || '/'}), which does not exist`);
      }
    }
  }

  const problems = [...schemaProblems(schemas, schemaFile), ...inlineSchemaProblems(methods, methodFile, document)];
  // Examples are checked once the schemas are sound (a broken schema would fail its examples too: one line per mistake).
  if (problems.length === 0 && options.examplesPass?.(assembled) !== true) problems.push(...exampleProblems(assembled, methodFile));
  if (problems.length > 0) throw new SpecBuildError(problems.join('\n'));

  return { document: assembled };
}

/** A validator for JSON Schema itself and for the document's schemas (`x-` keywords are annotations, not errors). */
function schemaAjv(document: JsonObject): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return ajv;
}
const DOCUMENT_ID = 'avanode:spec';
let ajvOfDocument: { document: JsonObject; ajv: Ajv } | undefined;
const ajvFor = (document: JsonObject) => {
  if (ajvOfDocument?.document !== document) ajvOfDocument = { document, ajv: schemaAjv(document) };
  return ajvOfDocument.ajv;
};

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `at ${e.instancePath || '/'}: ${e.message ?? e.keyword}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`);

/** An ajv that validates schemas against draft-07 (made once: it compiles the meta-schema). */
let metaAjv: Ajv | undefined;
const metaValidator = () => (metaAjv ??= new Ajv({ strict: false, allErrors: true }));

/** Every named schema must be valid JSON Schema (draft-07): `type: strng` is caught here, naming the file and the schema. */
function schemaProblems(schemas: JsonObject, schemaFile: Map<string, string>): string[] {
  const ajv = metaValidator();
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    if (ajv.validateSchema(schema as object) !== true) {
      // One line per mistake: ajv's first error is the most telling (a wrong `type` also fails the "array" branch).
      problems.push(`${schemaFile.get(name)}: schema '${name}' is not valid JSON Schema ${describeErrors(ajv.errors)[0]}`);
    }
    for (const line of unknownKeywords(schema, '')) problems.push(`${schemaFile.get(name)}: schema '${name}' ${line}`);
  }
  return problems;
}

/** The keywords a schema here may use: draft-07's, and `x-` extensions. */
const KEYWORDS = new Set([
  '$id', '$schema', '$ref', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly',
  'type', 'enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'required', 'minProperties', 'maxProperties', 'dependencies',
  'items', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'definitions',
  'contentEncoding', 'contentMediaType',
]);
const SUBSCHEMA = ['additionalProperties', 'propertyNames', 'additionalItems', 'contains', 'not', 'if', 'then', 'else'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'];

/**
 * Keywords JSON Schema does not have, with where they stand: valid JSON Schema ignores them,
 * so a typo (`requried`) or a YAML flow mapping split at an unquoted comma
 * (`{description: a, b}` makes a keyword `b` with value null) would otherwise pass unseen.
 */
function unknownKeywords(schema: Json, path: string): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!key.startsWith('x-') && !KEYWORDS.has(key)) {
      found.push(`has a keyword JSON Schema does not know at ${path || '/'}: '${key}'${value === null ? ' (null: an unquoted comma in a YAML flow mapping?)' : ''}`);
    }
  }
  for (const key of SUBSCHEMA) if (key in schema) found.push(...unknownKeywords(schema[key]!, `${path}/${key}`));
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (map && typeof map === 'object' && !Array.isArray(map)) for (const [name, sub] of Object.entries(map)) found.push(...unknownKeywords(sub, `${path}/${key}/${name}`));
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) for (const [i, sub] of list.entries()) found.push(...unknownKeywords(sub, `${path}/${key}/${i}`));
  }
  const items = schema.items;
  if (Array.isArray(items)) for (const [i, sub] of items.entries()) found.push(...unknownKeywords(sub, `${path}/items/${i}`));
  else if (items !== undefined) found.push(...unknownKeywords(items, `${path}/items`));
  return found;
}

/**
 * The checks of named schemas for every schema written anywhere else: inline in a method's
 * params and result, in the health GET endpoints' query and responses (src/document.yaml). Each
 * problem is one line naming the file, the method or endpoint, and the JSON path in it.
 */
function inlineSchemaProblems(methods: JsonObject[], methodFile: Map<string, string>, document: JsonObject): string[] {
  const ajv = metaValidator();
  const problems: string[] = [];
  const check = (file: string | undefined, owner: string, path: string, schema: Json | undefined) => {
    if (schema === undefined) return;
    if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
      problems.push(`${file}: ${owner} is not valid JSON Schema at ${path}: a schema is an object or a boolean`);
      return;
    }
    if (ajv.validateSchema(schema as object) !== true) {
      // One line per mistake: ajv's first error is the most telling (a wrong `type` also fails the "array" branch).
      const [line] = describeErrors(ajv.errors);
      problems.push(`${file}: ${owner} is not valid JSON Schema ${line!.replace(/^at \/?/, `at ${path}/`).replace(/\/$/, '')}`);
    }
    for (const line of unknownKeywords(schema, path)) problems.push(`${file}: ${owner} ${line}`);
  };
  for (const method of methods) {
    const name = String(method.name);
    for (const [i, p] of ((method.params ?? []) as JsonObject[]).entries()) check(methodFile.get(name), `method '${name}'`, `/params/${i}/schema`, p.schema);
    check(methodFile.get(name), `method '${name}'`, '/result/schema', (method.result as JsonObject | undefined)?.schema);
  }
  const endpoints = Array.isArray(document['x-http-endpoints']) ? (document['x-http-endpoints'] as JsonObject[]) : [];
  for (const [e, endpoint] of endpoints.entries()) {
    const owner = `HTTP endpoint '${String(endpoint.name)}'`;
    for (const [i, q] of ((endpoint.query ?? []) as JsonObject[]).entries()) check('src/document.yaml', owner, `/x-http-endpoints/${e}/query/${i}/schema`, q.schema);
    for (const [status, response] of Object.entries((endpoint.responses ?? {}) as JsonObject)) {
      check('src/document.yaml', owner, `/x-http-endpoints/${e}/responses/${status}/schema`, (response as JsonObject | null)?.schema);
    }
  }
  return problems;
}

/**
 * Every example must pass its own schemas: each param value its param's schema, the result
 * its result schema. One line per failure, naming the file, the method, the example and the path.
 */
function exampleProblems(document: JsonObject, methodFile: Map<string, string>): string[] {
  const ajv = ajvFor(document);
  const problems: string[] = [];
  const methods = document.methods as JsonObject[];
  for (const [m, method] of methods.entries()) {
    const name = String(method.name);
    const params = (method.params ?? []) as JsonObject[];
    const check = (pointer: string, value: Json, what: string) => {
      let validate: ReturnType<typeof ajv.getSchema>;
      try {
        validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
      } catch (error) {
        problems.push(`${methodFile.get(name)}: method '${name}' ${what}: its schema does not compile: ${(error as Error).message}`);
        return;
      }
      if (validate && validate(value) !== true) {
        for (const line of describeErrors(validate.errors)) problems.push(`${methodFile.get(name)}: method '${name}' ${what} fails its schema ${line}`);
      }
    };
    for (const example of (method.examples ?? []) as JsonObject[]) {
      const label = `example '${String(example.name ?? '')}'`;
      for (const pair of (example.params ?? []) as JsonObject[]) {
        const index = params.findIndex((p) => p.name === pair.name);
        if (index < 0) {
          problems.push(`${methodFile.get(name)}: method '${name}' ${label} names a param '${String(pair.name)}' the method does not have`);
          continue;
        }
        check(`/methods/${m}/params/${index}/schema`, pair.value ?? null, `${label} param '${String(pair.name)}'`);
      }
      const result = example.result as JsonObject | undefined;
      if (result && method.result) check(`/methods/${m}/result/schema`, result.value ?? null, `${label} result`);
    }
  }
  return problems;
}

/** The bytes written to disk: stable two-space JSON with a final newline. */
export function serialize(value: Json): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
