// `@avanode/validators` is an optional peer of the client: an app that installed only the client
// and asks for `validate: true` gets a ConfigError that says what to install, not the loader's
// plain "Cannot find package". Checked as such an app runs: the client's sources bundled (as a
// bundler or the published package would ship them) into a project outside the workspace, where
// Node's own loader looks for `@avanode/validators` in that project's node_modules, and fails.
// Then the validators are installed there too, and the same script succeeds.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNodeDouble, type NodeDouble } from './node-double.ts';

const packages = join(import.meta.dirname, '..', '..');
const app = mkdtempSync(join(tmpdir(), 'avanode-no-validators-'));
let node: NodeDouble;

/** Installs a workspace package's sources, bundled as one ES module, under the app's node_modules. */
async function install(name: string, entry: string, external: string[]): Promise<void> {
  const dir = join(app, 'node_modules', ...name.split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, type: 'module', exports: { '.': './index.js' } }));
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', external, outfile: join(dir, 'index.js'), logLevel: 'silent' });
}

const SCRIPT = `import { AvanodeError, ConfigError, createClient } from '@avanode/client';
const client = createClient({ url: process.argv[2], validate: true, retry: false });
const outcome = await client.platform.getHeight().then((result) => ({ result }), (error) => ({
  name: error.name, config: error instanceof ConfigError, avanode: error instanceof AvanodeError,
  option: error.option, method: error.method, message: error.message, cause: error.cause?.code,
}));
console.log(JSON.stringify(outcome));
`;
// Asynchronously: the node double answers from this process.
const runApp = async () => JSON.parse((await promisify(execFile)(process.execPath, ['app.mjs', node.url], { cwd: app, encoding: 'utf8', timeout: 30_000 })).stdout) as Record<string, unknown>;

beforeAll(async () => {
  node = await startNodeDouble();
  node.answer((request, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: (request.json as { id: number }).id, result: { height: '42' } })));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  writeFileSync(join(app, 'app.mjs'), SCRIPT);
  // The client only: its import of the optional peer stays an import, for Node to resolve from the app.
  await install('@avanode/client', join(packages, 'client', 'src', 'index.ts'), ['@avanode/validators']);
}, 60_000);

afterAll(async () => {
  await node?.close();
  rmSync(app, { recursive: true, force: true });
});

it('validate: true without @avanode/validators rejects with a ConfigError naming the package to install; nothing is sent', async () => {
  const outcome = await runApp();
  expect(outcome).toMatchObject({ name: 'ConfigError', config: true, avanode: true, option: 'validate', method: 'platform.getHeight', cause: 'ERR_MODULE_NOT_FOUND' });
  expect(outcome.message).toContain('npm install @avanode/validators');
  expect(outcome.message).toMatch(/^platform\.getHeight: validate: true needs the optional peer dependency @avanode\/validators/);
  expect(node.received).toHaveLength(0);
});

it('with @avanode/validators installed beside it, the same app validates and gets its answer', async () => {
  await install('@avanode/validators', join(packages, 'validators', 'src', 'index.ts'), []);
  expect(await runApp()).toEqual({ result: { height: '42' } });
  expect(node.received).toHaveLength(1);
}, 60_000);
