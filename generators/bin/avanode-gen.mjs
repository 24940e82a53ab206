#!/usr/bin/env node
// Runs the generator from one JavaScript module that esbuild bundles from the TypeScript sources
// (src/cli.ts and what it imports, spec/scripts/assemble.ts included) into dist/avanode-gen/.
// Loading it takes a fraction of loading the sources through tsx module by module. The bundle is
// rebuilt whenever a source file's content differs from what it was built from (checked by hash
// on every start), so it is always the sources that run and there is no build step to remember.
// Packages stay outside the bundle, imported by the path the sources resolve them to; that path
// is checked on every start too. Where the bundle cannot be written, the sources run through tsx.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A closed pipe (`avanode-gen | head`) is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const generatorsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(generatorsDir, 'src', 'cli.ts');
const cacheDir = join(generatorsDir, 'dist', 'avanode-gen');
const manifestPath = join(cacheDir, 'manifest.json');
const thisFile = fileURLToPath(import.meta.url);

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const readOrUndefined = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};
/** How Node resolves `specifier` from a file in `fromDir` (undefined when it no longer resolves). */
const resolveFrom = (fromDir, specifier) => {
  try {
    return createRequire(join(fromDir, 'noop.js')).resolve(specifier);
  } catch {
    return undefined;
  }
};

/** The bundle recorded in the manifest, when every source and package it was built from is unchanged. */
function currentBundle() {
  const text = readOrUndefined(manifestPath);
  if (text === undefined) return undefined;
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (manifest.generatorsDir !== generatorsDir) return undefined;
  for (const [path, hash] of Object.entries(manifest.inputs)) {
    const source = readOrUndefined(path);
    if ((source === undefined ? null : sha256(source)) !== hash) return undefined;
  }
  // A package reinstalled at another version resolves to another folder.
  for (const [fromDir, specifier, resolved, imported] of manifest.packages) {
    if ((resolveFrom(fromDir, specifier) ?? null) !== resolved || !existsSync(imported)) return undefined;
  }
  const bundle = join(cacheDir, manifest.bundle);
  return existsSync(bundle) ? bundle : undefined;
}

/** Bundles the sources and records what the bundle was built from; the path of the bundle. */
async function buildBundle() {
  const { build } = await import('esbuild');
  const packages = [];
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    legalComments: 'none',
    absWorkingDir: generatorsDir,
    // Node's own conditions (`node`, `import`, `default`): without esbuild's extra `module`.
    conditions: [],
    plugins: [
      {
        name: 'as-in-sources',
        setup(builder) {
          // Each module keeps its own location: paths computed from import.meta.url (the
          // templates folder, the repository root) are the same as when the source runs.
          builder.onLoad({ filter: /\.[cm]?ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
          // A package is imported from where the importing source resolves it (pnpm gives each
          // package only its own dependencies), by absolute path, and left out of the bundle.
          builder.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith('node:')) return { path: args.path, external: true };
            if (args.pluginData === 'resolving') return undefined;
            const found = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
            if (found.errors.length > 0) return { errors: found.errors };
            packages.push([args.resolveDir, args.path, resolveFrom(args.resolveDir, args.path) ?? null, found.path]);
            return { path: pathToFileURL(found.path).href, external: true };
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0].text;
  const inputs = { [thisFile]: sha256(readFileSync(thisFile, 'utf8')) };
  // The compiler options esbuild reads (class fields, for one) from the sources' tsconfig files.
  for (const path of [join(generatorsDir, 'tsconfig.json'), join(generatorsDir, '..', 'spec', 'tsconfig.json'), join(generatorsDir, '..', 'tsconfig.base.json')]) {
    const text = readOrUndefined(path);
    inputs[path] = text === undefined ? null : sha256(text);
  }
  for (const input of Object.keys(result.metafile.inputs)) {
    const path = join(generatorsDir, input);
    inputs[path] = sha256(readFileSync(path, 'utf8'));
  }
  const bundle = `avanode-gen-${sha256(code).slice(0, 16)}.mjs`;
  mkdirSync(cacheDir, { recursive: true });
  // Written under temporary names and renamed, so a run started meanwhile never reads half a file.
  const temporary = `.${process.pid}.tmp`;
  writeFileSync(join(cacheDir, bundle + temporary), code);
  renameSync(join(cacheDir, bundle + temporary), join(cacheDir, bundle));
  writeFileSync(manifestPath + temporary, `${JSON.stringify({ generatorsDir, bundle, inputs, packages }, null, 2)}\n`);
  renameSync(manifestPath + temporary, manifestPath);
  // Earlier bundles, once no run can still be about to load them.
  for (const file of readdirSync(cacheDir)) {
    const path = join(cacheDir, file);
    if (file !== bundle && file.startsWith('avanode-gen-') && Date.now() - statSync(path).mtimeMs > 60_000) rmSync(path, { force: true });
  }
  return join(cacheDir, bundle);
}

async function loadMain() {
  try {
    const bundle = currentBundle() ?? (await buildBundle());
    // The slow results a run keeps for the next (src/disk-cache.ts), valid for this build only.
    process.env.AVANODE_GEN_BUILD = basename(bundle);
    process.env.AVANODE_GEN_CACHE_DIR = join(cacheDir, 'cache');
    return (await import(pathToFileURL(bundle).href)).main;
  } catch (error) {
    if (!['EACCES', 'EROFS', 'EPERM', 'ENOSPC'].includes(error?.code)) throw error;
    // The bundle cannot be written here: run the sources through tsx instead.
    const { register } = await import('tsx/esm/api');
    register();
    return (await import(pathToFileURL(entry).href)).main;
  }
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
