// The benchmarks' quick mode as a smoke test: every benchmark runs, reports its figures against
// its baseline, and its results are well formed data (bench/report.mjs's problemsOf, which a full
// run also checks before it writes bench/results.json). It fails on errors, never on speed.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('pnpm bench --quick runs every benchmark, prints its figures and writes nothing', () => {
  const out = execFileSync(process.execPath, [join(import.meta.dirname, '..', 'run.mjs'), '--quick'], { encoding: 'utf8', timeout: 240_000 });
  for (const title of ['Generation', 'Generation from large documents', 'Bundle sizes', 'Client overhead in process', 'Client overhead over loopback HTTP', 'Validators', 'Mock node throughput', 'Codec (P-chain bytes)', 'Codec on crafted bytes', 'Wallet (build and sign)', 'C-chain to P-chain (build and sign)', 'Fork upstream reads']) {
    expect(out).toContain(`\n${title}`);
  }
  expect(out).toMatch(/avanode-mock by default, the examples' chain [^\n]*: [\d,]+ req\/s \(0 errors/);
  expect(out).toMatch(/baseline @open-rpc\/mock-server 1\.7\.8: [\d,]+ req\/s \(0 errors/);
  expect(out).toMatch(/× the floor/);
  expect(out).toMatch(/codec: the whole package: [\d,]+ B/);
  expect(out).toMatch(/The primitives alone|bundle, every ID\/address\/amount\/hex helper/);
  expect(out).toContain('quick run: figures well formed, nothing written');
}, 300_000);
