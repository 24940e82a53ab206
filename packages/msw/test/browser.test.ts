// In a real browser: Debian's headless Chromium, driven by playwright-core, loads a page whose
// fetch calls are intercepted by the msw service worker with the avanode handlers.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveStatic } from '../../../scripts/browser.ts';
import { mockData } from '../../mock/src/generated/mock-data.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const site = mkdtempSync(join(tmpdir(), 'avanode-browser-'));
const outputDir = join(repoRoot, 'test-output', 'msw-browser');
let closeServer: () => void;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  // msw's worker script is copied from the installed msw at test time (what `msw init` does).
  copyFileSync(join(repoRoot, 'packages', 'msw', 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(site, 'mockServiceWorker.js'));
  await build({
    entryPoints: [join(import.meta.dirname, 'browser', 'app.ts')],
    // Split as an app's bundler would: the client's lazily loaded parts are chunks the page imports.
    bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: site, entryNames: 'app', logLevel: 'silent',
    alias: {
      '@avanode/client': join(repoRoot, 'packages', 'client', 'src', 'index.ts'),
      '@avanode/msw': join(repoRoot, 'packages', 'msw', 'src', 'index.ts'),
      '@avanode/mock': join(repoRoot, 'packages', 'mock', 'src', 'index.ts'),
      '@avanode/validators': join(repoRoot, 'packages', 'validators', 'src', 'index.ts'),
    },
    nodePaths: [join(repoRoot, 'packages', 'msw', 'node_modules')],
  });
  writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>avanode msw</title></head><body><script type="module" src="/app.js"></script></body></html>');
  ({ origin, close: closeServer } = await serveStatic(site));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  closeServer?.();
  rmSync(site, { recursive: true, force: true });
});

describe('msw in Chromium', () => {
  it('the page gets its answers from the service worker', async () => {
    const page = await browser.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    const chunks: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('.js') && chunks.push(request.url())));
    await page.goto(`${origin}/`);
    await page.waitForSelector('#done, #failure', { timeout: 30_000 });
    expect(await page.locator('#failure').count(), await page.locator('#failure').allTextContents().then(String)).toBe(0);
    expect(await page.textContent('#height')).toBe('height 4242');
    expect(await page.textContent('#version')).toBe(`version ${(mockData.methods['info.getNodeVersion']!.examples[0]!.result as { version: string }).version}`);
    expect(await page.textContent('#health')).toBe('health 200 true');
    expect(await page.textContent('#fees')).toBe('gasLimit 12000000');
    expect(await page.textContent('#error')).toBe('error -32000');
    expect(failures).toEqual([]);
    // The RPC error and the health GET went through the client's lazily loaded chunks.
    const names = chunks.map((url) => url.split('/').pop());
    expect(names[0]).toBe('app.js');
    // The health GET's code comes with `complete` (generators/README.md); the path table on its own.
    for (const lazy of ['complete', 'http-endpoints']) expect(names.some((name) => name?.startsWith(`${lazy}-`)), lazy).toBe(true);
    // The static server has no node: the worker answered.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/mockServiceWorker\.js$/);
    await page.screenshot({ path: join(outputDir, 'page.png') });
    await page.close();
  }, 60_000);
});
