// The avanode command as a child process against the mock node (and small HTTP doubles) on
// 127.0.0.1: a method of each namespace, params as flags or JSON, exact integers both ways, help,
// completion, health (once and watched), the mock, and every kind of failure as one line on
// stderr with its exit code.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/msw/server';

const cliDir = join(import.meta.dirname, '..');
const subnetID = '11111111111111111111111111111111LpoYY';
// The spec's L1 chain (the server's default): the C-Chain has no eth_feeConfig.
const l1 = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const nodeIDs = ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command from its sources (tsx), as a user's shell would. */
function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', ...args], { cwd: cliDir, env: { ...process.env, AVANODE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a long-running command and resolves once its stdout matches `ready`. */
function start(args: string[], ready: RegExp): Promise<{ child: ChildProcess; out: () => string; match: RegExpExecArray; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', ...args], { cwd: cliDir, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${ready} in: ${out} ${err}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, out: () => out, match, exited });
      }
    });
    void exited.then((code) => reject(new Error(`exited ${code} before ${ready}: ${out} ${err}`)));
  });
}

const children: ChildProcess[] = [];
const waitFor = async (check: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** One line on stderr, no stack trace. */
function expectOneLine(result: Run, code: number, pattern: RegExp) {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toMatch(pattern);
}

/** A JSON-RPC double that records each request body as text and answers with a result written as raw text. */
function wireDouble(resultText: () => string): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    bodies.push(body);
    const id = /"id":(\d+)/.exec(body)?.[1] ?? 'null';
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${id},"result":${resultText()}}`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server })));
}

let mock: MockServer;
let unhealthy: MockServer;
let wire: Awaited<ReturnType<typeof wireDouble>>;
let wireResult = '{"height":"1"}';
let closedUrl: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  unhealthy = await startMockServer({ port: 0, healthy: false });
  wire = await wireDouble(() => wireResult);
  // A port nothing listens on: bound, then released.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await mock?.close();
  await unhealthy?.close();
  wire?.server.close();
});

describe('a method of each namespace against the mock node', () => {
  it('info, platform, health and evm print what the client returns, as JSON', async () => {
    const client = createClient({ url: mock.url });
    const cases: Array<[string[], unknown]> = [
      [['info', 'getNodeVersion'], await client.info.getNodeVersion()],
      [['platform', 'getHeight'], await client.platform.getHeight()],
      [['health', 'health'], await client.health.health()],
      [['evm', 'feeConfig', '--blockchain-id', l1, '--blk', 'latest'], await client.evm(l1).feeConfig('latest')],
      [['evm', 'getCurrentValidators', '--blockchainID', l1], await client.evm(l1).getCurrentValidators()],
      // The wire name works too.
      [['platform.getHeight'], await client.platform.getHeight()],
    ];
    for (const [args, expected] of cases) {
      const result = await run([...args, '--url', mock.url]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(expected);
    }
  });

  it('$AVANODE_URL names the node; --compact prints one line', async () => {
    const result = await run(['platform', 'getHeight', '--compact'], { AVANODE_URL: mock.url });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(await createClient({ url: mock.url }).platform.getHeight())}\n`);
  });
});

