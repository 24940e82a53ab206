// Bundle sizes of what an app imports: esbuild (bundle, minify, code splitting, as an app's
// bundler would), gzip -9, counting the entry and the chunks it imports statically. Chunks
// loaded on demand (retries, validation, bigint paths, batches) are counted apart. Each figure
// is a ratio against its whole package, measured in the same run. The codec's figures sit beside
// the client's: the client never imports it, so they add nothing to the client's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import { gzipBytes, rounded, runAlone } from './measure.mjs';

/** Leaves every `import()` out of the bundle (as `.size-limit.mjs` does): what remains is loaded up front. */
const upFrontOnly = {
  name: 'up-front-only',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

/**
 * Bytes loaded up front (the entry and the chunks it imports statically, transitively) and bytes
 * loaded on demand (the rest), gzipped apart: `chunks` maps each output file to its code and the
 * files it imports statically.
 */
function upFrontAndLazy(chunks, entry) {
  const upFront = new Set();
  const visit = (name) => {
    if (upFront.has(name) || !chunks.has(name)) return;
    upFront.add(name);
    for (const imported of chunks.get(name).imports) visit(imported);
  };
  visit(entry);
  let eager = 0;
  let lazy = 0;
  for (const [name, { code }] of chunks) {
    if (upFront.has(name)) eager += gzipBytes(code);
    else lazy += gzipBytes(code);
  }
  return { eager, lazy };
}

/** Runs `bundle(entryPath, outDir)` on an entry module holding `contents`, in a directory removed afterwards. */
async function withEntry(contents, bundle) {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-size-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, contents);
    return await bundle(entry, join(dir, 'out'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Bytes loaded up front and on demand, with esbuild. `whole: true` bundles without code splitting
 * and leaves the `import()`s out, as `.size-limit.mjs` measures: one file, each module
 * tree-shaken to what the entry uses.
 */
const measure = (contents, external = [], { whole = false } = {}) =>
  withEntry(contents, async (entry, outdir) => {
    const result = await build({
      entryPoints: [entry], bundle: true, minify: true, format: 'esm', splitting: !whole, outdir,
      write: false, platform: 'browser', nodePaths: [join(import.meta.dirname, 'node_modules')], external, plugins: whole ? [upFrontOnly] : [],
    });
    // esbuild gives no import list: a chunk's static imports are read from its code.
    const chunks = new Map(result.outputFiles.map((f) => [f.path.split('/').pop(), { code: f.text, imports: [...f.text.matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)].map((m) => m[1]) }]));
    return upFrontAndLazy(chunks, 'entry.js');
  });

/**
 * The same with rolldown (the bundler of Vite 8), which splits at the level of each declaration:
 * a module reached only through a re-export (the index's error classes) joins the up-front chunks
 * only for what they use. esbuild keeps the whole module in a chunk shared with the lazily loaded
 * path, loaded up front.
 */
const measureRolldown = (contents, external = []) =>
  withEntry(contents, async (entry) => {
    const bundle = await rolldown({ input: entry, external, platform: 'browser', logLevel: 'silent', resolve: { modules: [join(import.meta.dirname, 'node_modules'), 'node_modules'] } });
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    await bundle.close();
    const chunks = output.filter((o) => o.type === 'chunk');
    return upFrontAndLazy(new Map(chunks.map((c) => [c.fileName, { code: c.code, imports: c.imports }])), chunks.find((c) => c.isEntry).fileName);
  });

export async function run() {
  const peers = ['@avanode/validators'];
  const client = await measure("export * from '@avanode/client';", peers);
  const validators = await measure("export * from '@avanode/validators';");
  const msw = await measure("export * from '@avanode/msw';", ['msw']);
  const codec = await measure("export * from '@avanode/codec';");
  // [figure, short label for the chart, measured, its whole package, goal in bytes]. The codec's
  // parts are judged in codec.mjs, each figure against one goal; here only the package whole.
  const bare = "import { createBareClient } from '@avanode/client'; import { getHeight } from '@avanode/client/platform'; export const run = (url) => getHeight(createBareClient({ url }));";
  const withNamespaces = "import { createClient } from '@avanode/client'; export const run = (url) => createClient({ url }).platform.getHeight();";
  // Why the figures differ by bundler: the index re-exports every error class, and the lazily
  // loaded path throws nine of them. rolldown puts those nine in the lazy chunk; esbuild keeps
  // every declaration of a module a re-export reaches in the chunk shared with the lazy path,
  // loaded up front (true of a plain const too: bench/README.md). size-limit bundles one file
  // with the import()s left out, so it counts only the two classes the core throws.
  const bareWhole = (await measure(bare, peers, { whole: true })).eager;
  const esbuildNote = `esbuild loads all eleven error classes up front: the index re-exports them, and esbuild keeps every declaration of a module a re-export reaches in the chunk it shares with the lazily loaded path (rolldown keeps the nine the core never throws in the lazy chunk). As one file without splitting (how .size-limit.mjs bundles it): ${bareWhole.toLocaleString('en-US')} B.`;
  const rows = [
    ['client: createBareClient + one standalone method (getHeight), rolldown (Vite 8)', 'client: createBareClient + getHeight (rolldown)', await measureRolldown(bare, peers), client, 2000],
    ['client: createBareClient + one standalone method (getHeight), esbuild', 'client: createBareClient + getHeight (esbuild)', await measure(bare, peers), client, 2000, esbuildNote],
    // The typed namespaces are plain objects: every method name of the document is in them.
    ['client: createClient (typed namespaces) + one method (client.platform.getHeight), rolldown (Vite 8)', 'client: createClient + one method (rolldown)', await measureRolldown(withNamespaces, peers), client, undefined],
    ['client: createClient (typed namespaces) + one method (client.platform.getHeight), esbuild', 'client: createClient + one method (esbuild)', await measure(withNamespaces, peers), client, undefined],
    ['client: the whole package', 'client: the whole package', client, client, 10_000],
    ['validators: one result validator (platform.getHeight)', 'validators: platform.getHeight', await measure("export { validatePlatformGetHeightResult } from '@avanode/validators';"), validators, 3000],
    // Its budget is .size-limit.mjs's (3.9 kB): raised from 3 kB as the result became the node's
    // three exact validator shapes and the wire-form checks came in (the reasons are written there).
    ['validators: one result validator (platform.getCurrentValidators)', 'validators: platform.getCurrentValidators', await measure("export { validatePlatformGetCurrentValidatorsResult } from '@avanode/validators';"), validators, 3900, "The goal is .size-limit.mjs's budget, 3.9 kB: it was 3,000 B until the result became the node's three exact validator shapes (permissionless, permissioned, L1) with bounded uint64 patterns, and v1.15.0-fuji's auto-renewed members and the wire-form checks joined them."],
    ['validators: all of them', 'validators: the whole package', validators, validators, undefined],
    ['msw: the whole package (msw itself not counted)', 'msw: the whole package', msw, msw, undefined],
    ['codec: the whole package', 'codec: the whole package', codec, codec, undefined],
  ];
  return {
    id: 'sizes',
    title: 'Bundle sizes (esbuild and rolldown, minified, gzip -9)',
    about: "What an app loads up front when it imports each part (esbuild with code splitting, as its bundler would; the client's up-front rows also with rolldown, Vite 8's bundler); chunks loaded on demand are counted apart.",
    chart: { kind: 'sizes', title: 'Bytes loaded up front, min+gzip, per package and entry' },
    rows: rows.map(([figure, chartLabel, measured, whole, goal, note]) => ({ figure, chartLabel, ...sizeRow(measured, whole, goal), ...(note ? { note } : {}) })),
  };
}

/** A size as a row: against its whole package (unless it is the package), with its goal. */
const sizeRow = ({ eager, lazy }, whole, goal) => ({
  value: eager,
  unit: 'B',
  ...(lazy ? { detail: `+${lazy.toLocaleString('en-US')} B in chunks loaded on demand` } : {}),
  ...(whole.eager === eager && whole.lazy === lazy ? {} : { baseline: { name: 'the whole package', value: whole.eager, unit: 'B' }, ratio: { value: rounded(eager / whole.eager, 2), of: 'the whole package' } }),
  ...(goal ? { goal: { op: '<', value: goal, unit: 'B' }, met: eager < goal } : {}),
});

// `node bench/sizes.mjs` runs this benchmark alone (`pnpm bench` runs them all).
await runAlone(import.meta.url, run);
