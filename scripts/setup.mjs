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
const port = mockPort(process.env.AVANODE_MOCK_PORT);
const anotherPort = `or run the mock node on another port: AVANODE_MOCK_PORT=${port < 65535 ? port + 1 : port - 1} npm run setup`;
const taken = await portTaken(port);
if (taken) {
  console.error(`\nsetup: port ${port} on 127.0.0.1 is taken (${taken}: a node, or a mock node already running?). Stop it, or free the port, then run \`npm run setup\` again; ${anotherPort}.`);
  process.exit(1);
}

run('pnpm install --frozen-lockfile');
run('pnpm generate');
run('pnpm build');

const { version } = JSON.parse(readFileSync(join(root, 'spec', 'openrpc.json'), 'utf8')).info;
console.log(`\nDone: spec ${version} built, every package generated and built.`);

// The build takes long enough for another process to take the port meanwhile: check again.
const takenSince = await portTaken(port);
if (takenSince) {
  console.error(`\nsetup: the mock node cannot start: port ${port} on 127.0.0.1 was taken during the build (${takenSince}). Free it and start the mock node with \`node packages/mock/bin/avanode-mock.mjs --port ${port}\`, ${anotherPort}.`);
  process.exit(1);
}
console.log('Starting the mock node (Ctrl-C stops it; run `pnpm test` in another terminal meanwhile).');
process.exit(await runMockNode(port));

/** `$AVANODE_MOCK_PORT` (default 9650), a TCP port number; anything else stops setup naming the variable. */
function mockPort(text) {
  if (text === undefined || text === '') return 9650;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 65535) {
    console.error(`setup: AVANODE_MOCK_PORT must be a port number from 1 to 65535, got ${JSON.stringify(text.slice(0, 20))}`);
    process.exit(2);
  }
  return value;
}

/** Why `port` on 127.0.0.1 cannot be listened on (`EADDRINUSE`, …), or '' when it can. */
function portTaken(port) {
  return new Promise((resolve) => {
    const probe = createServer().once('error', (error) => resolve(error.code ?? error.message));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve('')));
  });
}

/**
 * Runs the mock node until it stops; resolves to setup's exit code. The port can still be taken
 * between the check and the mock's own listen: a mock that exits with a failure makes setup fail,
 * naming the mock's reason (its last line on stderr, which is passed through as it comes).
 */
function runMockNode(port) {
  const child = spawn(process.execPath, [join(root, 'packages', 'mock', 'bin', 'avanode-mock.mjs'), '--port', String(port), '--log'], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'] });
  let lastLine = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    const lines = String(chunk).split('\n').filter((line) => line.trim() !== '');
    if (lines.length > 0) lastLine = lines.at(-1);
  });
  // Ctrl-C reaches both processes (a signal sent to setup alone is passed on): setup waits for
  // the mock to stop and exits with its code.
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      if (code === 0 || signal === 'SIGINT' || signal === 'SIGTERM') return resolve(0);
      const reason = lastLine.replace(/^avanode-mock: /, '').slice(0, 300) || `it exited with code ${code ?? signal}`;
      console.error(`\nsetup: the mock node did not start or stopped with a failure: ${reason}. Free port ${port} and start it with \`node packages/mock/bin/avanode-mock.mjs --port ${port}\`, ${anotherPort}.`);
      resolve(1);
    });
  });
}
