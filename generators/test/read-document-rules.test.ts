// Where a foreign document's `$ref`s may lead and how much of it is read: a local document's
// refs stay in its folder unless --allow-outside says where else; a remote one's stay on its
// origin, under its folder, never `file:`; redirects only within the origin, at most 5; the
// 20 MiB cap counted while the bytes arrive (an endless body stops there, the reading process
// staying small); a slow server runs into the timeout. Each refusal is one line naming the ref
// and the rule. Servers are real, on 127.0.0.1.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GeneratorError } from '../src/errors.ts';
import { readDocument } from '../src/read-document.ts';
import { runCli } from './run-cli.ts';

const root = mkdtempSync(join(tmpdir(), 'avanode-rules-'));
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  rmSync(root, { recursive: true, force: true });
});

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A document whose one method's param has the schema `{ $ref: ref }`. */
const referring = (ref: string) => ({
  openrpc: '1.2.6',
  info: { title: 'Refs', version: '1.0.0' },
  methods: [{ name: 'get', params: [{ name: 'p', required: true, schema: { $ref: ref } }], result: { name: 'r', schema: { type: 'string' } } }],
});
const secret = { type: 'string', description: 'SECRET-CONTENT' };

/** The refusal readDocument throws, as its message; fails when it reads the document. */
async function refusal(source: string, options?: Parameters<typeof readDocument>[1]): Promise<string> {
  try {
    const read = await readDocument(source, options);
    throw new Error(`read: ${JSON.stringify(read).slice(0, 200)}`);
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    return error.message;
  }
}

// Files: /site/docs/api.json on the server, and /site/private.json one folder up.
const files = new Map<string, string>([
  ['/docs/file-ref.json', JSON.stringify(referring(pathToFileURL(join(root, 'secret.json')).href))],
  ['/docs/up-ref.json', JSON.stringify(referring('../private.json'))],
  ['/docs/beside-ref.json', JSON.stringify(referring('shared/ok.json'))],
  ['/docs/shared/ok.json', JSON.stringify({ type: 'integer' })],
  ['/private.json', JSON.stringify(secret)],
]);
writeFileSync(join(root, 'secret.json'), JSON.stringify(secret));
const fileServer: RequestListener = (request, response) => {
  const body = files.get(new URL(request.url ?? '/', 'http://x').pathname);
  if (body === undefined) response.writeHead(404).end();
  else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
};

