// Type-checks the generated packages of many documents in one tsc program (tsc is slow to
// start: one program for a whole test, not one per document). Each document was generated into
// `<root>/<name>` with `--scope @<name>`, so its packages import one another by those names.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { typecheck } from '../../scripts/typecheck.ts';

const PACKAGES = ['types', 'validators', 'client', 'mock', 'msw', 'query', 'cli', 'mcp'];
const require = createRequire(import.meta.url);
/** Where the query package's declared peer is installed (a devDependency of generators). */
const queryCore = dirname(require.resolve('@tanstack/query-core/package.json'));
/** The msw package's peer, and the mock runtimes the mock and msw packages depend on (this workspace's, built). */
const msw = dirname(require.resolve('msw/package.json'));
const packagesDir = join(import.meta.dirname, '..', '..', 'packages');

/** Every TypeScript file the generator wrote for one document, and the docs' sidebar module. */
function generatedSources(root: string, name: string): string[] {
  const files = PACKAGES.filter((pkg) => existsSync(join(root, name, pkg))).flatMap((pkg) =>
    (readdirSync(join(root, name, pkg), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => `${name}/${pkg}/${f}`),
  );
  const sidebar = `${name}/docs/reference/sidebar.mjs`;
  return existsSync(join(root, sidebar)) ? [...files, sidebar] : files;
}

/** tsc --strict over the packages of every document under `root`: '' when all compile, else what tsc printed. */
export function compileOutputs(root: string, names: string[]): string {
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, noUnusedLocals: true, noUnusedParameters: true, noEmit: true, allowImportingTsExtensions: true, module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2022', 'DOM'],
      types: [], skipLibCheck: true, allowJs: true, checkJs: false,
      paths: {
        '@*/types': ['./*/types/src/index.ts'],
        '@*/types/bigint': ['./*/types/src/bigint.ts'],
        '@*/validators': ['./*/validators/src/index.ts'],
        '@*/mock': ['./*/mock/src/generated/index.ts'],
        '@tanstack/query-core': [queryCore],
        msw: [msw],
        '@avanode/mock/json-rpc': [join(packagesDir, 'mock', 'dist', 'json-rpc', 'index.d.ts')],
        '@avanode/mock/json-rpc-server': [join(packagesDir, 'mock', 'dist', 'json-rpc', 'server.d.ts')],
        '@avanode/msw/json-rpc': [join(packagesDir, 'msw', 'dist', 'json-rpc.d.ts')],
      },
    },
    files: names.flatMap((name) => generatedSources(root, name)),
  }));
  return typecheck(join(root, 'tsconfig.json'));
}
