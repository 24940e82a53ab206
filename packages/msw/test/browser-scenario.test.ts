// The scenario of docs/guide/scenarios.md in a real browser: Debian's headless Chromium, driven
// by playwright-core, loads a wallet page (browser-scenario/app.ts) whose msw service worker
// serves the avanode handlers with the simulated network of seed 42. The page funds an address,
// issues a BaseTx and an AddPermissionlessValidatorTx built with @avanode/codec, waits for each
// to commit (@avanode/client's waitForTx), and reports what the node answered: balances, the
// new validator. The expected values come from the seed's network, computed here in Node.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeIdToString } from '@avanode/codec';
import { generateState } from '@avanode/msw';
import { launchChromium, serveStatic } from '../../../scripts/browser.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const site = mkdtempSync(join(tmpdir(), 'avanode-browser-scenario-'));
const outputDir = join(repoRoot, 'test-output', 'msw-browser');
const packages = join(repoRoot, 'packages');

/** The workspace packages from their sources, as the vitest config has them (exact names: subpaths are their own files). */
const SOURCES: Record<string, string> = {
  '@avanode/client': join(packages, 'client', 'src', 'index.ts'),
  '@avanode/client/wait-for-tx': join(packages, 'client', 'src', 'wait-for-tx.ts'),
  '@avanode/codec': join(packages, 'codec', 'src', 'index.ts'),
  '@avanode/codec/encoding': join(packages, 'codec', 'src', 'encoding', 'index.ts'),
  '@avanode/codec/results': join(packages, 'codec', 'src', 'results.ts'),
  '@avanode/mock': join(packages, 'mock', 'src', 'index.ts'),
  '@avanode/msw': join(packages, 'msw', 'src', 'index.ts'),
  '@avanode/validators': join(packages, 'validators', 'src', 'index.ts'),
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
  // msw's worker script, copied from the installed msw at test time (what `msw init` does).
  copyFileSync(join(packages, 'msw', 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(site, 'mockServiceWorker.js'));
  await build({
    entryPoints: [join(import.meta.dirname, 'browser-scenario', 'app.ts')],
    bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: site, entryNames: 'app', logLevel: 'silent',
    plugins: [workspaceSources],
    // msw from msw's node_modules; @noble/curves (the page signs its txs) from the mock's dev dependencies.
    nodePaths: [join(packages, 'msw', 'node_modules'), join(packages, 'mock', 'node_modules')],
  });
  writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>avanode wallet</title></head><body><script type="module" src="/app.js"></script></body></html>');
  ({ origin, close: closeServer } = await serveStatic(site));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  closeServer?.();
  rmSync(site, { recursive: true, force: true });
});

interface TxReport {
  txID: string;
  idFromBytes: string;
  processing: string;
  committed: string;
  heightBefore: string;
  heightAfter: string;
}

describe('the simulated network through msw in Chromium', () => {
  it('funds, transfers and stakes; balances and validators follow', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/`);
    await page.waitForSelector('#report, #failure', { timeout: 45_000 });
    expect(await page.locator('#failure').count(), await page.locator('#failure').allTextContents().then(String)).toBe(0);
    const report = JSON.parse((await page.textContent('#report'))!) as Record<string, unknown>;
    await page.screenshot({ path: join(outputDir, 'scenario.png') });
    // The answers came from the worker: the static server has no node.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/mockServiceWorker\.js$/);
    await page.close();
    expect(pageErrors).toEqual([]);

    // The seed's network, as the page's worker built it.
    const state = generateState(42);
    expect(report.networkID).toBe('12345');
    expect(report.assetID).toBe(state.avaxAssetID);

    // 1. The funded UTXO is the fund tx's; the BaseTx commits at the next block and moves 3 AVAX.
    const fund = report.fund as { txID: string; outputIndex: number; height: number };
    expect(fund.outputIndex).toBe(0);
    expect(fund.height).toBe(state.height + 1);
    expect(report.senderFunded).toBe('10000000000');
    expect(report.senderUtxo).toEqual({ txID: fund.txID, outputIndex: 0 });
    const baseTx = report.baseTx as TxReport;
    // The ID the node answers is the hash of the bytes the page built.
    expect(baseTx.txID).toBe(baseTx.idFromBytes);
    expect(baseTx.processing).toBe('Processing');
    expect(baseTx.committed).toBe('Committed');
    expect(Number(baseTx.heightAfter)).toBe(Number(baseTx.heightBefore) + 1);
    expect(report.recipientAfter).toBe('3000000000');
    expect(report.senderAfter).toBe(String(10_000_000_000 - 3_000_000_000 - 1_000_000));

    // 2. The funded staker's balance is its fund; staking takes the stake and the fee.
    const staker = (report.staker as string);
    const seeded = 2_100_000_000_000n;
    expect(report.stakerBefore).toBe(String(seeded));
    const staked = report.staked as { utxoAmount: string; stake: string; end: string; signer: unknown };
    expect(staked.utxoAmount).toBe(String(seeded));
    const validatorTx = report.validatorTx as TxReport;
    expect(validatorTx.txID).toBe(validatorTx.idFromBytes);
    expect([validatorTx.processing, validatorTx.committed]).toEqual(['Processing', 'Committed']);
    expect(report.stakerAfter).toBe(String(seeded - 2_000_000_000_000n - 1_000_000n));

    // The new validator: absent before, one more in the set after, with what the tx said.
    expect(report.newNodeBefore).toBe(0);
    expect(report.validatorsBefore).toBe(state.validators!.length);
    expect(report.validatorsAfter).toBe(state.validators!.length + 1);
    const owner = { locktime: '0', threshold: '1', addresses: [staker] };
    expect(report.newNode).toEqual([
      expect.objectContaining({
        txID: validatorTx.txID,
        nodeID: nodeIdToString(new Uint8Array(20).fill(0x77)),
        weight: '2000000000000',
        endTime: staked.end,
        delegationFee: '2.5000',
        signer: staked.signer,
        validationRewardOwner: owner,
        delegationRewardOwner: owner,
        delegatorCount: '0',
        delegators: [],
      }),
    ]);
    // It starts with the block that accepted its tx (post-Durango), after the seed's chain time.
    expect(Number((report.newNode as Array<{ startTime: string }>)[0]!.startTime)).toBeGreaterThanOrEqual(Number(state.time));
  }, 90_000);
});
