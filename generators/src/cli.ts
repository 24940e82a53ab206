// avanode-gen: `--spec <openrpc.json> --out <dir>` generates the packages of any OpenRPC 1.x
// document into <dir>/<package>/src; `--project` does it for this repository
// (spec/openrpc.json into packages/). `--check` writes nothing and fails on drift.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GeneratorError } from './errors.ts';
import { generate, plugins, staleFiles, writeFiles } from './generate.ts';

const usage = `usage: avanode-gen --spec <openrpc.json> --out <dir> [--scope @name] [--only ${Object.keys(plugins).join(',')}] [--check]
       avanode-gen --project [--check]`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        spec: { type: 'string' },
        out: { type: 'string' },
        only: { type: 'string' },
        scope: { type: 'string' },
        project: { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`avanode-gen: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const specPath = values.project ? join(repoRoot, 'spec', 'openrpc.json') : values.spec && resolve(values.spec);
  const outDir = values.project ? repoRoot : values.out && resolve(values.out);
  if (!specPath || !outDir) {
    console.error(`avanode-gen: --spec and --out are required (or --project)\n${usage}`);
    return 2;
  }
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((name) => !(name in plugins)) ?? [];
  if (unknown.length > 0) {
    console.error(`avanode-gen: unknown output ${unknown.join(', ')}; known: ${Object.keys(plugins).join(', ')}`);
    return 2;
  }

  let document: unknown;
  try {
    document = JSON.parse(readFileSync(specPath, 'utf8'));
  } catch (error) {
    console.error(`avanode-gen: cannot read ${specPath}: ${(error as Error).message}`);
    return 1;
  }
  const context = values.project
    ? { specName: 'spec/openrpc.json', command: 'pnpm generate' }
    : {
        specName: relative(process.cwd(), specPath) || specPath,
        command: `avanode-gen --spec ${values.spec} --out ${values.out}${values.scope ? ` --scope ${values.scope}` : ''}`,
        ...(values.scope ? { scope: values.scope } : {}),
      };

  const started = performance.now();
  let files;
  try {
    files = await generate(document, context, only, values.project ? 'project' : 'out');
  } catch (error) {
    if (error instanceof GeneratorError) {
      console.error(`avanode-gen: ${specPath}: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const ms = Math.round(performance.now() - started);
  const shown = (path: string) => relative(process.cwd(), join(outDir, path)) || path;
  if (values.check) {
    const stale = staleFiles(files, outDir);
    if (stale.length > 0) {
      console.error(`avanode-gen --check: generated files differ from the spec:\n${stale.map((p) => `  ${shown(p)}`).join('\n')}\nRun \`${context.command}\`.`);
      return 1;
    }
    console.log(`avanode-gen --check: ${files.size} files up to date (${ms} ms)`);
    return 0;
  }
  const written = writeFiles(files, outDir);
  console.log(`avanode-gen: ${files.size} files, ${written.length} changed (${ms} ms)`);
  for (const path of written) console.log(`  wrote ${shown(path)}`);
  return 0;
}
