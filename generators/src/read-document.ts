// How `avanode-gen --spec` reads a foreign document: a file or an http(s) URL, read as hostile
// input (fetch-text.ts: bounded in bytes and time, redirects only within the origin), parsed as
// JSON or YAML (parse-text.ts: a syntax error by line and column), its external `$ref`s bundled
// in, and checked against the OpenRPC meta-schema by the OpenRPC project's own tooling
// (@open-rpc/schema-utils-js, build-time only).
//
// Where a `$ref` may lead is one rule: inside the document's folder (for a URL, on its origin,
// under its folder), or under a place `--allow-outside` names; never to `file:` from a URL. A
// refusal is one line naming the ref and the rule.
//
// schema-utils-js 2.2.1 neither reads nor dereferences here, for defects measured on it
// (generators/README.md): a document with a recursive schema (`Node` whose `children` are
// `Node`s) runs out of memory (512 MB heap, in under 15 s), a reference inside an external
// file (`#/Owner` in pet.json) is looked up in the root document instead, and its reading
// follows any `$ref` (`file:///…`, `../`) with no bound on size. Dereferencing would also lose
// the schemas' names, which name the generated types. So the external references are bundled
// here: each target becomes a component of the document (a schema under `components.schemas`),
// its own references followed the same way, relative to its file, and every `$ref` of the
// result is a local pointer, as the model expects. A local pointer deeper than a named schema
// (`#/components/schemas/A/properties/timestamp`) is made a named schema the same way.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GeneratorError, problemsError } from './errors.ts';
import { DEFAULT_LIMITS, ReadError, type ReadLimits, readText } from './fetch-text.ts';
import { parseText } from './parse-text.ts';
import { isObject } from './util/json.ts';
import { DOCUMENT_SCOPE, memberScope, type RefScope, resolvePointer, SCHEMA_SCOPE, schemaRefName } from './util/refs.ts';

/** Bounds on what a document may pull in: files or URLs, and bytes in all. */
const MAX_EXTERNAL_FILES = 100;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

export interface ReadOptions {
  /** Folders (or URL prefixes) a `$ref` may reach beyond the document's own folder (`--allow-outside`). */
  allowOutside?: string[];
  limits?: ReadLimits;
}

/**
 * The schema-utils-js function used, typed here: the package's own types pull in TypeScript sources of
 * @open-rpc/spec-types that do not compile under this package's settings. Loaded on first use
 * (a CommonJS package that brings ajv 6 and some 28 others): `--project` never needs it.
 */
interface SchemaUtils {
  validateOpenRPCDocument(document: unknown): true | Error;
}
const schemaUtils = (): SchemaUtils => createRequire(import.meta.url)('@open-rpc/schema-utils-js') as SchemaUtils;

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/** A file's path with its links resolved (as far as it exists), so a link cannot lead out of a folder unseen. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : resolve(realPath(parent), basename(path));
  }
}

const inside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/**
 * Where a `$ref` of the document at `root` may lead: a function that returns the rule a URL
 * breaks, or undefined when it may be read.
 */
function refRule(root: URL, allowOutside: string[]): (target: URL) => string | undefined {
  const allowedUrls = allowOutside.filter(isUrl).map((prefix) => new URL(prefix).href);
  const allowedFolders = allowOutside.filter((place) => !isUrl(place)).map((folder) => realPath(resolve(folder)));
  const allowedUrl = (target: URL) => allowedUrls.some((prefix) => target.href.startsWith(prefix));
  if (root.protocol === 'file:') {
    const folder = realPath(dirname(fileURLToPath(root)));
    return (target) => {
      if (target.protocol !== 'file:') return allowedUrl(target) ? undefined : `a local document's $ref stays in its folder ${folder} (pass --allow-outside <url> to read ${target.origin})`;
      const path = realPath(fileURLToPath(target));
      if (inside(path, folder) || allowedFolders.some((allowed) => inside(path, allowed))) return undefined;
      return `it leads outside the document's folder ${folder} (pass --allow-outside <dir> to read there)`;
    };
  }
  const folder = new URL('.', root).href;
  return (target) => {
    if (target.protocol === 'file:') return `a remote document's $ref never reaches file:`;
    if (target.origin !== root.origin && !allowedUrl(target)) return `it leaves the document's origin ${root.origin}`;
    if (!target.href.startsWith(folder) && !allowedUrl(target)) return `it leads outside the document's folder ${folder} (pass --allow-outside <url> to read there)`;
    return undefined;
  };
}

