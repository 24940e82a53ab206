// `pnpm release --dry-run` runs the release without network and without changing a file.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
const status = () => execFileSync('git', ['status', '--porcelain', '--', 'spec', 'packages', 'docs/versions', 'docs/versions.json', '.changeset'], { cwd: repoRoot, encoding: 'utf8' });

it('the release dry run packs every published package and changes nothing', () => {
  const before = status();
  // --skip-build: the suite has built the packages, and the docs test builds the site.
  const out = execFileSync(process.execPath, [join(repoRoot, 'scripts', 'release.mjs'), '--dry-run', '--skip-build'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
  expect(out).toMatch(/release dry run: 11 packages at \d+\.\d+\.\d+ would be published/);
  for (const name of ['spec', 'types', 'validators', 'client', 'mock', 'msw', 'codec', 'wallet', 'query', 'cli', 'mcp']) expect(out).toMatch(new RegExp(`avanode-${name}-\\d+\\.\\d+\\.\\d+\\.tgz: [\\d.]+ kB`));
  expect(status()).toBe(before);
}, 300_000);
