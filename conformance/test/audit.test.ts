// The wire-fidelity audit (conformance/audit/*.ts): one test per finding. Each checks the
// validators (what the node sends is accepted, what it refuses is refused) and the mock node
// over real HTTP on 127.0.0.1 (accepted params answer a valid result, refused requests answer
// the node's error code and message).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import { validateResult } from '@avanode/validators';
import { afterAll, describe, expect, it } from 'vitest';
import { isSourceReference, validatorVerdicts, type Finding, type Refusal } from '../src/audit.ts';

const auditDir = join(import.meta.dirname, '..', 'audit');
const groups = readdirSync(auditDir).filter((file) => file.endsWith('.ts')).sort();
const findingsByGroup = await Promise.all(
  groups.map(async (file) => [file.replace(/\.ts$/, ''), (await import(join(auditDir, file))).findings as Finding[]] as const),
);

const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'openrpc.json'), 'utf8')) as {
  methods: Array<{ name: string; servers?: Array<{ url: string }> }>;
};
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';

/** The path a finding's calls go to: its own, else the method's first server path. */
function pathOf(finding: Finding): string {
  if (finding.path) return finding.path;
  const url = spec.methods.find((m) => m.name === finding.method)?.servers?.[0]?.url;
  if (!url) throw new Error(`${finding.method}: not in the spec, and the finding names no path`);
  return url.replace(/^https?:\/\/[^/]+/, '').replace('{blockchainID}', CHAIN);
}

const servers = new Map<string, Promise<MockServer>>();
function mockFor(options: Record<string, unknown> = {}): Promise<MockServer> {
  const key = JSON.stringify(options);
  if (!servers.has(key)) servers.set(key, startMockServer({ port: 0, ...options }));
  return servers.get(key)!;
}
afterAll(async () => {
  for (const server of servers.values()) await (await server).close();
});

let nextId = 1;
async function call(finding: Finding, params: unknown, mock?: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const server = await mockFor(mock);
  const id = nextId++;
  const response = await fetch(server.url + pathOf(finding), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: finding.method, params }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.id, 'the id is echoed').toBe(id);
  return { status: response.status, body };
}

function expectRefusal(body: Record<string, unknown>, refusal: Refusal) {
  expect(body.result, `refused ${JSON.stringify(refusal.params)}`).toBeUndefined();
  const error = body.error as { code: number; message: string; data?: unknown };
  expect(error?.code).toBe(refusal.error.code);
  if (typeof refusal.error.message === 'string') expect(error.message).toBe(refusal.error.message);
  else expect(error.message).toMatch(refusal.error.message);
  if ('data' in refusal.error) expect(error.data).toEqual(refusal.error.data);
}

for (const [group, findings] of findingsByGroup) {
  describe(`audit: ${group}`, () => {
    it('every finding names its source line, and no two findings are the same', () => {
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.filter((f) => !isSourceReference(f.source)).map((f) => f.source)).toEqual([]);
      const keys = findings.map((f) => `${f.method} ${f.what}`);
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    });

    for (const finding of findings) {
      it(`${finding.method} [${finding.kind}] ${finding.what} (${finding.source})`, async () => {
        expect(validatorVerdicts(finding)).toEqual([]);
        for (const params of finding.params ?? []) {
          const { body } = await call(finding, params);
          expect(body.error, `accepted ${JSON.stringify(params)}`).toBeUndefined();
          expect(validateResult(finding.method, body.result)).toEqual({ ok: true });
        }
        for (const refusal of finding.refusals ?? []) {
          const { body } = await call(finding, refusal.params, refusal.mock);
          expectRefusal(body, refusal);
        }
      });
    }
  });
}
