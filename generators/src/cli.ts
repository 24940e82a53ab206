// avanode-gen: `--spec <openrpc.json> --out <dir>` generates the packages of any OpenRPC 1.x
// document into <dir>/<package>/src; `--project` does it for this repository
// (spec/src assembled into spec/openrpc.json, then into packages/), always from the YAML
// sources. `--check` writes nothing and fails on drift; `--watch` regenerates on every edit.
import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GeneratorError, printedProblems, problemsError } from './errors.ts';
import { isObject } from './util/json.ts';
import { printable } from './util/code.ts';
import { examplesPass as examplesPassCheck } from './example-check.ts';
import { keptMap } from './disk-cache.ts';
import { openRpcProblems, readDocument } from './read-document.ts';
import { exampleProblems } from './spec-examples.ts';
import { generate, plugins, staleFiles, writeFiles } from './generate.ts';
import { checkSize, parseDocument, type DocumentModel } from './model.ts';
import { checkScope, scopeFromTitle } from './scope.ts';

/**
 * Every line avanode-gen prints goes through `printable` (util/code.ts): a document's names,
 * descriptions, refs and patterns reach the terminal with their controls, escape sequences, bidi
 * and zero-width characters as `\u` escapes, and each line stays a line.
 */
const terminalLines = (text: string) => text.split('\n').map(printable).join('\n');
const say = (text: string) => console.log(terminalLines(text));
const sayError = (text: string) => console.error(terminalLines(text));

const usage = `usage: avanode-gen --spec <openrpc.json> --out <dir> [--scope @name] [--param-structure by-position|by-name] [--only ${Object.keys(plugins).join(',')}] [--check]
                   [--allow-outside <dir|url>]... [--allow-bad-examples]
         (--spec: a JSON or YAML file, or an http(s) URL)
       avanode-gen --project [--check | --watch]`;

/**
 * In this repository the document is built from spec/src first, so a generate never starts
 * from a stale spec/openrpc.json (the bundled document, the only built file: see
 * spec/README.md for why there is no dereferenced one). Returns the document and
 * `['spec/openrpc.json']` when it differs from what is on disk (written unless `check`), and
 * the model parsed while the examples were checked, when it was.
 */
export async function assembleProjectSpec(repoRoot: string, check: boolean, specDir = join(repoRoot, 'spec')): Promise<{ document: unknown; stale: string[]; model?: DocumentModel }> {
  // Imported by a literal path (loaded only with --project), so the bundle bin/avanode-gen.mjs runs holds it.
  const assembler = await import('../../spec/scripts/assemble.ts');
  let model: DocumentModel | undefined;
  // The examples are proven with the validators the validators plugin compiles anyway.
  const examplesPass = (document: unknown) => {
    const proof = examplesPassCheck(document);
    model = proof.model;
    return proof.pass;
  };
  // The YAML files parsed by the run before, by their text (disk-cache.ts): an edit parses one file.
  const keptYaml = keptMap('yaml');
  const before = keptYaml.load();
  const parsed = assembler.keepParsedYaml(before);
  const { document } = assembler.assembleSpec(join(specDir, 'src'), { examplesPass });
  if (parsed.used.size !== before.size || [...parsed.used.keys()].some((hash) => !before.has(hash))) keptYaml.save(parsed.used);
  const path = join(specDir, 'openrpc.json');
  const text = assembler.serialize(document);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return { document, stale: [], ...(model ? { model } : {}) };
  if (!check) writeFileSync(path, text);
  return { document, stale: ['spec/openrpc.json'], ...(model ? { model } : {}) };
}

/**
 * The model of a foreign document, once every check has passed: the model's own, OpenRPC's
 * meta-schema (schema-utils-js) and the examples against their schemas; their problems are
 * reported together, one a line (a failing example only warned of with `allowBadExamples`).
 */
