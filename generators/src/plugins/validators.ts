// @avanode/validators: ajv standalone code for every method's params and result, every named
// schema and every HTTP response, wrapped in validators that return `{ ok, errors }`.
// The output imports nothing: where ajv's code needs a runtime helper, it is bundled in.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import type { DocumentModel } from '../model.ts';
import { compiledValidators, namedSchemaEntries, validatorsKey, type CompiledValidators } from '../compiled-validators.ts';
import { diskCached } from '../disk-cache.ts';
import { schemaEntries as schemaEntriesOf } from '../schema-set.ts';
import { docComment, scriptSafe, shortHash, stringLiteral as q } from '../util/code.ts';
import { template } from '../util/template.ts';
import { withFastPatterns } from '../fast-patterns.ts';
import { withPositionalArguments } from '../positional-calls.ts';
import { standaloneImports } from '../wire-forms.ts';
import { formatImports } from '../formats.ts';

// esbuild and ajv's standalone entry are loaded when validators are compiled, not when a run
// takes them from the disk cache. The entry is CommonJS with a `default` export; under NodeNext
// the function is `.default`.
async function standaloneCodeOf(compiled: CompiledValidators): Promise<string> {
  type Standalone = typeof import('ajv/dist/standalone/index.js').default;
  const loaded = (await import('ajv/dist/standalone/index.js')) as unknown as { default: Standalone | { default: Standalone } };
  const standaloneCode = 'default' in loaded.default ? loaded.default.default : loaded.default;
  return standaloneCode(compiled.ajv, compiled.exports);
}

const generatorsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Standalone code may `require` ajv's runtime helpers (deep equality, string length…) and import
 * the checks of the node's wire forms (src/wire-forms.ts): bundle them in.
 */
