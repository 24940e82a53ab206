// The README's promise, run as a user would: in an empty folder holding only a document (one of
// the OpenRPC project's examples), `pnpm exec avanode-gen --spec my.openrpc.json --out ./generated`
// writes packages that compile under tsc --strict with what their package.json files declare.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { typecheck } from '../../scripts/typecheck.ts';

const require = createRequire(import.meta.url);
const example = join(dirname(require.resolve('@open-rpc/examples/package.json')), 'build', 'service-descriptions', 'petstore-expanded-openrpc.json');
const packagesDir = join(import.meta.dirname, '..', '..', 'packages');
const folder = mkdtempSync(join(tmpdir(), 'avanode-user-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('pnpm exec avanode-gen --spec my.openrpc.json --out ./generated, in a fresh folder, gives packages that compile', () => {
  copyFileSync(example, join(folder, 'my.openrpc.json'));
  // What installing the generator gives a project: its command in node_modules/.bin.
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
  mkdirSync(join(folder, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(join(import.meta.dirname, '..', 'bin', 'avanode-gen.mjs'), join(folder, 'node_modules', '.bin', 'avanode-gen'));
  const printed = execFileSync('pnpm', ['exec', 'avanode-gen', '--spec', 'my.openrpc.json', '--out', './generated'], { cwd: folder, encoding: 'utf8', stdio: 'pipe' });
  expect(printed).toMatch(/^avanode-gen: \d+ files, \d+ changed/);

  const generated = join(folder, 'generated');
  const packages = readdirSync(generated).filter((name) => name !== 'docs').sort();
  expect(packages).toEqual(['cli', 'client', 'mcp', 'mock', 'msw', 'query', 'types', 'validators']);
  expect(JSON.parse(readFileSync(join(generated, 'mcp', 'package.json'), 'utf8')).exports).toEqual({ '.': './src/generated/tools.ts' });
  const query = JSON.parse(readFileSync(join(generated, 'query', 'package.json'), 'utf8'));
  expect(query.peerDependencies).toEqual({ '@tanstack/query-core': '^5.0.0' });
  // The scope comes from the document's title ("Petstore Expanded"), never @avanode.
  expect(query.dependencies).toEqual({ '@petstore-expanded/types': '1.0.0' });

  // The user's program: the flat methods of the document, typed.
  writeFileSync(join(folder, 'app.ts'), [
    "import { createClient } from './generated/client/src/generated/index.ts';",
    "const client = createClient({ url: 'http://127.0.0.1:1' });",
    // The document leaves paramStructure unsaid: params by position.
    "export const pets = client.methods.getPets(['dog'], 2);",
    "// @ts-expect-error a pet's id is a number",
    "export const bad = client.methods.getPetById('one');",
    '',
  ].join('\n'));
  const sources = packages.flatMap((pkg) => (readdirSync(join(generated, pkg), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => `generated/${pkg}/${f}`));
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, noUnusedLocals: true, noUnusedParameters: true, noEmit: true, allowImportingTsExtensions: true, module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2022', 'DOM'], types: ['node'], typeRoots: [join(import.meta.dirname, '..', 'node_modules', '@types')], skipLibCheck: true,
      // The packages' names, as their package.json files give them, the peers the query and msw
      // packages declare, and the mock runtimes (this workspace's, built) the mock and msw packages depend on.
      paths: {
        '@petstore-expanded/types': ['./generated/types/src/index.ts'],
        '@petstore-expanded/types/bigint': ['./generated/types/src/bigint.ts'],
        '@petstore-expanded/validators': ['./generated/validators/src/index.ts'],
        '@petstore-expanded/mock': ['./generated/mock/src/generated/index.ts'],
        '@tanstack/query-core': [dirname(require.resolve('@tanstack/query-core/package.json'))],
        msw: [dirname(require.resolve('msw/package.json'))],
        '@avanode/mock/json-rpc': [join(packagesDir, 'mock', 'dist', 'json-rpc', 'index.d.ts')],
        '@avanode/mock/json-rpc-server': [join(packagesDir, 'mock', 'dist', 'json-rpc', 'server.d.ts')],
        '@avanode/msw/json-rpc': [join(packagesDir, 'msw', 'dist', 'json-rpc.d.ts')],
      },
    },
    files: ['app.ts', ...sources],
  }));
  expect(typecheck(join(folder, 'tsconfig.json'))).toBe('');
}, 120_000);
