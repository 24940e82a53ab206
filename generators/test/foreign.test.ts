// @vitest-environment jsdom
// The whole promise for a foreign API (issue 36): `avanode-gen --spec bookshop.openrpc.json --out
// dir` writes, beside the client, a mock package and an msw package for the document. Here the
// generated client talks to the generated msw handlers (vitest + jsdom, as an app's tests would)
// and to the generated mock server over real HTTP on 127.0.0.1; the server's envelope is plain
// JSON-RPC 2.0; declared errors narrow in a tsc program; the scope comes from the title and no
// generated file names this machine's paths.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typecheck } from '../../scripts/typecheck.ts';

const generators = join(import.meta.dirname, '..');
const document = join(import.meta.dirname, 'foreign', 'bookshop.openrpc.json');
// Under generators/ (git-ignored test-output), so the generated packages find msw and @avanode/mock
// as an app finds its dependencies; the siblings by their scope through out/node_modules.
const root = join(generators, 'test-output');
const out = join(root, `foreign-${process.pid}`);
const SCOPE = '@acme-bookshop-api';
const PACKAGES = ['types', 'validators', 'client', 'mock', 'msw'];

const DUNE = '0b3b6f4e-8c1a-4f7e-9f59-2f0f3a9e1c11';

interface Book {
  id: string;
  title: string;
}
interface Client {
  methods: {
    booksList(limit?: number): Promise<Book[]>;
    booksGet(id: string): Promise<Book>;
    ordersPlace(bookId: string, email: string, callback?: string): Promise<{ orderId: number; status: string }>;
    shopPing(params?: { from?: string }): Promise<{ host: string }>;
  };
}
type Generated = {
  client: { createClient(config: { url: string; validate?: boolean; retry?: unknown }): Client; RpcError: new (...args: never[]) => Error & { code: number; data: unknown } };
  errors: Record<string, (error: unknown, name?: string) => boolean>;
  msw: { handlers: never[]; createOverrideHandlers(overrides: Record<string, unknown>): never[]; rpcError(code: number, message: string, data?: unknown): unknown; OverrideError: new (...args: never[]) => Error; unhandledRequests(strategy: 'error'): object };
  server: { startMockServer(options?: Record<string, unknown>): Promise<{ url: string; close(): Promise<void> }> };
  validators: Record<string, (value: unknown) => { ok: boolean; errors?: Array<{ path: string; message: string }> }>;
};
let generated: Generated;

const load = async (path: string) => (await import(pathToFileURL(join(out, path)).href)) as never;

