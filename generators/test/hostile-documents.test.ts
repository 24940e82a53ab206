// Property: nothing in a document becomes code or markup (issue 36). Documents are random
// (fast-check) and hostile: their names, titles, descriptions, enum values, patterns, defaults,
// examples, error messages, tags, a server variable and a plain HTTP endpoint are drawn from strings that end comments (`*/`), strings and
// templates (quotes, backticks, `${`), lines (newlines, U+2028), scripts (`</script>`, `<!--`),
// hide what they are (bidi controls), open Vue interpolations (`{{ }}`) and HTML, or name
// prototypes (`__proto__`, `constructor`); the payloads set `globalThis.pwned` or pollute
// `Object.prototype`.
//
// Each document is generated with `--out` into a temporary folder. Every generated module is
// bundled with esbuild and run in a `node:vm` context, and every exported function is called (and
// what it returns, a level down), with no network (`fetch` refuses) and timers that never fire:
// afterwards the context has no `pwned` and no polluted prototype. Every generated Markdown page
// is rendered by VitePress's own renderer (`createMarkdownRenderer`, as docs/ builds the site)
// and the HTML parsed by Vue's template compiler, as VitePress hands it over: no interpolation, no
// element, attribute or directive a page of ours does not write, no `javascript:` link, and its
// front matter is YAML that reads back as the document's text. AVANODE_FUZZ=<n> runs more
// documents (default 20), AVANODE_FUZZ_SEED=<seed> repeats a run.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { type ElementNode, NodeTypes, parse, type TemplateChildNode } from '@vue/compiler-dom';
import { build, type Plugin } from 'esbuild';
import fc from 'fast-check';
import { load as loadYaml } from 'js-yaml';
import { createMarkdownRenderer, disposeMdItInstance } from 'vitepress';
import { afterAll, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const PAYLOAD = 'globalThis.pwned=1';
const HOSTILE = [
  '*/', `*/;${PAYLOAD};/*`, `pets.list*/;${PAYLOAD};/*`, '/*', '// ', '`', '${', `\${${PAYLOAD}}`, `\`+(${PAYLOAD})+\``, "'", `'+(${PAYLOAD})+'`, '"', `"+(${PAYLOAD})+"`,
  '\\', '\\u2028', '\n', `\n${PAYLOAD}\n`, '\r\n', '\u2028', `\u2028${PAYLOAD}`, '\u2029', '\u202e', '\u2066x\u2069', '\u200b', '\u0000', '\u0085',
  '</script>', `</script><script>${PAYLOAD}</script>`, '<!--', '-->', `<img src=x onerror="${PAYLOAD}">`, '<b>', '&lt;i&gt;', '&amp;',
  '{{', '}}', `{{ ${PAYLOAD} }}`, '{{constructor.constructor("globalThis.pwned=1")()}}', '::: v-pre', '```md-vue', '|', '[x](javascript:globalThis.pwned=1)',
  '__proto__', 'constructor', 'prototype', 'toString', 'CON', 'a/b', 'a\\b', '..', '.', '$&', ' ', '_', '*', 'ok', '\uE0000\uE000', '/*@name*/', '<!-- @end example -->',
  '\n<<< @/../package.json\n', '<!--@include: ../index.md-->', '[[toc]]', '\n::: v-pre\n', '\n:::\n',
];
/** A hostile string: one to three of the pieces above, joined. */
const hostile = fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));

/** A pattern that accepts exactly the given strings, escaped for a `u`-flag regular expression. */
const exactly = (values: readonly string[]) => `^(?:${values.map((v) => v.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')})$`;

