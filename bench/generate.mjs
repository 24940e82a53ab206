// Full regeneration of all packages, against the cost of starting Node at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { medianRunMs, quick, verdict } from './measure.mjs';

const root = join(import.meta.dirname, '..');
const runs = quick ? 1 : 5;
const out = mkdtempSync(join(tmpdir(), 'avanode-bench-gen-'));
try {
  const floor = medianRunMs(['-e', '0'], runs);
  const full = medianRunMs([join(root, 'generators', 'bin', 'avanode-gen.mjs'), '--spec', join(root, 'spec', 'openrpc.json'), '--out', out], runs);
  console.log(`generate: full regeneration ${full.toFixed(0)} ms (median of ${runs}) | node start-up floor ${floor.toFixed(0)} ms | ratio ${(full / floor).toFixed(1)}x the floor | goal < 3000 ms: ${verdict(full < 3000)}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
