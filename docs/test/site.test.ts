// The built site in Debian's headless Chromium (playwright-core), served on 127.0.0.1: home,
// a method page through the sidebar (params table, example), the version switcher, offline
// search, a crawl of every page for broken links, a screenshot; and two builds give the same bytes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveStatic } from '../../scripts/browser.ts';

const docs = join(import.meta.dirname, '..');
const dist = join(docs, '.vitepress', 'dist');
const output = join(docs, '..', 'test-output', 'docs');
const build = () => execFileSync(process.execPath, [join(docs, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(docs, 'scripts', 'build.ts')], { cwd: docs, stdio: 'pipe' });

function hashes(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, hashes(path, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

let first: Record<string, string>;
let closeServer: () => void;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  build();
  first = hashes(dist);
  build();
  ({ origin, close: closeServer } = await serveStatic(dist, '404.html'));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  closeServer?.();
});

describe('the documentation site', () => {
  it('builds twice to the same bytes', () => {
    expect(hashes(dist)).toEqual(first);
  });

  it('has a page per method, per schema, per version', () => {
    const pages = Object.keys(first).filter((p) => p.endsWith('.html'));
    if (process.env.AVANODE_VERBOSE) console.log(`docs: ${pages.length} pages`);
    expect(pages.filter((p) => /^reference\/(info|platform|health|evm)\/.*\.html$/.test(p))).toHaveLength(52);
    expect(pages.filter((p) => p.startsWith('v0.1.0/reference/'))).not.toHaveLength(0);
    expect(pages.filter((p) => p.startsWith('reference/schemas/')).length).toBeGreaterThan(40);
  });

  it('home → a method page through the sidebar, its params table and example; the version switcher; search', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect(page.locator('.VPHero .name').textContent()).resolves.toContain('avanode');
    await page.goto(`${origin}/reference/`);
    await page.locator('.VPSidebar a', { hasText: 'platform.getCurrentValidators' }).first().click();
    await page.waitForURL(/\/reference\/platform\/platform\.getCurrentValidators\.html$/);
    // The router changes the address before it swaps the content in: wait for the page's own title.
    await page.locator('h1', { hasText: 'platform.getCurrentValidators' }).waitFor({ timeout: 10_000 });
    const params = page.locator('table').first();
    await expect(params.locator('th').allTextContents()).resolves.toEqual(['Name', 'Type', 'Required', 'Description']);
    await expect(params.locator('td').first().textContent()).resolves.toBe('subnetID');
    await expect(page.locator('h2#example').count()).resolves.toBe(1);
    await expect(page.locator('div.language-json').first().textContent()).resolves.toContain('"method": "platform.getCurrentValidators"');
    mkdirSync(output, { recursive: true });
    await page.screenshot({ path: join(output, 'method-page.png'), fullPage: false });

    // The version switcher: the top bar's menu offers the released version.
    await page.locator('.VPNavBarMenuGroup button', { hasText: 'v0.1.0' }).hover();
    await page.locator('.VPNavBarMenuGroup a', { hasText: /^v0\.1\.0$/ }).click();
    await page.waitForURL(/\/v0\.1\.0\/reference\/(index\.html)?$/);
    await expect(page.locator('.VPSidebar').textContent()).resolves.toContain('platform.getHeight');

    // Offline search (VitePress local search): type a method, follow the result.
    await page.goto(`${origin}/guide/getting-started.html`);
    await page.locator('.VPNavBarSearch button').click();
    await page.locator('.VPLocalSearchBox input').fill('getL1Validator');
    const result = page.locator('.VPLocalSearchBox .result', { hasText: 'platform.getL1Validator' }).first();
    await result.waitFor({ timeout: 10_000 });
    await result.click();
    await page.waitForURL(/platform\.getL1Validator/);
    await page.close();
  }, 60_000);

  it('no link inside the site is broken (every page crawled)', async () => {
    const seen = new Set<string>();
    const broken: string[] = [];
    const queue = ['/'];
    while (queue.length > 0 && seen.size < 2000) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await fetch(`${origin}${path}`);
      if (response.status !== 200) {
        broken.push(path);
        continue;
      }
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) continue;
      const html = await response.text();
      for (const [, href] of html.matchAll(/href="([^"#]+)(?:#[^"]*)?"/g)) {
        if (/^[a-z]+:/.test(href!) || href!.startsWith('//')) continue;
        const resolved = new URL(href!, `${origin}${path}`).pathname;
        if (!seen.has(resolved)) queue.push(resolved);
      }
    }
    if (process.env.AVANODE_VERBOSE) console.log(`docs crawl: ${seen.size} links followed`);
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(200);
  }, 120_000);
});
