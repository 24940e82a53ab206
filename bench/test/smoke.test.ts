// The benchmarks' quick mode as a smoke test: every benchmark runs and reports its figures
// against its baseline. It fails on errors, never on speed.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('pnpm bench --quick runs every benchmark and prints its figures', () => {
  const out = execFileSync(process.execPath, [join(import.meta.dirname, '..', 'run.mjs'), '--quick'], { encoding: 'utf8', timeout: 240_000 });
  for (const title of ['Generation', 'Bundle sizes', 'Client overhead in process', 'Client overhead over loopback HTTP', 'Validators', 'Mock node throughput', 'Codec (P-chain bytes)', 'Codec on crafted bytes']) {
    expect(out).toContain(`\n${title}`);
  }
  expect(out).toMatch(/avanode-mock: \d+ req\/s, 0 errors/);
  expect(out).toMatch(/@open-rpc\/mock-server 1\.7\.8 \(baseline\): \d+ req\/s, 0 errors/);
  expect(out).toMatch(/x the floor/);
  expect(out).toMatch(/codec: the whole package: \d+ B/);
  expect(out).toMatch(/the primitives alone, imported narrowly: @noble\/hashes sha256 \d+ B/);
  expect(out).toMatch(/emptyCredentials, 1 MB: refused as crafted by the heap budget after [\d.]+ MB/);
  expect(out).toMatch(/signatureIndices, 1 MB: decoded in \d+ ms .*heap held [\d.]+ B per input byte/);
  expect(out).not.toContain('wrote docs/benchmarks.md');
}, 300_000);
