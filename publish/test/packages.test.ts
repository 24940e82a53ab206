// Every published package is complete and clean, as publint and arethetypeswrong see it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED, packAll, repoRoot } from './pack.ts';

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** What a published file names outside its package: a machine's folders, or a relative path that leaves the package. */
function outsidePaths(root: string, file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const where = relative(root, file);
  const found = [...text.matchAll(/\/(?:root|home|work|tmp|Users)\/[^\s'"`)]*|\bbriefs?\/[\w.-]+/g)].map((m) => `${where}: ${m[0]}`);
  for (const [path] of text.matchAll(/(?:\.\.\/)+[\w@.-]*/g)) {
    if (relative(root, resolve(dirname(file), path)).startsWith('..')) found.push(`${where}: ${path}`);
  }
  return found;
}

let packed: ReturnType<typeof packAll>;
beforeAll(() => {
  packed = packAll();
}, 120_000);
afterAll(() => rmSync(packed.dir, { recursive: true, force: true }));

const spec = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8')) as { info: { version: string } };

describe('published packages', () => {
  for (const [name, folder] of Object.entries(PUBLISHED)) {
    describe(name, () => {
      const pkg = JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8'));

      it('has the fields a user needs, and the spec\'s version', () => {
        for (const field of ['name', 'version', 'description', 'license', 'repository', 'keywords', 'type', 'exports', 'files', 'sideEffects', 'engines']) {
          expect(pkg[field], field).toBeDefined();
        }
        expect(pkg.type).toBe('module');
        expect(pkg.sideEffects).toBe(false);
        expect(pkg.version).toBe(spec.info.version);
        for (const [subpath, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
          if (typeof target === 'object' && target) expect(Object.keys(target)[0], subpath).toBe('types');
        }
        expect(existsSync(join(repoRoot, folder, 'README.md'))).toBe(true);
        expect(existsSync(join(repoRoot, folder, 'LICENSE'))).toBe(true);
      });

      it('publint finds nothing', async () => {
        const { messages } = await publint({ pkgDir: join(repoRoot, folder), strict: true, pack: 'pnpm' });
        expect(messages.map((m) => `${m.type} ${m.code} ${JSON.stringify(m.args)}`)).toEqual([]);
      }, 60_000);

      it('no published file, its README included, names a path outside the package', () => {
        // The tarball as npm would unpack it, every text file read: no machine's paths, no path
        // that climbs out of the package (a link into the repository is dead for whoever installed it).
        const unpacked = mkdtempSync(join(tmpdir(), 'avanode-unpacked-'));
        try {
          execFileSync('tar', ['-xzf', packed.tarballs[name]!, '-C', unpacked]);
          const root = join(unpacked, 'package');
          const found = filesUnder(root).flatMap((file) => outsidePaths(root, file));
          expect(filesUnder(root).some((file) => file.endsWith('README.md'))).toBe(true);
          expect(found).toEqual([]);
        } finally {
          rmSync(unpacked, { recursive: true, force: true });
        }
      });

      it('arethetypeswrong finds nothing (ESM only)', () => {
        if (name === '@avanode/spec') {
          // The bundled document alone (its $refs all local): the fully dereferenced one was 30 MB.
          expect(Object.keys(pkg.exports)).toEqual(['./openrpc.json']);
          return void expect(statSync(packed.tarballs[name]!).size).toBeLessThan(100_000);
        }
        const attw = join(repoRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
        let output = '';
        try {
          output = execFileSync(process.execPath, [attw, packed.tarballs[name]!, '--profile', 'esm-only', '--format', 'ascii'], { encoding: 'utf8' });
        } catch (error) {
          output = String((error as { stdout?: string }).stdout ?? error);
          throw new Error(output);
        }
        // Exit code 0 (else execFileSync threw); only the CommonJS modes the ESM-only profile ignores may be flagged.
        const problems = output.split('\n').filter((line) => /💀|⚠️|❗|🥴|🐛|🎭|❌/u.test(line) && !line.includes('ignored'));
        expect(problems).toEqual([]);
        expect(output).toMatch(/node16 \(from ESM\)[^\n]*🟢|🟢/u);
      }, 60_000);
    });
  }
});