beforeAll(async () => {
  mkdirSync(root, { recursive: true });
  // In a child process, as a user runs it: esbuild refuses jsdom's globals in this one.
  const result = spawnSync(process.execPath, [join(generators, 'bin', 'avanode-gen.mjs'), '--spec', document, '--out', out], { encoding: 'utf8', timeout: 120_000 });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  for (const name of PACKAGES) {
    mkdirSync(join(out, 'node_modules', SCOPE), { recursive: true });
    symlinkSync(join('..', '..', name), join(out, 'node_modules', SCOPE, name), 'dir');
  }
  generated = {
    client: await load('client/src/generated/index.ts'),
    errors: await load('client/src/generated/errors.ts'),
    msw: await load('msw/src/generated/index.ts'),
    server: await load('mock/src/generated/server.ts'),
    validators: await load('validators/src/index.ts'),
  };
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every file the run wrote, relative to `out`. */
const writtenFiles = () => (readdirSync(out, { recursive: true }) as string[]).filter((f) => !f.startsWith('node_modules') && /\.(ts|json|md|mjs)$/.test(f));

describe('what --out writes for a foreign document', () => {
  it('scopes the packages by the title, never @avanode, with the mock runtimes as dependencies', () => {
    const manifest = (name: string) => JSON.parse(readFileSync(join(out, name, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; exports: Record<string, string> };
    expect(PACKAGES.map((name) => manifest(name).name)).toEqual(PACKAGES.map((name) => `${SCOPE}/${name}`));
    expect(manifest('mock').dependencies).toEqual({ [`${SCOPE}/types`]: '1.2.0', [`${SCOPE}/validators`]: '1.2.0', '@avanode/mock': '^0.1.0' });
    expect(manifest('mock').exports).toMatchObject({ '.': './src/generated/index.ts', './server': './src/generated/server.ts' });
    expect(manifest('msw').dependencies).toEqual({ [`${SCOPE}/mock`]: '1.2.0', '@avanode/msw': '^0.1.0' });
    expect(manifest('msw').peerDependencies).toEqual({ msw: '^2.7.0 || ^3.0.0' });
    for (const file of writtenFiles().filter((f) => f.endsWith('.ts'))) {
      expect(readFileSync(join(out, file), 'utf8'), file).not.toMatch(/from '@avanode\/(types|validators|client|mock|msw)'/);
    }
    // `validate: true` loads, and its ConfigError names, the API's own validators package.
    expect(readFileSync(join(out, 'client/src/generated/definition.ts'), 'utf8')).toContain(`const validatorsPackage = '${SCOPE}/validators';`);
    expect(readFileSync(join(out, 'client/src/generated/core/validation.ts'), 'utf8')).not.toContain('@avanode');
  });

  it('names the document relative to the output folder in every header: no absolute path of this machine', () => {
    const files = writtenFiles();
    expect(files.length).toBeGreaterThan(40);
    const shown = relative(out, document).split('\\').join('/');
    for (const file of files) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text.includes(out) || text.includes(generators) || text.includes(import.meta.dirname), file).toBe(false);
      if (file.endsWith('.ts')) expect(text.split('\n')[0], file).toBe(`// Generated by avanode-gen from ${shown} (Acme Bookshop API 1.2.0).`);
    }
    expect(readFileSync(join(out, 'types/src/index.ts'), 'utf8').split('\n')[1]).toBe(`// Do not edit: change the document and run \`avanode-gen --spec ${shown} --out .\`.`);
  });

  it('gives methods that leave paramStructure unsaid positional params, and keeps by-name where the document says so', () => {
    const types = readFileSync(join(out, 'types/src/index.ts'), 'utf8');
    expect(types).toContain('export type BooksListParams = [] | [number];');
    expect(types).toMatch(/export interface ShopPingParams \{\s+from\?: string;\s+\}/);
    expect(readFileSync(join(out, 'mock/src/generated/mock-data.ts'), 'utf8')).toContain('"params": [\n            2\n          ]');
  });

  it('checks string formats in the validators, with nothing imported', () => {
    const { validateOrdersPlaceParams, validateBookResult } = generated.validators as Record<string, (value: unknown) => { ok: boolean; errors?: unknown[] }>;
    expect(validateOrdersPlaceParams!([DUNE, 'ada@example.com', 'https://shop.example/cb']).ok).toBe(true);
    expect(validateOrdersPlaceParams!([DUNE, 'ada@example.com'])).toEqual({ ok: true });
    expect(validateOrdersPlaceParams!(['not-a-uuid', 'ada@example.com'])).toEqual({ ok: false, errors: [{ path: '/0', message: 'must match format "uuid"' }] });
    expect(validateOrdersPlaceParams!([DUNE, 'ada.example.com'])).toEqual({ ok: false, errors: [{ path: '/1', message: 'must match format "email"' }] });
    expect(validateOrdersPlaceParams!([DUNE, 'ada@example.com', 'no scheme'])).toEqual({ ok: false, errors: [{ path: '/2', message: 'must match format "uri"' }] });
    expect(validateBookResult).toBeUndefined();
    const ajvCode = readFileSync(join(out, 'validators/src/ajv.generated.ts'), 'utf8');
    expect(ajvCode).not.toMatch(/\brequire\(|^import /m);
  });
});

describe('the generated client against the generated msw handlers (jsdom)', () => {
  const server = setupServer();
  const url = 'http://localhost:8080';
  beforeAll(() => {
    server.resetHandlers(...generated.msw.handlers);
    // Both msw majors' keys (packages/msw/test/msw3/foreign.test.ts runs these handlers on msw 3).
    server.listen(generated.msw.unhandledRequests('error'));
  });
  afterAll(() => server.close());

  it('runs in jsdom', () => {
    expect(typeof window).toBe('object');
    expect(window.document.createElement('div').tagName).toBe('DIV');
  });

  it('answers each method from the example whose params match, else the first', async () => {
    const client = generated.client.createClient({ url });
    expect((await client.methods.booksList(1)).map((b) => b.title)).toEqual(['Dune']);
    expect((await client.methods.booksList(2)).map((b) => b.title)).toEqual(['Dune', 'Solaris']);
    expect((await client.methods.booksList(50)).map((b) => b.title)).toEqual(['Dune', 'Solaris']);
    expect((await client.methods.booksGet(DUNE)).title).toBe('Dune');
    expect(await client.methods.shopPing({})).toEqual({ host: 'shop.example.com', v6: '2001:db8::1' });
  });

  it('refuses params that fail the schema with -32602, naming what is wrong', async () => {
    const client = generated.client.createClient({ url, validate: false });
    const error = await client.methods.ordersPlace(DUNE, 'not an email').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(generated.client.RpcError);
    expect(error).toMatchObject({ code: -32602, data: [{ path: '/1', message: 'must match format "email"' }] });
  });

  it('takes typed overrides that compose, and a declared error narrows with its guard', async () => {
    const { createOverrideHandlers, rpcError } = generated.msw;
    server.use(...createOverrideHandlers({ books_get: rpcError(404, 'book not found', { id: DUNE }) }));
    server.use(...createOverrideHandlers({ orders_place: { error: { code: -32010, message: 'out of stock', data: { bookId: DUNE, restockOn: '2026-12-24' } } } }));
    const client = generated.client.createClient({ url });
    const notFound = await client.methods.booksGet(DUNE).catch((e: unknown) => e);
    expect(notFound).toMatchObject({ code: 404, data: { id: DUNE } });
    expect(generated.errors.isBooksGetError!(notFound, 'NotFound')).toBe(true);
    const outOfStock = await client.methods.ordersPlace(DUNE, 'ada@example.com').catch((e: unknown) => e);
    expect(generated.errors.isOrdersPlaceError!(outOfStock, 'OutOfStock')).toBe(true);
    expect(generated.errors.isOrdersPlaceError!(outOfStock, 'NotFound')).toBe(false);
    expect(generated.errors.isOrdersPlaceError!(outOfStock)).toBe(true);
    expect(generated.errors.isOrdersPlaceError!(new Error('x'))).toBe(false);
    // Every other method keeps its default answer.
    expect((await client.methods.booksList(1)).map((b) => b.title)).toEqual(['Dune']);
    server.resetHandlers(...generated.msw.handlers);
    expect((await client.methods.booksGet(DUNE)).title).toBe('Dune');
  });

  it('refuses an override its result schema refuses, when set, naming the path', () => {
    const { createOverrideHandlers, OverrideError } = generated.msw;
    const set = () => createOverrideHandlers({ books_get: { id: 'not-a-uuid', title: 'x', published: '1965-08-01', addedAt: '2026-11-01T10:00:00Z' } });
    expect(set).toThrow(OverrideError);
    expect(set).toThrow('override of books_get: /id must match format "uuid"');
    expect(() => createOverrideHandlers({ books_gte: [] })).toThrow('override of books_gte: not a method of the document');
  });
});

describe('the generated mock server over HTTP on 127.0.0.1: plain JSON-RPC 2.0', () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ url: base, close } = await generated.server.startMockServer({ overrides: { shop_ping: () => ({ host: 'overridden.example' }) } }));
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
  afterAll(() => close());

  const post = async (body: string, path = '/api/rpc', headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text() };
  };

  it('serves the generated client', async () => {
    const client = generated.client.createClient({ url: base });
    expect((await client.methods.booksList(2)).map((b) => b.title)).toEqual(['Dune', 'Solaris']);
    expect(await client.methods.shopPing({})).toEqual({ host: 'overridden.example' });
  });

  it('answers the envelope cases as the JSON-RPC 2.0 specification says', async () => {
    expect(await post('{"jsonrpc":"2.0","method":"books_list","params":[1],"id":')).toEqual({ status: 200, text: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}' });
    expect(JSON.parse((await post('{"method":"books_list","id":1}')).text)).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","method":1,"id":"a"}')).text)).toMatchObject({ id: 'a', error: { code: -32600 } });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","method":"books_list","params":"x","id":2}')).text)).toMatchObject({ id: 2, error: { code: -32600 } });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","method":"books_list","id":{}}')).text)).toMatchObject({ id: null, error: { code: -32600 } });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","method":"books_lst","id":3}')).text)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","method":"books_list","params":{"limit":1},"id":4}')).text)).toMatchObject({ id: 4, error: { code: -32602, message: 'Invalid params' } });
    expect(JSON.parse((await post('{"jsonrpc":"2.0","method":"books_list","params":[0],"id":5}')).text)).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Invalid params', data: [{ path: '/0', message: 'must be >= 1' }] } });
    // A notification: the call runs, nothing is answered.
    expect(await post('{"jsonrpc":"2.0","method":"books_list","params":[1]}')).toEqual({ status: 204, text: '' });
  });

  it('echoes ids as sent, a big integer included', async () => {
    expect((await post('{"jsonrpc":"2.0","method":"books_list","params":[1],"id":123456789012345678901234567890}')).text).toMatch(/^\{"jsonrpc":"2\.0","id":123456789012345678901234567890,"result":\[/);
    expect((await post('{"jsonrpc":"2.0","method":"books_list","params":[1],"id":"x\\"y"}')).text).toMatch(/^\{"jsonrpc":"2\.0","id":"x\\"y","result"/);
  });

  it('answers batches: one answer per call that has an id, in order; an empty batch is one -32600', async () => {
    const batch = await post('[{"jsonrpc":"2.0","method":"books_list","params":[1],"id":1},{"jsonrpc":"2.0","method":"books_list","params":[1]},{"jsonrpc":"2.0","method":"nope","id":2},1]');
    const answers = JSON.parse(batch.text) as Array<{ id: unknown; result?: unknown; error?: { code: number } }>;
    expect(answers.map((a) => [a.id, a.error?.code ?? 'result'])).toEqual([[1, 'result'], [2, -32601], [null, -32600]]);
    expect(JSON.parse((await post('[]')).text)).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await post('[{"jsonrpc":"2.0","method":"books_list","params":[1]}]')).toEqual({ status: 204, text: '' });
  });

  it('answers only POSTs of JSON on the document\'s server path', async () => {
    expect((await fetch(`${base}/api/rpc`)).status).toBe(405);
    expect((await post('{}', '/elsewhere')).status).toBe(404);
    expect((await post('{}', '/api/rpc', { 'content-type': 'text/plain' })).status).toBe(415);
  });
});

describe('declared errors, in a tsc --strict program', () => {
  it('narrow code and data by name, and refuse names the method does not declare', () => {
    const usage = `import { createClient, RpcError } from '${SCOPE}/client';
import { isBooksGetError, isOrdersPlaceError } from '${SCOPE}/client/errors';
import { createOverrideHandlers, rpcError, unhandledRequests } from '${SCOPE}/msw';
import type { Overrides } from '${SCOPE}/mock';

export async function use(): Promise<string> {
  const client = createClient({ url: 'http://localhost:8080' });
  try {
    await client.methods.ordersPlace('id', 'a@b.example');
  } catch (e) {
    if (isOrdersPlaceError(e, 'OutOfStock')) {
      const code: -32010 = e.code;
      const day: string = e.data.restockOn;
      return \`\${code} \${day}\`;
    }
    if (isBooksGetError(e, 'NotFound')) {
      const id: string = e.data.id;
      const rpc: RpcError = e;
      return id + rpc.rpcMessage;
    }
    if (isOrdersPlaceError(e)) {
      const either: 404 | -32010 = e.code;
      return String(either);
    }
    // @ts-expect-error: books_get declares no OutOfStock
    isBooksGetError(e, 'OutOfStock');
  }
  return '';
}

export const overrides: Overrides = { books_get: rpcError(404, 'book not found'), shop_ping: (params) => ({ host: params.from ?? 'x' }) };
// @ts-expect-error: a result of the wrong shape does not compile
export const wrong: Overrides = { books_list: [{ id: 1 }] };
export const handlers = createOverrideHandlers({ orders_place: { orderId: 1, placedAt: '2026-11-27T03:00:00Z', status: 'placed' } });
export const listenOptions = unhandledRequests('error');
// @ts-expect-error: not a strategy
unhandledRequests('fail');
`;
    writeFileSync(join(out, 'usage.ts'), usage);
    const paths = Object.fromEntries(
      PACKAGES.flatMap((name) => {
        const manifest = JSON.parse(readFileSync(join(out, name, 'package.json'), 'utf8')) as { exports: Record<string, string> };
        return Object.entries(manifest.exports).map(([entry, file]) => [`${SCOPE}/${name}${entry === '.' ? '' : entry.slice(1)}`, [`./${name}/${file.slice(2)}`]]);
      }),
    );
    writeFileSync(join(out, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, allowImportingTsExtensions: true, module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2022', 'DOM'], types: ['node'], skipLibCheck: true, paths },
      files: ['usage.ts', 'msw/src/generated/index.ts', 'mock/src/generated/server.ts', 'client/src/generated/errors.ts'],
    }));
    expect(typecheck(join(out, 'tsconfig.json'))).toBe('');
  });
});
