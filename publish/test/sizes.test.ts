// Size budgets with size-limit (`.size-limit.mjs`: esbuild, minified, gzip), figures printed.
// The up-front figure leaves out what the client imports on demand; the second test checks that
// a plain successful call indeed imports nothing on demand, so that figure is what such an app loads.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');

it('the size budgets hold, and every figure is printed', () => {
  let output: string;
  try {
    output = execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'size-limit', 'bin.js'), '--json'], { cwd: repoRoot, encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout);
  }
  const results = JSON.parse(output) as Array<{ name: string; passed: boolean; size: number; sizeLimit?: number }>;
  for (const r of results) console.log(`size-limit: ${r.name}: ${r.size} B (limit ${r.sizeLimit} B)`);
  expect(results.map((r) => [r.name, r.sizeLimit])).toEqual([
    ['client: createBareClient + one method (getHeight), up front', 2000],
    ['client: createClient (every namespace typed, every method name) + one method, up front', 2400],
    ['client: the whole package, every lazily loaded part included', 10_240],
    ['validators: one result validator (platform.getCurrentValidators)', 3900],
    ['validators: the whole package (validateParams, validateResult: every method)', 41_000],
    ['codec: amount and address helpers (formatAvax, parseAvax, formatAddress, parseAddress)', 4200],
    ['codec: every ID, address, amount and hex helper (@avanode/codec/encoding)', 8700],
    ['codec: C-chain atomic txs (@avanode/codec/cchain)', 15_500],
    ['wallet: keyAddress + signTx + buildBaseTx, up front', 42_000],
    ['wallet: BLS proofs of possession (the chunk proofOfPossession loads)', 30_000],
  ]);
  expect(results.filter((r) => !r.passed)).toEqual([]);
});

it('a plain successful call loads no module on demand', async () => {
  // The client's code as an app's bundler splits it; each dynamic import becomes a chunk, and
  // every chunk reports itself when it is evaluated.
  const outdir = mkdtempSync(join(tmpdir(), 'avanode-up-front-'));
  const loaded: string[] = [];
  (globalThis as { __avanodeChunk?: (name: string) => void }).__avanodeChunk = (name) => loaded.push(name);
  const result = await build({
    stdin: {
      contents: "export { createClient } from '@avanode/client'; export { getHeight } from '@avanode/client/platform';",
      resolveDir: repoRoot,
    },
    bundle: true, format: 'esm', splitting: true, outdir, write: true, platform: 'neutral', metafile: true,
    external: ['@avanode/validators'], entryNames: 'entry', chunkNames: '[name]-[hash]',
    plugins: [{
      name: 'report-evaluation',
      setup(b) {
        b.onLoad({ filter: /packages[/\\]client[/\\]dist[/\\].*\.js$/ }, async (args) => {
          const name = args.path.split(/[/\\]/).slice(-2).join('/');
          return { contents: `globalThis.__avanodeChunk?.(${JSON.stringify(name)});\n${await readFile(args.path, 'utf8')}`, loader: 'js' };
        });
      },
    }],
  });
  const dynamic = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import'));
  expect(dynamic.length).toBeGreaterThan(3);
  // A node on 127.0.0.1 that answers getHeight, or (once `failing`) with a proxy's 502.
  let failing = false;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (failing) return void res.writeHead(502).end('bad gateway');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, result: { height: '1204' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const app = (await import(pathToFileURL(join(outdir, 'entry.js')).href)) as typeof import('@avanode/client') & typeof import('@avanode/client/platform');
    const before = [...loaded];
    expect(before).toContain('generated/create-client.js');
    expect(await app.getHeight(app.createClient({ url }))).toEqual({ height: '1204' });
    expect(loaded).toEqual(before);
    // The first failure does load the complete path: the check above can fail.
    failing = true;
    await expect(app.getHeight(app.createClient({ url, retry: false }))).rejects.toMatchObject({ name: 'HttpError', status: 502 });
    expect(loaded.filter((name) => !before.includes(name))).toContain('core/complete.js');
  } finally {
    server.close();
    rmSync(outdir, { recursive: true, force: true });
  }
});

it('an app that sends AVAX does not load BLS12-381: it is a chunk of its own, loaded by a proof of possession', async () => {
  const result = await build({
    stdin: {
      // The built package (as .size-limit.mjs measures it), by path: the root does not depend on it.
      contents: "export { keyAddress, buildBaseTx, signTx, sendTx, createWallet, proofOfPossession } from './packages/wallet/dist/index.js';",
      resolveDir: repoRoot,
    },
    bundle: true, format: 'esm', splitting: true, outdir: '/virtual', write: false, platform: 'browser', minify: true, metafile: true, entryNames: 'entry',
  });
  const files = new Map(result.outputFiles.map((f) => [f.path.split('/').pop()!, f.text]));
  // What the entry imports statically, transitively: what loads before any proof of possession.
  const upFront = new Set<string>();
  const visit = (name: string) => {
    if (upFront.has(name)) return;
    upFront.add(name);
    for (const [, imported] of files.get(name)!.matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)) visit(imported!);
  };
  visit('entry.js');
  // The node's proof-of-possession ciphersuite and @noble/curves' BLS12-381 (its G2 hash-to-curve tag).
  const bls = (text: string) => text.includes('BLS_POP_BLS12381G2') || text.includes('BLS12381G2_XMD');
  const lazy = [...files.keys()].filter((name) => !upFront.has(name));
  expect([...upFront].filter((name) => bls(files.get(name)!))).toEqual([]);
  expect(lazy.filter((name) => bls(files.get(name)!))).toHaveLength(1);
  // The bls12_381 module of @noble/curves is an input of that chunk alone.
  const inputsOf = (name: string) => Object.keys(Object.entries(result.metafile.outputs).find(([path]) => path.endsWith(`/${name}`))![1].inputs);
  expect([...upFront].flatMap(inputsOf).filter((input) => input.includes('bls12-381'))).toEqual([]);
  expect(lazy.flatMap(inputsOf).filter((input) => input.includes('bls12-381'))).not.toEqual([]);
});
