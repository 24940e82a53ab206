// The built site in Debian's headless Chromium (playwright-core), served on 127.0.0.1: home,
// a method page through the sidebar (params table, example), "Try it" against the in-browser
// mock, the version menu, offline search with one labeled hit per version, the sidebar
// scrolled to the page, a crawl of every page for broken links, screenshots; and two builds
// give the same bytes. The site is built with one extra, older version (the current spec
// without one method), made here, so switching versions has somewhere to go.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveStatic } from '../../scripts/browser.ts';

const docs = join(import.meta.dirname, '..');
const dist = join(docs, '.vitepress', 'dist');
const screenshots = join(docs, 'test', 'screenshots');
const spec = JSON.parse(readFileSync(join(docs, '..', 'spec', 'openrpc.json'), 'utf8')) as { info: { version: string }; methods: Array<{ name: string; tags?: Array<{ $ref?: string }> }> };
const CURRENT = spec.info.version;
const OLDER = '0.0.9';
/** The method the older version did not have yet. */
const ADDED_LATER = 'platform.getFeeState';

const versionsDir = mkdtempSync(join(tmpdir(), 'avanode-docs-versions-'));
mkdirSync(join(versionsDir, 'versions', `v${OLDER}`), { recursive: true });
writeFileSync(join(versionsDir, 'versions.json'), JSON.stringify([OLDER, CURRENT]));
writeFileSync(
  join(versionsDir, 'versions', `v${OLDER}`, 'openrpc.json'),
  JSON.stringify({ ...spec, info: { ...spec.info, version: OLDER }, methods: spec.methods.filter((m) => m.name !== ADDED_LATER) }),
);
const build = () =>
  execFileSync(process.execPath, [join(docs, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(docs, 'scripts', 'build.ts')], { cwd: docs, stdio: 'pipe', env: { ...process.env, AVANODE_DOCS_VERSIONS: versionsDir } });

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
}, 420_000);

afterAll(async () => {
  await browser?.close();
  closeServer?.();
  rmSync(versionsDir, { recursive: true, force: true });
});

