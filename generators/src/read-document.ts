// How `avanode-gen --spec` reads a foreign document: a file or an http(s) URL, read and checked
// against the OpenRPC meta-schema by the OpenRPC project's own tooling
// (@open-rpc/schema-utils-js), with its external `$ref`s (other files, URLs) bundled in.
//
// schema-utils-js 2.2.1 is asked not to dereference, for two defects measured on it
// (generators/README.md): a document with a recursive schema (`Node` whose `children` are
// `Node`s) runs out of memory (512 MB heap, in under 15 s), and a reference inside an external
// file (`#/Owner` in pet.json) is looked up in the root document instead. Dereferencing would
// also lose the schemas' names, which name the generated types. So the external references are
// bundled here: each target becomes a component of the document (a schema under
// `components.schemas`), its own references followed the same way, relative to its file, and
// every `$ref` of the result is a local pointer, as the model expects.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GeneratorError } from './errors.ts';
import { isObject } from './util/json.ts';
import { DOCUMENT_SCOPE, memberScope, type RefScope, resolvePointer, SCHEMA_SCOPE } from './util/refs.ts';

/** Bounds on what a document may pull in: files or URLs, and bytes each. */
const MAX_EXTERNAL_FILES = 100;
const MAX_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/**
 * The two functions used, typed here: the package's own types pull in TypeScript sources of
 * @open-rpc/spec-types that do not compile under this package's settings. Loaded on first use
 * (a CommonJS package that brings ajv 6 and some 28 others): `--project` never needs it.
 */
