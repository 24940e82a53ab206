// The re-audit tool reads every x-source, finds symbols that are gone at a new tag and lists
// the methods whose source files changed: checked against a small git repository made here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { main, parseSource, sourcesOf } from '../audit-sources.mjs';

const dir = mkdtempSync(join(tmpdir(), 'avanode-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.email=t@example.invalid', '-c', 'user.name=t', ...args], { stdio: 'ignore' });

const service = (body: string) => `package platformvm\n\ntype GetHeightResponse struct {\n\tHeight uint64 \`json:"height"\`\n}\n\n${body}\n`;
git('init', '-q');
mkdirSync(join(dir, 'vms', 'platformvm'), { recursive: true });
writeFileSync(join(dir, 'vms', 'platformvm', 'service.go'), service('func (s *Service) GetHeight() {}\nfunc (s *Service) GetTimestamp() {}'));
writeFileSync(join(dir, 'vms', 'platformvm', 'other.go'), 'package platformvm\n\nfunc Other() {}\n');
git('add', '.');
git('commit', '-qm', 'one');
git('tag', 'v1.0.0');
writeFileSync(join(dir, 'vms', 'platformvm', 'service.go'), service('func (s *Service) GetHeight() { _ = 1 }'));
git('commit', '-qam', 'two');
git('tag', 'v1.1.0');

const document = {
  'x-audited-release': { repo: 'ava-labs/avalanchego', tag: 'v1.0.0' },
  methods: [
    { name: 'platform.getHeight', 'x-source': ['vms/platformvm/service.go#Service.GetHeight', 'vms/platformvm/service.go#GetHeightResponse'] },
    { name: 'platform.getTimestamp', 'x-source': ['vms/platformvm/service.go#Service.GetTimestamp'] },
    { name: 'platform.other', 'x-source': ['vms/platformvm/other.go#Other', 'gorilla/rpc@v1.2.0:v2/json2/server.go#CodecRequest.WriteError'] },
  ],
  components: { schemas: { Height: { type: 'object', properties: { height: { 'x-source': ['vms/platformvm/service.go#GetHeightResponse.Height'] } } } } },
};
const specPath = join(dir, 'openrpc.json');
writeFileSync(specPath, JSON.stringify(document));

async function run(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  try {
    return { code: main([...args, '--spec', specPath, '--repo', dir]), out: lines.join('\n') };
  } finally {
    log.mockRestore();
  }
}

it('reads every x-source with where it stands, and parses both reference forms', () => {
  expect(sourcesOf(document).map((s: { where: string }) => s.where)).toEqual(['platform.getHeight', 'platform.getHeight', 'platform.getTimestamp', 'platform.other', 'platform.other', '#/components/schemas/Height/properties/height']);
  expect(parseSource('gorilla/rpc@v1.2.0:v2/json2/server.go#CodecRequest.WriteError')).toEqual({ repo: 'gorilla/rpc', tag: 'v1.2.0', file: 'v2/json2/server.go', symbol: 'CodecRequest.WriteError' });
  expect(parseSource('service.go')).toBeUndefined();
});

it('at the audited tag every symbol is found', async () => {
  const { code, out } = await run([]);
  expect(code).toBe(0);
  expect(out).toContain('6 references (5 into the node\'s repository), 2 files, audited v1.0.0, checked at v1.0.0');
  expect(out).not.toContain('missing');
});

it('at a newer tag it names the symbol that is gone and the methods whose files changed', async () => {
  const { code, out } = await run(['--to', 'v1.1.0']);
  expect(code).toBe(1);
  expect(out).toContain("missing: platform.getTimestamp: vms/platformvm/service.go#Service.GetTimestamp: no 'GetTimestamp' in the file at v1.1.0");
  expect(out).toContain('platform.getHeight: vms/platformvm/service.go (+1 -2)');
  expect(out).toContain('#/components/schemas/Height: vms/platformvm/service.go (+1 -2)');
  expect(out).not.toContain('platform.other:');
});

it('checks a reference pinned to another tag of the audited repository at that tag', async () => {
  const pinnedPath = join(dir, 'pinned.json');
  const withPins = {
    ...document,
    methods: [
      ...document.methods,
      // GetTimestamp is gone at v1.1.0 but exists at v1.0.0; Gone exists at neither.
      { name: 'platform.pinned', 'x-source': ['ava-labs/avalanchego@v1.0.0:vms/platformvm/service.go#Service.GetTimestamp', 'ava-labs/avalanchego@v1.1.0:vms/platformvm/service.go#Service.Gone'] },
    ],
  };
  writeFileSync(pinnedPath, JSON.stringify(withPins));
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  let code: number;
  try {
    code = main(['--spec', pinnedPath, '--repo', dir]);
  } finally {
    log.mockRestore();
  }
  const out = lines.join('\n');
  expect(code).toBe(1);
  expect(out).toContain('8 references (7 into the node\'s repository, 2 of them pinned at a tag)');
  expect(out).toContain("missing: platform.pinned: ava-labs/avalanchego@v1.1.0:vms/platformvm/service.go#Service.Gone: no 'Gone' in the file at v1.1.0");
  expect(out).not.toContain('GetTimestamp');
});
