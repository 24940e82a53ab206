// Golden snapshots: what every plugin makes of a small sample document (golden/ledger.openrpc.json)
// is committed under golden/out/, so a reviewer sees in the diff what a generator change does
// to generated code. `AVANODE_UPDATE_GOLDEN=1 pnpm test:some generators/test/golden.test.ts`
// rewrites them after an intended change.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { generate } from '../src/generate.ts';

const golden = join(import.meta.dirname, 'golden');
const out = join(golden, 'out');
const document = JSON.parse(readFileSync(join(golden, 'ledger.openrpc.json'), 'utf8'));
const context = { specName: 'generators/test/golden/ledger.openrpc.json', command: 'AVANODE_UPDATE_GOLDEN=1 pnpm test:some generators/test/golden.test.ts' };

const committed = (dir: string, prefix = ''): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? committed(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`])) : [];

it('every plugin\'s output for the sample document is the committed golden output', async () => {
  // The client's core, copied verbatim from generators/templates/client/core, is left out: the
  // templates are their own diff, and `pnpm generate --check` catches a copy that drifts. (The
  // validators' runtime stays: the templates type-check against the golden validators package.)
  const files = new Map([...(await generate(document, context))].filter(([path]) => !/\/core\//.test(path)));
  expect(files.size).toBeGreaterThan(10);
  if (process.env.AVANODE_UPDATE_GOLDEN) {
    rmSync(out, { recursive: true, force: true });
    for (const [path, text] of files) {
      mkdirSync(dirname(join(out, path)), { recursive: true });
      writeFileSync(join(out, path), text);
    }
  }
  expect(committed(out).sort()).toEqual([...files.keys()].sort());
  for (const [path, text] of files) expect(readFileSync(join(out, path), 'utf8'), path).toBe(text);
});
