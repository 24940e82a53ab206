// The packages as a user gets them: packed, installed with npm from the tarballs into a fresh
// project outside the workspace (no workspace links), and used there.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.ts';

const app = mkdtempSync(join(tmpdir(), 'avanode-clean-room-'));
let packed: ReturnType<typeof packAll>;
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

beforeAll(() => {
  packed = packAll();
  cpSync(join(import.meta.dirname, 'clean-room'), app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'clean-room', private: true, type: 'module' }));
  // Only the tarballs and public packages from the registry: msw (peer), and the tools the check needs.
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...Object.values(packed.tarballs), 'msw@2.15.0', 'typescript@6.0.3', 'esbuild@0.28.2', '@types/node@20']);
}, 300_000);

afterAll(() => {
  rmSync(app, { recursive: true, force: true });
  rmSync(packed.dir, { recursive: true, force: true });
});

describe('clean room', () => {
  it('installs from the tarballs, not from workspace links', () => {
    const tree = JSON.parse(run('npm', ['ls', '--all', '--json'])) as { dependencies: Record<string, { resolved?: string }> };
    for (const name of ['@avanode/client', '@avanode/types', '@avanode/validators', '@avanode/mock', '@avanode/msw', '@avanode/spec', '@avanode/codec']) {
      expect(tree.dependencies[name]?.resolved, name).toMatch(/^file:.*\.tgz$/);
    }
  });

  it('a Node ESM script calls the mock node through the client', () => {
    const answers = JSON.parse(run(process.execPath, ['call-mock-node.mjs']));
    // The node's JSON-RPC layer answers a method failure with -32000 (gorilla json2; spec/src/errors.yaml).
    expect(answers).toEqual({ height: '1204', version: 'avalanchego/1.14.2', health: 200, bigint: 'bigint', error: -32000 });
  });

  // usage.ts uses the mock server too, a Node module: its user has @types/node.
  it('TypeScript type-checks under moduleResolution node16 and bundler', () => {
    for (const [module, resolution] of [['node16', 'node16'], ['esnext', 'bundler']]) {
      writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module, moduleResolution: resolution, lib: ['ES2022', 'DOM'], types: ['node'] }, files: ['usage.ts', 'codec-usage.ts'] }));
      let output = '';
      try {
        run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output, `${module}/${resolution}`).toBe('');
    }
    // Two full tsc runs over the installed packages' declarations (the mock's now reach the
    // wallet's and the client's): past the default minute on a loaded two-core machine.
  }, 180_000);

  it('esbuild bundles a browser entry without any Node built-in', () => {
    run(join(app, 'node_modules', '.bin', 'esbuild'), ['browser.mjs', '--bundle', '--platform=browser', '--format=esm', '--splitting', '--outdir=out']);
    const files = run('ls', ['out']).trim().split('\n');
    const code = files.map((f) => run('cat', [`out/${f}`])).join('\n');
    expect(code).not.toMatch(/from\s*["']node:|require\(["'](fs|http|net|path|os|child_process)["']\)|from\s*["'](fs|http|net|path|os|child_process)["']/);
    expect(code).toContain('platform.getHeight');
  });

  it('the codec decodes a tx answer in Node, and bundles for the browser without Node built-ins', () => {
    expect(JSON.parse(run(process.execPath, ['codec.mjs']))).toEqual({
      type: 'BaseTx', amount: '1.5', address: 'P-fuji1pmgmagjcljjzuz2ve339dx82khm7q8ge8dah8x',
      fxID: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ', bytes: 138, encoding: 'hex',
    });
    const code = run(join(app, 'node_modules', '.bin', 'esbuild'), ['codec.mjs', '--bundle', '--platform=browser', '--format=esm']);
    expect(code).not.toMatch(/from\s*["']node:|require\(["'](fs|crypto|path|os|buffer)["']\)/);
    expect(code).toContain('cannot decode an answer in encoding');
  });

  it('an msw test runs with the installed mocks', () => {
    // TAP named explicitly: Node 24's runner prints its spec reporter by default, even without a TTY.
    const out = run(process.execPath, ['--test', '--test-reporter=tap', 'msw.test.mjs']);
    expect(out).toMatch(/# pass 1/);
    expect(out).toMatch(/# fail 0/);
  });
});
