// `npm run setup` and the mock node's port: it refuses at once, with a clear line, when the port
// is taken before it installs and builds for minutes; and when another process takes the port
// during the build, it says so and exits non-zero instead of printing "Done" and a mock that
// failed to listen. Both messages name the option for another port (AVANODE_MOCK_PORT).
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const setup = join(import.meta.dirname, '..', 'setup.mjs');
const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

// The seam: setup runs `pnpm` from PATH. This pnpm says it is the pinned version (so setup does
// not install one) and does nothing, except that `pnpm build` waits for a line on stdin: the test
// takes the port while setup "builds", then lets it go on. Everything else (the port checks, the
// mock node's start) is setup's own.
const fakeBin = mkdtempSync(join(tmpdir(), 'avanode-setup-'));
writeFileSync(join(fakeBin, 'pnpm'), '#!/bin/sh\ncase "$1" in\n  --version) echo 10.34.9 ;;\n  build) read line ;;\nesac\nexit 0\n');
chmodSync(join(fakeBin, 'pnpm'), 0o755);
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

it('setup stops before installing anything when the mock node port is taken', async () => {
  const blocker = createServer();
  const port = await listen(blocker);
  try {
    const { code, stderr, stdout } = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, [setup], { env: { ...process.env, AVANODE_MOCK_PORT: String(port) }, timeout: 60_000 }, (error, out, err) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out, stderr: err }),
      );
      child.stdin?.end();
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`setup: port ${port} on 127.0.0.1 is taken (EADDRINUSE`);
    expect(stderr).toMatch(/AVANODE_MOCK_PORT=\d+ npm run setup/);
    expect(stdout).not.toContain('pnpm install');
  } finally {
    blocker.close();
  }
});

it('setup exits non-zero, naming the reason and AVANODE_MOCK_PORT, when the port is taken during the build', async () => {
  // A free port: bound, then released, so setup's first check passes.
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  const taker = createServer();
  try {
    const child = spawn(process.execPath, [setup], { env: { ...process.env, AVANODE_MOCK_PORT: String(port), PATH: `${fakeBin}${delimiter}${process.env.PATH}` }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let tookPort = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // setup prints each command before running it: it is now in its build.
      if (!tookPort && stdout.includes('$ pnpm build')) {
        tookPort = true;
        void listen(taker, port).then(() => child.stdin.end('built\n'));
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(timer);
    expect(tookPort).toBe(true);
    expect(code).toBe(1);
    expect(stderr).toContain(`setup: the mock node cannot start: port ${port} on 127.0.0.1 was taken during the build (EADDRINUSE)`);
    expect(stderr).toMatch(/AVANODE_MOCK_PORT=\d+ npm run setup/);
    expect(stdout).not.toContain('Starting the mock node');
  } finally {
    taker.close();
  }
});
