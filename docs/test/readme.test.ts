// What the README promises is true of the project: every endpoint path it names is one the
// spec describes (the health GET paths are under /ext/health/), the method counts are the
// spec's, every package it names exists, and nothing that exists is announced as coming.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const spec = JSON.parse(readFileSync(join(root, 'spec', 'openrpc.json'), 'utf8')) as {
  methods: Array<{ name: string; servers?: Array<{ url: string }> }>;
  'x-http-endpoints'?: Array<{ paths: Record<string, string> }>;
};

/** Every path the spec describes, with `{variable}` as a pattern for any segment. */
const specPaths = [
  ...spec.methods.flatMap((m) => (m.servers ?? []).map((s) => s.url.replace(/^[a-z]+:\/\/[^/]+/i, ''))),
  ...(spec['x-http-endpoints'] ?? []).flatMap((e) => Object.values(e.paths)),
].map((p) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+').replace(/\{\w+\}/g, '[^/]+')}$`));

it('every endpoint path in the README is one the spec describes', () => {
  // Any backticked absolute path (`/ext/info`, and also a wrong `/health`).
  const named = [...readme.matchAll(/`(\/[A-Za-z][^`\s]*)`/g)].map((m) => m[1]!.replace(/<\w+>/g, 'x'));
  expect(named.length).toBeGreaterThan(5);
  expect(named.filter((path) => !specPaths.some((p) => p.test(path)))).toEqual([]);
});

it('the method counts in the README are the spec\'s', () => {
  for (const [, count, prefix] of readme.matchAll(/\| (\d+) `(\w+)[._]\*`/g)) {
    expect(spec.methods.filter((m) => m.name.startsWith(`${prefix}.`) || m.name.startsWith(`${prefix}_`)).length, `${prefix}.*`).toBe(Number(count));
  }
});

it('every package the README names exists, and none is announced as coming', () => {
  const packages = new Set(
    ['spec', ...readdirSync(join(root, 'packages')).map((d) => `packages/${d}`)]
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
      .map((dir) => (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string }).name),
  );
  const named = [...new Set([...readme.matchAll(/`(@avanode\/[\w-]+)/g)].map((m) => m[1]!))];
  expect(named.filter((name) => !packages.has(name))).toEqual([]);
  expect(readme).not.toMatch(/\(coming\)|coming soon/i);
});