function parsedForeign(document: unknown, allowBadExamples: boolean, options: Parameters<typeof parseDocument>[1]): DocumentModel {
  // Too large a document is refused before any check that takes time per method.
  checkSize(document);
  let model: DocumentModel | undefined;
  const problems: string[] = [];
  try {
    model = parseDocument(document, options);
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    problems.push(...error.problems);
  }
  // What the model does not judge, OpenRPC's own tooling does; what it says again of a place
  // (or of the places around it) the model has named is left out.
  const placeOf = (line: string) => /#\/[^\s:)']*|#(?=:)/.exec(line)?.[0] ?? '#';
  const named = problems.map(placeOf);
  problems.push(...openRpcProblems(document).filter((line) => !named.some((place) => place.startsWith(placeOf(line)) || placeOf(line).startsWith(place))));
  if (problems.length > 0 || !model) throw problemsError(problems);
  // One line each: a document string the problem quotes may hold a line break (printable escapes it).
  const examples = exampleProblems(model).map((line) => `${printable(line)} (the example does not match its schema)`);
  if (examples.length > 0 && !allowBadExamples) throw problemsError([...examples, `#/methods: ${examples.length} example(s) fail their schemas: fix them, or pass --allow-bad-examples to generate with a warning`]);
  for (const line of examples) sayError(`avanode-gen: warning: ${line}`);
  return model;
}

/** A path as a `//` comment may show it: control characters and line separators become `?`. */
function oneLine(text: string): string {
  const breaks = (code: number) => code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
  return [...text].map((c) => (breaks(c.codePointAt(0)!) ? '?' : c)).join('');
}

/**
 * A URL as headers show it: without a user name, a password or the query's values, which may be
 * credentials (an API key in `?key=…`); a query is shown as `?…`.
 */
