// C → P and back in a real browser: Debian's headless Chromium, driven by playwright-core, loads a
// wallet page (browser-cchain/app.ts) whose msw service worker serves the avanode handlers with
// the simulated network of seed 42 and its C-chain. The page funds its key's EVM account, then
// @avanode/wallet's transfer moves 30 AVAX to the P-chain, 25 of them are delegated, and 1 goes back. The balances the node
// answered must match what the wallet says it imported and paid.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveStatic } from '../../../scripts/browser.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const site = mkdtempSync(join(tmpdir(), 'avanode-browser-cchain-'));
const packages = join(repoRoot, 'packages');

/** The workspace packages from their sources (exact names: subpaths are their own files). */
const SOURCES: Record<string, string> = {
  '@avanode/client': join(packages, 'client', 'src', 'index.ts'),
  '@avanode/client/wait-for-tx': join(packages, 'client', 'src', 'wait-for-tx.ts'),
  '@avanode/codec': join(packages, 'codec', 'src', 'index.ts'),
  '@avanode/codec/encoding': join(packages, 'codec', 'src', 'encoding', 'index.ts'),
  '@avanode/codec/results': join(packages, 'codec', 'src', 'results.ts'),
  '@avanode/codec/cchain': join(packages, 'codec', 'src', 'cchain', 'index.ts'),
  '@avanode/mock': join(packages, 'mock', 'src', 'index.ts'),
  '@avanode/msw': join(packages, 'msw', 'src', 'index.ts'),
  '@avanode/validators': join(packages, 'validators', 'src', 'index.ts'),
  '@avanode/wallet': join(packages, 'wallet', 'src', 'index.ts'),
  '@avanode/wallet/rules': join(packages, 'wallet', 'src', 'rules', 'index.ts'),
};
const workspaceSources: Plugin = {
  name: 'workspace-sources',
  setup(builder) {
    builder.onResolve({ filter: /^@avanode\// }, (args) => (SOURCES[args.path] ? { path: SOURCES[args.path] } : undefined));
  },
};

let closeServer: () => void;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  copyFileSync(join(packages, 'msw', 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(site, 'mockServiceWorker.js'));
  await build({
    entryPoints: [join(import.meta.dirname, 'browser-cchain', 'app.ts')],
    bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: site, entryNames: 'app', logLevel: 'silent',
    plugins: [workspaceSources],
    nodePaths: [join(packages, 'msw', 'node_modules'), join(packages, 'mock', 'node_modules'), join(packages, 'wallet', 'node_modules')],
  });
  writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>avanode C-chain wallet</title></head><body><script type="module" src="/app.js"></script></body></html>');
  ({ origin, close: closeServer } = await serveStatic(site));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  closeServer?.();
  rmSync(site, { recursive: true, force: true });
});

describe('the C-chain and shared memory through msw in Chromium', () => {
  it('funds an EVM account, transfers C → P, delegates from the imported funds, transfers P → C; balances follow the imports, the stake and the fees', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/`);
    await page.waitForSelector('#report, #failure', { timeout: 60_000 });
    expect(await page.locator('#failure').count(), await page.locator('#failure').allTextContents().then(String)).toBe(0);
    const report = JSON.parse((await page.textContent('#report'))!) as {
      funded: { balance: string };
      toP: { imported: string; exportFee: string; cSpent: string; pGained: string };
      delegated: { status: string; fee: string; pSpent: string };
      toC: { imported: string; cAfter: string };
    };
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/mockServiceWorker\.js$/);
    await page.close();
    expect(pageErrors).toEqual([]);
    const AVAX = 1_000_000_000n;
    const WEI = 1_000_000_000n;
    expect(report.funded.balance).toBe(String(35n * AVAX * WEI));
    // C → P: the C-chain paid 30 AVAX and the export's fee; the P-chain gained what the import brought.
    expect(BigInt(report.toP.cSpent)).toBe((30n * AVAX + BigInt(report.toP.exportFee)) * WEI);
    expect(report.toP.pGained).toBe(report.toP.imported);
    expect(BigInt(report.toP.imported)).toBeGreaterThan(25n * AVAX);
    expect(BigInt(report.toP.imported)).toBeLessThan(30n * AVAX);
    // The delegation committed, staking 25 AVAX of them and paying its fee.
    expect(report.delegated.status).toBe('Committed');
    expect(BigInt(report.delegated.pSpent)).toBe(25n * AVAX + BigInt(report.delegated.fee));
    // P → C: the C-chain's balance grew by what the import brought.
    expect(BigInt(report.toC.cAfter)).toBe(35n * AVAX * WEI - BigInt(report.toP.cSpent) + BigInt(report.toC.imported) * WEI);
  }, 120_000);
});
