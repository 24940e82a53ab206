// The handlers on one msw major, the same cases for each: msw 2 (unhandled.test.ts, the
// workspace's msw) and msw 3 (msw3/msw3.test.ts, its own msw). Real calls through
// @avanode/client to the intercepted origin, and what happens to a request no handler answers,
// next to a real mock node on 127.0.0.1 that answers whatever msw lets through.
// This module imports no msw: the caller hands in the msw it tests and @avanode/msw built for it.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { RpcError, createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { mockData } from '../../mock/src/generated/mock-data.ts';

type AnyHandler = object;
interface Server {
  listen(options?: object): void;
  use(...handlers: AnyHandler[]): void;
  resetHandlers(...handlers: AnyHandler[]): void;
  close(): void;
}

/** What a case file hands in: the msw under test and @avanode/msw resolved against it. */
export interface MswUnderTest {
  /** msw's version, from its package.json. */
  version: string;
  setupServer(...handlers: AnyHandler[]): Server;
  avanode: typeof import('@avanode/msw');
}

const ORIGIN = 'http://127.0.0.1:9650';
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const example = (name: string) => mockData.methods[name]!.examples[0]!.result;

/** Registers the cases in the caller's describe; `load` runs once, in beforeAll. */
export function mswCases(load: () => Promise<MswUnderTest>): void {
  let under: MswUnderTest;
  let real: MockServer;
  let server: Server | undefined;
  const listen = (options: object) => {
    server = under.setupServer(...under.avanode.handlers);
    server.listen(options);
    return server;
  };
  /** A path no handler takes (the handlers cover /ext/ and /_avanode/): the real node answers it 404. */
  const unhandled = () => fetch(`${real.url}/metrics`).then((r) => r.status, (e: Error) => e);

  beforeAll(async () => {
    under = await load();
    real = await startMockServer({ port: 0 });
  });
  afterEach(() => {
    server?.close();
    server = undefined;
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await real?.close();
  });

  it('the client gets the spec\'s examples, overrides, the node\'s errors and health', async () => {
    listen(under.avanode.unhandledRequests('error'));
    const client = createClient({ url: ORIGIN, retry: false });
    expect(await client.info.getNodeVersion()).toEqual(example('info.getNodeVersion'));
    expect(await client.platform.getHeight()).toEqual(example('platform.getHeight'));
    expect(await client.evm(CHAIN).feeConfig('latest')).toEqual(example('eth_feeConfig'));
    expect((await client.health.get()).status).toBe(200);

    server!.use(...under.avanode.createHandlers({ overrides: { 'platform.getHeight': { height: '42' }, 'platform.getSubnet': () => under.avanode.rpcError(-32000, 'subnet not found') } }));
    expect(await client.platform.getHeight()).toEqual({ height: '42' });
    const refused = await client.platform.getSubnet({ subnetID: CHAIN }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RpcError);
    expect(refused).toMatchObject({ code: -32000, rpcMessage: 'subnet not found' });

    // The node's own refusal, not an override: gorilla's -32000 for an unknown method (v2/map.go).
    const unknown = await client.call('platform.nope' as never, {} as never).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: -32000, rpcMessage: 'rpc: can\'t find method "platform.Nope"' });

    server!.resetHandlers(...under.avanode.createHandlers({ healthy: false }));
    expect(await client.health.get()).toMatchObject({ status: 503, healthy: false });
    server!.resetHandlers();
    expect(await client.platform.getHeight()).toEqual(example('platform.getHeight'));
  });

  it('a shared mock node: createHandlers({ node }) and node.control move the same chain', async () => {
    const node = under.avanode.createMockNode({ network: { seed: 7 } });
    server = under.setupServer(...under.avanode.createHandlers({ node }));
    server.listen(under.avanode.unhandledRequests('error'));
    const client = createClient({ url: ORIGIN, retry: false });
    const before = Number((await client.platform.getHeight()).height);
    await node.control.advance(10_000);
    expect(Number((await client.platform.getHeight()).height)).toBeGreaterThan(before);
    node.close();
  });

  it('unhandledRequests("error"): a request no handler answers fails, and msw says so', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    listen(under.avanode.unhandledRequests('error'));
    expect(await unhandled()).toBeInstanceOf(Error);
    expect(printed.mock.calls.flat().join(' ')).toContain('/metrics');
  });

  it('unhandledRequests("bypass"): it reaches the network (the real node answers 404)', async () => {
    listen(under.avanode.unhandledRequests('bypass'));
    expect(await unhandled()).toBe(404);
  });

  it('unhandledRequests(callback): the callback sees the request; print.error() fails it, returning lets it through', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    listen(
      under.avanode.unhandledRequests((request, print) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        if (new URL(request.url).pathname === '/refused') print.error();
      }),
    );
    expect(await unhandled()).toBe(404);
    // A network error, as when nothing listens: fetch's TypeError.
    expect(await fetch(`${real.url}/refused`).catch((e: Error) => e)).toBeInstanceOf(TypeError);
    expect(seen).toEqual(['GET /metrics', 'GET /refused']);
  });

  it('the option of the other major is ignored: why unhandledRequests() sets both', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const major = Number(under.version.split('.')[0]);
    // msw 2 reads only onUnhandledRequest, msw 3 only onUnhandledFrame; an ignored 'error' falls
    // back to msw's default, 'warn', which lets the request through.
    listen({ onUnhandledRequest: 'error' });
    expect(await unhandled()).toEqual(major >= 3 ? 404 : expect.any(Error));
    server!.close();
    listen({ onUnhandledFrame: 'error' });
    expect(await unhandled()).toEqual(major >= 3 ? expect.any(Error) : 404);
  });
}
