// Runs every generator module over one model and returns all files before anything is
// written, so a failure leaves the output folder as it was.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GeneratedFiles, GeneratorContext } from './files.ts';
import { parseDocument, type DocumentModel } from './model.ts';
import { clientFiles } from './plugins/client.ts';
import { mocksFiles } from './plugins/mocks.ts';
import { typesFiles } from './plugins/types.ts';
import { validatorsFiles } from './plugins/validators.ts';

export type Plugin = (model: DocumentModel, context: GeneratorContext) => Promise<GeneratedFiles> | GeneratedFiles;

/** Every output, by name; `--only` picks some. */
export const plugins: Record<string, Plugin> = {
  types: typesFiles,
  validators: validatorsFiles,
  client: clientFiles,
  msw: mocksFiles,
};

export async function generate(document: unknown, context: GeneratorContext, only?: string[]): Promise<GeneratedFiles> {
  const model = parseDocument(document);
  const files: GeneratedFiles = new Map();
  for (const [name, plugin] of Object.entries(plugins)) {
    if (only && !only.includes(name)) continue;
    for (const [path, text] of await plugin(model, context)) files.set(path, text);
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
