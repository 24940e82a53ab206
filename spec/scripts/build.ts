// `pnpm spec:build`: writes spec/openrpc.json ($refs kept) and spec/openrpc.dereferenced.json.
// `--check` writes nothing and fails when the committed files differ from the sources.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecBuildError, assembleSpec, serialize } from './assemble.ts';

const specDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

try {
  const { document, dereferenced } = assembleSpec(join(specDir, 'src'));
  const outputs = {
    'openrpc.json': serialize(document),
    'openrpc.dereferenced.json': serialize(dereferenced),
  };
  const stale: string[] = [];
  for (const [file, text] of Object.entries(outputs)) {
    const path = join(specDir, file);
    let current: string | undefined;
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === text) continue;
    if (check) stale.push(`spec/${file}`);
    else writeFileSync(path, text);
  }
  if (stale.length > 0) {
    console.error(`spec:build --check: out of date with spec/src: ${stale.join(', ')}. Run \`pnpm spec:build\`.`);
    process.exit(1);
  }
  const methods = (document.methods as unknown[]).length;
  console.log(`spec: ${methods} methods${check ? ', up to date' : ', written'}`);
} catch (error) {
  if (error instanceof SpecBuildError) {
    console.error(`spec:build: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
