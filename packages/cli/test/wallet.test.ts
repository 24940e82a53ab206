// `avanode wallet` as a child process against the mock node's simulated network on 127.0.0.1: the
// key from a file or the environment, every command, and every refusal. After each run, stdout and
// stderr are searched for the key in both of its formats (PrivateKey-… and hex): it never shows.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeCB58 } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { keyAddress, parsePrivateKey, proofOfPossession } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cliDir = join(import.meta.dirname, '..');
const HEX = '7e'.repeat(16) + '3d'.repeat(16);
const KEY_HEX = `0x${HEX}`;
const KEY_CB58 = `PrivateKey-${encodeCB58(parsePrivateKey(KEY_HEX))}`;
const FROM = keyAddress(KEY_HEX, 'local');
const TO = keyAddress(`0x${'42'.repeat(32)}`, 'local');
const AVAX = 1_000_000_000n;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', ...args], { cwd: cliDir, env: { ...process.env, AVANODE_URL: '', AVANODE_PRIVATE_KEY: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The key in no form: PrivateKey-…, its cb58 alone, 0x hex, bare hex (either case). */
function expectNoKey(result: Run) {
  const text = `${result.stdout}\n${result.stderr}`;
  for (const form of [KEY_CB58, KEY_CB58.slice('PrivateKey-'.length), KEY_HEX, HEX, HEX.toUpperCase()]) expect(text).not.toContain(form);
}

