// Property: against a server answering with arbitrary statuses, headers and bodies (random
// bytes, truncated JSON, wrong ids, `error` with `result`, silence, a reset), every call
// settles within its timeout with a result or one of the documented errors.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvanodeError, createClient } from '@avanode/client';
import { counted } from '../../../scripts/properties.ts';

type Body = (id: unknown) => Buffer;
interface Case {
  status: number;
  headers: Record<string, string>;
  body: Body;
  behaviour: 'answer' | 'silence' | 'reset';
}

let current: Case;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = (() => {
      try {
        return JSON.parse(Buffer.concat(chunks).toString()).id;
      } catch {
        return null;
      }
    })();
    if (current.behaviour === 'silence') return;
    if (current.behaviour === 'reset') return void res.socket?.destroy();
    res.writeHead(current.status, current.headers).end(current.body(id));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const envelope = (id: unknown, rest: object) => JSON.stringify({ jsonrpc: '2.0', id, ...rest });
const bodies: fc.Arbitrary<Body> = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => () => Buffer.from(bytes)),
  fc.nat({ max: 60 }).map((cut) => (id: unknown) => Buffer.from(envelope(id, { result: { height: '1204' } }).slice(0, cut))),
  fc.integer({ min: 1, max: 1000 }).map((delta) => (id: unknown) => Buffer.from(envelope(typeof id === 'number' ? id + delta : 'x', { result: { height: '1' } }))),
  fc.constant((id: unknown) => Buffer.from(envelope(id, { result: { height: '1' }, error: { code: -32000, message: 'both' } }))),
  fc.record({ code: fc.integer(), message: fc.string(), data: fc.jsonValue({ maxDepth: 2 }) }).map((error) => (id: unknown) => Buffer.from(envelope(id, { error }))),
  fc.jsonValue({ maxDepth: 3 }).map((result) => (id: unknown) => Buffer.from(envelope(id, { result }))),
  fc.jsonValue({ maxDepth: 3 }).map((value) => () => Buffer.from(JSON.stringify(value) ?? '')),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map((n) => (id: unknown) => Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"height":${n}}}`)),
  fc.constant(() => Buffer.alloc(0)),
);
const cases: fc.Arbitrary<Case> = fc.record({
  status: fc.oneof(fc.constant(200), fc.integer({ min: 200, max: 599 })),
  headers: fc.record({ 'content-type': fc.constantFrom('application/json', 'text/html', 'text/plain'), 'retry-after': fc.constantFrom('0', '1', 'soon', '3600') }, { requiredKeys: ['content-type'] }),
  body: bodies,
  behaviour: fc.oneof({ weight: 20, arbitrary: fc.constant('answer' as const) }, { weight: 1, arbitrary: fc.constant('silence' as const) }, { weight: 1, arbitrary: fc.constant('reset' as const) }),
});

describe('the client against a misbehaving server (property)', () => {
  it('property: every call settles in time with a result or an AvanodeError', async () => {
    const timeoutMs = 300;
    await fc.assert(
      fc.asyncProperty(cases, fc.boolean(), async (next, bigint) => {
        current = next;
        const client = createClient({ url, retry: false, timeoutMs, bigint });
        const started = Date.now();
        const outcome = await client.platform.getHeight().then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );
        expect(Date.now() - started).toBeLessThan(timeoutMs + 1500);
        if ('error' in outcome) {
          expect(outcome.error).toBeInstanceOf(AvanodeError);
        } else {
          // A result only comes from a 2xx answer with this request's id.
          expect(next.status).toBeLessThan(300);
        }
      }),
      counted('client: arbitrary server answers', 300),
    );
  });

  it('a 50 MB body settles with the result', async () => {
    const filler = 'a'.repeat(50 * 1024 * 1024);
    current = { status: 200, headers: { 'content-type': 'application/json' }, behaviour: 'answer', body: (id) => Buffer.from(envelope(id, { result: { block: filler, encoding: 'hex' } })) };
    const result = await createClient({ url, retry: false, timeoutMs: 20_000 }).platform.getBlock({ blockID: '2pHYCUyWzisQdghNZGgAb5eiDzn8xBNKBS2jN9prL37ksH7q1f' });
    expect((result.block as string).length).toBe(filler.length);
  });
});
