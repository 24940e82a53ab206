// Bundles one page (argv: bundler, entry, out folder) for the browser into one ES module file,
// with each bundler's own API, as an app's build would.
import { join, resolve } from 'node:path';

const [bundler, entry, outDir] = process.argv.slice(2);
const input = resolve(entry);
const name = entry.replace(/\.mjs$/, '');

if (bundler === 'esbuild') {
  const { build } = await import('esbuild');
  await build({ entryPoints: [input], bundle: true, platform: 'browser', format: 'esm', outfile: join(outDir, `${name}.js`), logLevel: 'silent' });
} else if (bundler === 'rollup') {
  const { rollup } = await import('rollup');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const bundle = await rollup({ input, plugins: [nodeResolve({ browser: true })], onwarn: (warning) => { throw new Error(`rollup: ${warning.message}`); } });
  await bundle.write({ file: join(outDir, `${name}.js`), format: 'es', inlineDynamicImports: true });
} else if (bundler === 'vite') {
  const { build } = await import('vite');
  await build({ configFile: false, logLevel: 'silent', root: process.cwd(), build: { outDir, emptyOutDir: false, minify: false, lib: { entry: input, formats: ['es'], fileName: () => `${name}.js` }, rollupOptions: { output: { inlineDynamicImports: true } } } });
} else if (bundler === 'webpack') {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((done, fail) => webpack({
    mode: 'production', target: 'web', entry: input, context: process.cwd(),
    experiments: { outputModule: true },
    output: { path: resolve(outDir), filename: `${name}.js`, module: true, asyncChunks: false },
    optimization: { minimize: false },
    // The size hints are advice about a page's weight, not about whether it bundles.
    performance: { hints: false },
  }, (error, result) => (error ? fail(error) : done(result))));
  if (stats.hasErrors() || stats.hasWarnings()) throw new Error(`webpack: ${stats.toString({ all: false, errors: true, warnings: true })}`);
} else {
  throw new Error(`unknown bundler ${bundler}`);
}