const document = fc
  .record({
    title: hostile,
    version: hostile,
    description: hostile,
    methods: fc.uniqueArray(
      fc.record({
        name: fc.oneof(hostile, hostile.map((h) => `pets.${h}`)),
        summary: hostile,
        description: hostile,
        tag: hostile,
        params: fc.uniqueArray(hostile, { minLength: 1, maxLength: 3 }),
        values: fc.array(hostile, { minLength: 2, maxLength: 3 }),
        error: hostile,
        exampleName: hostile,
      }),
      { minLength: 1, maxLength: 3, selector: (m) => m.name },
    ),
    // OpenRPC limits a schema's name to `[a-zA-Z0-9.\-_]+`: within that, the names that are trouble.
    chain: hostile,
    endpoint: fc.record({ name: hostile, ownNamespace: fc.boolean(), text: hostile, pathKey: hostile, path: hostile, query: hostile }),
    schemaName: fc.constantFrom('__proto__', 'constructor', 'toString', 'CON', 'nul.txt', '..', '.', '...', 'a..b', '-', '_', 'Pet', 'prototype', 'x'.repeat(300)),
    property: hostile,
    defaultValue: hostile,
  })
  .map((d) => {
    const values = [...new Set(d.methods.flatMap((m) => m.values))];
    const schemas = {
      [d.schemaName]: {
        title: d.schemaName,
        description: d.description,
        type: 'object',
        properties: {
          [d.property]: { type: 'string', enum: values, description: d.description, default: values[0], examples: values },
          ['__proto__']: { type: 'string', pattern: exactly(values), default: d.defaultValue },
          constructor: { type: 'object', description: d.title },
          // json-schema-to-typescript's own keywords, which it would write as they are.
          typed: { type: 'string', tsType: `string;\n${PAYLOAD};\ntype _T = string`, tsEnumNames: [`${PAYLOAD}`] },
        },
        required: [d.property],
      },
    };
    return {
      openrpc: '1.2.6',
      info: { title: d.title, version: d.version, description: d.description },
      servers: [{ url: 'http://127.0.0.1:8545/rpc' }],
      methods: d.methods.map((m, i) => ({
        name: m.name,
        // The first method is scoped by a path variable (a chain) whose default and description are hostile.
        ...(i === 0 ? { servers: [{ url: 'http://127.0.0.1:8545/ext/bc/{chain}/rpc', variables: { chain: { default: d.chain, description: d.chain } } }] } : {}),
        summary: m.summary,
        description: m.description,
        tags: [{ name: m.tag, description: m.tag }],
        params: m.params.map((name, i) => ({ name, description: m.description, required: i === 0, schema: { type: 'string', description: m.summary, default: m.values[0] } })),
        result: { name: 'result', schema: { $ref: `#/components/schemas/${d.schemaName.replace(/~/g, '~0').replace(/\//g, '~1')}` } },
        errors: [{ code: -32000, message: m.error, data: m.error }],
        examples: [
          {
            name: m.exampleName,
            params: m.params.map((name, i) => ({ name, value: m.values[i % m.values.length] })),
            result: { name: 'result', value: { [d.property]: m.values[0], ...JSON.parse(`{"__proto__": ${JSON.stringify(m.values[0])}}`), constructor: JSON.parse('{"__proto__": {"polluted": 1}}') } },
          },
        ],
      })),
      'x-http-endpoints': [
        {
          name: d.endpoint.ownNamespace ? `status.${d.endpoint.name}` : d.endpoint.name,
          summary: d.endpoint.text,
          description: d.endpoint.text,
          httpMethod: 'GET',
          paths: { [d.endpoint.pathKey]: `/ext/${d.endpoint.path}` },
          query: [{ name: d.endpoint.query, description: d.endpoint.text, schema: { type: 'string' } }],
          responses: { 200: { description: d.endpoint.text, schema: { type: 'string', enum: values } } },
          examples: [{ status: 200, name: d.endpoint.text, body: values[0] }],
        },
      ],
      components: { schemas },
    };
  });

