// `avanode record` against the mock node: the files it writes replay green through the suite.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import { main } from '../src/record.ts';
import { runConformance, formatReport } from '../src/report.ts';

let node: MockServer;
const out = mkdtempSync(join(tmpdir(), 'avanode-record-'));
beforeAll(async () => {
  node = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await node.close();
  rmSync(out, { recursive: true, force: true });
});

async function record(args: string[]) {
  const errors: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void errors.push(parts.join(' ')));
  try {
    return { code: await main(args), err: errors.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('avanode record', () => {
  it('records every read-only method and the health GET, and the suite replays them green', async () => {
    const { code, err } = await record(['--url', node.url, '--out', out, '--blockchain-id', '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const reports = await runConformance([out]);
    // Every method that reads (not `x-mutating`), and the health GET endpoint.
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { methods: Array<{ 'x-mutating'?: boolean }>; 'x-http-endpoints': unknown[] };
    expect(reports).toHaveLength(spec.methods.filter((m) => !m['x-mutating']).length + spec['x-http-endpoints'].length);
    expect(reports.filter((r) => r.failed).map((r) => formatReport([r]))).toEqual([]);
    const file = JSON.parse(readFileSync(join(out, 'platform', 'platform.getHeight', 'recorded-1.json'), 'utf8'));
    expect(file.notes).toMatch(new RegExp(`^recorded by avanode record from ${node.url.replace(/[.]/g, '\\.')}, node avalanchego/1\\.14\\.2, at \\d{4}-\\d{2}-\\d{2}T`));
    expect(file.response).toEqual({ jsonrpc: '2.0', id: file.request.id, result: { height: '1204' } });
  });

  it('never records platform.issueTx', async () => {
    const { code, err } = await record(['--url', node.url, '--out', out, '--methods', 'platform.issueTx', '--force']);
    expect(code).toBe(2);
    expect(err).toContain('refusing platform.issueTx: it changes state');
  });

  it('refuses to overwrite without --force, and overwrites with it', async () => {
    const again = await record(['--url', node.url, '--out', out, '--methods', 'platform.getHeight']);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/file\(s\) exist .*use --force/);
    expect((await record(['--url', node.url, '--out', out, '--methods', 'platform.getHeight', '--force'])).code).toBe(0);
  });

  it('explains a missing url', async () => {
    expect((await record(['--out', out])).err).toContain('--url must be');
  });
});
