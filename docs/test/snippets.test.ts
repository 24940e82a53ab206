// Every snippet of the reference works as a reader would use it: the TypeScript compiles
// against the built packages, and the curl command and the TypeScript both run against the
// mock node on 127.0.0.1 and return an answer that validates.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import * as validators from '@avanode/validators';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typecheck } from '../../scripts/typecheck.ts';
import { hideSetup } from '../.vitepress/markdown.ts';

const run = promisify(execFile);
const docs = join(import.meta.dirname, '..');
// Inside the docs package, so `@avanode/client` resolves to its built copy in node_modules.
const work = join(docs, '.snippets-check');
/** The node address every snippet is written for; the tests point it at the mock instead. */
const NODE = 'http://127.0.0.1:9650';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

interface Page {
  file: string;
  /** The page's title: a method name, or `<endpoint> (GET)`. */
  title: string;
  blocks: Array<{ lang: string; code: string }>;
}

const pages: Page[] = markdownFiles(join(docs, 'reference')).map((file) => {
  const text = readFileSync(file, 'utf8');
  return {
    file: file.slice(docs.length + 1),
    // The front matter's title is a double-quoted YAML string, spelled as JSON (generators/src/util/markdown.ts).
    title: JSON.parse(/^title: (".*")$/m.exec(text)?.[1] ?? '""') as string,
    blocks: [...text.matchAll(/```(\w+)(?: \[[^\]]*\])?\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! })),
  };
});
const withSnippets = pages.filter((p) => p.blocks.some((b) => b.lang === 'sh'));

let mock: MockServer;
beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mock = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The validator of what a page's call returns: a method's result, or a GET endpoint's body for the status. */
function answerValidator(title: string, status?: number): validators.Validator {
  if (title.endsWith('(GET)')) {
    const name = title.replace(/ \(GET\)$/, '').replace(/(^|[^A-Za-z0-9])([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
    return (validators as unknown as Record<string, validators.Validator>)[`validate${name}Response${status}`]!;
  }
  return (value) => validators.validateResult(title, value);
}

it('the reference snippets type-check', () => {
  const files: string[] = [];
  for (const page of pages) {
    page.blocks
      .filter((b) => b.lang === 'ts')
      .forEach(({ code }, i) => {
        const file = `${page.file.replace(/[/.]/g, '_')}_${i}.mts`;
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

/** A guide's block as compiled: the hidden setup (above `// ---cut---`, which the site leaves out) and the shown code. */
const CUT = '// ---cut---\n';
const guides = readdirSync(join(docs, 'guide')).filter((f) => f.endsWith('.md')).sort().map((name) => ({ name, text: readFileSync(join(docs, 'guide', name), 'utf8') }));
// `tsx` blocks too (the query guide's React hooks), compiled as .tsx with React's types.
const guideBlocks = guides.flatMap(({ name, text }) => [...text.matchAll(/^```(tsx?)\n([\s\S]*?)^```/gm)].map((m, i) => ({ name, i, lang: m[1]!, code: m[2]! })));

it("the guides' only TypeScript blocks left uncompiled are files of the reader's own projects, titled with their names", () => {
  // `ts [file]`: a file of another project, with packages the docs do not install: @playwright/test,
  // and the packages avanode-gen writes for the reader's own API (@bookshop/client, @bookshop/msw).
  const titled = guides.flatMap(({ name, text }) => [...text.matchAll(/^```tsx? \[([^\]]*)\]\n([\s\S]*?)^```/gm)].map((m) => `${name}: ${m[1]}`));
  expect(titled).toEqual(['msw.md: test/setup.ts', 'msw.md: test/book.test.ts', 'scenarios.md: e2e/send.spec.ts']);
});

it("the guides' TypeScript snippets type-check under tsc --strict, each with only the setup it writes down", () => {
  const files = guideBlocks.map(({ name, i, lang, code }) => {
    // A .tsx file is a module as the docs package says (`"type": "module"`), as .mts is.
    const file = `guide_${name.replace('.md', '')}_${i}.${lang === 'tsx' ? 'tsx' : 'mts'}`;
    // The shown part only after the cut; each block is a module of its own, so nothing leaks from one to the next.
    writeFileSync(join(work, file), `${code}\nexport {};\n`);
    return file;
  });
  expect(files.length).toBeGreaterThanOrEqual(38);
  expect(files.filter((f) => f.endsWith('.tsx')).length).toBeGreaterThanOrEqual(3);
  writeFileSync(join(work, 'tsconfig.guides.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], types: ['node'], jsx: 'react-jsx', skipLibCheck: true },
    files,
  }));
  expect(typecheck(join(work, 'tsconfig.guides.json'))).toBe('');
});

it('the site hides exactly the setup above the cut, and a block has at most one cut', () => {
  for (const { name, code } of guideBlocks) expect(code.split(CUT).length, name).toBeLessThanOrEqual(2);
  expect(hideSetup(`import { x } from 'y';\n${CUT}x();\n`)).toBe('x();\n');
  expect(hideSetup('x();\n')).toBe('x();\n');
});

describe('every curl snippet, run against the mock node, gets a valid answer', () => {
  it('has one per method and GET endpoint', () => expect(withSnippets.length).toBeGreaterThanOrEqual(52));
  for (const page of withSnippets) {
    it(page.title, async () => {
      const curl = page.blocks.find((b) => b.lang === 'sh')!.code.trimEnd().replaceAll(NODE, mock.url);
      expect(curl).toContain(mock.url);
      const { stdout } = await run('sh', ['-c', `${curl} -w '\\n%{http_code}'`], { timeout: 20_000 });
      const status = Number(stdout.trim().split('\n').at(-1));
      const text = stdout.slice(0, stdout.trimEnd().lastIndexOf('\n'));
      // `curl -i` (the GET endpoints) prints the headers first.
      const body = JSON.parse(text.includes('\r\n\r\n') ? text.slice(text.indexOf('\r\n\r\n') + 4) : text);
      if (page.title.endsWith('(GET)')) {
        expect(answerValidator(page.title, status)(body)).toEqual({ ok: true });
      } else {
        expect(status).toBe(200);
        expect(body.error).toBeUndefined();
        expect(answerValidator(page.title)(body.result)).toEqual({ ok: true });
      }
    });
  }
});

describe('every TypeScript snippet, run against the mock node, returns a valid answer', () => {
  for (const page of withSnippets) {
    it(page.title, async () => {
      const source = page.blocks.find((b) => b.lang === 'ts')!.code;
      // The snippet as written, pointed at the mock, printing what it got as exact JSON.
      const script = source
        .replaceAll(NODE, mock.url)
        .replace(/console\.log\(([^;]*)\);\s*$/, 'process.stdout.write(JSON.stringify([$1], (_k, v) => (typeof v === "bigint" ? v.toString() : v)));');
      expect(script).toContain('process.stdout.write');
      const { code } = await transform(script, { loader: 'ts', format: 'esm' });
      const file = join(work, `${page.file.replace(/[/.]/g, '_')}.run.mjs`);
      writeFileSync(file, code);
      const { stdout } = await run(process.execPath, [file], { timeout: 20_000, cwd: work });
      const printed = JSON.parse(stdout) as unknown[];
      if (page.title.endsWith('(GET)')) {
        const [status, body] = printed as [number, unknown];
        expect(answerValidator(page.title, status)(body)).toEqual({ ok: true });
      } else {
        expect(answerValidator(page.title)(printed[0])).toEqual({ ok: true });
      }
    });
  }
});

describe("the home page's examples, one per part of the toolkit", () => {
  const home = [...readFileSync(join(docs, 'index.md'), 'utf8').matchAll(/^### (.+)\n\n```(\w+)\n([\s\S]*?)```/gm)].map((m) => ({ part: m[1]!, lang: m[2]!, code: m[3]! }));
  const typescript = home.filter((e) => e.lang === 'ts');

  it('has an example under each part, and the TypeScript ones type-check against the built packages', () => {
    expect(home.map((e) => e.part)).toEqual(['The client', 'Validators', 'The codec', 'The mock node', 'msw handlers', 'TanStack Query', 'The command line', 'The wallet', 'MCP tools', 'The generator']);
    const files = typescript.map((e, i) => {
      const file = `home_${i}.mts`;
      writeFileSync(join(work, file), `${e.code}\nexport {};\n`);
      return file;
    });
    writeFileSync(join(work, 'tsconfig.home.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], types: ['node'], skipLibCheck: true },
      files,
    }));
    expect(typecheck(join(work, 'tsconfig.home.json'))).toBe('');
  });

  for (const example of typescript) {
    it(`${example.part}: runs as written, pointed at the mock node`, async () => {
      const { code } = await transform(example.code.replaceAll(NODE, mock.url), { loader: 'ts', format: 'esm' });
      const file = join(work, `home_${example.part.replace(/\W+/g, '_')}.run.mjs`);
      writeFileSync(file, code);
      const { stdout } = await run(process.execPath, [file], { timeout: 20_000, cwd: work });
      expect(stdout.trim()).not.toBe('');
      if (example.part === 'msw handlers') expect(stdout.trim()).toBe('42');
      if (example.part === 'The codec') expect(stdout.trim()).toBe('1.500000025');
      if (example.part === 'Validators') expect(stdout).toContain('ok: true');
      if (example.part === 'The wallet') expect(stdout.trim()).toBe('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    });
  }
});