describe('the documentation site', () => {
  it('builds twice to the same bytes', () => {
    expect(hashes(dist)).toEqual(first);
  });

  it('has a page per method, per schema, per version', () => {
    const pages = Object.keys(first).filter((p) => p.endsWith('.html'));
    if (process.env.AVANODE_VERBOSE) console.log(`docs: ${pages.length} pages`);
    const endpoints = (JSON.parse(readFileSync(join(docs, '..', 'spec', 'openrpc.json'), 'utf8'))['x-http-endpoints'] ?? []).length;
    expect(pages.filter((p) => /^reference\/(info|platform|health|evm|avax|avm)\/.*\.html$/.test(p))).toHaveLength(spec.methods.length + endpoints);
    expect(pages.filter((p) => p.startsWith(`v${OLDER}/reference/`))).not.toHaveLength(0);
    // The current version is the root: no second copy of it under /vX.Y.Z/.
    expect(pages.filter((p) => p.startsWith(`v${CURRENT}/`))).toEqual([]);
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
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'method-page.png'), fullPage: false });

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

  it('search shows one hit per version, each labeled with its version', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/guide/getting-started.html`);
    await page.locator('.VPNavBarSearch button').click();
    await page.locator('.VPLocalSearchBox input').fill('getL1Validator');
    const hits = page.locator('.VPLocalSearchBox .result', { hasText: 'platform.getL1Validator' });
    await hits.first().waitFor({ timeout: 10_000 });
    const titles = (await hits.locator('.titles').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => /platform\.getL1Validator$/.test(t));
    expect(titles.filter((t) => t.includes(`v${CURRENT} (latest)`))).toHaveLength(1);
    expect(titles.filter((t) => t.includes(`v${OLDER} ·`))).toHaveLength(1);
    expect(titles).toHaveLength(2);
    await page.close();
  }, 60_000);

  it('the version menu lists each version once and keeps the page; a page the version lacks opens its reference', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/reference/platform/platform.getHeight.html`);
    const menu = page.locator('[data-version-switcher]');
    await expect(menu.locator('option').allTextContents()).resolves.toEqual([`v${CURRENT} (latest)`, `v${OLDER}`]);
    await menu.selectOption(OLDER);
    await page.waitForURL(new RegExp(`/v${OLDER.replace(/\./g, '\\.')}/reference/platform/platform\\.getHeight\\.html$`));
    await page.locator('h1', { hasText: 'platform.getHeight' }).waitFor({ timeout: 10_000 });
    await expect(page.locator('[data-version-switcher]').inputValue()).resolves.toBe(OLDER);
    await page.locator('[data-version-switcher]').selectOption(CURRENT);
    await page.waitForURL(/\/reference\/platform\/platform\.getHeight\.html$/);
    expect(new URL(page.url()).pathname).toBe('/reference/platform/platform.getHeight.html');
    await page.goto(`${origin}/reference/platform/${ADDED_LATER}.html`);
    await page.locator('[data-version-switcher]').selectOption(OLDER);
    await page.waitForURL(new RegExp(`/v${OLDER.replace(/\./g, '\\.')}/reference/(index\\.html)?$`));
    await page.close();
  }, 60_000);

  it('the sidebar shows the active method without scrolling by hand', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const last = spec.methods.map((m) => m.name).filter((n) => n.startsWith('platform.')).sort().at(-1)!;
    await page.goto(`${origin}/reference/platform/${last}.html`);
    const active = page.locator('.VPSidebar .VPSidebarItem.is-active').first();
    await active.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(300);
    const item = (await active.boundingBox())!;
    const sidebar = (await page.locator('.VPSidebar').boundingBox())!;
    expect(item.y).toBeGreaterThanOrEqual(sidebar.y);
    expect(item.y + item.height).toBeLessThanOrEqual(Math.min(sidebar.y + sidebar.height, 720));
    await page.close();
  }, 60_000);

  describe('Try it, against the in-browser mock (msw service worker)', () => {
    for (const [group, method] of [['info', 'info.getNetworkID'], ['platform', 'platform.getHeight'], ['evm', 'eth_getChainConfig']] as const) {
      it(`${method}: the example call answers a valid result; its code loads only when used`, async () => {
        const page = await browser.newPage();
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        await page.goto(`${origin}/reference/${group}/${method}.html`);
        const panel = page.locator('[data-try-it]');
        await panel.waitFor({ timeout: 10_000 });
        const before = scripts.length;
        await panel.locator('[data-send]').click();
        await expect(panel.locator('[data-status]').textContent({ timeout: 15_000 })).resolves.toBe('200');
        await expect(panel.locator('[data-verdict]').textContent()).resolves.toContain('valid result');
        expect(JSON.parse((await panel.locator('[data-body]').textContent())!).result).toBeDefined();
        // The validators and msw come in with the first call, not with the page.
        expect(scripts.length).toBeGreaterThan(before);
        if (method === 'platform.getHeight') await panel.screenshot({ path: join(screenshots, 'try-it-panel.png') });
        await page.close();
      }, 60_000);
    }

    it('a bad param is shown at its field, and the node-style refusal comes back', async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/reference/platform/platform.getBlock.html`);
      const panel = page.locator('[data-try-it]');
      await panel.waitFor({ timeout: 10_000 });
      await panel.locator('[data-params]').fill('{"blockID": 12}');
      await expect(panel.locator('[data-field-errors]').textContent({ timeout: 10_000 })).resolves.toContain('blockID');
      await panel.locator('[data-params]').fill('{"blockID": ');
      await expect(panel.locator('[data-error]').textContent({ timeout: 10_000 })).resolves.toContain('Not JSON');
      await page.close();
    }, 60_000);

    it('the health GET endpoint answers with its HTTP status', async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/reference/health/health.get.html`);
      const panel = page.locator('[data-try-it]');
      await panel.waitFor({ timeout: 10_000 });
      await panel.locator('[data-send]').click();
      await expect(panel.locator('[data-status]').textContent({ timeout: 15_000 })).resolves.toBe('200');
      await page.close();
    }, 60_000);
  });

  describe('what a new user reads first', () => {
    /**
     * Words only the project's own history uses: its founding document ("the seed's signature
     * text"), its rounds of work, its numbered findings and issues, and the benchmarks' old
     * shouting. A user has never heard of any of them. ("seed" alone is the simulated network's
     * option, a word users do know.)
     */
    const INTERNAL = [/\bseed's\b/i, /\bseed (?:document|description|text)\b/i, /\bround [1-9]\b/i, /GOAL MISSED/, /\bfindings? (?:numbered|#?\d)/i, /\bissue \d+\b/i, /\bsessions?\b/i, /\blead engineer\b/i, /node-api\.md/];
    const TOOLKIT = ['@avanode/client', '@avanode/validators', '@avanode/codec', '@avanode/mock', '@avanode/msw', '@avanode/query', '@avanode/cli', '@avanode/wallet', '@avanode/mcp', 'generator'];

    it('the home page shows every part of the toolkit, each with an example, and the spec\'s method counts', async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      const features = (await page.locator('.VPFeature .title').allTextContents()).map((t) => t.trim());
      for (const part of TOOLKIT) expect(features.some((f) => f.toLowerCase().includes(part.toLowerCase())), part).toBe(true);
      // An example per part: a code block under a heading of its own.
      const examples = await page.locator('.vp-doc h3 + div[class*="language-"]').count();
      expect(examples).toBeGreaterThanOrEqual(TOOLKIT.length);
      const text = (await page.locator('body').textContent())!;
      expect(text).toContain(`all ${spec.methods.length} methods`);
      expect(text).not.toMatch(/%\w+%/);
      for (const [, count] of text.matchAll(/(\d+) methods/g)) expect(Number(count)).toBe(spec.methods.length);
      await expect(page.locator('[data-total-methods]').textContent()).resolves.toBe(String(spec.methods.length));
      // Per API: the rows of the counts table add up to the spec's methods, one row per tag.
      const cells = await page.locator('[data-method-counts] tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent!.trim())));
      const perTag = new Map<string, number>();
      for (const m of spec.methods) perTag.set(m.tags?.[0]?.$ref ?? '', (perTag.get(m.tags?.[0]?.$ref ?? '') ?? 0) + 1);
      expect(cells.slice(0, -1).map(([, n]) => Number(n)).sort()).toEqual([...perTag.values()].sort());
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true });
      await page.close();
    }, 60_000);

    it('the home page\'s examples and the pages that once used internal words read clean in the browser', async () => {
      const page = await browser.newPage();
      for (const path of ['/', '/benchmarks.html', '/reference/platform/platform.getTimestamp.html', '/reference/schemas/ValidatorSigner.html', '/reference/schemas/L1CurrentValidator.html']) {
        await page.goto(`${origin}${path}`);
        const text = (await page.locator('body').textContent())!;
        expect(INTERNAL.filter((word) => word.test(text)), path).toEqual([]);
      }
      await page.close();
    }, 60_000);

    it('no page of the site contains an internal word', () => {
      const found: string[] = [];
      for (const file of Object.keys(first).filter((p) => p.endsWith('.html'))) {
        // The page's text as served, tags and scripts removed.
        const text = readFileSync(join(dist, file), 'utf8').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/&#39;|&apos;/g, "'");
        for (const word of INTERNAL) if (word.test(text)) found.push(`${file}: ${word}`);
      }
      expect(Object.keys(first).filter((p) => p.endsWith('.html')).length).toBeGreaterThan(200);
      expect(found).toEqual([]);
    });

    it('the benchmarks page shows its goals and sections as tables and its charts as drawn SVG', async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/benchmarks.html`);
      const results = JSON.parse(readFileSync(join(docs, '..', 'bench', 'results.json'), 'utf8')) as { sections: Array<{ title: string; chart?: unknown; rows: Array<{ goal?: unknown }> }> };
      // The goals at a glance, then one table per section.
      await expect(page.locator('.vp-doc table').count()).resolves.toBe(results.sections.length + 1);
      const glance = page.locator('.vp-doc table').first();
      await expect(glance.locator('th').allTextContents()).resolves.toEqual(['Section', 'Figure', 'Node', 'Measured', 'Goal', 'Baseline', 'Met']);
      const goals = results.sections.flatMap((s) => s.rows.filter((r) => r.goal));
      await expect(glance.locator('tbody tr').count()).resolves.toBe(goals.length);
      for (const verdict of await glance.locator('tbody tr td:last-child').allTextContents()) expect(['met', 'not met']).toContain(verdict.trim());
      const charts = page.locator('.vp-doc figure.bench-chart svg');
      await expect(charts.count()).resolves.toBe(results.sections.filter((s) => s.chart).length);
      for (let i = 0; i < (await charts.count()); i++) {
        const chart = charts.nth(i);
        const box = (await chart.boundingBox())!;
        expect(box.width).toBeGreaterThan(300);
        expect(box.height).toBeGreaterThan(100);
        const bars = await chart.locator('rect[data-bar]').evaluateAll((rects) => rects.map((r) => (r as SVGGraphicsElement).getBBox().width));
        expect(bars.length).toBeGreaterThan(3);
        expect(bars.every((w) => w > 0)).toBe(true);
      }
      await expect(page.locator('.vp-doc').textContent()).resolves.not.toMatch(/GOAL MISSED/);
      mkdirSync(screenshots, { recursive: true });
      await page.locator('figure.bench-chart').first().screenshot({ path: join(screenshots, 'benchmarks-chart.png') });
      await page.close();
    }, 60_000);

    it('at 1280 px the goals at a glance fit the text column, "Met" in sight (no scrolling inside the table)', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${origin}/benchmarks.html`);
      const glance = page.locator('.vp-doc table').first();
      const fit = await glance.evaluate((table) => {
        const column = table.closest('.vp-doc')!.getBoundingClientRect();
        const box = table.getBoundingClientRect();
        const met = [...table.querySelectorAll('th')].at(-1)!.getBoundingClientRect();
        return { right: box.right, columnRight: column.right, scrolls: table.scrollWidth > table.clientWidth + 1, metRight: met.right, width: innerWidth };
      });
      expect(fit.scrolls).toBe(false);
      expect(fit.right).toBeLessThanOrEqual(fit.columnRight + 1);
      expect(fit.metRight).toBeLessThanOrEqual(fit.width);
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'benchmarks-1280.png') });
      await page.close();
    }, 60_000);

    it('the site has a favicon, served from where every page links it', async () => {
      const home = readFileSync(join(dist, 'index.html'), 'utf8');
      expect(home).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
      const icon = await fetch(`${origin}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(await icon.text()).toMatch(/^<svg /);
    });

    it("no snippet shows the setup it hides above '// ---cut---'", () => {
      const pages = Object.keys(first).filter((p) => p.endsWith('.html') || p.endsWith('.js'));
      expect(pages.filter((file) => readFileSync(join(dist, file), 'utf8').includes('---cut---'))).toEqual([]);
      // The wallet guide shows its first block's setup (the client), never the hidden repeat of it.
      const wallet = readFileSync(join(dist, 'guide', 'wallet.html'), 'utf8');
      // Counted in its code blocks only: the prose names the variable too (the CLI reads it).
      const code = [...wallet.matchAll(/<pre\b[\s\S]*?<\/pre>/g)].map((m) => m[0]).join('\n');
      expect(code.split('AVANODE_PRIVATE_KEY').length - 1).toBe(1);
    });
  });
});
