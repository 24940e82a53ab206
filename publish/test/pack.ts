// Packs the published packages once per test file, as `pnpm publish` would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');
export const PUBLISHED = { '@avanode/spec': 'spec', '@avanode/types': 'packages/types', '@avanode/validators': 'packages/validators', '@avanode/client': 'packages/client', '@avanode/mock': 'packages/mock', '@avanode/msw': 'packages/msw', '@avanode/codec': 'packages/codec', '@avanode/wallet': 'packages/wallet', '@avanode/query': 'packages/query', '@avanode/cli': 'packages/cli', '@avanode/mcp': 'packages/mcp' } as const;

/** Packs `names` (default: every published package) into a fresh folder; their tarballs by name. */
export function packAll(names: Array<keyof typeof PUBLISHED> = Object.keys(PUBLISHED) as Array<keyof typeof PUBLISHED>): { dir: string; tarballs: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-pack-'));
  for (const name of names) {
    execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd: join(repoRoot, PUBLISHED[name]), stdio: 'pipe' });
  }
  const files = readdirSync(dir);
  const tarballs = Object.fromEntries(names.map((name) => [name, join(dir, files.find((f) => f.startsWith(`${name.replace('@', '').replace('/', '-')}-`))!)]));
  return { dir, tarballs };
}
