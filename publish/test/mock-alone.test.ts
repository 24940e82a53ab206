// @avanode/mock as a user of the standalone mock node gets it: packed, installed with npm from
// the tarballs (its own and its @avanode dependencies') into a fresh project with nothing else,
// then `avanode-mock` run from node_modules/.bin and called over HTTP. No msw anywhere: the
// point of the package (@avanode/msw is the one that brings msw in).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.ts';

const app = mkdtempSync(join(tmpdir(), 'avanode-mock-alone-'));
let packed: ReturnType<typeof packAll>;
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

beforeAll(() => {
  // The mock executes txs with @avanode/wallet's rules; the wallet reaches the node through @avanode/client.
  packed = packAll(['@avanode/mock', '@avanode/codec', '@avanode/types', '@avanode/validators', '@avanode/wallet', '@avanode/client']);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'mock-alone', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...Object.values(packed.tarballs)]);
}, 300_000);

afterAll(() => {
  rmSync(app, { recursive: true, force: true });
  rmSync(packed.dir, { recursive: true, force: true });
});

describe('@avanode/mock without msw', () => {
  it('installs no msw, and only a few packages', () => {
    const tree = JSON.parse(run('npm', ['ls', '--all', '--json'])) as { dependencies: Record<string, { resolved?: string }> };
    expect(tree.dependencies['@avanode/mock']?.resolved).toMatch(/^file:.*\.tgz$/);
    expect(existsSync(join(app, 'node_modules', 'msw'))).toBe(false);
    const installed = run('npm', ['ls', '--all', '--parseable']).trim().split('\n').slice(1);
    expect(installed.filter((path) => /[\\/]msw$/.test(path))).toEqual([]);
    // The six @avanode packages and the three audited helpers (@noble/hashes, @noble/curves, @scure/base).
    console.log(`@avanode/mock alone: ${new Set(installed).size} packages installed`);
    expect(new Set(installed).size).toBeLessThanOrEqual(9);
  });

  it('npx avanode-mock serves the node on 127.0.0.1, and stops on SIGTERM', async () => {
    const child = spawn(join(app, 'node_modules', '.bin', 'avanode-mock'), ['--port', '0'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (found) resolve(found[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`avanode-mock exited ${code}: ${err}`)));
      });
      const answer = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}' });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ jsonrpc: '2.0', result: { height: '1204' }, id: 1 });
      // The node's own refusal, not a mock's guess: gorilla/rpc v2/map.go.
      const unknown = await fetch(`${url}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":2,"method":"info.nope"}' });
      expect((await unknown.json()).error.code).toBe(-32000);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('createMockNode answers in process from the installed package', () => {
    writeFileSync(join(app, 'in-process.mjs'), [
      "import { createMockNode } from '@avanode/mock';",
      "const node = createMockNode({ overrides: { 'platform.getHeight': { height: '42' } } });",
      "const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', headers: { 'content-type': 'application/json' }, body: '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"platform.getHeight\"}' });",
      'console.log(JSON.stringify({ status: answer.status, body: JSON.parse(answer.body) }));',
    ].join('\n'));
    expect(JSON.parse(run(process.execPath, ['in-process.mjs']))).toEqual({ status: 200, body: { jsonrpc: '2.0', result: { height: '42' }, id: 1 } });
  });
});