/** The problems schema-utils' validation error lists, one line each: `#/methods/0/params: should be array (OpenRPC meta-schema)`. */
function metaSchemaProblems(message: string): string[] {
  const list = message.slice(message.indexOf('['));
  try {
    const problems = JSON.parse(list) as Array<{ dataPath?: string; message?: string }>;
    const lines = problems.map((problem) => {
      const path = (problem.dataPath ?? '').replace(/\[(\d+)\]/g, '/$1').replace(/\['([^']*)'\]/g, '/$1').replace(/\./g, '/');
      return `not a valid OpenRPC document: #${path}: ${problem.message ?? 'invalid'} (OpenRPC meta-schema)`;
    });
    if (lines.length > 0) return [...new Set(lines)];
  } catch {
    // Not the list it usually holds: its first line says enough.
  }
  return [`not a valid OpenRPC document: ${message.split('\n')[0]!}`];
}

/** A name for a component made from a pointer: its parts that are names (not `properties`, `items`…), joined. */
function stemOf(pointer: string, file: URL): string {
  const keywords = new Set(['components', 'schemas', 'properties', 'definitions', '$defs', 'items', 'patternProperties', 'additionalProperties']);
  const parts = pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return part;
      }
    });
  const named = parts.filter((part) => !keywords.has(part) && !/^\d+$/.test(part));
  const stem = named.length > 0 ? named.join('_') : parts.at(-1) || basename(file.pathname).replace(/\.[^.]*$/, '');
  return stem.replace(/[^a-zA-Z0-9._-]/g, '_') || 'external';
}

/**
 * Replaces every external `$ref` of `document` (in place) by a local one into its components,
 * loading each file or URL once, and every local pointer into a schema's inside by a named
 * schema. `base` is where the document itself is; `rule` says where a reference may lead.
 * Returns the problems, one line each (all of them, not the first).
 */
