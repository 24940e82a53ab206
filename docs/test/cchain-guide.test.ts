// The guide "Stake from the C-chain" (docs/guide/cchain.md) runs as written: its TypeScript blocks,
// in order, as one program against the mock node's simulated network on 127.0.0.1 (the guide's URL
// pointed at it), with a key from the environment: C → P, delegate, P → C, an export by hand, and
// the transfer that resumes it without a second export. The txs it prints are then asked of the node.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
import { hideSetup } from '../.vitepress/markdown.ts';

const run = promisify(execFile);
const docs = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'avanode-cchain-guide-'));
const NODE = 'http://127.0.0.1:9650';
const KEY = `0x${'3c'.repeat(32)}`;

let mock: MockServer | undefined;
afterAll(async () => {
  await mock?.close();
  rmSync(work, { recursive: true, force: true });
});

it('docs/guide/cchain.md: its snippets run in order against the mock node, and nothing is exported twice', async () => {
  const guide = readFileSync(join(docs, 'guide', 'cchain.md'), 'utf8');
  // Each block as the site shows it: the setup a block writes above its cut (for the type check) is what earlier blocks already did.
  const program = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => hideSetup(m[1]!)).join('\n');
  expect(program).not.toContain('---cut---');
  mock = await startMockServer({ port: 0, network: { seed: 23, clock: 'real', blockTimeMs: 100 } });
  const source = program.replaceAll(NODE, mock.url);
  expect(source).not.toContain(NODE);
  const file = join(work, 'guide.mjs');
  await build({ stdin: { contents: source, loader: 'ts', resolveDir: docs }, bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: file, logLevel: 'silent' });
  const { stdout, stderr } = await run(process.execPath, [file], { cwd: work, env: { ...process.env, AVANODE_PRIVATE_KEY: KEY }, timeout: 120_000 });
  expect(stderr).toBe('');
  expect(stdout).not.toContain(KEY.slice(2));
  const client = createClient({ url: mock.url });
  const toP = /^C → P (\S+) (\d+) nAVAX arrived$/m.exec(stdout);
  const delegated = /^delegated (\S+) Committed$/m.exec(stdout);
  const toC = /^P → C (\S+) (\d+) nAVAX arrived$/m.exec(stdout);
  const resumed = /^resumed true undefined (\S+)$/m.exec(stdout);
  expect([toP, delegated, toC, resumed].every(Boolean), stdout).toBe(true);
  expect(BigInt(toP![2]!)).toBeLessThan(30_000_000_000n);
  for (const txID of [toP![1]!, delegated![1]!, resumed![1]!]) expect((await client.platform.getTxStatus({ txID })).status).toBe('Committed');
  expect((await client.avax.getAtomicTxStatus({ txID: toC![1]! })).status).toBe('Accepted');
  // Exactly two exports from the C-chain account: the transfer's and the one by hand (none on resume).
  expect(stdout.match(/^export sent /gm)).toHaveLength(1);
}, 180_000);
