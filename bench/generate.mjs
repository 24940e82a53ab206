// Generation: a full regeneration from a clean state (spec assembly + every package into an
// empty folder), avanode-gen alone on the same document, and @open-rpc/generator generating
// its TypeScript client from the same document, in the same run. The floor is `node -e 0`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixed, medianRunMs, quick, verdict } from './measure.mjs';

const root = join(import.meta.dirname, '..');

export async function run() {
  const runs = quick ? 1 : 5;
  const out = mkdtempSync(join(tmpdir(), 'avanode-bench-gen-'));
  try {
    const spec = join(root, 'spec', 'openrpc.json');
    const floor = medianRunMs(['-e', '0'], runs);
    const assemble = medianRunMs([join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'spec', 'scripts', 'build.ts'), '--check'], runs);
    const avanode = medianRunMs([join(root, 'generators', 'bin', 'avanode-gen.mjs'), '--spec', spec, '--out', join(out, 'a')], runs);
    const openrpc = medianRunMs([join(import.meta.dirname, 'node_modules', '@open-rpc', 'generator', 'build', 'cli.js'), 'generate', '-d', spec, '-o', join(out, 'o'), '-t', 'client', '-l', 'typescript', '-n', 'avanode'], runs);
    const full = assemble + avanode;
    return {
      title: 'Generation',
      lines: [
        `node start-up (baseline floor): ${fixed(floor, 0)} ms`,
        `full regeneration from a clean state (spec assembly + all packages): ${fixed(full, 0)} ms, ${fixed(full / floor, 1)}x the floor | goal < 3000 ms: ${verdict(full < 3000)}`,
        `avanode-gen on the avanode document (types, validators, client, msw data): ${fixed(avanode, 0)} ms`,
        `@open-rpc/generator 1.22.3, TypeScript client of the same document: ${fixed(openrpc, 0)} ms`,
        `avanode-gen is ${fixed(openrpc / avanode)}x as fast as @open-rpc/generator | goal ≥ 10x: ${verdict(openrpc / avanode >= 10)}`,
      ],
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
