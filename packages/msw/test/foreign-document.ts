// A foreign document's packages, as `avanode-gen --spec … --out dir` writes them, for the tests
// that run its msw handlers on msw 3 (msw3/foreign.test.ts) and in Chromium
// (browser-foreign.test.ts): the Acme Bookshop API of generators/test/foreign/, generated at test
// time by the real command, then bundled with esbuild as an app's bundler would. The generated
// packages resolve by their scope (linked under out/node_modules); their runtimes (`@avanode/mock/json-rpc`,
// `@avanode/msw/json-rpc`) from this repository's sources, as every other test imports them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const BOOKSHOP = join(repoRoot, 'generators', 'test', 'foreign', 'bookshop.openrpc.json');
/** The scope avanode-gen derives from the document's title ("Acme Bookshop API"). */
export const SCOPE = '@acme-bookshop-api';
/** An ID the document's examples know (books_get's example, the first of books_list's). */
export const DUNE = '0b3b6f4e-8c1a-4f7e-9f59-2f0f3a9e1c11';

const PACKAGES = ['types', 'validators', 'client', 'mock', 'msw'];
const RUNTIMES: Record<string, string> = {
  '@avanode/mock/json-rpc': join(repoRoot, 'packages', 'mock', 'src', 'json-rpc', 'index.ts'),
  '@avanode/msw/json-rpc': join(repoRoot, 'packages', 'msw', 'src', 'json-rpc.ts'),
};

/** Runs avanode-gen on the bookshop document into `out`, in a child process as a user runs it; throws with its stderr when it fails. */
export function generateBookshop(out: string): void {
  const result = spawnSync(process.execPath, [join(repoRoot, 'generators', 'bin', 'avanode-gen.mjs'), '--spec', BOOKSHOP, '--out', out], { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0 || result.stderr !== '') throw new Error(`avanode-gen exited ${result.status}: ${result.stderr || String(result.error)}`);
  // Each package under its name, as an app's node_modules has them: they import each other so.
  for (const name of PACKAGES) {
    mkdirSync(join(out, 'node_modules', SCOPE), { recursive: true });
    symlinkSync(join('..', '..', name), join(out, 'node_modules', SCOPE, name), 'dir');
  }
}

/**
 * esbuild resolution for code that imports the generated packages (found by their scope through
 * `out/node_modules`, each through its own `exports`): the runtimes from their sources, and `msw`
 * either left to the runtime (`external`) or taken from the folder `mswFrom` (where msw 3 is).
 */
export function foreignPackages(msw: { external: true } | { mswFrom: string }): Plugin {
  return {
    name: 'foreign-packages',
    setup(build) {
      build.onResolve({ filter: /^@avanode\// }, (args) => (RUNTIMES[args.path] ? { path: RUNTIMES[args.path] } : undefined));
      build.onResolve({ filter: /^msw(\/|$)/ }, (args) => {
        if ('external' in msw) return { path: args.path, external: true };
        // Resolved from msw's folder, through its package.json `exports`, whoever imports it.
        if (args.pluginData === 'from-msw-folder') return undefined;
        return build.resolve(args.path, { kind: args.kind, resolveDir: msw.mswFrom, pluginData: 'from-msw-folder' });
      });
    },
  };
}
