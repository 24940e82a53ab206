// The mock node as a process (`avanode-mock`), called over HTTP with plain fetch and with the
// client; it stays up under oversized bodies, garbage and slow clients.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcError, createClient } from '@avanode/client';
import { startMockServer } from '@avanode/mock/server';

const bin = join(import.meta.dirname, '..', 'bin', 'avanode-mock.mjs');
const processes: ChildProcess[] = [];

/** Starts `avanode-mock` on a free port and waits (bounded) for its first line. */
async function startProcess(args: string[]): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`avanode-mock did not start: ${err}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`avanode-mock exited with ${code}: ${err}`)));
  });
  return { url, child, stderr: () => err };
}

afterAll(() => {
  for (const child of processes) child.kill('SIGTERM');
});

describe('avanode-mock, the process', () => {
  let url: string;
  let stderr: () => string;
  beforeAll(async () => {
    ({ url, stderr } = await startProcess(['--log']));
  });

  it('answers plain fetch with JSON-RPC 2.0', async () => {
    const response = await fetch(`${url}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":9,"method":"info.getNetworkID"}' });
    // gorilla/rpc@v1.2.0:v2/json2/server.go:215 writes the charset; the body ends with the encoder's newline.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('{"jsonrpc":"2.0","result":{"networkID":"1"},"id":9}\n');
  });

  it('answers the client, every group', async () => {
    const client = createClient({ url, validate: true });
    expect(await client.platform.getHeight()).toEqual({ height: '1204' });
    expect((await client.info.getNodeVersion()).version).toMatch(/^avalanchego\//);
    expect((await client.evm('2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC').getCurrentValidators()).validators).toHaveLength(1);
    expect((await client.health.get()).status).toBe(200);
  });

  it('answers a body over the EVM endpoint\'s 5 MiB with 413 (graft/evm/rpc/http.go:47, 367-370), takes it on gorilla endpoints, and stays up', async () => {
    const big = `{"jsonrpc":"2.0","id":1,"method":"platform.getHeight","params":{"x":"${'a'.repeat(6 * 1024 * 1024)}"}}`;
    const response = await fetch(`${url}/ext/bc/2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(`content length too large (${big.length}>5242880)\n`);
    const gorilla = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(((await gorilla.json()) as { result: unknown }).result).toEqual({ height: '1204' });
    expect(await createClient({ url }).platform.getHeight()).toEqual({ height: '1204' });
  });

  it('answers garbage bytes with -32700 and stays up', async () => {
    const response = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0xff, 0x00, 0x7b, 0xfe]) });
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
    expect(await createClient({ url }).platform.getHeight()).toEqual({ height: '1204' });
  });

  it('a slow client that never finishes its request does not block others', async () => {
    const { port, hostname } = new URL(url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /ext/bc/P HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{"jsonrpc"');
    expect(await createClient({ url }).platform.getHeight()).toEqual({ height: '1204' });
    socket.destroy();
  });

  it('logs one line per request with --log', () => {
    expect(stderr()).toMatch(/^POST \/ext\/info 200 \d+\.\dms$/m);
  });
});

describe('avanode-mock flags', () => {
  it('--public, --unhealthy and --overrides', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avanode-mock-'));
    try {
      const overrides = join(dir, 'overrides.json');
      writeFileSync(overrides, JSON.stringify({ 'platform.getHeight': { height: '77' } }));
      const { url } = await startProcess(['--public', '--unhealthy', '--overrides', overrides]);
      const client = createClient({ url, retry: false });
      expect(await client.platform.getHeight()).toEqual({ height: '77' });
      // gorilla/rpc@v1.2.0:v2/map.go:143-145: the public node's Info service lacks the method.
      expect(((await client.info.getNodeID().catch((e: unknown) => e)) as RpcError).rpcMessage).toBe('rpc: can\'t find method "info.GetNodeID"');
      const health = await fetch(`${url}/ext/health`);
      expect(health.status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { url } = await startProcess(['--unhealthy']);
    const answer = await createClient({ url }).health.get();
    expect(answer.status).toBe(503);
    expect(answer.healthy).toBe(false);
  });

  it('explains bad flags', async () => {
    const child = spawn(process.execPath, [bin, '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port must be a port number');
  });
});

describe('startMockServer in process', () => {
  it('serves on 127.0.0.1 and closes', async () => {
    const server = await startMockServer({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await createClient({ url: server.url }).info.getNetworkName()).toEqual({ networkName: 'mainnet' });
    await server.close();
    await expect(createClient({ url: server.url, retry: false }).info.getNetworkName()).rejects.toThrow();
  });
});
