// `pnpm spec:build`: writes spec/openrpc.json, the bundled document: every `$ref` in it is a
// local pointer into its own `#/components`, so it needs no other file. No fully dereferenced
// form is written: inlining the P-chain tx union into every block type made it 30 MB (see
// README.md). `--check` writes nothing and fails when the committed file differs from the sources.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecBuildError, assembleSpec, serialize } from './assemble.ts';

const specDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

try {
  const { document } = assembleSpec(join(specDir, 'src'));
  const text = serialize(document);
  const path = join(specDir, 'openrpc.json');
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) {
    if (check) {
      console.error('spec:build --check: spec/openrpc.json is out of date with spec/src. Run `pnpm spec:build`.');
      process.exit(1);
    }
    writeFileSync(path, text);
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
