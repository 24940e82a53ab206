// The published @avanode/msw with msw 3: packed, installed with npm from the tarballs next to
// msw@3.0.5 in a fresh project, and the clean room's msw test (clean-room/msw.test.mjs: the
// installed handlers answer, overrides, the node's refusal) run there with node's test runner.
// msw 3 needs Node >= 22.12: on older Node this file is skipped, and counted so.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll } from './pack.ts';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const nodeRunsMsw3 = major > 22 || (major === 22 && minor >= 12);

describe.skipIf(!nodeRunsMsw3)('@avanode/msw installed with msw 3', () => {
  let app = '';
  let packed: ReturnType<typeof packAll>;
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

  beforeAll(() => {
    app = mkdtempSync(join(tmpdir(), 'avanode-msw3-'));
    packed = packAll(['@avanode/msw', '@avanode/mock', '@avanode/codec', '@avanode/types', '@avanode/validators', '@avanode/wallet', '@avanode/client']);
    cpSync(join(import.meta.dirname, 'clean-room', 'msw.test.mjs'), join(app, 'msw.test.mjs'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'msw3-room', private: true, type: 'module' }));
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...Object.values(packed.tarballs), 'msw@3.0.5']);
  }, 300_000);

  afterAll(() => {
    if (app) rmSync(app, { recursive: true, force: true });
    if (packed) rmSync(packed.dir, { recursive: true, force: true });
  });

  it('installs msw 3.0.5 as the peer, and no second msw', () => {
    const tree = run('npm', ['ls', '--all', '--parseable', '--long']).split('\n').filter((line) => /[\\/]node_modules[\\/]msw:/.test(line));
    expect(tree).toEqual([expect.stringMatching(/:msw@3\.0\.5/)]);
  });

  it('the msw test runs with the installed handlers on msw 3', () => {
    // TAP named explicitly: Node 24's runner prints its spec reporter by default, even without a TTY.
    const out = run(process.execPath, ['--test', '--test-reporter=tap', 'msw.test.mjs']);
    expect(out).toMatch(/# pass 1/);
    expect(out).toMatch(/# fail 0/);
  });
});
