// The guide "Send, stake and run an L1" (docs/guide/wallet.md) runs as written: its TypeScript
// blocks, in order, as one program against the mock node's simulated network on 127.0.0.1 (the
// guide's URL pointed at it), with a key from the environment. The txs it prints are then asked
// of the node: every one Committed. And every builder @avanode/wallet exports has its reference
// page under docs/wallet/, generated from the builders' source and not stale.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import * as wallet from '@avanode/wallet';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { hideSetup } from '../.vitepress/markdown.ts';

const run = promisify(execFile);
const docs = join(import.meta.dirname, '..');
// Outside the docs folder (the site test builds it meanwhile); the program is bundled with the
// built packages as the docs package resolves them (its node_modules).
const work = mkdtempSync(join(tmpdir(), 'avanode-wallet-guide-'));
const NODE = 'http://127.0.0.1:9650';
const KEY = `0x${'2b'.repeat(32)}`;

let mock: MockServer | undefined;
afterAll(async () => {
  await mock?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The guide's TypeScript blocks, in order, before the heading `until` (all of them without it). */
function guideProgram(until?: string): string {
  const guide = readFileSync(join(docs, 'guide', 'wallet.md'), 'utf8');
  const part = until === undefined ? guide : guide.slice(0, guide.indexOf(`\n## ${until}\n`));
  // Each block as the site shows it: the setup a block writes above its cut (for the type check) is what earlier blocks already did.
  return [...part.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => hideSetup(m[1]!)).join('\n');
}

/** Runs a program of the guide's blocks against a fresh mock node; its stdout and the node's client. */
async function runGuide(program: string, name: string) {
  await mock?.close();
  mock = await startMockServer({
    port: 0,
    network: { seed: 21, clock: 'real', blockTimeMs: 100 },
    // A gas price at or above the mock's own: each tx pays at least the fee the mock charges.
    overrides: { 'platform.getFeeState': { capacity: 1_000_000, excess: 0, price: 10_000, timestamp: '2026-01-01T00:00:00Z' } },
  });
  const source = program.replaceAll(NODE, mock.url);
  expect(source).not.toContain(NODE);
  const file = join(work, `${name}.mjs`);
  await build({ stdin: { contents: source, loader: 'ts', resolveDir: docs }, bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: file, logLevel: 'silent' });
  const { stdout, stderr } = await run(process.execPath, [file], { cwd: work, env: { ...process.env, AVANODE_PRIVATE_KEY: KEY }, timeout: 120_000 });
  expect(stderr).toBe('');
  expect(stdout).not.toContain(KEY.slice(2));
  return { stdout, client: createClient({ url: mock.url }) };
}

describe('docs/guide/wallet.md', () => {
  it('its snippets up to "Run an L1" run in order against the mock node: send, delegate and stake commit', async () => {
    const program = guideProgram('Run an L1');
    expect([...program.matchAll(/^import /gm)].length).toBeGreaterThanOrEqual(3);
    const { stdout, client } = await runGuide(program, 'send-and-stake');
    // A tx ID is 36 bytes in base58: most often 49 or 50 characters, 48 or fewer about once in a hundred.
    const printed = [...stdout.matchAll(/(?<![1-9A-HJ-NP-Za-km-z])([1-9A-HJ-NP-Za-km-z]{40,50}) (Committed)\b/g)].map((m) => m[1]!);
    // send, delegate, stake.
    expect(printed, stdout).toHaveLength(3);
    for (const txID of printed) expect((await client.platform.getTxStatus({ txID })).status).toBe('Committed');
  });

  // The chain and the conversion carry the subnet authorization as their last credential; the
  // mock verifies it against the subnet's owner (packages/mock/src/executor/authorization.ts).
  it('the whole guide runs, the L1 section included: the subnet, its chain and the conversion commit', async () => {
    const { stdout, client } = await runGuide(guideProgram(), 'whole');
    const l1 = /^L1 (\S+) chain (\S+) Committed$/m.exec(stdout);
    expect(l1, stdout).not.toBeNull();
    for (const txID of [l1![1]!, l1![2]!]) expect((await client.platform.getTxStatus({ txID })).status).toBe('Committed');
    // The conversion is in the state: the subnet is an L1 managed from the new chain, with its first validator.
    const subnet = await client.platform.getSubnet({ subnetID: l1![1]! });
    expect(subnet.isPermissioned).toBe(false);
    expect(subnet.managerChainID).toBe(l1![2]!);
    const { validators } = await client.platform.getCurrentValidators({ subnetID: l1![1]! });
    expect(validators).toHaveLength(1);
  });
});

describe('docs/wallet: the builders reference', () => {
  it('has one page per exported build* function, and no other', () => {
    // The C-chain's atomic builders are the C-chain guide's (and the index links it).
    const atomic = Object.keys(wallet).filter((name) => /^buildCChain[A-Z]/.test(name));
    expect(atomic).toEqual(['buildCChainExportTx', 'buildCChainImportTx']);
    for (const name of atomic) expect(readFileSync(join(docs, 'guide', 'cchain.md'), 'utf8')).toContain(name);
    const builders = Object.keys(wallet).filter((name) => /^build[A-Z]/.test(name) && !atomic.includes(name) && typeof (wallet as Record<string, unknown>)[name] === 'function').sort();
    expect(builders.length).toBeGreaterThanOrEqual(15);
    const pages = readdirSync(join(docs, 'wallet')).filter((f) => f !== 'index.md').map((f) => f.replace(/\.md$/, '')).sort();
    expect(pages).toEqual(builders);
    const index = readFileSync(join(docs, 'wallet', 'index.md'), 'utf8');
    for (const name of builders) expect(index).toContain(`](./${name})`);
    expect(index).toContain('](/guide/cchain)');
  });

  it('is what docs/scripts/wallet-reference.ts writes from the builders today', async () => {
    await expect(run(process.execPath, ['--import', 'tsx/esm', join(docs, 'scripts', 'wallet-reference.ts'), '--check'], { cwd: docs })).resolves.toBeDefined();
  });
});