function urlShown(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`;
}

const OPTIONS = {
  spec: { type: 'string' },
  out: { type: 'string' },
  only: { type: 'string' },
  scope: { type: 'string' },
  'allow-outside': { type: 'string', multiple: true },
  'allow-bad-examples': { type: 'boolean', default: false },
  'param-structure': { type: 'string' },
  project: { type: 'boolean', default: false },
  check: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS }));
  } catch (error) {
    sayError(`avanode-gen: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    say(usage);
    return 0;
  }
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  // A foreign document is a file or an http(s) URL (read-document.ts).
  const specPath = values.project ? join(repoRoot, 'spec', 'openrpc.json') : values.spec && (/^https?:\/\//i.test(values.spec) ? values.spec : resolve(values.spec));
  const outDir = values.project ? repoRoot : values.out && resolve(values.out);
  if (!specPath || !outDir) {
    sayError(`avanode-gen: --spec and --out are required (or --project)\n${usage}`);
    return 2;
  }
  const paramStructure = values['param-structure'];
  if (paramStructure !== undefined && paramStructure !== 'by-position' && paramStructure !== 'by-name') {
    sayError(`avanode-gen: --param-structure must be by-position or by-name, not ${JSON.stringify(paramStructure)}\n${usage}`);
    return 2;
  }
  if (values.project && (values.scope !== undefined || paramStructure !== undefined)) {
    sayError(`avanode-gen: --scope and --param-structure go with --spec, not --project\n${usage}`);
    return 2;
  }
  const scopeProblem = values.scope === undefined ? undefined : checkScope(values.scope);
  if (scopeProblem) {
    sayError(`avanode-gen: --scope ${JSON.stringify(values.scope)}: ${scopeProblem}\n${usage}`);
    return 2;
  }
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((name) => !(name in plugins)) ?? [];
  if (unknown.length > 0) {
    sayError(`avanode-gen: unknown output ${unknown.join(', ')}; known: ${Object.keys(plugins).join(', ')}`);
    return 2;
  }

  if (values.watch) {
    if (!values.project || values.check) {
      sayError(`avanode-gen: --watch goes with --project alone\n${usage}`);
      return 2;
    }
    return watchProject(repoRoot, argv.filter((arg) => arg !== '--watch'));
  }

  let document: unknown;
  let model: DocumentModel | undefined;
  let staleSpec: string[] = [];
  try {
    if (values.project) ({ document, stale: staleSpec, model } = await assembleProjectSpec(repoRoot, values.check));
    else document = await readDocument(specPath, { allowOutside: values['allow-outside'] ?? [] });
  } catch (error) {
    const message = error instanceof GeneratorError ? error.message : (error as Error).message.split('\n')[0]!;
    if (values.project) sayError(`avanode-gen: spec/src: ${printedProblems(message.split('\n')).join('\n  ')}`);
    else for (const line of printedProblems(message.split('\n'))) sayError(`avanode-gen: cannot read ${specPath}: ${line}`);
    return 1;
  }
  // Under --out, headers name the document as seen from the output folder (a URL stays a URL), and
  // the command runs from there: no absolute path of this machine gets into generated files.
  const fromOut = (path: string) => relative(outDir, path).split(sep).join('/') || '.';
  const specName = oneLine(/^https?:/i.test(specPath) ? urlShown(specPath) : fromOut(specPath));
  const scope = values.project ? undefined : (values.scope ?? scopeFromTitle(isObject(document) && isObject(document.info) ? document.info.title : undefined));
  const context = values.project
    ? { specName: 'spec/openrpc.json', command: 'pnpm generate' }
    : {
        specName,
        command: `avanode-gen --spec ${specName} --out .${values.scope ? ` --scope ${scope}` : ''}${paramStructure ? ` --param-structure ${paramStructure}` : ''}`,
        scope,
        standalone: true,
      };

  const started = performance.now();
  let files: Awaited<ReturnType<typeof generate>>;
  try {
    if (!model) model = parsedForeign(document, values['allow-bad-examples'], paramStructure ? { paramStructure } : {});
    // Names generated code could not take as the document spells them: said once, on every run.
    for (const warning of model.warnings) sayError(`avanode-gen: warning: ${warning}`);
    files = await generate(document, context, only, values.project ? 'project' : 'out', model);
  } catch (error) {
    if (error instanceof GeneratorError) {
      // One line a problem, each naming its place.
      for (const line of printedProblems(error.problems)) sayError(`avanode-gen: ${specPath}: ${line}`);
      return 1;
    }
    throw error;
  }
  const ms = Math.round(performance.now() - started);
  const shown = (path: string) => relative(process.cwd(), join(outDir, path)) || path;
  if (values.check) {
    const stale = [...staleSpec, ...staleFiles(files, outDir)];
    if (stale.length > 0) {
      sayError(`avanode-gen --check: generated files differ from the spec:\n${stale.map((p) => `  ${shown(p)}`).join('\n')}\nRun \`${context.command}\`.`);
      return 1;
    }
    say(`avanode-gen --check: ${files.size} files up to date (${ms} ms)`);
    return 0;
  }
  const written = [...staleSpec, ...writeFiles(files, outDir)];
  say(`avanode-gen: ${files.size} files, ${written.length} changed (${ms} ms)`);
  for (const path of written) say(`  wrote ${shown(path)}`);
  return 0;
}

/**
 * `--project --watch`: regenerates whenever a file under spec/src or generators/templates
 * changes (edits within 30 ms are taken together), printing how long each run took. A broken
 * source prints its error and waits for the next edit.
 */
function watchProject(repoRoot: string, argv: string[]): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const run = (changed: string) => {
    running = running.then(async () => {
      const started = performance.now();
      const code = await main(argv);
      say(`avanode-gen --watch: ${changed} → ${code === 0 ? 'regenerated' : 'failed'} in ${Math.round(performance.now() - started)} ms`);
    });
  };
  const folders = [join(repoRoot, 'spec', 'src'), join(repoRoot, 'generators', 'templates')];
  for (const folder of folders) {
    watch(folder, { recursive: true }, (_event, file) => {
      clearTimeout(timer);
      timer = setTimeout(() => run(String(file ?? folder)), 30);
    });
  }
  say(`avanode-gen --watch: watching ${folders.map((f) => relative(repoRoot, f)).join(', ')} (Ctrl-C stops)`);
  run('start');
  return new Promise<number>(() => {});
}
