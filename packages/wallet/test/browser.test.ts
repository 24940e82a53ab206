// The wallet in real Chromium (Debian's, headless, driven by playwright-core): a page bundled by
// esbuild for the browser platform with no polyfills (a Node built-in would not resolve, and the
// bundle is searched for Buffer) builds, signs and issues against the mock node's HTTP server on
// 127.0.0.1; the balances, read here from Node, move by exactly the amounts and the fees the txs
// burned. BLS12-381 is a chunk of its own, loaded only by the stake.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { keyAddress } from '@avanode/wallet';
import { build, type Plugin } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveStatic } from '../../../scripts/browser.ts';

const packages = join(import.meta.dirname, '..', '..');
const site = mkdtempSync(join(tmpdir(), 'avanode-wallet-browser-'));
const AVAX = 1_000_000_000n;

/** The workspace packages from their sources, as the vitest config has them. */
const SOURCES: Record<string, string> = {
  '@avanode/client': join(packages, 'client', 'src', 'index.ts'),
  '@avanode/client/wait-for-tx': join(packages, 'client', 'src', 'wait-for-tx.ts'),
  '@avanode/codec': join(packages, 'codec', 'src', 'index.ts'),
  '@avanode/wallet': join(packages, 'wallet', 'src', 'index.ts'),
};
const workspaceSources: Plugin = {
  name: 'workspace-sources',
  setup(builder) {
    builder.onResolve({ filter: /^@avanode\// }, (args) => (SOURCES[args.path] ? { path: SOURCES[args.path] } : undefined));
  },
};

let server: MockServer;
let closeSite: () => void;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  await build({
    entryPoints: [join(import.meta.dirname, 'browser', 'app.ts')],
    bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: site, entryNames: 'app', logLevel: 'silent',
    plugins: [workspaceSources],
    nodePaths: [join(packages, 'wallet', 'node_modules'), join(packages, 'codec', 'node_modules')],
  });
  writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>avanode wallet</title></head><body><script type="module" src="/app.js"></script></body></html>');
  ({ origin, close: closeSite } = await serveStatic(site));
  server = await startMockServer({
    port: 0,
    network: { seed: 5, clock: 'real', blockTimeMs: 100 },
    // A price at which each tx pays the mock's flat fee of today as well as a node's gas × price.
    overrides: { 'platform.getFeeState': { capacity: 1_000_000, excess: 0, price: 10_000, timestamp: '2026-01-01T00:00:00Z' } },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  closeSite?.();
  await server?.close();
  rmSync(site, { recursive: true, force: true });
});

describe('the wallet in Chromium', () => {
  it('builds with no polyfill: no Buffer, BLS12-381 in its own chunk', () => {
    const files = readdirSync(site).filter((f) => f.endsWith('.js'));
    const app = readFileSync(join(site, 'app.js'), 'utf8');
    expect(app).not.toMatch(/\bBuffer\b/);
    // The BLS ciphersuite lives in the chunk the stake loads, not in the page's own script.
    expect(app).not.toContain('BLS_POP_BLS12381G2');
    expect(files.some((f) => f !== 'app.js' && readFileSync(join(site, f), 'utf8').includes('BLS_POP_BLS12381G2'))).toBe(true);
  });

  it('fund, build, sign, issue, commit: balances move by exactly the amounts and the fees', async () => {
    const from = keyAddress(`0x${'5a'.repeat(32)}`, 'local');
    const to = keyAddress(`0x${'42'.repeat(32)}`, 'local');
    server.control.fund(from, (2100n * AVAX).toString());
    const client = createClient({ url: server.url, bigint: true });
    const assetID = (await client.platform.getStakingAssetID()).assetID;
    const balance = async (address: string) => BigInt((await client.platform.getBalance({ addresses: [address] })).unlockeds[assetID] ?? 0n);
    const [fromBefore, toBefore] = [await balance(from), await balance(to)];

    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/?node=${encodeURIComponent(server.url)}`);
    await page.waitForSelector('#report, #failure', { timeout: 60_000 });
    expect(await page.locator('#failure').allTextContents()).toEqual([]);
    expect(pageErrors).toEqual([]);
    const report = JSON.parse((await page.locator('#report').textContent())!) as Record<string, string>;
    await page.close();

    expect(report.from).toBe(from);
    expect(report.stepsTxID).toBe(report.stepsID);
    expect(report.stepsBurned).toBe(report.stepsFee);
    expect([report.sentStatus, report.stakedStatus]).toEqual(['Committed', 'Committed']);
    for (const txID of [report.stepsTxID!, report.sentTxID!]) expect((await client.platform.getTxStatus({ txID })).status).toBe('Committed');
    const fees = BigInt(report.stepsBurned!) + BigInt(report.sentBurned!) + BigInt(report.stakedBurned!);
    expect(await balance(to)).toBe(toBefore + 7n * AVAX);
    expect(await balance(from)).toBe(fromBefore - 7n * AVAX - 2000n * AVAX - fees);
    const { validators } = await client.platform.getCurrentValidators({ nodeIDs: ['NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst'] });
    expect(validators).toHaveLength(1);
  });
});
