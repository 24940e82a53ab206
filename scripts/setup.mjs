#!/usr/bin/env node
// The README's first command (`npm run setup`): on a machine with only Node and npm, installs
// pnpm and every dependency, regenerates every package from spec/src and builds them, then
// starts the mock node on 127.0.0.1:9650 and keeps it running (Ctrl-C stops it).
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const PNPM = '10.34.9';
const root = join(import.meta.dirname, '..');
const run = (command) => {
  console.log(`\n$ ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
};

let installed = '';
try {
  installed = execSync('pnpm --version', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {
  installed = '';
}
// corepack and pnpm's self-switch both fail on these machines: install the pinned pnpm with npm.
if (installed !== PNPM) run(`npm install --global pnpm@${PNPM}`);

// The browser tests (msw in a page, the docs site) drive Debian's Chromium; never a browser
// download, which these machines cannot reach. As root it is installed here; otherwise, say how.
let hasChromium = true;
try {
  execSync('command -v chromium', { stdio: 'ignore', shell: '/bin/sh' });
} catch {
  hasChromium = false;
}
if (!hasChromium && process.getuid?.() === 0) {
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
} else if (!hasChromium) {
  console.log('\nNote: the browser tests need Chromium at /usr/bin/chromium: run `sudo apt-get install chromium`.');
}

// The mock node is the last step: find out now, not after the build, that its port is taken.
const port = Number(process.env.AVANODE_MOCK_PORT ?? 9650);
const portFree = await new Promise((resolve) => {
  const probe = createServer().once('error', () => resolve(false));
  probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
});
if (!portFree) {
  console.error(`\nsetup: port ${port} on 127.0.0.1 is taken (a node, or a mock node already running?). Stop it, or free the port, then run \`npm run setup\` again.`);
  process.exit(1);
}

run('pnpm install --frozen-lockfile');
run('pnpm generate');
run('pnpm build');

const { version } = JSON.parse(readFileSync(join(root, 'spec', 'openrpc.json'), 'utf8')).info;
console.log(`\nDone: spec ${version} built, every package generated and built.`);
console.log('Starting the mock node (Ctrl-C stops it; run `pnpm test` in another terminal meanwhile).');
spawn(process.execPath, [join(root, 'packages', 'mock', 'bin', 'avanode-mock.mjs'), '--port', String(port), '--log'], { cwd: root, stdio: 'inherit' });
