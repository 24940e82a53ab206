// A foreign document's generated msw handlers on msw 3 (issue 36): `avanode-gen --out` writes the
// packages of the Acme Bookshop API (generators/test/foreign/), and its generated client talks to
// its generated msw package under msw 3.0.5's setupServer. As in msw3.test.ts, the code under
// test is bundled with esbuild, msw left out, into a file under this folder, so Node resolves the
// bundle's `msw` from here: msw 3. On Node < 22.12 the msw 3 cases are skipped (and reported so),
// and importing the generated msw package is checked to fail with the one line naming the need.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DUNE, SCOPE, foreignPackages, generateBookshop } from '../foreign-document.ts';

const here = import.meta.dirname;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const nodeRunsMsw3 = major > 22 || (major === 22 && minor >= 12);
const { version } = createRequire(join(here, 'package.json'))('msw/package.json') as { version: string };

interface Book {
  id: string;
  title: string;
}
interface RpcErrorLike extends Error {
  code: number;
  rpcMessage: string;
  data: unknown;
}
interface Client {
  methods: {
    booksList(limit?: number): Promise<Book[]>;
    booksGet(id: string): Promise<Book>;
    ordersPlace(bookId: string, email: string): Promise<{ orderId: number; status: string }>;
    shopPing(params?: { from?: string }): Promise<{ host: string }>;
  };
}
type MswServer = { listen(options?: object): void; use(...handlers: unknown[]): void; resetHandlers(...handlers: unknown[]): void; close(): void };
interface Foreign {
  client: { createClient(config: { url: string; retry?: false; validate?: boolean }): Client; RpcError: new (...args: never[]) => RpcErrorLike };
  errors: Record<string, (error: unknown, name?: string) => boolean>;
  msw: {
    handlers: unknown[];
    createHandlers(options?: { overrides?: Record<string, unknown>; baseUrl?: string }): unknown[];
    createOverrideHandlers(overrides: Record<string, unknown>): unknown[];
    rpcError(code: number, message: string, data?: unknown): unknown;
    unhandledRequests(strategy: string): object;
  };
}

// The generated packages and their bundle under this folder's test-output/ (git-ignored), so that
// Node finds msw 3 from the bundle; a folder of this run's own (msw3.test.ts removes .bundle/).
const out = join(here, 'test-output', `foreign-${process.pid}`);
afterAll(() => rmSync(out, { recursive: true, force: true }));

let bundled: Promise<Foreign> | undefined;
/** The generated client, its error guards and the generated msw package in one module, its `msw` left to Node: msw 3. */
const foreignOnMsw3 = () => (bundled ??= bundleForeign());
async function bundleForeign(): Promise<Foreign> {
  generateBookshop(out);
  const outfile = join(out, 'bundle.mjs');
  const contents = `export * as client from '${SCOPE}/client';\nexport * as errors from '${SCOPE}/client/errors';\nexport * as msw from '${SCOPE}/msw';\n`;
  await build({ stdin: { contents, resolveDir: out, loader: 'ts' }, bundle: true, format: 'esm', platform: 'node', target: 'node22', plugins: [foreignPackages({ external: true })], outfile, logLevel: 'silent' });
  return (await import(pathToFileURL(outfile).href)) as Foreign;
}

describe.skipIf(nodeRunsMsw3)(`the generated msw package on msw ${version}, Node ${process.versions.node} (< 22.12)`, () => {
  it('importing it fails at once with one line naming the requirement', async () => {
    const error = (await foreignOnMsw3().then(() => undefined, (e: unknown) => e)) as Error | undefined;
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toBe(`@avanode/msw: msw 3 needs Node >= 22.12, and this is Node ${process.versions.node}: upgrade Node, or install msw 2 (npm install --save-dev msw@2)`);
  });
});

