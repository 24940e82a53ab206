// Every bundler an app may use, on the packages as a user gets them (packed tarballs, installed
// with npm outside the workspace): esbuild, Rollup, Vite and webpack each bundle a page that
// installs only the client (`@avanode/validators` is an optional peer: npm leaves it out), and a
// page that installs the validators too and passes them (`validate: validators`). Each bundle
// then runs, so a bundle that dropped or broke the validators shows in what its calls gave.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.ts';

// The bundlers live in the folder above both apps, so Node finds them from either, and neither
// app finds the other's packages.
const root = mkdtempSync(join(tmpdir(), 'avanode-bundlers-'));
const apps = { without: join(root, 'without'), with: join(root, 'with') };
const BUNDLERS = ['esbuild', 'rollup', 'vite', 'webpack'] as const;
let packed: ReturnType<typeof packAll>;
const npmInstall = (cwd: string, args: string[]) =>
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd, stdio: 'pipe', timeout: 240_000 });
const run = (cwd: string, args: string[]) => execFileSync(process.execPath, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });

beforeAll(() => {
  packed = packAll(['@avanode/types', '@avanode/validators', '@avanode/client']);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'bundlers', private: true, type: 'module' }));
  npmInstall(root, ['esbuild@0.28.2', 'rollup@4.68.7', '@rollup/plugin-node-resolve@16.0.3', 'vite@8.3.8', 'webpack@5.113.0']);
  for (const [name, dir] of Object.entries(apps)) {
    mkdirSync(dir);
    cpSync(join(import.meta.dirname, 'bundlers'), dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `app-${name}`, private: true, type: 'module' }));
    const tarballs = name === 'with' ? Object.values(packed.tarballs) : [packed.tarballs['@avanode/client']!, packed.tarballs['@avanode/types']!];
    npmInstall(dir, tarballs);
  }
}, 400_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(packed.dir, { recursive: true, force: true });
});

describe('bundlers, from packed tarballs', () => {
  it('npm leaves the optional validators out of the app that installs only the client', () => {
    const tree = JSON.parse(execFileSync('npm', ['ls', '--all', '--json'], { cwd: apps.without, encoding: 'utf8' })) as { dependencies: Record<string, unknown> };
    expect(Object.keys(tree.dependencies).sort()).toEqual(['@avanode/client', '@avanode/types']);
    // npm lists the optional peer it left out as an empty entry, and installs nothing of it.
    expect(tree.dependencies['@avanode/client']).toMatchObject({ dependencies: { '@avanode/validators': {} } });
    expect(existsSync(join(apps.without, 'node_modules', '@avanode', 'validators'))).toBe(false);
  });

  for (const bundler of BUNDLERS) {
    it(`${bundler}: bundles the client without the validators installed, and the bundle runs`, () => {
      run(apps.without, ['build.mjs', bundler, 'plain.mjs', `out-${bundler}`]);
      const code = run(apps.without, ['-e', `process.stdout.write(require('node:fs').readFileSync('out-${bundler}/plain.js', 'utf8'))`]);
      expect(code).not.toContain('validatePlatformGetHeightResult');
      // As is, the result comes back; `validate: true` finds no validators at run time and says what to do.
      expect(JSON.parse(run(apps.without, [`out-${bundler}/plain.js`]))).toEqual({ asIs: { result: { height: 'not a height' } }, validateTrue: { error: 'ConfigError' } });
    });

    it(`${bundler}: bundles the validators the app passes, and they judge the answer`, () => {
      run(apps.with, ['build.mjs', bundler, 'validated.mjs', `out-${bundler}`]);
      expect(JSON.parse(run(apps.with, [`out-${bundler}/validated.js`]))).toEqual({ validated: { error: 'ResponseValidationError' } });
      // The page that does not name them bundles the same way with them installed (its run-time load finds them).
      run(apps.with, ['build.mjs', bundler, 'plain.mjs', `out-${bundler}`]);
      expect(JSON.parse(run(apps.with, [`out-${bundler}/plain.js`]))).toEqual({ asIs: { result: { height: 'not a height' } }, validateTrue: { error: 'ResponseValidationError' } });
    });
  }
});
