// The standalone server's limits (src/limits.ts) with raw sockets on 127.0.0.1: a client that
// sends its headers or its body too slowly gets 408 within the configured time (not after Node's
// 30 s check interval), oversized headers get Go's 431, bad limits are refused by name; and the
// server answers the next client as before.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockNode } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';

/** What a raw client got: the bytes the server sent, and when the connection closed (ms after connecting). */
interface RawExchange {
  received: string;
  closedAfterMs: number;
}

/**
 * Connects, writes `parts` (each after its delay, ms) and waits, bounded by `limitMs`, for the
 * server to close the connection. Writes after the server closed are dropped.
 */
function rawExchange(url: string, parts: Array<[delayMs: number, text: string]>, limitMs = 5_000): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let received = '';
    const socket = connect(Number(port), hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open over ${limitMs} ms; received ${JSON.stringify(received)}`));
    }, limitMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedAfterMs: performance.now() - started });
    });
    socket.once('connect', async () => {
      for (const [delayMs, text] of parts) {
        await new Promise((r) => setTimeout(r, delayMs));
        if (socket.destroyed || !socket.writable) return;
        socket.write(text);
      }
    });
  });
}

const statusLine = (received: string) => received.split('\r\n')[0];
const CALL = '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}';

describe('slow clients and large headers (configured limits)', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, headersTimeoutMs: 300, requestTimeoutMs: 600, maxHeaderBytes: 4096 });
  });
  afterAll(() => server.close());

  it('headers sent too slowly: 408 within headersTimeoutMs (plus the check interval), connection closed', async () => {
    const { received, closedAfterMs } = await rawExchange(server.url, [[0, 'POST /ext/bc/P HTTP/1.1\r\nHost: 127.0.0.1\r\n'], [2_000, 'content-type: application/json\r\n\r\n']]);
    expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout');
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    expect(closedAfterMs).toBeGreaterThanOrEqual(280);
    // The check runs every tenth of the shorter timeout (30 ms here): cut well before 2 s.
    expect(closedAfterMs).toBeLessThan(1_500);
  });

  it('a body sent too slowly: 408 within requestTimeoutMs', async () => {
    const head = `POST /ext/bc/P HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${CALL.length}\r\n\r\n`;
    // Headers at once, then the body a few bytes at a time, too slowly to finish in 600 ms.
    const trickle: Array<[number, string]> = [[0, head], ...Array.from({ length: 8 }, (_, i): [number, string] => [250, CALL.slice(i * 3, i * 3 + 3)])];
    const { received, closedAfterMs } = await rawExchange(server.url, trickle);
    expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout');
    expect(closedAfterMs).toBeGreaterThanOrEqual(580);
    expect(closedAfterMs).toBeLessThan(1_500);
  });

  it('headers over maxHeaderBytes: 431 with Go\'s text, at once', async () => {
    const { received, closedAfterMs } = await rawExchange(server.url, [[0, `POST /ext/bc/P HTTP/1.1\r\nHost: 127.0.0.1\r\nx-padding: ${'a'.repeat(5_000)}\r\ncontent-length: 0\r\n\r\n`]]);
    // net/http server.go conn.serve, errTooLarge.
    expect(received).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n431 Request Header Fields Too Large');
    expect(closedAfterMs).toBeLessThan(1_000);
  });

  it('a path with malformed percent-encoding: Go\'s 400 Bad Request, bytes for bytes, and the connection closed', async () => {
    // net/url url.go unescape (from url.ParseRequestURI in net/http readRequest) refuses the
    // escape; net/http server.go conn.serve writes its fixed 400 before any handler runs.
    const go = 'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request';
    for (const path of ['/ext/bc/%zz', '/ext/info%', '/ext/bc/P%2', '/ext/bc/%G1/rpc?x=1']) {
      const request = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${CALL.length}\r\n\r\n${CALL}`;
      const { received, closedAfterMs } = await rawExchange(server.url, [[0, request]]);
      expect(received, path).toBe(go);
      expect(closedAfterMs, path).toBeLessThan(1_000);
    }
    // Valid escapes are read as before (the path decoded, `%ff` taken as Go takes any byte), and
    // a bad escape in the query is left to the handler (Go only splits the query off).
    for (const path of ['/ext/bc/%50', '/ext/bc/P?x=%zz']) {
      const request = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${CALL.length}\r\n\r\n${CALL}`;
      const { received } = await rawExchange(server.url, [[0, request]]);
      expect(statusLine(received), path).toBe('HTTP/1.1 200 OK');
      expect(received, path).toContain('{"jsonrpc":"2.0","result":{"height":"1204"},"id":1}');
    }
    // In process, the same answer.
    const node = createMockNode();
    expect(await node.handle({ method: 'POST', path: '/ext/bc/%zz', headers: { 'content-type': 'application/json' }, body: CALL })).toEqual({
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'close' },
      body: '400 Bad Request',
    });
    node.close();
  });

  it('a client within the limits is answered, with a Content-Length as Go gives a short answer', async () => {
    const request = `POST /ext/bc/P HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${CALL.length}\r\n\r\n${CALL}`;
    const { received } = await rawExchange(server.url, [[0, request.slice(0, 40)], [100, request.slice(40)]]);
    expect(statusLine(received)).toBe('HTTP/1.1 200 OK');
    const body = '{"jsonrpc":"2.0","result":{"height":"1204"},"id":1}\n';
    expect(received).toContain(`\r\ncontent-length: ${body.length}\r\n`);
    expect(received.endsWith(`\r\n\r\n${body}`)).toBe(true);
  });

  it('a long answer is chunked, as Go chunks what does not fit its 2048-byte buffer', async () => {
    // health.health's example answer is about 2.4 kB.
    const call = '{"jsonrpc":"2.0","id":1,"method":"health.health"}';
    const request = `POST /ext/health HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${call.length}\r\n\r\n${call}`;
    const { received } = await rawExchange(server.url, [[0, request]]);
    expect(statusLine(received)).toBe('HTTP/1.1 200 OK');
    expect(received).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
  });
});

describe('the defaults', () => {
  it('cut a slow client no later than a node would (30 s): within the 5 s header timeout', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      const { received, closedAfterMs } = await rawExchange(server.url, [[0, 'POST /ext/bc/P HTTP/1.1\r\n']], 8_000);
      expect(statusLine(received)).toBe('HTTP/1.1 408 Request Timeout');
      expect(closedAfterMs).toBeGreaterThanOrEqual(4_900);
      expect(closedAfterMs).toBeLessThan(6_000);
    } finally {
      await server.close();
    }
  }, 15_000);

  it('refuse headers over 16 KiB (a node: 1 MiB)', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      const { received } = await rawExchange(server.url, [[0, `GET /ext/health HTTP/1.1\r\nHost: x\r\nx-padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`]]);
      expect(statusLine(received)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      const small = await rawExchange(server.url, [[0, `GET /ext/health HTTP/1.1\r\nHost: x\r\nconnection: close\r\nx-padding: ${'a'.repeat(15 * 1024)}\r\n\r\n`]]);
      expect(statusLine(small.received)).toBe('HTTP/1.1 200 OK');
    } finally {
      await server.close();
    }
  });
});

describe('bad limits', () => {
  it('are refused by name before the server starts', async () => {
    await expect(startMockServer({ port: 0, headersTimeoutMs: 0 })).rejects.toThrow('headersTimeoutMs: an integer from 1 to 2147483647 expected, got 0');
    await expect(startMockServer({ port: 0, maxHeaderBytes: 1.5 })).rejects.toThrow(RangeError);
    await expect(startMockServer({ port: 0, headersTimeoutMs: 2_000, requestTimeoutMs: 1_000 })).rejects.toThrow('headersTimeoutMs (2000) must not exceed requestTimeoutMs (1000)');
  });
});

describe('avanode-mock --headers-timeout, --request-timeout, --max-header-bytes', () => {
  it('sets the limits, and refuses a bad value with exit 2', async () => {
    const bin = join(import.meta.dirname, '..', 'bin', 'avanode-mock.mjs');
    const child = spawn(process.execPath, [bin, '--port', '0', '--headers-timeout', '200', '--request-timeout', '400', '--max-header-bytes', '2048'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('avanode-mock did not start')), 10_000);
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
          if (!match) return;
          clearTimeout(timer);
          resolve(match[1]!);
        });
      });
      const slow = await rawExchange(url, [[0, 'POST /ext/bc/P HTTP/1.1\r\n']]);
      expect(statusLine(slow.received)).toBe('HTTP/1.1 408 Request Timeout');
      expect(slow.closedAfterMs).toBeLessThan(1_500);
      const large = await rawExchange(url, [[0, `GET /ext/health HTTP/1.1\r\nHost: x\r\nx-padding: ${'a'.repeat(3_000)}\r\n\r\n`]]);
      expect(statusLine(large.received)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    } finally {
      child.kill('SIGTERM');
    }
    const bad = spawn(process.execPath, [bin, '--port', '0', '--request-timeout', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    bad.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise((resolve) => bad.once('exit', resolve))).toBe(2);
    expect(stderr).toBe('avanode-mock: --request-timeout must be an integer from 1 to 2147483647, got 0\n');
  });
});
