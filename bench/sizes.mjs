// Bundle sizes of what an app imports: esbuild (bundle, minify, code splitting, as an app's
// bundler would), gzip -9, counting the entry and every chunk it imports statically. Chunks
// loaded on demand (retries, validation, bigint paths, batches) are listed apart.
// The baseline is the whole package, measured in the same run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { gzipBytes, verdict } from './measure.mjs';

const root = join(import.meta.dirname, '..');

/** Bytes loaded up front (entry + static imports) and bytes loaded on demand. */
export async function measure(contents) {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-size-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, contents);
    const result = await build({
      entryPoints: [entry], bundle: true, minify: true, format: 'esm', splitting: true, outdir: join(dir, 'out'),
      write: false, platform: 'browser', nodePaths: [join(root, 'node_modules')], external: ['@avanode/validators'],
    });
    const files = new Map(result.outputFiles.map((f) => [f.path.split('/').pop(), f.text]));
    const upFront = new Set();
    const visit = (name) => {
      if (upFront.has(name)) return;
      upFront.add(name);
      for (const [, imported] of files.get(name).matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)) visit(imported);
    };
    visit('entry.js');
    let eager = 0;
    let lazy = 0;
    for (const [name, text] of files) {
      if (upFront.has(name)) eager += gzipBytes(text);
      else lazy += gzipBytes(text);
    }
    return { eager, lazy };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [
  ['client: createClient + one method (getHeight)', "import { createClient } from '@avanode/client'; import { getHeight } from '@avanode/client/platform'; export const run = (url) => getHeight(createClient({ url }));", 2000, 'client'],
  ['client: createClient, every namespace', "import { createClient } from '@avanode/client'; export const run = (url) => createClient({ url }).platform.getHeight();", undefined, 'client'],
  ['client: the whole package', "export * from '@avanode/client';", undefined, 'client'],
  ['validators: one result validator (platform.getHeight)', "export { validatePlatformGetHeightResult } from '@avanode/validators';", 3000, 'validators'],
  ['validators: one result validator (platform.getCurrentValidators)', "export { validatePlatformGetCurrentValidatorsResult } from '@avanode/validators';", 3000, 'validators'],
  ['validators: validateResult(method, value)', "export { validateResult } from '@avanode/validators';", undefined, 'validators'],
  ['validators: the whole package', "export * from '@avanode/validators';", undefined, 'validators'],
];

const baselines = {
  client: (await measure("export * from '@avanode/client';")).eager,
};
// Validators are bundled in, not external, when they are what is measured.
async function measureValidators(contents) {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-size-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, contents);
    const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', write: false, nodePaths: [join(root, 'node_modules')] });
    return { eager: gzipBytes(result.outputFiles[0].text), lazy: 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
baselines.validators = (await measureValidators("export * from '@avanode/validators';")).eager;

console.log(`sizes (min+gzip; baselines: whole client ${baselines.client} B, all validators ${baselines.validators} B)`);
for (const [label, contents, goal, kind] of rows) {
  const { eager, lazy } = kind === 'validators' ? await measureValidators(contents) : await measure(contents);
  const goalText = goal ? ` | goal < ${goal} B: ${verdict(eager < goal)}` : '';
  const lazyText = lazy ? ` (+${lazy} B in chunks loaded on demand)` : '';
  console.log(`sizes: ${label} ${eager} B${lazyText} | ${(eager / baselines[kind]).toFixed(2)}x the whole package${goalText}`);
}