async function bundled(code: string): Promise<string> {
  if (!/\brequire\(|^import /m.test(code)) return code;
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: code, resolveDir: generatorsDir, loader: 'js', sourcefile: 'ajv.generated.js' },
    // esbuild names the input in a comment relative to this folder: fixed, so the output does not
    // depend on where the command runs (it reads `generators/ajv.generated.js`).
    absWorkingDir: join(generatorsDir, '..'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['main'],
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text;
}

const identifierOf = (id: string) => id.replace(/^avanode:/, '').replace(/[^A-Za-z0-9]+/g, '_');

/**
 * ajv numbers its functions and constants in the order it compiles them (`validate21`,
 * `schema6`, `pattern0`), so one new field renumbers most of the file. Each gets a name from
 * what it is instead: a validator and its schema after the schema's id
 * (`validate_schema_uint64`, `schema_schema_uint64`), a pattern or helper after a hash of
 * its text. A one-field change then changes the lines of that schema only.
 */
export function stableNames(code: string): string {
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  const claim = (from: string, wanted: string) => {
    let name = wanted;
    for (let n = 2; taken.has(name); n++) name = `${wanted}_${n}`;
    taken.add(name);
    renames.set(from, name);
  };
  for (const [, from, id] of code.matchAll(/^function (validate\d+)\(.*\n\/\*# sourceURL="([^"]+)" \*\//gm)) claim(from!, `validate_${identifierOf(id!)}`);
  for (const [, from, text] of code.matchAll(/^const (schema\d+) = (.*);$/gm)) {
    const id = /"\$id":"([^"]+)"\}$/.exec(text!)?.[1];
    claim(from!, id ? `schema_${identifierOf(id)}` : `schema_${shortHash(text!)}`);
  }
  for (const [, from, kind, text] of code.matchAll(/^const ((pattern|func|formats)\d+) = (.*);$/gm)) claim(from!, `${kind}_${shortHash(text!)}`);
  if (renames.size === 0) return code;
  const pattern = new RegExp(`\\b(${[...renames.keys()].join('|')})\\b`, 'g');
  return code.replace(pattern, (name) => renames.get(name)!);
}

/**
 * The module's top-level statements in a stable order (exports, then constants, then
 * functions, each by name), indented by esbuild so a reader can follow them. Function
 * declarations are hoisted and constants are only read when a validator runs, so order does
 * not change behaviour.
 */
async function sortedTopLevel(code: string): Promise<string> {
  const { transform } = await import('esbuild');
  // No template literals: esbuild would write a string holding a newline (a document's pattern or
  // default) as one, with the newline raw, and the split below would take its next line for a statement.
  const { code: formatted } = await transform(code, { loader: 'js', format: 'esm', legalComments: 'none', supported: { 'template-literal': false } });
  const chunks: string[] = [];
  for (const line of formatted.split('\n')) {
    const startsStatement = /^[A-Za-z"'/]/.test(line) && !/^(\}|\)|\])/.test(line);
    if (startsStatement || chunks.length === 0) chunks.push(line);
    else chunks[chunks.length - 1] += `\n${line}`;
  }
  const rank = (chunk: string) => (chunk.startsWith('"use strict"') ? 0 : chunk.startsWith('export') ? 1 : chunk.startsWith('function') ? 3 : 2);
  const key = (chunk: string) => /^(?:export\s+)?(?:const|let|var|function)\s+([\w$]+)|^export\s*\{([^}]*)\}/.exec(chunk)?.slice(1).find(Boolean) ?? chunk;
  const ordered = chunks
    .map((chunk) => chunk.trimEnd())
    .filter(Boolean)
    .sort((a, b) => rank(a) - rank(b) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return `${ordered.join('\n\n')}\n`;
}

/** The standalone module's code for the compiled validators. */
async function standaloneSource(compiled: CompiledValidators): Promise<string> {
  // Sorted before bundling: the helpers esbuild brings in must stay in the order it writes them.
  let code = await sortedTopLevel(stableNames(await standaloneCodeOf(compiled)));
  code = withPositionalArguments(withFastPatterns(await bundled(standaloneImports(code) + formatImports(code) + code)));
  // Patterns are compiled once at load; marking them pure lets bundlers drop unused ones.
  // scriptSafe: a document's `</script` in a pattern or message cannot end a page's script.
  return scriptSafe(code.replace(/= new RegExp\(/g, '= /*#__PURE__*/ new RegExp('));
}

/**
 * Each exported validator declared as a RawValidateFunction. Without the annotation tsc infers
 * an export's type from its function's body when index.ts uses it, and on a large document
 * (Filecoin's: 480 validators, 22,000 lines) that inference overflows tsc's stack. Declared,
 * the body is never looked into (the module is `@ts-nocheck`).
 */
function withDeclaredExports(code: string): string {
  // A type, not an import: the module imports nothing, and stripping types leaves plain JavaScript.
  const declared = code.replace(/^(const|var) ([A-Za-z_$][\w$]*) = (validate_[\w$]+);$/gm, '$1 $2: RawValidateFunction = $3;');
  return `type RawValidateFunction = import('./runtime.js').RawValidateFunction;\n${declared}`;
}

export async function validatorsFiles(model: DocumentModel, context: GeneratorContext): Promise<GeneratedFiles> {
  const entries = schemaEntriesOf(model);
  const schemaEntries = namedSchemaEntries(model);
  // Kept on disk for the next run (disk-cache.ts) by the schemas it is compiled from: a run whose
  // edit leaves them as they were compiles nothing.
  const code = await diskCached('validators', validatorsKey(model), () => {
    const compiled = compiledValidators(model);
    // Made once for the compiled schemas (under --watch, kept while they are unchanged); a failure is not kept.
    compiled.standalone ??= standaloneSource(compiled).catch((error: unknown) => {
      compiled.standalone = undefined;
      throw error;
    });
    return compiled.standalone;
  });

  const head = header(context, model.title, model.version);
  const standalone = `${head}// ajv standalone validation code, its slow patterns given faster equivalent testers\n// (generators/src/fast-patterns.ts) and its calls' options passed by position\n// (generators/src/positional-calls.ts). Not type-checked: its types are in index.ts.\n// @ts-nocheck\n${withDeclaredExports(code.trim())}\n`;

  const index = template('validators/index.ts');
  const validator = index.section('validators');
  const one = (comment: string, name: string, rawName: string) => validator.fill({ doc: docComment([comment]).trimEnd(), name, raw: rawName });
  const validators: string[] = [];
  const paramsTable: string[] = [];
  const resultTable: string[] = [];
  for (const method of model.methods) {
    const params = `validate${method.typeName}Params`;
    validators.push(one(`Validates the params of \`${method.name}\`.`, params, `${method.typeName}Params`));
    paramsTable.push(`  ${q(method.name)}: ${params},`);
    if (method.resultSchema !== undefined) {
      const result = `validate${method.typeName}Result`;
      validators.push(one(`Validates the result of \`${method.name}\`.`, result, `${method.typeName}Result`));
      resultTable.push(`  ${q(method.name)}: ${result},`);
    }
  }
  for (const entry of entries.filter((e) => e.part === 'response')) {
    validators.push(one(`Validates a response body of \`${entry.method}\` (${entry.status}).`, `validate${entry.exportName}`, entry.exportName));
  }
  for (const entry of schemaEntries) {
    validators.push(one(`Validates a value against the named schema \`${entry.method}\`.`, `validate${entry.exportName}`, entry.exportName));
  }
  const indexText = `${head}\n${index.fill({ validators: validators.join(''), paramsTable: paramsTable.join('\n'), resultTable: resultTable.join('\n') })}`;
  const runtime = `${head}// Copied from generators/templates/validators/runtime.ts.\n\n${template('validators/runtime.ts').fill({}).trim()}\n`;
  return new Map([
    ['validators/src/ajv.generated.ts', standalone],
    ['validators/src/index.ts', indexText],
    ['validators/src/runtime.ts', runtime],
  ]);
}
