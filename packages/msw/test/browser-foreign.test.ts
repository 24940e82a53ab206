// A foreign document's generated msw handlers in a real browser (issue 36): Debian's headless
// Chromium, driven by playwright-core, loads a page (browser-foreign/app.ts) whose generated
// client calls the Acme Bookshop API, answered by the msw service worker with the handlers of the
// generated msw package. Once on msw 2 (the workspace's) and once on msw 3 (test/msw3's own;
// Node's version does not matter here: the browser runs it), each with its own mockServiceWorker.js,
// and the page type-checked under tsc --strict against that msw's types.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveStatic } from '../../../scripts/browser.ts';
import { typecheck } from '../../../scripts/typecheck.ts';
import { DUNE, SCOPE, foreignPackages, generateBookshop } from './foreign-document.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const out = join(repoRoot, 'packages', 'msw', 'test-output', `browser-foreign-${process.pid}`);
/** Where each msw major is installed. */
const MSW = { 2: join(repoRoot, 'packages', 'msw'), 3: join(repoRoot, 'packages', 'msw', 'test', 'msw3') };

interface Example {
  params: Array<{ value: unknown }>;
  result: { value: unknown };
}
const document = JSON.parse(readFileSync(join(repoRoot, 'generators', 'test', 'foreign', 'bookshop.openrpc.json'), 'utf8')) as { methods: Array<{ name: string; examples: Example[] }> };
/** The document's example of `method` whose params are `params`. */
const example = (method: string, params: unknown[]) => document.methods.find((m) => m.name === method)!.examples.find((e) => JSON.stringify(e.params.map((p) => p.value)) === JSON.stringify(params))!.result.value;
const titles = (books: unknown) => (books as Array<{ title: string }>).map((book) => book.title).join(', ');

let browser: Browser;
const sites: string[] = [];

beforeAll(async () => {
  generateBookshop(out);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const site of sites) rmSync(site, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe.each([2, 3] as const)('the generated handlers in Chromium on msw %i', (major) => {
  const mswDir = MSW[major];
  const { version } = createRequire(join(mswDir, 'package.json'))('msw/package.json') as { version: string };
  let origin: string;
  let closeServer: () => void;

  beforeAll(async () => {
    const site = mkdtempSync(join(tmpdir(), 'avanode-browser-foreign-'));
    sites.push(site);
    // The worker script of the same msw (what `msw init` copies).
    copyFileSync(join(mswDir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(site, 'mockServiceWorker.js'));
    await build({
      entryPoints: [join(import.meta.dirname, 'browser-foreign', 'app.ts')],
      // Split as an app's bundler would: the client's lazily loaded parts are chunks the page imports.
      bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: site, entryNames: 'app', logLevel: 'silent',
      // The generated packages by their scope, as an app's node_modules has them.
      nodePaths: [join(out, 'node_modules')],
      plugins: [foreignPackages({ mswFrom: mswDir })],
    });
    writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>bookshop msw</title><link rel="icon" href="data:,"></head><body><script type="module" src="/app.js"></script></body></html>');
    ({ origin, close: closeServer } = await serveStatic(site));
  }, 120_000);
  afterAll(() => closeServer?.());

  it(`the page type-checks under tsc --strict against msw ${version}'s types and the generated packages`, () => {
    // Each generated package's entries as its manifest exports them; the runtimes from their sources.
    const generated = ['types', 'validators', 'client', 'mock', 'msw'].flatMap((name) => {
      const { exports } = JSON.parse(readFileSync(join(out, name, 'package.json'), 'utf8')) as { exports: Record<string, string> };
      return Object.entries(exports).map(([entry, file]) => [`${SCOPE}/${name}${entry === '.' ? '' : entry.slice(1)}`, [join(out, name, file)]]);
    });
    const paths = {
      ...Object.fromEntries(generated),
      '@avanode/mock/json-rpc': [join(repoRoot, 'packages', 'mock', 'src', 'json-rpc', 'index.ts')],
      '@avanode/msw/json-rpc': [join(repoRoot, 'packages', 'msw', 'src', 'json-rpc.ts')],
      msw: [join(mswDir, 'node_modules', 'msw', 'lib', 'core', 'index.d.ts')],
      'msw/browser': [join(mswDir, 'node_modules', 'msw', 'lib', 'browser', 'index.d.ts')],
    };
    const tsconfig = join(out, `tsconfig.app-msw${major}.json`);
    writeFileSync(tsconfig, JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, allowImportingTsExtensions: true, module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], skipLibCheck: true, paths },
      files: [join(import.meta.dirname, 'browser-foreign', 'app.ts')],
    }));
    expect(typecheck(tsconfig)).toBe('');
  }, 60_000);

  it(`msw ${version}: answers from the examples, an override, an unknown method's JSON-RPC error, typed errors`, async () => {
    expect(version.split('.')[0]).toBe(String(major));
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // msw warns when the worker script is another version's (so this also proves the bundle ran
    // the msw whose worker was copied); nothing else should be said either.
    page.on('console', (message) => void (['warning', 'error'].includes(message.type()) && problems.push(`${message.type()}: ${message.text()} (${message.location().url})`)));
    const reachedServer: string[] = [];
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      if (request.url().includes('/api/rpc') && response && !response.fromServiceWorker()) reachedServer.push(request.url());
    });
    await page.goto(`${origin}/`);
    await page.waitForSelector('#done, #failure', { timeout: 30_000 });
    expect(await page.locator('#failure').count(), await page.locator('#failure').allTextContents().then(String)).toBe(0);
    expect(await page.textContent('#books')).toBe(titles(example('books_list', [2])));
    expect(await page.textContent('#book')).toBe((example('books_get', [DUNE]) as { title: string }).title);
    expect(await page.textContent('#ping')).toBe('192.0.2.7');
    expect(JSON.parse((await page.textContent('#unknown'))!)).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } });
    expect(await page.textContent('#refused')).toBe('-32602 [{"path":"/1","message":"must match format \\"email\\""}]');
    expect(await page.textContent('#missing')).toBe(`404 ${DUNE}`);
    expect(await page.textContent('#after')).toBe(titles(example('books_list', [1])));
    // The static server has no /api/rpc: the worker answered every call.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/mockServiceWorker\.js$/);
    expect(reachedServer).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