describe.skipIf(!nodeRunsMsw3)(`the generated client against the generated msw handlers on msw ${version} (Node >= 22.12)`, () => {
  const url = 'http://localhost:8080';
  let foreign: Foreign;
  let setupServer: (...handlers: unknown[]) => MswServer;
  let server: MswServer | undefined;
  // A real server on 127.0.0.1 answering 404 to anything: what an unhandled request reaches when msw lets it through.
  let real: Server;
  let realUrl: string;
  const listen = (options: object) => {
    server = setupServer(...foreign.msw.handlers);
    server.listen(options);
    return server;
  };
  const client = () => foreign.client.createClient({ url, retry: false });

  beforeAll(async () => {
    foreign = await foreignOnMsw3();
    ({ setupServer } = (await import('msw/node')) as unknown as { setupServer: typeof setupServer });
    real = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve));
    realUrl = `http://127.0.0.1:${(real.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    server?.close();
    server = undefined;
    vi.restoreAllMocks();
  });
  afterAll(() => new Promise<void>((resolve) => (real ? real.close(() => resolve()) : resolve())));

  it('the generated handlers are msw 3\'s own HttpHandler instances, one per server path', async () => {
    const { HttpHandler } = await import('msw');
    expect(version).toMatch(/^3\./);
    expect(foreign.msw.handlers).toHaveLength(1);
    for (const handler of foreign.msw.handlers) expect(handler).toBeInstanceOf(HttpHandler);
  });

  it('answers each method from the example whose params match, else the first', async () => {
    listen(foreign.msw.unhandledRequests('error'));
    const c = client();
    expect((await c.methods.booksList(1)).map((b) => b.title)).toEqual(['Dune']);
    expect((await c.methods.booksList(2)).map((b) => b.title)).toEqual(['Dune', 'Solaris']);
    expect((await c.methods.booksList(50)).map((b) => b.title)).toEqual(['Dune', 'Solaris']);
    expect((await c.methods.booksGet(DUNE)).title).toBe('Dune');
    expect(await c.methods.shopPing({})).toEqual({ host: 'shop.example.com', v6: '2001:db8::1' });
  });

  it('answers JSON-RPC errors: params the schema refuses (-32602, naming the path), an unknown method (-32601)', async () => {
    listen(foreign.msw.unhandledRequests('error'));
    const c = foreign.client.createClient({ url, retry: false, validate: false });
    const refused = await c.methods.ordersPlace(DUNE, 'not an email').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(foreign.client.RpcError);
    expect(refused).toMatchObject({ code: -32602, data: [{ path: '/1', message: 'must match format "email"' }] });
    // The client refuses a method the document lacks before sending it; a hand-written call gets the handlers' answer.
    const unknown = await fetch(`${url}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","method":"books_nope","id":7}' });
    expect(await unknown.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } });
  });

  it('override handlers compose, a declared error narrows with its guard, and reset restores the examples', async () => {
    const s = listen(foreign.msw.unhandledRequests('error'));
    const { createOverrideHandlers, rpcError } = foreign.msw;
    s.use(...createOverrideHandlers({ books_get: rpcError(404, 'book not found', { id: DUNE }) }));
    s.use(...createOverrideHandlers({ orders_place: { error: { code: -32010, message: 'out of stock', data: { bookId: DUNE, restockOn: '2026-12-24' } } } }));
    const c = client();
    const notFound = await c.methods.booksGet(DUNE).catch((e: unknown) => e);
    expect(notFound).toMatchObject({ code: 404, rpcMessage: 'book not found', data: { id: DUNE } });
    expect(foreign.errors.isBooksGetError!(notFound, 'NotFound')).toBe(true);
    const outOfStock = await c.methods.ordersPlace(DUNE, 'ada@example.com').catch((e: unknown) => e);
    expect(foreign.errors.isOrdersPlaceError!(outOfStock, 'OutOfStock')).toBe(true);
    expect(foreign.errors.isOrdersPlaceError!(outOfStock, 'NotFound')).toBe(false);
    // Every other method keeps its example: the override handlers passed its call on.
    expect((await c.methods.booksList(1)).map((b) => b.title)).toEqual(['Dune']);
    s.resetHandlers();
    expect((await c.methods.booksGet(DUNE)).title).toBe('Dune');
  });

  it('createHandlers({ overrides, baseUrl }) answers on its origin only', async () => {
    const s = setupServer(...foreign.msw.createHandlers({ overrides: { shop_ping: (params: { from?: string }) => ({ host: params.from ?? 'overridden.example' }) }, baseUrl: url }));
    server = s;
    s.listen(foreign.msw.unhandledRequests('bypass'));
    expect(await client().methods.shopPing({ from: '192.0.2.7' })).toEqual({ host: '192.0.2.7' });
    // Another origin is not the handlers': the call reaches the real server on 127.0.0.1, which answers 404.
    expect((await fetch(`${realUrl}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","method":"shop_ping","params":{},"id":1}' })).status).toBe(404);
  });

  it('the generated package\'s unhandledRequests("error") fails an unhandled request on msw 3; msw 2\'s key alone would let it through', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    listen(foreign.msw.unhandledRequests('error'));
    expect(await fetch(`${realUrl}/elsewhere`).catch((e: unknown) => e)).toBeInstanceOf(TypeError);
    expect(printed.mock.calls.flat().join(' ')).toContain('/elsewhere');
    server!.close();
    // msw 3 ignores onUnhandledRequest: its default ('warn') lets the request reach the real server.
    listen({ onUnhandledRequest: 'error' });
    expect((await fetch(`${realUrl}/elsewhere`)).status).toBe(404);
  });
});