let server: MockServer;
let dir: string;
let keyFile: string;
let url: string;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    network: { seed: 11, clock: 'real', blockTimeMs: 100 },
    // A price at which the tx pays the mock's flat fee as well as a node's gas × price.
    overrides: { 'platform.getFeeState': { capacity: 1_000_000, excess: 0, price: 10_000, timestamp: '2026-01-01T00:00:00Z' } },
  });
  url = server.url;
  server.control.fund(FROM, (3000n * AVAX).toString());
  dir = mkdtempSync(join(tmpdir(), 'avanode-wallet-'));
  keyFile = join(dir, 'key');
  writeFileSync(keyFile, `${KEY_CB58}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('avanode wallet', () => {
  it('address, balance, send, delegate and stake with a key file, printing the tx ID and status', async () => {
    const offline = await run(['wallet', 'address', '--key-file', keyFile, '--network', 'local']);
    expect(offline).toMatchObject({ code: 0, stdout: `${FROM}\n`, stderr: '' });
    const asked = await run(['wallet', 'address', '--key-file', keyFile, '--url', url]);
    expect(asked).toMatchObject({ code: 0, stdout: `${FROM}\n` });

    const sent = await run(['wallet', 'send', '--key-file', keyFile, '--url', url, '--to', TO, '--amount', '1.5avax']);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    const printed = JSON.parse(sent.stdout) as { txID: string; status: string; fee: string };
    expect(printed.status).toBe('Committed');
    const { status } = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getTxStatus', params: { txID: printed.txID } }) }).then((r) => r.json() as Promise<{ result: { status: string } }>).then((r) => r.result);
    expect(status).toBe('Committed');

    const balance = await run(['wallet', 'balance', '--key-file', keyFile, '--url', url]);
    expect(balance.code).toBe(0);
    // The P-chain's sums per asset; the C-chain side is null where the node serves no C-chain atomic API.
    const printedBalance = JSON.parse(balance.stdout) as { P: Record<string, { unlocked: string }>; C: unknown; sharedMemory: unknown };
    expect(Object.keys(printedBalance).slice(0, 3)).toEqual(['P', 'C', 'sharedMemory']);
    const sums = Object.values(printedBalance.P);
    expect(sums.map((s) => BigInt(s.unlocked))).toEqual([3000n * AVAX - 1_500_000_000n - BigInt(printed.fee)]);

    const validators = (await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"platform.getCurrentValidators","params":{}}' }).then((r) => r.json())) as { result: { validators: Array<{ nodeID: string; endTime: string }> } };
    const validator = validators.result.validators[0]!;
    const delegated = await run(['wallet', 'delegate', '--url', url, '--node-id', validator.nodeID, '--amount', '25avax', '--end', String(BigInt(validator.endTime) - 86_400n)], { AVANODE_PRIVATE_KEY: KEY_HEX });
    expect(delegated.stderr).toBe('');
    expect(JSON.parse(delegated.stdout)).toMatchObject({ status: 'Committed' });
    for (const result of [offline, asked, sent, balance, delegated]) expectNoKey(result);

    const pop = await proofOfPossession(`0x${'19'.repeat(32)}`);
    const staked = await run(['wallet', 'stake', '--key-file', keyFile, '--url', url, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '2000avax', '--end', '+30d', '--bls-public-key', pop.publicKey, '--bls-proof', pop.proofOfPossession, '--no-wait']);
    expect(staked.stderr).toBe('');
    expect(JSON.parse(staked.stdout)).toMatchObject({ status: 'Issued' });
    expectNoKey(staked);
  });

  it('transfer C → P then P → C, and balance shows both chains and shared memory', async () => {
    const evm = keyAddress(KEY_HEX, 'local', 'EVM');
    server.control.fund(evm, (50n * AVAX).toString());
    const before = JSON.parse((await run(['wallet', 'balance', '--key-file', keyFile, '--url', url])).stdout) as { C: { address: string; nAVAX: string }; sharedMemory: { toP: string; toC: string } };
    expect(before.C.address).toBe(evm.toLowerCase());
    expect(BigInt(before.C.nAVAX)).toBeGreaterThanOrEqual(50n * AVAX);
    const there = await run(['wallet', 'transfer', '--key-file', keyFile, '--url', url, '--from', 'C', '--to', 'P', '--amount', '30avax']);
    expect(there.code, there.stderr).toBe(0);
    const moved = JSON.parse(there.stdout) as { exportTxID: string; importTxID: string; resumed: boolean; imported: string; fees: { export: string; import: string } };
    expect(moved.resumed).toBe(false);
    // The export's ID is written down (stderr) before it is sent, to resume with.
    expect(there.stderr).toContain(`export ${moved.exportTxID} sent`);
    expect(BigInt(moved.imported)).toBe(30n * AVAX - BigInt(moved.fees.import));
    const back = await run(['wallet', 'transfer', '--key-file', keyFile, '--url', url, '--from', 'p', '--to', 'c', '--amount', '2avax']);
    expect(back.code, back.stderr).toBe(0);
    const after = JSON.parse((await run(['wallet', 'balance', '--key-file', keyFile, '--url', url])).stdout) as typeof before;
    const returned = JSON.parse(back.stdout) as typeof moved;
    expect(BigInt(after.C.nAVAX)).toBe(BigInt(before.C.nAVAX) - 30n * AVAX - BigInt(moved.fees.export) + 2n * AVAX - BigInt(returned.fees.import));
    expect(after.sharedMemory).toEqual({ toP: '0', toC: '0' });
    for (const result of [there, back]) expectNoKey(result);
  }, 120_000);

  it('never takes a key from argv, in any flag, form or position, and never prints it back', async () => {
    const runs = await Promise.all([
      run(['wallet', 'send', '--key', KEY_CB58, '--to', TO, '--amount', '1']),
      run(['wallet', 'send', `--private-key=${KEY_HEX}`, '--to', TO, '--amount', '1']),
      run(['wallet', 'send', KEY_CB58]),
      run(['wallet', 'address', HEX]),
      run(['wallet', 'send', '--key-file', keyFile, '--to', KEY_HEX, '--amount', '1']),
      run(['wallet', 'send', '--key-file', keyFile, `--url=${KEY_HEX}`]),
      run(['platform', 'getBalance', '--addresses', KEY_CB58]),
      run(['wallet', KEY_CB58, '--key-file', keyFile]),
      run(['wallet', 'transfer', '--from', 'C', '--to', 'P', '--amount', '1avax', `--key=${KEY_HEX}`]),
    ]);
    for (const result of runs) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/never taken from the command line/);
      expectNoKey(result);
    }
    expect(runs[0]!.stderr).toContain('--key is refused');
    expect(runs[1]!.stderr).toContain('--private-key is refused');
  });

  it('refuses a key file others can read, a bad key, no key, and reports failures without the key', async () => {
    const open = join(dir, 'open-key');
    writeFileSync(open, KEY_HEX);
    chmodSync(open, 0o644);
    const groupReadable = join(dir, 'group-key');
    writeFileSync(groupReadable, KEY_HEX);
    chmodSync(groupReadable, 0o640);
    const bad = join(dir, 'bad-key');
    writeFileSync(bad, `${KEY_HEX.slice(0, -2)}zz`, { mode: 0o600 });
    chmodSync(bad, 0o600);
    const runs = await Promise.all([
      run(['wallet', 'address', '--key-file', open, '--network', 'local']),
      run(['wallet', 'address', '--key-file', groupReadable, '--network', 'local']),
      run(['wallet', 'address', '--key-file', bad, '--network', 'local']),
      run(['wallet', 'address', '--network', 'local']),
      run(['wallet', 'address', '--network', 'local'], { AVANODE_PRIVATE_KEY: 'PrivateKey-notakey' }),
      run(['wallet', 'address', '--key-file', keyFile, '--network', 'local'], { AVANODE_PRIVATE_KEY: KEY_HEX }),
      run(['wallet', 'send', '--key-file', keyFile, '--url', url, '--to', TO, '--amount', '999999avax']),
      run(['wallet', 'send', '--key-file', keyFile, '--url', 'http://127.0.0.1:9', '--to', TO, '--amount', '1']),
      run(['wallet', 'send', '--key-file', keyFile, '--url', url, '--to', 'P-nowhere', '--amount', '1']),
      run(['wallet', 'frobnicate', '--key-file', keyFile]),
      run(['wallet', 'transfer', '--key-file', keyFile, '--url', url, '--from', 'X', '--to', 'P', '--amount', '1avax']),
      run(['wallet', 'transfer', '--key-file', keyFile, '--url', url, '--from', 'C', '--to', 'P', '--amount', '1avax', '--export-tx-id', 'not-an-id']),
      run(['wallet', 'transfer', '--key-file', keyFile, '--url', url, '--from', 'P', '--to', 'C']),
    ]);
    const [openRun, groupRun, badRun, noKey, badEnv, both, poor, down, badTo, unknown, badWay, badExportID, noAmount] = runs;
    expect(badWay!.stderr).toMatch(/wallet transfer: --from C --to P, or --from P --to C/);
    expect(badExportID!.stderr).toMatch(/--export-tx-id must be a cb58 tx ID/);
    expect(noAmount!.stderr).toMatch(/--amount is required/);
    for (const usage of [badWay, badExportID, noAmount]) expect(usage!.code).toBe(2);
    expect(openRun!.stderr).toMatch(/readable by others \(mode 644\): chmod 600/);
    expect(groupRun!.stderr).toMatch(/readable by others \(mode 640\)/);
    expect(badRun!.stderr).toMatch(/cannot be read: a 0x private key must be 64 hex digits/);
    expect(noKey!.stderr).toMatch(/no key: give --key-file/);
    expect(badEnv!.stderr).toMatch(/\$AVANODE_PRIVATE_KEY cannot be read/);
    expect(both!.stderr).toMatch(/both --key-file and \$AVANODE_PRIVATE_KEY/);
    expect(poor!.stderr).toMatch(/^avanode: wallet send: insufficient funds: AVAX needs 999999\.\d+ AVAX, \d+(\.\d+)? AVAX available\n$/);
    expect(poor!.code).toBe(1);
    expect(down!.code).toBe(3);
    expect(down!.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
    expect(badTo!.code).toBe(2);
    expect(unknown!.stderr).toMatch(/unknown command/);
    for (const result of runs) {
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expectNoKey(result);
    }
  });
});
