// The command line as a user types it (issue 27): --version, a --help that succeeds everywhere,
// numbers read as typed (negative ones too) with their ranges, every bad flag a usage error (2)
// naming that flag, and credentials in a URL sent as Basic authentication, never printed.
// Mostly through `main`, the function bin.ts runs (nothing is sent for a usage error); the
// commands that load other modules (record, conformance) as child processes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.ts';
import { methods, namespaces } from '../src/table.ts';

const cliDir = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')) as { version: string };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `main` with captured output, as bin.ts runs it. */
async function call(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text), env: { AVANODE_URL: '', ...env } });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** The command as a child process, from its sources, as a user's shell runs it. */
function run(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', ...args], { cwd: cliDir, env: { ...process.env, AVANODE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** A usage error: exit 2, one line on stderr matching `pattern`, nothing on stdout. */
function expectUsage(result: Run, pattern: RegExp) {
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/internal error/);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
}

/** A node double that records each request's headers and answers getHeight. */
let node: { url: string; server: Server; headers: IncomingHttpHeaders[] };
beforeAll(async () => {
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    headers.push(req.headers);
    const id = /"id":(\d+)/.exec(body)?.[1] ?? 'null';
    if (req.url === '/ext/bc/P') res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${id},"result":{"height":"7"}}`);
    else res.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway for ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, headers };
});
afterAll(() => node?.server.close());

describe('--version', () => {
  it('prints the package version and exits 0, as --version and -v', async () => {
    for (const flag of ['--version', '-v']) expect(await call([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expectUsage(await call(['--version', 'x']), /--version takes nothing after it/);
  });
});

describe('--help exits 0 everywhere', () => {
  it('the main help, every namespace and every method, with --help and -h', async () => {
    const commands = [['--help'], ['-h'], ['help'], ...[...namespaces().keys()].flatMap((space) => [[space, '--help'], [space, '-h']]), ...methods.flatMap((m) => [[m.namespace, m.member, '--help'], [m.method, '-h']])];
    expect(commands.length).toBeGreaterThan(100);
    for (const argv of commands) {
      const result = await call(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout.length, argv.join(' ')).toBeGreaterThan(40);
      expect(result.stderr, argv.join(' ')).toBe('');
    }
  });

  it('health, mock and completion (in any place after it)', async () => {
    for (const argv of [['health', '--help'], ['health', '-h'], ['mock', '--help'], ['mock', '-h'], ['completion', '--help'], ['completion', '-h'], ['completion', 'bash', '--help']]) {
      const result = await call(argv);
      expect(result.code, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).toMatch(/^usage: avanode /);
    }
  });

  it('record and conformance, the conformance suite\'s commands', async () => {
    for (const command of ['record', 'conformance']) {
      for (const flag of ['--help', '-h']) {
        const result = await run([command, flag]);
        expect(result.code, `${command} ${flag}: ${result.stderr}`).toBe(0);
        expect(result.stdout).toContain(`usage: avanode ${command}`);
      }
    }
  }, 60_000);
});

describe('numbers as typed, with their ranges', () => {
  it('a negative number is read as the value, then refused for its range, naming the flag', async () => {
    for (const argv of [['--height', '-5'], ['--height=-5']]) {
      expectUsage(await call(['platform', 'getBlockByHeight', ...argv, '--url', node.url]), /^avanode: platform getBlockByHeight: --height must be from 0 to 18446744073709551615, got "-5"\n$/);
    }
    expectUsage(await call(['platform', 'getUTXOs', '--addresses', 'P-fuji1x', '--limit', '-1', '--url', node.url]), /--limit must be from 0 to 4294967295, got "-1"/);
  });

  it('past the type\'s range by one, or not in decimal digits: refused; at the bound: sent as typed', async () => {
    expectUsage(await call(['platform', 'getBlockByHeight', '--height', '18446744073709551616']), /--height must be from 0 to 18446744073709551615, got "18446744073709551616"/);
    expectUsage(await call(['platform', 'getUTXOs', '--addresses', 'P-fuji1x', '--limit', '4294967296']), /--limit must be from 0 to 4294967295/);
    // In --params too, checked exactly (as a double, 2^64 would pass for 2^64 - 1).
    expectUsage(await call(['platform', 'getBlockByHeight', '--params', '{"height":18446744073709551616}']), /platform getBlockByHeight: invalid params: --height must be a uint64: a decimal string or a JSON number \(0 to 18446744073709551615\)/);
    expect((await call(['platform', 'getBlockByHeight', '--params', '{"height":18446744073709551615}', '--url', node.url, '--timeout-ms', '5000'])).stderr).not.toMatch(/invalid params/);
    expectUsage(await call(['platform', 'getBlockByHeight', '--height', `1${'0'.repeat(5000)}`]), /--height must be from 0 to 18446744073709551615, got "1000000000000000000000000000000000000000…"/);
    for (const text of ['1e3', '0x10', '1.5', '1_000', '-1e3']) {
      expectUsage(await call(['platform', 'getBlockByHeight', '--height', text]), new RegExp(`--height must be a whole number from 0 to 18446744073709551615 in decimal digits, got "${text.replace('.', '\\.')}"`));
    }
    // A word is not a number: `proposed` is a height where the spec allows it, and the validators judge the rest.
    expectUsage(await call(['platform', 'getBlockByHeight', '--height', 'tip']), /--height must match pattern|--height must be/);
  });

  it('--timeout-ms and --interval-ms: whole milliseconds up to 2^31 - 1, each error naming its own flag', async () => {
    expectUsage(await call(['platform', 'getHeight', '--timeout-ms', '1e12']), /^avanode: platform getHeight: --timeout-ms must be a whole number from 1 to 2147483647 in decimal digits, got "1e12"\n$/);
    expectUsage(await call(['platform', 'getHeight', '--timeout-ms', '2147483648']), /platform getHeight: --timeout-ms must be from 1 to 2147483647, got "2147483648"/);
    expectUsage(await call(['platform', 'getHeight', '--timeout-ms', '0']), /--timeout-ms must be from 1 to 2147483647, got "0"/);
    expectUsage(await call(['health', '--watch', '--interval-ms', '0']), /^avanode: health: --interval-ms must be from 1 to 2147483647, got "0"\n$/);
    expectUsage(await call(['health', '--watch', '--interval-ms', '-5']), /health: --interval-ms must be from 1 to 2147483647, got "-5"/);
    expectUsage(await call(['health', '--timeout-ms', '1e12']), /health: --timeout-ms must be a whole number/);
    expectUsage(await call(['mock', '--port', '70000']), /mock: --port must be from 0 to 65535, got "70000"/);
    expectUsage(await call(['mock', '--port', '-1']), /mock: --port must be from 0 to 65535, got "-1"/);
    expectUsage(await call(['mock', '--port', '0x50']), /mock: --port must be a whole number/);
  });
});

describe('every bad flag: exit 2, naming it', () => {
  it.each([
    [['platform', 'getHeight', '--nope'], /platform getHeight: unknown flag --nope/],
    [['platform', 'getHeight', '--url'], /platform getHeight: --url needs a value/],
    [['platform', 'getHeight', '--compact=yes'], /platform getHeight: --compact is a switch and takes no value/],
    [['platform', 'getHeight', '--url', '-x'], /platform getHeight: --url needs a value, and the next word starts with a dash: write --url=<value>/],
    [['platform', 'getHeight', '--params', '{'], /platform getHeight: --params is not JSON/],
    [['platform', 'getHeight', '--url', 'ftp://x'], /--url must be an http\(s\) address/],
    [['health', '--endpoint', 'nope'], /health: --endpoint must be health, readiness or liveness/],
    [['health', '--interval-ms', '5'], /health: --interval-ms goes with --watch/],
    [['health', '--json=1'], /health: --json is a switch/],
    [['mock', '--bogus'], /mock: unknown flag --bogus/],
    [['completion', 'fish'], /completion: say which shell: avanode completion bash\|zsh \(not "fish"\)/],
  ])('%j', async (argv, pattern) => {
    expectUsage(await call(argv), pattern);
  });

  it('a bad $AVANODE_URL is named as such', async () => {
    expectUsage(await call(['info', 'getNodeID'], { AVANODE_URL: 'localhost:9650' }), /^avanode: \$AVANODE_URL must be an http\(s\) address such as http:\/\/127\.0\.0\.1:9650, got "localhost:9650"\n$/);
  });
});

describe('credentials in a URL', () => {
  const secret = 's3cr3t-pw';
  const withCredentials = (url: string, user = 'alice') => url.replace('://', `://${user}:${secret}@`);

  it('are sent as HTTP Basic authentication, not in the URL', async () => {
    const result = await call(['platform', 'getHeight', '--url', withCredentials(node.url), '--compact']);
    expect(result).toEqual({ code: 0, stdout: '{"height":"7"}\n', stderr: '' });
    expect(node.headers.at(-1)?.authorization).toBe(`Basic ${Buffer.from(`alice:${secret}`).toString('base64')}`);
  });

  it('are never printed: not in an HTTP error, an unreachable node, a health watch, a bad URL, nor from $AVANODE_URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const outcomes = [
      await call(['info', 'getNodeID', '--url', withCredentials(node.url)]),
      await call(['info', 'getNodeID', '--url', withCredentials(closedUrl)]),
      await call(['info', 'getNodeID'], { AVANODE_URL: withCredentials(closedUrl, 'bob') }),
      await call(['health', '--url', withCredentials(closedUrl)]),
      await call(['platform', 'getHeight', '--url', withCredentials('ftp://host:1')]),
      await call(['platform', 'getHeight', '--url', `alice:${secret}@127.0.0.1:9650`]),
    ];
    for (const outcome of outcomes) {
      expect(outcome.code).not.toBe(0);
      expect(`${outcome.stdout}${outcome.stderr}`).not.toContain(secret);
      expect(outcome.stderr).toContain('***@');
    }
    expect(outcomes[0]!.stderr).toMatch(/^avanode: info\.getNodeID: http:\/\/\*\*\*@127\.0\.0\.1:\d+ answered HTTP 502/);
    expect(outcomes[1]!.stderr).toMatch(/^avanode: info\.getNodeID: cannot reach http:\/\/\*\*\*@127\.0\.0\.1:\d+: ECONNREFUSED/);
    // The watch prints a line when the node does not answer, then runs until stopped.
    const watch = new AbortController();
    const lines: string[] = [];
    const { health } = await import('../src/health.ts');
    const watching = health(['--watch', '--interval-ms', '20', '--url', withCredentials(closedUrl)], {}, (line) => lines.push(line), { signal: watch.signal });
    await expect.poll(() => lines.length).toBeGreaterThan(0);
    watch.abort();
    expect(await watching).toBe(0);
    expect(lines.join('\n')).toContain('http://***@127.0.0.1');
    expect(lines.join('\n')).not.toContain(secret);
  });
});
