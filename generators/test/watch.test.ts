// `avanode-gen --project --watch` on a copy of the project: what it keeps between runs never
// shows. A summary edit, a template edit and a schema edit each reach the files; a broken source
// writes nothing; and at the end its output is byte for byte what a fresh process writes.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
let dir: string;
let watcher: ChildProcess;
let output = '';
const outcomes: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'avanode-watch-'));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  cpSync(join(repoRoot, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  const parts = { spec: ['src', 'scripts', 'package.json', 'tsconfig.json'], generators: ['bin', 'src', 'templates', 'package.json', 'tsconfig.json'] };
  for (const [folder, entries] of Object.entries(parts)) {
    for (const entry of entries) cpSync(join(repoRoot, folder, entry), join(dir, folder, entry), { recursive: true });
    symlinkSync(join(repoRoot, folder, 'node_modules'), join(dir, folder, 'node_modules'));
  }
  watcher = spawn(process.execPath, [join(dir, 'generators', 'bin', 'avanode-gen.mjs'), '--project', '--watch'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const take = (chunk: Buffer) => {
    output += chunk;
    for (const [, outcome] of String(chunk).matchAll(/→ (regenerated|failed) in \d+ ms/g)) outcomes.push(outcome!);
  };
  watcher.stdout!.on('data', take);
  watcher.stderr!.on('data', take);
  await nextRun(1);
}, 120_000);

afterAll(() => {
  watcher?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits for the watcher's `count`th run to end (and for late events of the same save to pass); its outcome. */
async function nextRun(count: number): Promise<string> {
  const started = Date.now();
  while (outcomes.length < count) {
    if (Date.now() - started > 60_000) throw new Error(`no run ${count} within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return outcomes[count - 1]!;
}

const path = (file: string) => join(dir, file);
const read = (file: string) => readFileSync(path(file), 'utf8');
const replace = (file: string, from: string, to: string) => {
  const text = read(file);
  expect(text, file).toContain(from);
  writeFileSync(path(file), text.replace(from, to));
};
const BLOCKS = 'spec/src/methods/platform/blocks.yaml';
const TYPES = 'packages/types/src/index.ts';
let runs = 1;

it('regenerates on a summary edit, and writes nothing while a source is broken', async () => {
  replace(BLOCKS, 'summary: Height of the last accepted block.', 'summary: Height of the last accepted block. EDIT1');
  expect(await nextRun(++runs)).toBe('regenerated');
  expect(read(TYPES)).toContain('EDIT1');
  expect(read('docs/reference/platform/platform.getHeight.md')).toContain('EDIT1');
  const types = read(TYPES);
  const validators = read('packages/validators/src/ajv.generated.ts');
  replace(BLOCKS, 'summary: Height of the last accepted block. EDIT1', 'summary: [broken');
  expect(await nextRun(++runs)).toBe('failed');
  replace(BLOCKS, 'summary: [broken', 'summary: Height of the last accepted block. EDIT2');
  expect(await nextRun(++runs)).toBe('regenerated');
  replace(BLOCKS, 'value: {height: "1204"}', 'value: {height: "x1204"}');
  expect(await nextRun(++runs)).toBe('failed');
  expect(output).toContain("example 'a node' result fails its schema");
  expect(read(TYPES)).toBe(types.replace('EDIT1', 'EDIT2'));
  replace(BLOCKS, 'value: {height: "x1204"}', 'value: {height: "1204"}');
  expect(await nextRun(++runs)).toBe('regenerated');
  expect(read('packages/validators/src/ajv.generated.ts')).toBe(validators);
}, 120_000);

it('picks up a template edit and a schema edit', async () => {
  replace('generators/templates/client/reads.ts', '\nexport const reads', '\n// TEMPLATE-EDIT\nexport const reads');
  expect(await nextRun(++runs)).toBe('regenerated');
  expect(read('packages/client/src/generated/reads.ts')).toContain('// TEMPLATE-EDIT');
  const validators = read('packages/validators/src/ajv.generated.ts');
  const schemas = readdirSync(path('spec/src/schemas')).map((file) => `spec/src/schemas/${file}`);
  const file = schemas.find((f) => /^\w+:\n(?: {2}.*\n)*? {2}properties:\n/m.test(read(f)))!;
  const [properties] = /^\w+:\n(?: {2}.*\n)*? {2}properties:\n/m.exec(read(file))!;
  replace(file, properties, `${properties}    watchAdded: {type: string, description: Added by the watch test.}\n`);
  expect(await nextRun(++runs)).toBe('regenerated');
  expect(read(TYPES)).toContain('watchAdded');
  expect(read('packages/validators/src/ajv.generated.ts')).not.toBe(validators);
}, 120_000);

it("leaves exactly what a fresh process writes", async () => {
  watcher.kill();
  const snapshot = () => {
    const files: Record<string, string> = { 'spec/openrpc.json': read('spec/openrpc.json') };
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder)) {
        const full = join(folder, entry);
        if (statSync(full).isDirectory()) walk(full);
        else files[relative(dir, full)] = readFileSync(full, 'utf8');
      }
    };
    walk(path('packages'));
    walk(path('docs'));
    return files;
  };
  const watched = snapshot();
  rmSync(path('packages'), { recursive: true });
  rmSync(path('docs'), { recursive: true });
  execFileSync(process.execPath, [path('generators/bin/avanode-gen.mjs'), '--project']);
  expect(snapshot()).toEqual(watched);
}, 120_000);
