// Bundle sizes (esbuild, minified, gzip -9) of what an app imports, against the whole package.
import { join } from 'node:path';
import { build } from 'esbuild';
import { gzipBytes, verdict } from './measure.mjs';

const validators = join(import.meta.dirname, '..', 'packages', 'validators', 'src');

async function size(contents) {
  const result = await build({ stdin: { contents, resolveDir: validators, loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false });
  return gzipBytes(result.outputFiles[0].text);
}

const all = await size("export * from './index.ts';");
const rows = [
  ['one result validator (platform.getHeight)', "export { validatePlatformGetHeightResult } from './index.ts';", 3000],
  ['one result validator (platform.getCurrentValidators)', "export { validatePlatformGetCurrentValidatorsResult } from './index.ts';", 3000],
  ['validateResult(method, value), all results', "export { validateResult } from './index.ts';", undefined],
];
console.log(`sizes (min+gzip): all validators ${all} B (baseline)`);
for (const [label, contents, goal] of rows) {
  const bytes = await size(contents);
  const goalText = goal ? ` | goal < ${goal} B: ${verdict(bytes < goal)}` : '';
  console.log(`sizes: ${label} ${bytes} B | ${(bytes / all).toFixed(3)}x all validators${goalText}`);
}
