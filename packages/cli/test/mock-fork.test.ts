// `avanode mock --fork-url` as a child process (tsx, as a user's shell runs it) against an
// upstream mock node on 127.0.0.1: it serves a fork of the upstream, keeps the upstream's answers
// in --fork-cache and runs from them alone with --fork-offline, says why an upstream cannot be
// read, refuses bad fork flags with avanode-mock's texts, and never prints the URL's credentials.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@avanode/mock/server';

const cliDir = join(import.meta.dirname, '..');
const EWOQ_ADDRESS = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const children: ChildProcess[] = [];
let upstream: MockServer;
let cacheDir: string;

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `avanode …` to its end (at most 30 s). */
function run(args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', ...args], { cwd: cliDir, env: { ...process.env, AVANODE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** Starts `avanode mock …`; resolves with its URL once it says it serves, then stops it with SIGTERM on `stop`. */
function serve(args: string[]): Promise<{ url: string; out: () => string; err: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', 'mock', '--port', '0', ...args], { cwd: cliDir, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not serving after 30 s: ${out} ${err}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    void exited.then((code) => reject(new Error(`exited ${code}: ${out} ${err}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = / on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        out: () => out,
        err: () => err,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

async function rpc(url: string, method: string, params: unknown = {}): Promise<unknown> {
  const response = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: AbortSignal.timeout(5000) });
  return ((await response.json()) as { result?: unknown }).result;
}

beforeAll(async () => {
  upstream = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 3 } });
  cacheDir = mkdtempSync(join(tmpdir(), 'avanode-cli-fork-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await upstream?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('avanode mock --fork-url', () => {
  it('serves a fork of the upstream, keeps its answers in --fork-cache; the URL’s credentials are never printed', async () => {
    const withCredentials = upstream.url.replace('http://', 'http://alice:s3cret-pass@');
    const fork = await serve(['--fork-url', withCredentials, '--fork-cache', cacheDir]);
    const height = (await rpc(upstream.url, 'platform.getHeight')) as { height: string };
    expect(fork.out()).toBe(`avanode mock: a fork of network 12345 at height ${height.height}, on ${fork.url}\n`);
    expect(await rpc(fork.url, 'platform.getHeight')).toEqual(height);
    const balance = (await rpc(upstream.url, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })) as { balance: string };
    expect(BigInt(balance.balance)).toBeGreaterThan(0n);
    expect(await rpc(fork.url, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).toEqual(balance);
    expect(await fork.stop()).toBe(0);
    expect(readdirSync(cacheDir)).toEqual([`12345-${height.height}`]);
    expect(`${fork.out()}${fork.err()}`).not.toMatch(/s3cret-pass|alice/);
  });

  it('--fork-offline serves from the cache alone (the newest cached height), with no upstream to read', async () => {
    const fork = await serve(['--fork-url', 'http://127.0.0.1:1', '--fork-cache', cacheDir, '--fork-offline']);
    const [cached] = readdirSync(cacheDir);
    expect(fork.out()).toContain(`a fork of network 12345 at height ${cached!.split('-')[1]}, on`);
    expect(await rpc(fork.url, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).toEqual(await rpc(upstream.url, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] }));
    expect(await fork.stop()).toBe(0);
  });

  it('an upstream it cannot reach: exit 1 with the reason on one line, the URL’s credentials left out', async () => {
    const { code, out, err } = await run(['mock', '--port', '0', '--fork-url', 'http://alice:s3cret-pass@127.0.0.1:1']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^avanode: mock: fork: could not read the upstream's state: .*after 4 attempts/m);
    expect(`${out}${err}`).not.toMatch(/s3cret-pass|alice/);
  });

  it('explains bad fork flags with avanode-mock’s texts (exit 2), credentials left out', async () => {
    const cases: Array<[string[], string]> = [
      [['--fork-url', upstream.url, '--fork-height', 'ten'], '--fork-height must be an integer from 0 to 9007199254740991, got ten'],
      [['--fork-url', upstream.url, '--fork-height', '-1'], '--fork-height must be an integer from 0 to 9007199254740991, got -1'],
      [['--fork-offline'], '--fork-offline goes with --fork-url URL (the node to fork)'],
      [['--fork-cache', cacheDir], '--fork-cache goes with --fork-url URL (the node to fork)'],
      [['--fork-height', '5'], '--fork-height goes with --fork-url URL (the node to fork)'],
      [['--fork-url', upstream.url, '--fork-offline'], '--fork-offline reads the cache alone: give it with --fork-cache DIR'],
      [['--fork-url', 'ftp://user:s3cret-pass@127.0.0.1'], 'upstream url: must be http or https, not ftp:'],
    ];
    for (const [args, text] of cases) {
      const { code, out, err } = await run(['mock', '--port', '0', ...args]);
      expect({ args, code, out }).toEqual({ args, code: 2, out: '' });
      expect(err.split('\n')[0]).toBe(`avanode: mock: ${text}`);
      expect(err).not.toContain('s3cret-pass');
    }
  });
});
