// Runs every generator module over one model and returns all files before anything is
// written, so a failure leaves the output folder as it was.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GeneratedFiles, GeneratorContext } from './files.ts';
import { parseDocument, type DocumentModel } from './model.ts';
import { clientFiles } from './plugins/client.ts';
import { docsFiles } from './plugins/docs.ts';
import { mocksFiles } from './plugins/mocks.ts';
import { typesFiles } from './plugins/types.ts';
import { validatorsFiles } from './plugins/validators.ts';

export type Plugin = (model: DocumentModel, context: GeneratorContext) => Promise<GeneratedFiles> | GeneratedFiles;

/** Every output, by name (`--only` picks some), and the folder its files go in: the packages or the docs site. */
export const plugins: Record<string, { generate: Plugin; folder: 'packages' | 'docs' }> = {
  types: { generate: typesFiles, folder: 'packages' },
  validators: { generate: validatorsFiles, folder: 'packages' },
  client: { generate: clientFiles, folder: 'packages' },
  msw: { generate: mocksFiles, folder: 'packages' },
  docs: { generate: docsFiles, folder: 'docs' },
};

/**
 * Every generated file, by path. In this repository (`project`) paths start with their folder
 * (`packages/types/src/index.ts`, `docs/reference/…`); under `--out`, packages sit at the top
 * and the docs under `docs/`.
 */
export async function generate(document: unknown, context: GeneratorContext, only?: string[], layout: 'project' | 'out' = 'out'): Promise<GeneratedFiles> {
  const model = parseDocument(document);
  const files: GeneratedFiles = new Map();
  for (const [name, { generate: plugin, folder }] of Object.entries(plugins)) {
    if (only && !only.includes(name)) continue;
    const prefix = layout === 'project' || folder === 'docs' ? `${folder}/` : '';
    for (const [path, text] of await plugin(model, context)) files.set(prefix + path, text);
  }
  return files;
}

/** Paths (relative to `outDir`) whose contents on disk differ from `files`. */
export function staleFiles(files: GeneratedFiles, outDir: string): string[] {
  const stale: string[] = [];
  for (const [path, text] of files) {
    const target = join(outDir, path);
    if (!existsSync(target) || readFileSync(target, 'utf8') !== text) stale.push(path);
  }
  return stale;
}

/** Writes each file through a temporary sibling and a rename, so no file is left half-written. */
export function writeFiles(files: GeneratedFiles, outDir: string): string[] {
  const written: string[] = [];
  for (const path of staleFiles(files, outDir)) {
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(`${target}.tmp`, files.get(path)!);
    renameSync(`${target}.tmp`, target);
    written.push(path);
  }
  return written;
}
