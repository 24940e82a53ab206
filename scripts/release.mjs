#!/usr/bin/env node
// `pnpm release [--dry-run]`: versions the packages (changesets; the generated packages move
// together), writes the version into the spec, regenerates and builds everything, snapshots
// the docs version, builds the site, and publishes. `--dry-run` changes no file and sends
// nothing: it shows the release plan, rebuilds, builds the site, and packs every package
// exactly as publishing would (`pnpm pack`), so it needs no network (CI runs it).
// (`pnpm publish --dry-run` was not used: against no registry it hangs after packing.)
import { execFileSync, execSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dryRun = process.argv.includes('--dry-run');
// For the test suite, which has built everything already and must not rebuild under other tests.
const skipBuild = dryRun && process.argv.includes('--skip-build');
export const PUBLISHED = ['@avanode/spec', '@avanode/types', '@avanode/validators', '@avanode/client', '@avanode/mock', '@avanode/msw', '@avanode/codec', '@avanode/wallet', '@avanode/query', '@avanode/cli', '@avanode/mcp'];
const run = (command) => {
  console.log(`$ ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
};

if (dryRun) {
  // The plan is informational: with no pending changeset there is nothing to version.
  try {
    run('pnpm changeset status');
  } catch {
    console.log('(no release plan: no pending changeset)');
  }
} else {
  run('pnpm changeset version');
}
const version = JSON.parse(readFileSync(join(root, 'packages', 'types', 'package.json'), 'utf8')).version;

// The spec says which version of the packages it is.
const documentPath = join(root, 'spec', 'src', 'document.yaml');
const document = readFileSync(documentPath, 'utf8');
const synced = document.replace(/^(info:\n(?:.*\n)*?\s+version:\s*).*$/m, `$1${version}`);
if (synced !== document) {
  if (dryRun) throw new Error(`the spec's info.version differs from the packages' ${version}: run pnpm release`);
  writeFileSync(documentPath, synced);
}
run(`pnpm spec:build${dryRun ? ' --check' : ''}`);
run(`pnpm generate${dryRun ? ' --check' : ''}`);
if (!skipBuild) run('pnpm build');

// This release's docs: a snapshot of the spec it was made from.
const versionsPath = join(root, 'docs', 'versions.json');
const versions = JSON.parse(readFileSync(versionsPath, 'utf8'));
if (!dryRun && !versions.includes(version)) {
  mkdirSync(join(root, 'docs', 'versions', `v${version}`), { recursive: true });
  copyFileSync(join(root, 'spec', 'openrpc.json'), join(root, 'docs', 'versions', `v${version}`, 'openrpc.json'));
  writeFileSync(versionsPath, `${JSON.stringify([version, ...versions], null, 2)}\n`);
}
if (!existsSync(join(root, 'docs', 'versions', `v${versions[0]}`, 'openrpc.json'))) throw new Error(`docs/versions/v${versions[0]}/openrpc.json is missing`);
if (!skipBuild) run('pnpm docs:build');

if (dryRun) {
  const out = mkdtempSync(join(tmpdir(), 'avanode-release-'));
  for (const name of PUBLISHED) run(`pnpm --filter ${name} pack --pack-destination ${out}`);
  const tarballs = readdirSync(out).filter((f) => f.endsWith('.tgz'));
  for (const tarball of tarballs) console.log(`  ${tarball}: ${(statSync(join(out, tarball)).size / 1024).toFixed(1)} kB`);
  console.log(`release dry run: ${tarballs.length} packages at ${version} would be published (tarballs in ${out})`);
  if (tarballs.length !== PUBLISHED.length) process.exitCode = 1;
} else {
  execFileSync('pnpm', ['changeset', 'publish'], { cwd: root, stdio: 'inherit' });
}
