// `npm run setup` refuses at once, with a clear line, when the mock node's port is taken,
// instead of installing and building for minutes and then failing to listen.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('setup stops before installing anything when the mock node port is taken', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as AddressInfo;
  try {
    const { code, stderr, stdout } = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, [join(import.meta.dirname, '..', 'setup.mjs')], { env: { ...process.env, AVANODE_MOCK_PORT: String(port) }, timeout: 60_000 }, (error, out, err) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out, stderr: err }),
      );
      child.stdin?.end();
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`setup: port ${port} on 127.0.0.1 is taken`);
    expect(stdout).not.toContain('pnpm install');
  } finally {
    blocker.close();
  }
});
