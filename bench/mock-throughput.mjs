// Mock node throughput on loopback (autocannon, a mix of small and large methods) against
// @open-rpc/mock-server serving the same document, in the same run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startMockServer } from '@avanode/msw/server';
import { fixed, quick, verdict } from './measure.mjs';

const root = join(import.meta.dirname, '..');
const call = (path, method, params = {}) => ({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
const mix = (pathOf) => [
  call(pathOf('/ext/bc/P'), 'platform.getHeight'),
  call(pathOf('/ext/bc/P'), 'platform.getCurrentValidators', { nodeIDs: ['NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }),
  call(pathOf('/ext/info'), 'info.upgrades'),
  call(pathOf('/ext/health'), 'health.health'),
];

async function load(url, requests) {
  const result = await autocannon({ url, connections: 50, duration: quick ? 1 : 8, requests });
  return { rps: result.requests.average, errors: result.errors + result.non2xx + result.timeouts };
}

async function startOpenRpcMock(port) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'node_modules', '@open-rpc', 'mock-server', 'build', 'cli.js'), '-d', join(root, 'spec', 'openrpc.json'), '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('@open-rpc/mock-server did not start')), 15_000);
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Server Started')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

export async function run() {
  const ours = await startMockServer({ port: 0 });
  const oursResult = await load(ours.url, mix((p) => p));
  await ours.close();
  const port = 19000 + Math.floor(Math.random() * 1000);
  const theirs = await startOpenRpcMock(port);
  // @open-rpc/mock-server answers on one path for every method.
  const theirsResult = await load(`http://127.0.0.1:${port}`, mix(() => '/'));
  theirs.kill();
  const ratio = oursResult.rps / theirsResult.rps;
  return {
    title: 'Mock node throughput (50 connections, loopback)',
    lines: [
      `@open-rpc/mock-server 1.7.8 (baseline): ${fixed(theirsResult.rps, 0)} req/s, ${theirsResult.errors} errors`,
      `avanode-mock: ${fixed(oursResult.rps, 0)} req/s, ${oursResult.errors} errors, ${fixed(ratio)}x the baseline | goal ≥ 2x: ${verdict(ratio >= 2)}`,
    ],
  };
}