const runs = Number(process.env.AVANODE_FUZZ ?? 20);
const seed = process.env.AVANODE_FUZZ_SEED === undefined ? undefined : Number(process.env.AVANODE_FUZZ_SEED);
const root = mkdtempSync(join(tmpdir(), 'avanode-hostile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/**
 * Resolves the generated packages' imports of one another (`@scope/validators`, `@scope/types/bigint`)
 * to their sources in `out`, and the published runtimes the mock and msw packages run on
 * (`@avanode/mock/json-rpc`, `@avanode/msw/json-rpc`) to this workspace's builds, which run too;
 * anything else (msw itself, TanStack Query's core, Node's modules) is a stand-in.
 */
const siblings = (out: string, packages: Set<string>): Plugin => ({
  name: 'generated-siblings',
  setup(on) {
    const scope = (JSON.parse(readFileSync(join(out, 'types', 'package.json'), 'utf8')) as { name: string }).name.split('/')[0];
    on.onResolve({ filter: /^@[^/]+\/[^/]+/ }, async (args) => {
      const [, owner, name, sub] = /^(@[^/]+)\/([^/]+)(?:\/(.+))?$/.exec(args.path) ?? [];
      if (owner === scope && name && packages.has(name)) {
        // Where the package's manifest points the entry (the mock's is `src/generated/index.ts`).
        const { exports = {} } = JSON.parse(readFileSync(join(out, name, 'package.json'), 'utf8')) as { exports?: Record<string, string> };
        return { path: join(out, name, exports[sub === undefined ? '.' : `./${sub}`] ?? join('src', `${sub ?? 'index'}.ts`)) };
      }
      if (args.pluginData === RUNTIME) return undefined;
      if (owner === '@avanode' && (name === 'mock' || name === 'msw') && sub !== undefined) {
        const found = await on.resolve(args.path, { kind: args.kind, resolveDir: import.meta.dirname, pluginData: RUNTIME });
        if (found.errors.length === 0) return { path: found.path };
      }
      return { external: true };
    });
    on.onResolve({ filter: /^(msw|node:|@mswjs\/)/ }, () => ({ external: true }));
  },
});
const RUNTIME = Symbol('runtime');

interface Sandbox {
  /** Runs a CommonJS bundle; returns its exports. */
  load(code: string): Record<string, unknown>;
  /** What a payload would have left. */
  traces(): { pwned: unknown; polluted: unknown };
}

function sandbox(): Sandbox {
  const noNetwork = () => Promise.reject(new Error('no network in the sandbox'));
  const context = createContext({ console: { log() {}, warn() {}, error() {}, info() {}, debug() {} }, fetch: noNetwork, setTimeout: () => 0, clearTimeout() {}, setInterval: () => 0, clearInterval() {}, URL, URLSearchParams, TextEncoder, TextDecoder, AbortController, Headers, Request, Response });
  // An external package (TanStack Query's core, msw, Node's modules) is a stand-in: every export,
  // and every member of one (`http.post`), is a function that returns its argument (or a stand-in).
  const standIn = (): unknown =>
    new Proxy(() => {}, { get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : standIn()), apply: (_target, _this, args: unknown[]) => (args.length > 0 ? args[0] : standIn()) });
  const external = standIn();
  return {
    load(code) {
      const run = runInContext(`(function (module, exports, require) {\n${code}\n})`, context) as (module: unknown, exports: unknown, require: unknown) => void;
      const module = { exports: {} as Record<string, unknown> };
      run(module, module.exports, () => external);
      return module.exports;
    },
    traces: () => runInContext('({ pwned: globalThis.pwned, polluted: ({}).polluted })', context) as { pwned: unknown; polluted: unknown },
  };
}

/** Calls `value` if it is a function (with each of `args`), and the functions of what it returns, down to `depth`; errors and rejections are expected. */
function callAll(value: unknown, args: unknown[][], depth: number): number {
  let calls = 0;
  const settle = (result: unknown) => {
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(undefined, () => {});
    return result;
  };
  const visit = (target: unknown, level: number) => {
    if (level > depth || target === null || (typeof target !== 'object' && typeof target !== 'function')) return;
    if (typeof target === 'function') {
      for (const a of args) {
        calls++;
        try {
          visit(settle((target as (...p: unknown[]) => unknown)(...a)), level + 1);
        } catch {}
      }
    }
    if (typeof target === 'object') for (const key of Object.keys(target)) visit((target as Record<string, unknown>)[key], level + 1);
  };
  visit(value, 0);
  return calls;
}

/** The elements and attributes VitePress's renderer and our templates write; anything else on a page came from a document. */
const ELEMENTS = new Set([
  'a', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'code', 'pre', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'strong', 'em', 's', 'blockquote', 'hr', 'br', 'button', 'input', 'label', 'Badge', 'TryIt',
]);
const ATTRIBUTES = new Set(['class', 'id', 'href', 'tabindex', 'title', 'style', 'type', 'name', 'checked', 'for', 'data-title', 'aria-label', 'text', 'start']);

/** Every way the rendered page, read as the Vue template it becomes, would run or show document text as markup. */
function liveParts(html: string): string[] {
  const found: string[] = [];
  const visit = (nodes: TemplateChildNode[], inPre: boolean) => {
    for (const node of nodes) {
      if (node.type === NodeTypes.INTERPOLATION) found.push(`interpolation {{${html.slice(node.loc.start.offset, node.loc.end.offset)}}}`);
      if (node.type !== NodeTypes.ELEMENT) continue;
      const element = node as ElementNode;
      // Inside `v-pre` Vue compiles nothing, but the browser still makes elements of the HTML.
      if (!ELEMENTS.has(element.tag)) found.push(`element <${element.tag}>`);
      let pre = inPre;
      for (const prop of element.props) {
        if (prop.type === NodeTypes.DIRECTIVE) {
          if (prop.name === 'pre') pre = true;
          else if (!(element.tag === 'TryIt' && prop.name === 'bind' && prop.arg?.type === NodeTypes.SIMPLE_EXPRESSION && prop.arg.content === 'call')) found.push(`directive v-${prop.name} on <${element.tag}>`);
        } else {
          // Inside `v-pre`, a nested `v-pre` is read as a plain attribute.
          if (!(ATTRIBUTES.has(prop.name) || (inPre && prop.name === 'v-pre')) || /^on/i.test(prop.name)) found.push(`attribute ${prop.name} on <${element.tag}>`);
          if ((prop.name === 'href' || prop.name === 'src') && /^\s*(javascript|vbscript|data):/i.test(prop.value?.content ?? '')) found.push(`link ${prop.value?.content}`);
        }
      }
      if (element.tag === 'TryIt') {
        // The panel's props: a JavaScript literal, evaluated by Vue: it must be only that.
        const call = element.props.find((p) => p.type === NodeTypes.DIRECTIVE && p.name === 'bind');
        const expression = call?.type === NodeTypes.DIRECTIVE && call.exp?.type === NodeTypes.SIMPLE_EXPRESSION ? call.exp.content : '';
        try {
          JSON.parse(expression.replace(/\["__proto__"\]:/g, '"__proto__":'));
        } catch {
          found.push(`TryIt props that are not a literal: ${expression.slice(0, 80)}`);
        }
      }
      visit(element.children, pre);
    }
  };
  visit(parse(html).children, false);
  return found;
}

/** The front matter reads back, as YAML, to strings on one line each. */
function frontMatterProblems(page: string): string[] {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(page);
  if (!match) return [];
  const data = loadYaml(match[1]!) as Record<string, unknown>;
  return Object.entries(data)
    .filter(([, value]) => typeof value !== 'string')
    .map(([key]) => `front matter ${key} is not a string`);
}

it('no document string becomes code or markup: modules run in a sandbox, pages rendered by VitePress', async () => {
  disposeMdItInstance();
  const md = await createMarkdownRenderer(root, {}, '/');
  let generated = 0;
  let refused = 0;
  let modules = 0;
  let calls = 0;
  let pages = 0;
  await fc.assert(
    fc.asyncProperty(document, async (doc) => {
      const dir = mkdtempSync(join(root, 'doc-'));
      try {
        const spec = join(dir, 'hostile.openrpc.json');
        writeFileSync(spec, JSON.stringify(doc));
        const out = join(dir, 'out');
        const run = await runCli(['--spec', spec, '--out', out]);
        if (run.code !== 0) {
          // A refusal is one line that names what is wrong (after the warnings, one line each).
          refused++;
          const lines = run.err.trim().split('\n');
          expect(lines.filter((line) => !line.startsWith('avanode-gen: warning: ')), run.err).toHaveLength(1);
          expect(lines.every((line) => line.startsWith('avanode-gen: ')), run.err).toBe(true);
          return;
        }
        generated++;
        const packages = new Set(readdirSync(out).filter((name) => statSync(join(out, name, 'src'), { throwIfNoEntry: false })?.isDirectory()));
        const sources = [...packages].flatMap((name) => filesUnder(join(out, name, 'src'))).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
        const bundles = await build({ entryPoints: sources, outdir: join(dir, 'bundles'), outbase: out, bundle: true, format: 'cjs', platform: 'neutral', write: false, logLevel: 'silent', plugins: [siblings(out, packages)] });
        const box = sandbox();
        const examples = doc.methods.flatMap((m) => [m.examples[0]!.params.map((p) => p.value), Object.fromEntries(m.examples[0]!.params.map((p) => [p.name, p.value])), m.examples[0]!.result.value]);
        const args: unknown[][] = [[], ['__proto__'], ...examples.map((value) => [value]), [{ url: 'http://127.0.0.1:9/rpc' }]];
        for (const bundle of bundles.outputFiles) {
          modules++;
          const exported = box.load(bundle.text);
          calls += callAll(exported, args, 3);
        }
        // Promise callbacks settle before the traces are read.
        await new Promise((resolve) => setImmediate(resolve));
        expect(box.traces(), relative(out, sources[0]!)).toEqual({ pwned: undefined, polluted: undefined });
        expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();

        for (const file of filesUnder(out).filter((f) => f.endsWith('.md'))) {
          pages++;
          const page = readFileSync(file, 'utf8');
          const relativePath = relative(join(out, 'docs'), file);
          expect(relativePath, 'a page is written inside the output folder').not.toMatch(/^\.\./);
          expect(relativePath.split(/[/\\]/).every((part) => /^[\w.-]+$/.test(part) && !part.includes('..')), relativePath).toBe(true);
          const body = page.replace(/^---\n[\s\S]*?\n---\n/, '');
          const html = md.render(body, { path: file, relativePath });
          expect([...frontMatterProblems(page), ...liveParts(html)], `${relativePath}\n${html}`).toEqual([]);
        }
        // Every page's folder exists where its file is: no name made a path of its own.
        for (const file of filesUnder(out)) expect(dirname(relative(out, file)).split(/[/\\]/).length).toBeLessThanOrEqual(5);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
  );
  // The property says something only if most documents generated and were exercised.
  expect(generated).toBeGreaterThanOrEqual(Math.ceil(runs / 2));
  expect(modules).toBeGreaterThan(generated * 10);
  expect(calls).toBeGreaterThan(generated * 50);
  expect(pages).toBeGreaterThan(generated * 3);
  console.log(`hostile documents: ${generated} generated, ${refused} refused; ${modules} modules run, ${calls} calls, ${pages} pages rendered`);
}, 600_000);