async function bundleExternalRefs(document: Record<string, unknown>, base: URL, rule: (target: URL) => string | undefined, limits: ReadLimits): Promise<string[]> {
  if (!isObject(document.components)) document.components = {};
  const components = document.components as Record<string, unknown>;
  const root = new URL(base.href);
  root.hash = '';
  const files = new Map<string, Promise<unknown>>([[root.href, Promise.resolve(document)]]);
  const local = new Map<string, string>();
  const taken = new Set<string>();
  const problems: string[] = [];
  let bytes = 0;
  const load = (url: URL): Promise<unknown> => {
    const key = url.href;
    if (!files.has(key)) {
      if (files.size > MAX_EXTERNAL_FILES) return Promise.reject(new ReadError(`the document refers to more than ${MAX_EXTERNAL_FILES} other files`));
      const text = readText(url, limits).then(({ text: read }) => {
        bytes += Buffer.byteLength(read);
        if (bytes > MAX_TOTAL_BYTES) throw new ReadError(`the document and the files it refers to hold more than ${MAX_TOTAL_BYTES} bytes`);
        return parseText(read, url.protocol === 'file:' ? fileURLToPath(url) : url.href);
      });
      files.set(key, text);
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
    if (typeof value.$ref === 'string' && !scope.names) {
      const ref = value.$ref;
      // In the document itself, a pointer to a named schema or to a part of the document (a
      // content descriptor, an error) stays as it is; one into a schema's inside is hoisted.
      const deepInSchema = scope.in === 'schema' && schemaRefName(ref) === undefined;
      if (file !== undefined || !ref.startsWith('#') || deepInSchema) {
        const localized = await localize(ref, where, file ?? base, scope.in === 'schema');
        if (localized !== undefined) value.$ref = localized;
      }
    }
    for (const [key, item] of Object.entries(value)) {
      const inner = key === '$ref' && !scope.names ? undefined : memberScope(scope, key, parentKey);
      if (inner) await walk(item, `${where}/${key}`, file, inner, key);
    }
  };

  const localize = async (ref: string, where: string, from: URL, inSchema: boolean): Promise<string | undefined> => {
    let target: URL;
    try {
      target = new URL(ref, from);
    } catch {
      problems.push(`${where}: $ref '${ref}' is not a URL or JSON pointer`);
      return undefined;
    }
    const known = local.get(target.href);
    if (known) return known;
    const fileUrl = new URL(target.href);
    fileUrl.hash = '';
    const inRoot = fileUrl.href === root.href;
    // Back into the document itself, to a named schema or a part of the document: that pointer.
    if (inRoot && (!inSchema || schemaRefName(target.hash) !== undefined)) return target.hash || '#';
    if (inRoot && (target.hash === '' || target.hash === '#')) {
      problems.push(`${where}: $ref '${ref}' points at the whole document, which is no schema`);
      return undefined;
    }
    const refused = inRoot ? undefined : rule(fileUrl);
    if (refused) {
      problems.push(`${where}: $ref '${ref}' is refused: ${refused}`);
      return undefined;
    }
    let loaded: unknown;
    try {
      loaded = await load(fileUrl);
    } catch (error) {
      problems.push(`${where}: $ref '${ref}' cannot be read: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
    const found = resolvePointer(loaded, target.hash || '#');
    if (found === undefined) {
      // One that dangles in the document itself is the model's to report, with its other problems.
      if (!inRoot) problems.push(`${where}: $ref '${ref}' does not resolve in ${fileUrl.href}`);
      return undefined;
    }
    // Named after the pointer's parts that are names, else the file: a name OpenRPC allows in components.
    const stem = inRoot ? stemOf(target.hash, fileUrl) : (() => {
      const last = target.hash.split('/').pop() ?? '';
      let decoded = last;
      try {
        decoded = decodeURIComponent(last);
      } catch {
        // Kept as written: the name is only made of it.
      }
      return (decoded || basename(fileUrl.pathname).replace(/\.[^.]*$/, '')).replace(/[^a-zA-Z0-9._-]/g, '_') || 'external';
    })();
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
    // A part of the document itself keeps its pointers (they are the document's); a file's are relative to it.
    await walk(copy, pointer, inRoot ? undefined : fileUrl, inSchema ? SCHEMA_SCOPE : DOCUMENT_SCOPE);
    return pointer;
  };

  await walk(document, '#', undefined, DOCUMENT_SCOPE);
  return [...new Set(problems)];
}

/**
 * The document at `source` (a file path or an http(s) URL), its external references bundled in.
 * Throws GeneratorError, one line a problem, on a document it cannot read.
 */
export async function readDocument(source: string, options: ReadOptions = {}): Promise<unknown> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const asked = isUrl(source) ? new URL(source) : pathToFileURL(resolve(source));
  const name = isUrl(source) ? source : resolve(source);
  let document: unknown;
  // Where the document is once redirects are followed: what its relative references are relative to.
  let base: URL;
  try {
    const read = await readText(asked, limits);
    base = read.url;
    document = parseText(read.text, name);
  } catch (error) {
    if (error instanceof ReadError) throw new GeneratorError(error.message, '#');
    throw error;
  }
  if (!isObject(document)) throw new GeneratorError('the document is not a JSON object', '#');
  const problems = await bundleExternalRefs(document, base, refRule(base, options.allowOutside ?? []), limits);
  if (problems.length > 0) throw problemsError(problems);
  return document;
}

/** What OpenRPC's meta-schema, as schema-utils-js checks it, finds wrong with `document`: one line a problem (none: valid). */
export function openRpcProblems(document: unknown): string[] {
  let valid: true | Error;
  try {
    valid = schemaUtils().validateOpenRPCDocument(document);
  } catch (error) {
    // It throws on a version it has no meta-schema for: the model has said so already.
    return [`not a valid OpenRPC document: ${(error as Error).message.split('\n')[0]}`];
  }
  return valid === true ? [] : metaSchemaProblems(valid.message);
}