describe('a remote document', () => {
  it('reads a ref beside it, and refuses one to file: and one that climbs out of its folder with ../, each in one line naming the ref and the rule', async () => {
    const base = await serve(fileServer);
    const read = (await readDocument(`${base}/docs/beside-ref.json`)) as { components: { schemas: Record<string, unknown> } };
    expect(read.components.schemas.ok).toEqual({ type: 'integer' });

    const file = await refusal(`${base}/docs/file-ref.json`);
    expect(file.split('\n')).toHaveLength(1);
    expect(file).toBe(`#/methods/0/params/0/schema: $ref '${pathToFileURL(join(root, 'secret.json')).href}' is refused: a remote document's $ref never reaches file:`);

    const up = await refusal(`${base}/docs/up-ref.json`);
    expect(up.split('\n')).toHaveLength(1);
    expect(up).toBe(`#/methods/0/params/0/schema: $ref '../private.json' is refused: it leads outside the document's folder ${base}/docs/ (pass --allow-outside <url> to read there)`);
    // Allowed by name, it is read.
    const allowed = (await readDocument(`${base}/docs/up-ref.json`, { allowOutside: [`${base}/private.json`] })) as { components: { schemas: Record<string, unknown> } };
    expect(allowed.components.schemas.private).toEqual(secret);

    // Through the CLI: the same line, exit 1, nothing of the file in what it printed.
    const cli = await runCli(['--spec', `${base}/docs/file-ref.json`, '--out', join(root, 'out-file')]);
    expect(cli.code).toBe(1);
    expect(cli.err.split('\n')).toHaveLength(1);
    expect(cli.err).toContain('never reaches file:');
    expect(cli.err + cli.out).not.toContain('SECRET-CONTENT');
  });

  it('follows a redirect within its origin (at most 5), and refuses one to another origin', async () => {
    const other = await serve(fileServer);
    let hops = 0;
    const base = await serve((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/moved.json') response.writeHead(302, { location: '/docs/beside-ref.json' }).end();
      else if (path === '/away.json') response.writeHead(301, { location: `${other}/docs/beside-ref.json` }).end();
      else if (path === '/loop.json') {
        hops++;
        response.writeHead(307, { location: '/loop.json' }).end();
      } else fileServer(request, response);
    });
    expect(await readDocument(`${base}/moved.json`)).toMatchObject({ info: { title: 'Refs' } });
    expect(await refusal(`${base}/away.json`)).toBe(`${base}/away.json redirects to another origin (${other}): redirects are followed only within ${base}`);
    expect(await refusal(`${base}/loop.json`)).toBe(`${base}/loop.json redirects more than 5 times`);
    expect(hops).toBe(6);
  });

  it('stops an endless chunked body at the 20 MiB cap, the reading process staying under 300 MB', async () => {
    let sent = 0;
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      response.write('{"openrpc": "1.2.6", "x": "');
      // Bounded on this side too: the test fails, not the machine, should the reader not stop.
      const pump = () => {
        while (sent < 400 && response.write(chunk)) sent++;
        if (sent < 400 && !response.destroyed) response.once('drain', pump);
        else response.end();
      };
      pump();
    });
    const script = `import { readDocument } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'read-document.ts'))};
let message = 'read';
try { await readDocument(process.argv[2]); } catch (error) { message = error.message; }
console.log(JSON.stringify({ message, maxRssKb: process.resourceUsage().maxRSS }));
`;
    const tsx = join(import.meta.dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    writeFileSync(join(root, 'read-endless.mts'), script);
    const output = await new Promise<string>((done, fail) => {
      execFile(process.execPath, [tsx, join(root, 'read-endless.mts'), `${base}/endless.json`], { timeout: 60_000 }, (error, stdout) => (error ? fail(error) : done(stdout)));
    });
    const { message, maxRssKb } = JSON.parse(output.trim().split('\n').at(-1)!) as { message: string; maxRssKb: number };
    expect(message).toBe(`${base}/endless.json is larger than the 20971520-byte cap`);
    expect(maxRssKb).toBeLessThan(300 * 1024);
    // It stopped reading: the server could not send all it would have.
    expect(sent).toBeLessThan(400);
  });

  it('gives up on a server that sends no headers, and on a body that trickles, within the timeouts', async () => {
    const silent = await serve(() => {
      // Never answers.
    });
    const trickle = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{');
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(' ')), 50);
      response.on('close', () => clearInterval(timer));
    });
    const limits = { maxBytes: 1024 * 1024, headersTimeoutMs: 300, totalTimeoutMs: 800 };
    const started = performance.now();
    expect(await refusal(`${silent}/doc.json`, { limits })).toBe(`${silent}/doc.json sent no answer within 300 ms`);
    expect(await refusal(`${trickle}/doc.json`, { limits })).toBe(`${trickle}/doc.json was not read within 800 ms`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a local document', () => {
  const folder = join(root, 'local', 'api');
  mkdirSync(join(folder, 'shared'), { recursive: true });
  writeFileSync(join(root, 'local', 'outside.json'), JSON.stringify(secret));
  writeFileSync(join(folder, 'shared', 'ok.json'), JSON.stringify({ type: 'integer' }));
  writeFileSync(join(folder, 'up.json'), JSON.stringify(referring('../outside.json')));
  writeFileSync(join(folder, 'absolute.json'), JSON.stringify(referring(join(root, 'secret.json'))));
  writeFileSync(join(folder, 'beside.json'), JSON.stringify(referring('shared/ok.json')));
  // A name that starts with two dots is still inside.
  writeFileSync(join(folder, '..dotted.json'), JSON.stringify({ type: 'boolean' }));
  writeFileSync(join(folder, 'dotted.json'), JSON.stringify(referring('..dotted.json')));
  // A link inside the folder to a file outside it is outside.
  symlinkSync(join(root, 'local', 'outside.json'), join(folder, 'shared', 'link.json'));
  writeFileSync(join(folder, 'link.json'), JSON.stringify(referring('shared/link.json')));

  it('refuses a ref that leaves its folder (../, an absolute path, a link), in one line each, and reads it with --allow-outside', async () => {
    const realFolder = execFileSync('realpath', [folder], { encoding: 'utf8' }).trim();
    expect(await refusal(join(folder, 'up.json'))).toBe(`#/methods/0/params/0/schema: $ref '../outside.json' is refused: it leads outside the document's folder ${realFolder} (pass --allow-outside <dir> to read there)`);
    expect(await refusal(join(folder, 'absolute.json'))).toContain(`$ref '${join(root, 'secret.json')}' is refused: it leads outside the document's folder`);
    expect(await refusal(join(folder, 'link.json'))).toContain("$ref 'shared/link.json' is refused: it leads outside the document's folder");
    expect(await readDocument(join(folder, 'beside.json'))).toMatchObject({ components: { schemas: { ok: { type: 'integer' } } } });
    expect(await readDocument(join(folder, 'dotted.json'))).toMatchObject({ components: { schemas: { '..dotted': { type: 'boolean' } } } });

    const refused = await runCli(['--spec', join(folder, 'up.json'), '--out', join(root, 'out-up')]);
    expect(refused.code).toBe(1);
    expect(refused.err.split('\n')).toHaveLength(1);
    const allowed = await runCli(['--spec', join(folder, 'up.json'), '--out', join(root, 'out-up'), '--allow-outside', join(root, 'local'), '--scope', '@up']);
    expect(allowed.err).toBe('');
    expect(allowed.code).toBe(0);
  });

  it('refuses what is no regular file (/dev/zero would never end) and a file past the cap', async () => {
    expect(await refusal('/dev/zero')).toBe('/dev/zero is not a regular file');
    const big = join(root, 'big.json');
    writeFileSync(big, `{"x": "${' '.repeat(2048)}"}`);
    expect(await refusal(big, { limits: { maxBytes: 1024, headersTimeoutMs: 1000, totalTimeoutMs: 1000 } })).toBe(`${big} is larger than the 1024-byte cap`);
  });
});
