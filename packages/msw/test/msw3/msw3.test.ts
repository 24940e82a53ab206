// @avanode/msw on msw 3 (3.0.5, this folder's own msw; the workspace builds and tests on msw 2).
// The sources of @avanode/msw are bundled with esbuild into .bundle/, msw left out, so that
// Node resolves the bundle's `msw` from this folder: the handlers run on msw 3, and the test
// checks that they do (the same msw module, version 3.x) before the cases of ../msw-cases.ts,
// the ones unhandled.test.ts runs on msw 2. msw 3 needs Node >= 22.12: on older Node those cases
// are skipped (and reported so), and the import of @avanode/msw is checked to fail with one line
// naming the requirement; CI runs the suite on Node 20, 22 and 24.
// The type check of usage.ts against msw 3's types needs no msw at run time and runs everywhere.
import { createRequire } from 'node:module';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheck } from '../../../../scripts/typecheck.ts';
import { mswCases, type MswUnderTest } from '../msw-cases.ts';

const here = import.meta.dirname;
const packages = join(here, '..', '..', '..');
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const nodeRunsMsw3 = major > 22 || (major === 22 && minor >= 12);
const { version } = createRequire(join(here, 'package.json'))('msw/package.json') as { version: string };

/** The workspace's packages from their sources, as every other test imports them (vitest.config.ts). */
const SOURCES: Record<string, string> = {
  '@avanode/mock': join(packages, 'mock', 'src', 'index.ts'),
  '@avanode/validators': join(packages, 'validators', 'src', 'index.ts'),
  '@avanode/codec': join(packages, 'codec', 'src', 'index.ts'),
  '@avanode/codec/encoding': join(packages, 'codec', 'src', 'encoding', 'index.ts'),
};
const fromSources: Plugin = {
  name: 'avanode-sources',
  setup(b) {
    b.onResolve({ filter: /^@avanode\// }, (args) => (SOURCES[args.path] ? { path: SOURCES[args.path] } : undefined));
  },
};

const bundleDir = join(here, '.bundle');
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

let bundled: Promise<MswUnderTest['avanode']> | undefined;
/** @avanode/msw built from its sources, its `msw` left to Node to find from this folder: msw 3. */
const avanodeOnMsw3 = () => (bundled ??= bundleAvanodeMsw());
async function bundleAvanodeMsw(): Promise<MswUnderTest['avanode']> {
  mkdirSync(bundleDir, { recursive: true });
  const outfile = join(bundleDir, 'avanode-msw.mjs');
  await build({ entryPoints: [join(packages, 'msw', 'src', 'index.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node22', external: ['msw', 'msw/*'], plugins: [fromSources], outfile, logLevel: 'silent' });
  return (await import(pathToFileURL(outfile).href)) as MswUnderTest['avanode'];
}

it('this folder has msw 3.0.5 (the workspace\'s is msw 2)', () => {
  expect(version).toBe('3.0.5');
  expect((createRequire(join(packages, 'msw', 'package.json'))('msw/package.json') as { version: string }).version).toMatch(/^2\./);
});

it('usage.ts (handlers, unhandledRequests, msw 3\'s setupServer) type-checks against msw 3\'s types', () => {
  expect(typecheck(join(here, 'tsconfig.json'))).toBe('');
});

// On an older Node, msw 3 itself imports and then fails inside every request; @avanode/msw says
// what is needed when it is imported instead, in one line.
describe.skipIf(nodeRunsMsw3)(`on msw ${version}, Node ${process.versions.node} (< 22.12)`, () => {
  it('importing @avanode/msw fails at once with one line naming the requirement', async () => {
    const error = (await avanodeOnMsw3().then(() => undefined, (e: unknown) => e)) as Error | undefined;
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toBe(`@avanode/msw: msw 3 needs Node >= 22.12, and this is Node ${process.versions.node}: upgrade Node, or install msw 2 (npm install --save-dev msw@2)`);
  });
});

describe.skipIf(!nodeRunsMsw3)(`on msw ${version} (Node >= 22.12)`, () => {
  it('the bundled handlers are msw 3\'s own HttpHandler instances', async () => {
    const avanode = await avanodeOnMsw3();
    const { HttpHandler } = await import('msw');
    expect(avanode.handlers.length).toBeGreaterThan(0);
    for (const handler of avanode.handlers) expect(handler).toBeInstanceOf(HttpHandler);
  });

  mswCases(async () => {
    const avanode = await avanodeOnMsw3();
    const { setupServer } = await import('msw/node');
    return { version, setupServer: setupServer as never, avanode };
  });
});
