// The benchmarks' quick mode as a smoke test: every benchmark runs and reports its figures
// against its baseline. It fails on errors, never on speed.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('pnpm bench --quick runs every benchmark and prints its figures', () => {
  const out = execFileSync(process.execPath, [join(import.meta.dirname, '..', 'run.mjs'), '--quick'], { encoding: 'utf8', timeout: 240_000 });
  for (const title of ['Generation', 'Bundle sizes', 'Client overhead in process', 'Client overhead over loopback HTTP', 'Validators', 'Mock node throughput', 'Codec (P-chain bytes)', 'Wallet (build and sign)']) {
    expect(out).toContain(`\n${title}`);
  }
  expect(out).toMatch(/avanode-mock: \d+ req\/s, 0 errors/);
  expect(out).toMatch(/@open-rpc\/mock-server 1\.7\.8 \(baseline\): \d+ req\/s, 0 errors/);
  expect(out).toMatch(/x the floor/);
  expect(out).toMatch(/codec: the whole package: \d+ B/);
  expect(out).toMatch(/the primitives alone, imported narrowly: @noble\/hashes sha256 \d+ B/);
  expect(out).toMatch(/BaseTx from a \d+-UTXO getUTXOs answer \(hex\).*@avalabs\/avalanchejs 5\.2\.0/);
  expect(out).toMatch(/wallet: keyAddress \+ signTx \+ buildBaseTx .*: \d+ B/);
  expect(out).not.toContain('wrote docs/benchmarks.md');
}, 300_000);
