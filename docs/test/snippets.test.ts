// Every TypeScript snippet of the reference compiles against the built packages, as a user
// who copies it would compile it.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { typecheck } from '../../scripts/typecheck.ts';

const docs = join(import.meta.dirname, '..');
// Inside the docs package, so `@avanode/client` resolves to its built copy in node_modules.
const work = join(docs, '.snippets-check');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('the reference snippets type-check', () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const files: string[] = [];
  for (const page of markdownFiles(join(docs, 'reference'))) {
    const blocks = [...readFileSync(page, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    blocks.forEach((code, i) => {
      const file = `${page.slice(docs.length + 1).replace(/[/.]/g, '_')}_${i}.mts`;
      writeFileSync(join(work, file), `${code}\nexport {};\n`);
      files.push(file);
    });
  }
  expect(files.length).toBeGreaterThanOrEqual(52);
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], types: [], skipLibCheck: true },
    files,
  }));
  expect(typecheck(join(work, 'tsconfig.json'))).toBe('');
});
