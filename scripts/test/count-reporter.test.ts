// The closing line CI reads counts a file whose beforeAll failed as a failure (vitest skips that
// file's tests): a run that failed never says `0 failed`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

it('counts passed, failed (a failed hook included) and skipped tests', () => {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-count-'));
  try {
    writeFileSync(join(dir, 'hook.test.ts'), "import { beforeAll, it } from 'vitest';\nbeforeAll(() => { throw new Error('boom'); });\nit('a', () => {});\nit('b', () => {});\n");
    writeFileSync(join(dir, 'ok.test.ts'), "import { it } from 'vitest';\nit('c', () => {});\n");
    writeFileSync(join(dir, 'bad.test.ts'), "import { expect, it } from 'vitest';\nit('d', () => expect(1).toBe(2));\n");
    let out = '';
    try {
      execFileSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir, `--reporter=${join(root, 'scripts', 'count-reporter.ts')}`], { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, AVANODE_RUN_LABEL: '' } });
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    expect(out.trim().split('\n').at(-1)).toBe('1 passed, 2 failed, 2 skipped');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
