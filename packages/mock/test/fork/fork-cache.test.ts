// A fork by URL (createUpstream under it): the fork cache by network and height, a second run at
// the same height making no upstream request, offline from the cache alone; and `avanode-mock
// --fork-url` as a process: it serves the fork, never prints the upstream's credentials, and
// explains bad fork flags.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_KEYS } from '@avanode/mock';
import { createForkedMockNode, startMockServer, type MockServer } from '@avanode/mock/server';
import type { MockNode } from '@avanode/mock';
import { keyAddress } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from './http-reader.js';

const EWOQ_ADDRESS = keyAddress(TEST_KEYS.find((key) => key.name === 'ewoq')!.privateKey, 12345);
const FRESH = keyAddress(`0x${'47'.repeat(32)}`, 'local');
const bin = join(import.meta.dirname, '..', '..', 'bin', 'avanode-mock.mjs');

let upstream: MockServer;
/** One line per request the upstream served (its own log). */
const served: string[] = [];
let cacheDir: string;
const processes: ChildProcess[] = [];

beforeAll(async () => {
  upstream = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 42 }, log: (line) => served.push(line) });
  cacheDir = mkdtempSync(join(tmpdir(), 'avanode-fork-cache-'));
});
afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  await upstream?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

async function call(node: MockNode, method: string, params: unknown = {}) {
  const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return JSON.parse(answer.body) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

/** The reads a test makes of its fork: the same each run. */
async function reads(node: MockNode) {
  const block1 = (await call(node, 'platform.getBlockByHeight', { height: 1, encoding: 'json' })).result!.block as { txs: Array<{ id: string }> };
  return [
    await call(node, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] }),
    await call(node, 'platform.getTx', { txID: block1.txs[0]!.id, encoding: 'hex' }),
    await call(node, 'platform.getCurrentValidators'),
    await call(node, 'platform.getSubnets'),
  ];
}

describe('the fork cache', () => {
  let height = 0;
  let first: unknown[] = [];

  it('keeps every answer by network and height; a second run at that height makes no request', async () => {
    const node = await createForkedMockNode({ network: { fork: { url: upstream.url, cacheDir, log: () => {} } } });
    height = node.fork.height;
    first = await reads(node);
    expect(first.every((a) => (a as { result?: unknown }).result !== undefined)).toBe(true);
    expect(readdirSync(cacheDir)).toEqual([`12345-${height}`]);
    node.close();

    const before = served.length;
    const again = await createForkedMockNode({ network: { fork: { url: upstream.url, cacheDir, height, log: () => {} } } });
    expect(again.fork.height).toBe(height);
    expect(await reads(again)).toEqual(first);
    expect(served.slice(before)).toEqual([]);
    again.close();
  });

  it('offline: the cache alone, no request; a read it lacks is the node’s not-found with one warning naming it', async () => {
    const before = served.length;
    const warnings: string[] = [];
    const node = await createForkedMockNode({ network: { fork: { url: upstream.url, cacheDir, offline: true, log: (line) => warnings.push(line) } } });
    expect(node.fork.height).toBe(height);
    expect(await reads(node)).toEqual(first);
    expect(await call(node, 'platform.getBalance', { addresses: [FRESH] })).toMatchObject({ result: { balance: '0', utxoIDs: null } });
    expect(await call(node, 'platform.getBalance', { addresses: [FRESH] })).toMatchObject({ result: { balance: '0' } });
    expect(served.slice(before)).toEqual([]);
    const named = warnings.filter((w) => w.includes(FRESH));
    expect(named.length).toBeGreaterThanOrEqual(1);
    expect(warnings.filter((w) => w.startsWith('fork offline:'))).toHaveLength(1);
    node.close();
  });

  it('offline without a cached fork, or without a cache: a ForkError naming what is missing, before any request', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'avanode-fork-empty-'));
    try {
      await expect(createForkedMockNode({ network: { fork: { url: upstream.url, cacheDir: empty, offline: true } } })).rejects.toThrow(`fork.offline: no fork is kept in ${empty}`);
      await expect(createForkedMockNode({ network: { fork: { url: upstream.url, offline: true } } })).rejects.toThrow(/fork\.offline: needs fork\.cacheDir/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

/** Runs `avanode-mock` with `args`: its first stdout line (when it serves) or its exit code and stderr. */
function runProcess(args: string[], serves: boolean): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`avanode-mock did not answer: ${err}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (serves && out.includes('\n')) {
        clearTimeout(timer);
        resolve({ code: null, out, err });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe('avanode-mock --fork-url', () => {
  it('serves the fork; the upstream URL’s credentials are never printed', async () => {
    const withCredentials = upstream.url.replace('http://', 'http://alice:s3cret-pass@');
    const { out, err } = await runProcess(['--fork-url', withCredentials, '--manual-clock'], true);
    expect(out).toMatch(/^avanode-mock: a fork of network 12345 at height \d+, on http:\/\/127\.0\.0\.1:\d+\n/);
    const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    expect((await rpc(url, '/ext/bc/P', 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).result).toEqual((await rpc(upstream.url, '/ext/bc/P', 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).result);
    expect(`${out}${err}`).not.toContain('s3cret-pass');
    expect(`${out}${err}`).not.toContain('alice');
  });

  it('an upstream it cannot reach: exit 1 with the reason, the URL’s credentials left out', async () => {
    const { code, out, err } = await runProcess(['--fork-url', 'http://alice:s3cret-pass@127.0.0.1:1'], false);
    expect(code).toBe(1);
    expect(err).toMatch(/^avanode-mock: fork: could not read the upstream's state: .*after 4 attempts/m);
    expect(`${out}${err}`).not.toContain('s3cret-pass');
    expect(`${out}${err}`).not.toContain('alice');
  });

  it('explains bad fork flags with their accepted form (exit 2)', async () => {
    for (const [args, text] of [
      [['--fork-url', upstream.url, '--fork-height', 'ten'], '--fork-height must be an integer from 0 to 9007199254740991, got ten'],
      [['--fork-offline'], '--fork-offline goes with --fork-url URL'],
      [['--fork-cache', cacheDir], '--fork-cache goes with --fork-url URL'],
      [['--fork-url', upstream.url, '--seed', '1'], "--fork-url starts from the upstream's state: not with --seed"],
      [['--fork-url', upstream.url, '--fork-offline'], '--fork-offline reads the cache alone: give it with --fork-cache DIR'],
      [['--fork-url', 'ftp://user:pw@127.0.0.1'], 'upstream url: must be http or https'],
    ] as const) {
      const { code, err } = await runProcess([...args], false);
      expect(code, args.join(' ')).toBe(2);
      expect(err, args.join(' ')).toContain(text);
      expect(err).not.toContain('pw@');
    }
  });
});