interface SchemaUtils {
  parseOpenRPCDocument(source: string, options: { dereference: boolean; validate: boolean }): Promise<unknown>;
  validateOpenRPCDocument(document: unknown): true | Error;
}
const schemaUtils = (): SchemaUtils => createRequire(import.meta.url)('@open-rpc/schema-utils-js') as SchemaUtils;

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/** The text at a file: or http(s): URL, at most MAX_BYTES. */
async function readText(url: URL): Promise<string> {
  if (url.protocol === 'file:') {
    const bytes = await readFile(url);
    if (bytes.length > MAX_BYTES) throw new Error(`${url.href} is larger than ${MAX_BYTES} bytes`);
    return bytes.toString('utf8');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.href}: only files and http(s) URLs are read`);
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.href} answered HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_BYTES) throw new Error(`${url.href} is larger than ${MAX_BYTES} bytes`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new Error(`${url.href} is larger than ${MAX_BYTES} bytes`);
  return text;
}

/** The first problem of schema-utils' validation error, as one line: `#/methods/0/params: should be array`. */
function firstProblem(message: string): string {
  const list = message.slice(message.indexOf('['));
  try {
    const [first] = JSON.parse(list) as Array<{ dataPath?: string; message?: string }>;
    if (first) {
      const path = (first.dataPath ?? '').replace(/\[(\d+)\]/g, '/$1').replace(/\['([^']*)'\]/g, '/$1').replace(/\./g, '/');
      return `#${path}: ${first.message ?? 'invalid'} (OpenRPC meta-schema)`;
    }
  } catch {
    // Not the list it usually holds: its first line says enough.
  }
  return message.split('\n')[0]!;
}

/**
 * Replaces every external `$ref` of `document` (in place) by a local one into its components,
 * loading each file or URL once. `base` is where the document itself is.
 */
async function bundleExternalRefs(document: Record<string, unknown>, base: URL): Promise<void> {
  if (!isObject(document.components)) document.components = {};
  const components = document.components as Record<string, unknown>;
  const files = new Map<string, Promise<unknown>>();
  const local = new Map<string, string>();
  const taken = new Set<string>();
  const load = (url: URL): Promise<unknown> => {
    const key = url.href;
    if (!files.has(key)) {
      if (files.size >= MAX_EXTERNAL_FILES) throw new GeneratorError(`the document refers to more than ${MAX_EXTERNAL_FILES} other files`, '#');
      files.set(key, readText(url).then((text) => JSON.parse(text) as unknown));
    }
    return files.get(key)!;
  };

  // A value in schema scope stands where a schema does, so its targets go in `components.schemas`;
  // data (an example's value, a schema's `const`…) is not walked: a `$ref` there is a member like
  // any other (util/refs.ts `memberScope`).
  const walk = async (value: unknown, where: string, file: URL | undefined, scope: RefScope, parentKey?: string): Promise<void> => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) await walk(item, `${where}/${i}`, file, { ...scope, names: false });
      return;
    }
    if (!isObject(value)) return;
    if (typeof value.$ref === 'string' && !scope.names && (file !== undefined || !value.$ref.startsWith('#'))) value.$ref = await localize(value.$ref, where, file ?? base, scope.in === 'schema');
    for (const [key, item] of Object.entries(value)) {
      const inner = key === '$ref' && !scope.names ? undefined : memberScope(scope, key, parentKey);
      if (inner) await walk(item, `${where}/${key}`, file, inner, key);
    }
  };

  const localize = async (ref: string, where: string, from: URL, inSchema: boolean): Promise<string> => {
    const target = new URL(ref, from);
    const known = local.get(target.href);
    if (known) return known;
    const fileUrl = new URL(target.href);
    fileUrl.hash = '';
    let loaded: unknown;
    try {
      loaded = await load(fileUrl);
    } catch (error) {
      throw new GeneratorError(`${where}: $ref '${ref}' cannot be read: ${(error as Error).message.split('\n')[0]}`, where);
    }
    const found = resolvePointer(loaded, target.hash || '#');
    if (found === undefined) throw new GeneratorError(`${where}: $ref '${ref}' does not resolve in ${fileUrl.href}`, where);
    // Named after the pointer's last part, else the file: a name OpenRPC allows in components.
    const stem = (decodeURIComponent(target.hash.split('/').pop() ?? '') || basename(fileUrl.pathname).replace(/\.[^.]*$/, '')).replace(/[^a-zA-Z0-9._-]/g, '_') || 'external';
    const group = inSchema ? 'schemas' : 'x-bundled';
    if (!isObject(components[group])) components[group] = {};
    const members = components[group] as Record<string, unknown>;
    let name = stem;
    for (let n = 2; name in members || taken.has(`${group}/${name}`); n++) name = `${stem}${n}`;
    taken.add(`${group}/${name}`);
    const pointer = `#/components/${group}/${name}`;
    local.set(target.href, pointer);
    const copy = structuredClone(found);
    members[name] = copy;
    await walk(copy, pointer, fileUrl, inSchema ? SCHEMA_SCOPE : DOCUMENT_SCOPE);
    return pointer;
  };

  await walk(document, '#', undefined, DOCUMENT_SCOPE);
}

/**
 * The document at `source` (a file path or an http(s) URL), its external references bundled in.
 * Throws GeneratorError with one line on a document it cannot read.
 */
export async function readDocument(source: string): Promise<unknown> {
  const { parseOpenRPCDocument } = schemaUtils();
  let document: unknown;
  try {
    // Read only: `checkWithOpenRpcTools` validates, once the model has said what it refuses itself.
    document = await parseOpenRPCDocument(source, { dereference: false, validate: false });
  } catch (error) {
    throw new GeneratorError(`cannot read the document: ${firstProblem((error as Error).message)}`, '#');
  }
  if (!isObject(document)) throw new GeneratorError('the document is not a JSON object', '#');
  await bundleExternalRefs(document, isUrl(source) ? new URL(source) : pathToFileURL(source));
  return document;
}

/** OpenRPC's meta-schema, as schema-utils-js checks it: a GeneratorError with its first problem, in one line. */
export function checkWithOpenRpcTools(document: unknown): void {
  const valid = schemaUtils().validateOpenRPCDocument(document);
  if (valid !== true) throw new GeneratorError(`not a valid OpenRPC document: ${firstProblem(valid.message)}`, '#');
}