describe('params', () => {
  const sent = () => JSON.parse(wire.bodies[wire.bodies.length - 1]!) as { method: string; params: unknown };

  it('as kebab-case flags, as the param names, or as --params JSON: the same request', async () => {
    wireResult = '{"validators":[]}';
    for (const args of [
      ['--subnet-id', subnetID, '--node-ids', nodeIDs[0]!, '--node-ids', nodeIDs[1]!],
      ['--subnetID', subnetID, '--nodeIDs', nodeIDs.join(',')],
      ['--params', JSON.stringify({ subnetID, nodeIDs })],
      ['--params', JSON.stringify({ subnetID: 'other' }), '--subnet-id', subnetID, '--node-ids', JSON.stringify(nodeIDs)],
    ]) {
      const result = await run(['platform', 'getCurrentValidators', '--url', wire.url, ...args]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(sent()).toMatchObject({ method: 'platform.getCurrentValidators', params: { subnetID, nodeIDs } });
    }
  });

  it('a boolean param is a switch; positional params are sent as a list', async () => {
    wireResult = '{"staked":"0","stakeds":{},"stakedOutputs":[],"encoding":"hex"}';
    await run(['platform', 'getStake', '--url', wire.url, '--addresses', 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9', '--validators-only']);
    expect(sent().params).toMatchObject({ validatorsOnly: true });
    await run(['platform', 'getStake', '--url', wire.url, '--addresses', 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9', '--no-validators-only']);
    expect(sent().params).toMatchObject({ validatorsOnly: false });
    wireResult = '{}';
    await run(['evm', 'getChainConfig', '--url', wire.url, '--blockchain-id', 'C']);
    expect(sent()).toMatchObject({ method: 'eth_getChainConfig', params: [] });
  });

  it('integers beyond 2^53 are printed and sent digit for digit', async () => {
    wireResult = '{"height":18446744073709551615,"nested":[12345678901234567890123,-9007199254740993],"small":7,"float":1.50}';
    const result = await run(['platform', 'getHeight', '--url', wire.url, '--compact']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"height":18446744073709551615,"nested":[12345678901234567890123,-9007199254740993],"small":7,"float":1.50}\n');

    wireResult = '{"block":"0x00","encoding":"hex"}';
    await run(['platform', 'getBlockByHeight', '--url', wire.url, '--height', '18446744073709551615']);
    expect(wire.bodies[wire.bodies.length - 1]).toContain('"height":18446744073709551615');
    await run(['platform', 'getBlockByHeight', '--url', wire.url, '--params', '{"height":9007199254740993}']);
    expect(wire.bodies[wire.bodies.length - 1]).toContain('"height":9007199254740993');
  });
});

describe('help', () => {
  it("a method's help comes from the document: summary, params, an example that runs", async () => {
    const result = await run(['platform', 'getCurrentValidators', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('avanode platform getCurrentValidators: The current validators');
    expect(result.stdout).toContain('Wire method: platform.getCurrentValidators');
    expect(result.stdout).toMatch(/--subnet-id <cb58ID>\n\s+optional\./);
    expect(result.stdout).toContain('Also --nodeIDs.');
    expect(result.stdout).toMatch(/Exit codes:\n {2}0 {2}success/);
    const example = /^ {2}(avanode platform getCurrentValidators .*)$/m.exec(result.stdout)?.[1];
    expect(example).toBeDefined();
    const ran = await run([...example!.split(' ').slice(1), '--url', mock.url]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  });

  it('the main help lists the namespaces, commands and exit codes; a namespace lists its methods', async () => {
    const main = await run(['--help']);
    expect(main.code).toBe(0);
    for (const word of ['platform', 'info', 'health', 'evm', 'completion', 'mock', 'record', 'conformance', '3  network']) expect(main.stdout).toContain(word);
    const space = await run(['info', '--help']);
    expect(space.code).toBe(0);
    expect(space.stdout).toMatch(/^ {2}getNodeVersion +\S/m);
    // No command at all is a usage error, with the help on stderr.
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage:');
  });
});

describe('completion', () => {
  it('bash completes commands, methods and a method\'s flags', async () => {
    const script = await run(['completion', 'bash']);
    expect(script.code).toBe(0);
    const complete = (words: string[]) =>
      spawnSync('bash', ['-c', `${script.stdout}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _avanode; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' }).stdout.trim().split('\n');
    expect(complete(['avanode', ''])).toEqual(expect.arrayContaining(['platform', 'info', 'health', 'evm', 'mock', 'completion']));
    expect(complete(['avanode', 'platform', 'getH'])).toEqual(['getHeight']);
    expect(complete(['avanode', 'platform', 'getCurrentValidators', '--sub'])).toEqual(['--subnet-id']);
    expect(complete(['avanode', 'evm', 'feeConfig', '--b'])).toEqual(['--blockchain-id', '--blk']);
    expect(complete(['avanode', 'health', '--w'])).toEqual(['--watch']);
  });

  it('zsh gets a compdef script with methods and their summaries', async () => {
    const script = await run(['completion', 'zsh']);
    expect(script.code).toBe(0);
    expect(script.stdout.startsWith('#compdef avanode\n')).toBe(true);
    expect(script.stdout).toContain("'getHeight:");
    expect(script.stdout).toContain('"platform getCurrentValidators") flags=(--subnet-id --node-ids');
    expectOneLine(await run(['completion', 'fish']), 2, /completion: say which shell: avanode completion bash\|zsh/);
  });
});

describe('failures: one line on stderr and an exit code', () => {
  it('an unknown method or command (2), with a suggestion', async () => {
    expectOneLine(await run(['platform', 'getHeigth', '--url', mock.url]), 2, /unknown method platform getHeigth \(did you mean platform getHeight\?\)/);
    expectOneLine(await run(['plaform', 'getHeight']), 2, /unknown command "plaform" \(did you mean platform\?\)/);
    expectOneLine(await run(['platform', 'getHeight', '--url', mock.url, '--bogus', '1']), 2, /unknown flag --bogus/);
  });

  it('params that fail the validators (2): nothing is sent', async () => {
    const before = wire.bodies.length;
    expectOneLine(await run(['platform', 'getBlock', '--url', wire.url, '--block-id', 'not-an-id']), 2, /platform getBlock: invalid params: --block-id must match pattern/);
    expectOneLine(await run(['platform', 'getBlock', '--url', wire.url]), 2, /--block-id is required/);
    expectOneLine(await run(['evm', 'feeConfig', '--url', wire.url]), 2, /--blockchain-id is required/);
    expectOneLine(await run(['platform', 'getBlock', '--url', wire.url, '--params', '{oops']), 2, /--params is not JSON/);
    expectOneLine(await run(['platform', 'getHeight', '--url', 'ftp://127.0.0.1']), 2, /--url must be an http\(s\) address/);
    // A uint64 one above 2^64 − 1 is refused exactly (not rounded to the limit), in a short line.
    const above = await run(['platform', 'getBlockByHeight', '--url', wire.url, '--height', '18446744073709551616', '--encoding', 'hex']);
    expectOneLine(above, 2, /platform getBlockByHeight: --height must be from 0 to 18446744073709551615, got "18446744073709551616"/);
    expect(above.stderr.length).toBeLessThan(200);
    expect(wire.bodies.length).toBe(before);
  });

  it("the node's own refusal (1), with its code", async () => {
    // Past the local check, the mock refuses the encoding as a node does.
    const result = await run(['platform', 'getBlock', '--url', mock.url, '--no-validate', '--block-id', '2pHYCUyWzisQdghNZGgAb5eiDzn8xBNKBS2jN9prL37ksH7q1f', '--encoding', 'xml']);
    expectOneLine(result, 1, /platform\.getBlock: the node answered with error -32\d{3}: /);
  });

  it('an unreachable node (3)', async () => {
    expectOneLine(await run(['platform', 'getHeight', '--url', closedUrl]), 3, new RegExp(`platform\\.getHeight: cannot reach ${closedUrl.replace(/\./g, '\\.')}: ECONNREFUSED`));
    expectOneLine(await run(['health', '--url', closedUrl]), 3, /health: cannot reach .*ECONNREFUSED/);
  });
});

describe('avanode health', () => {
  it('once: a line per check and the verdict; exit 0 healthy, 1 unhealthy', async () => {
    const healthy = await run(['health', '--url', mock.url]);
    expect(healthy.code).toBe(0);
    expect(healthy.stdout.trimEnd().split('\n').at(-1)).toBe('healthy');
    expect(healthy.stdout).toMatch(/^bootstrapped: passing$/m);
    const sick = await run(['health', '--url', unhealthy.url]);
    expect(sick.code).toBe(1);
    expect(sick.stdout.trimEnd().split('\n').at(-1)).toMatch(/^unhealthy \(\d+ of \d+ checks failing, HTTP 503\)$/);
    expect(sick.stdout).toMatch(/: failing: /);
  });

  it('--watch prints a line when a check or the node changes, and when the node stops answering', async () => {
    // A node whose `network` check fails from the third poll on.
    let polls = 0;
    const flipping = createServer((_req, res) => {
      polls++;
      const failing = polls >= 3;
      const check = (error?: string) => ({ timestamp: '2026-11-20T10:15:00.120401Z', duration: 1, ...(error ? { error } : {}) });
      const report = { healthy: !failing, checks: { bootstrapped: check(), network: check(failing ? 'no peers' : undefined) } };
      res.writeHead(failing ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(report));
    });
    await new Promise<void>((resolve) => flipping.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(flipping.address() as AddressInfo).port}`;
    const watch = await start(['health', '--url', url, '--watch', '--interval-ms', '100'], /node: healthy → unhealthy/);
    const lines = watch.out().trimEnd().split('\n').map((l) => l.replace(/^\S+Z /, ''));
    expect(lines.slice(0, 5)).toEqual(['bootstrapped: passing', 'network: passing', 'node: healthy', 'network: passing → failing: no peers', 'node: healthy → unhealthy']);
    // Each line carries its time.
    expect(watch.out()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z bootstrapped: passing$/m);
    flipping.closeAllConnections();
    flipping.close();
    await waitFor(() => /node: no answer \(cannot reach .*\)/.test(watch.out()));
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  });
});

describe('avanode mock, record, conformance', () => {
  it('mock serves the mock node until interrupted', async () => {
    const server = await start(['mock', '--port', '0'], /on (http:\/\/127\.0\.0\.1:\d+)/);
    const result = await run(['info', 'getNetworkName', '--url', server.match[1]!, '--compact']);
    expect(result.stdout).toBe('{"networkName":"mainnet"}\n');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expectOneLine(await run(['mock', '--port', 'x']), 2, /mock: --port must be a whole number from 0 to 65535 in decimal digits, got "x"/);
  });

  it('mock refuses an override that does not fit its result as a usage error naming the file and the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avanode-cli-overrides-'));
    try {
      const file = join(dir, 'overrides.json');
      writeFileSync(file, JSON.stringify({ 'platform.getHeight': { heigth: '42' } }));
      expectOneLine(await run(['mock', '--port', '0', '--overrides', file]), 2, /^avanode: mock: --overrides .*overrides\.json: override of platform\.getHeight: .*height/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("record and conformance are the conformance suite's commands", async () => {
    // record's own usage follows its message.
    const record = await run(['record', '--url', 'ftp://x']);
    expect(record.code).toBe(2);
    expect(record.stderr).toMatch(/^avanode record: --url must be the node's http\(s\) base address\n/);
    const help = await run(['conformance', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: avanode conformance');
  });
});
