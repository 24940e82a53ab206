// The templates: filled through named holes only (a missing or unknown hole is an error), and the
// client's runtime core imports in one direction, by layers, without a cycle. (That every
// template compiles on its own is workspace-typecheck.test.ts: the generators project includes
// templates/, type-checked against the golden sample's generated packages.)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../src/generate.ts';
import { TEMPLATES_DIR, Template } from '../src/util/template.ts';

const core = join(TEMPLATES_DIR, 'client', 'core');

/** The modules a module's text imports, by file name: static imports, re-exports and `import()`, type-only ones included. */
function importsOf(text: string): string[] {
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm)].map((m) => m[1] ?? m[2]!);
  return specifiers.filter((s) => s.startsWith('./')).map((s) => s.slice(2).replace(/\.js$/, '.ts'));
}

/** A cycle of the graph, as the modules in order with the first repeated at the end; undefined when there is none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * The core's layers, bottom first: a module imports only from its own layer or one below. Shared
 * types and errors; the transport and the steps a call takes; the three ways of calling (the
 * lazily loaded complete path); the client and its namespaces.
 */
const LAYERS: Record<string, number> = {
  'base-errors.ts': 0,
  'errors.ts': 0,
  'types.ts': 0,
  'transport.ts': 1,
  'lossless.ts': 1,
  'bigint.ts': 1,
  'retry.ts': 1,
  'failover.ts': 1,
  'validation.ts': 1,
  'steps.ts': 1,
  'call.ts': 2,
  'batch.ts': 2,
  'http-get.ts': 2,
  'complete.ts': 2,
  'client.ts': 3,
  'namespaces.ts': 3,
};

describe("the client core's imports", () => {
  const files = readdirSync(core).filter((f) => f.endsWith('.ts')).sort();
  const graph = new Map(files.map((f) => [f, importsOf(readFileSync(join(core, f), 'utf8'))]));

  it('are read from every kind of import', () => {
    expect(importsOf("import type { A } from './types.js';\nexport { b } from './b.js';\nconst c = () => import('./c.js');\nimport { d } from 'elsewhere';")).toEqual(['types.ts', 'b.ts', 'c.ts']);
    expect(graph.get('client.ts')).toEqual(expect.arrayContaining(['base-errors.ts', 'transport.ts', 'types.ts', 'complete.ts']));
    // The core loads only the two error classes it throws: the other nine come with the complete path.
    expect(graph.get('client.ts')).not.toContain('errors.ts');
    expect(graph.get('transport.ts')).not.toContain('errors.ts');
  });

  it('form no cycle (a cycle is found and named when there is one)', () => {
    expect(findCycle(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCycle(new Map([['a.ts', ['b.ts', 'c.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]))).toBeUndefined();
    expect(findCycle(graph)).toBeUndefined();
  });

  it('go down the layers only, and every module has its layer', () => {
    expect(files.filter((f) => !(f in LAYERS))).toEqual([]);
    const upward = [...graph].flatMap(([file, imports]) => imports.filter((target) => LAYERS[target]! > LAYERS[file]!).map((target) => `${file} → ${target}`));
    expect(upward).toEqual([]);
  });

  it('import only modules of the core', () => {
    const outside = [...graph].flatMap(([file, imports]) => imports.filter((target) => !files.includes(target)).map((target) => `${file} → ${target}`));
    expect(outside).toEqual([]);
  });
});

describe('templates', () => {
  const sample = new Template(
    [
      '// @about',
      '// What this template is.',
      '// @end about',
      "import type { M } from /*@types*/'@scope/types';",
      'export const list = [',
      '  // @hole items',
      "  'sample',",
      '  // @end items',
      '];',
      'export const x = /*@value[*/{ a: 1 }/*]*/;',
      '// @hole each',
      'export const /*@name*/one = 1;',
      '// @end each',
    ].join('\n'),
    'sample.ts',
  );

  it('list their holes, block and inline, in order, and sections keep their own', () => {
    expect(sample.holes()).toEqual(['types', 'items', 'value', 'each']);
    expect(sample.section('each').holes()).toEqual(['name']);
  });

  it('fill every hole: whole lines for blocks, in place for inline holes and spans; the about block is dropped', () => {
    const each = sample.section('each');
    const text = sample.fill({
      types: "'@other/types'",
      items: "  'a',\n  'b',",
      value: '{ b: 2 }',
      each: ['two', 'three'].map((name) => each.fill({ name })).join(''),
    });
    expect(text).toBe(
      [
        "import type { M } from '@other/types';",
        'export const list = [',
        "  'a',",
        "  'b',",
        '];',
        'export const x = { b: 2 };',
        'export const two = 1;',
        'export const three = 1;',
        '',
      ].join('\n'),
    );
  });

  it('refuse a hole left without a value, a value for no hole, and an inline hole before an expression', () => {
    expect(() => sample.fill({ types: "''", items: '', value: '' })).toThrow("template sample.ts: no value for each");
    expect(() => sample.fill({ types: "''", items: '', value: '', each: '', extra: '' })).toThrow('template sample.ts: no hole for extra');
    expect(() => new Template('f(/*@args*/call(a));', 'bad.ts').holes()).toThrow('must be a span');
  });

  it('values are not read as holes', () => {
    expect(sample.fill({ types: "'/*@items*/'", items: '// @hole x\n// @end x', value: "'/*@value*/x'", each: '' })).toContain("'/*@items*/'");
  });

  it("values are not read as markers either: a document's text that spells the block placeholders of an earlier fill stays text", () => {
    // The fill once put blocks in last, behind private-use markers: an inline value holding
    // `\uE0000\uE000` got the first block's code put in its place, inside a string literal.
    const filled = sample.fill({ types: "'\uE0000\uE000'", items: 'BLOCK', value: "'x'", each: 'EACH' });
    expect(filled).toContain("'\uE0000\uE000'");
    expect(filled.split('BLOCK')).toHaveLength(2);
  });

  it('leave no marker in what the generators write', async () => {
    const document = JSON.parse(readFileSync(join(import.meta.dirname, 'golden', 'ledger.openrpc.json'), 'utf8'));
    const files = await generate(document, { specName: 'ledger.openrpc.json', command: 'avanode-gen' });
    const marked = [...files].filter(([, text]) => /\/\*@[\w-]+(\[)?\*\/|\/\*\]\*\/|\/\/ @(hole|end|about)\b|<!-- @(hole|end|about)\b|\{\{[\w-]+\}\}/.test(text)).map(([path]) => path);
    expect([...files.keys()].filter((path) => path.endsWith('.md')).length).toBeGreaterThan(5);
    expect(files.size).toBeGreaterThan(20);
    expect(marked).toEqual([]);
  });

  const page = new Template(
    [
      '<!-- @about -->',
      'What this page template is.',
      '<!-- @end about -->',
      '# {{title}}',
      '',
      '<!-- @hole rows -->',
      '| {{code}} | {{meaning}} |',
      '<!-- @end rows -->',
      '<!-- @hole note -->',
      '',
      'Note: {{text}}',
      '<!-- @end note -->',
    ].join('\n'),
    'page.md',
  );

  it('in Markdown, spell block holes as comment lines and inline holes as {{name}}; sections keep the spelling', () => {
    expect(page.holes()).toEqual(['title', 'rows', 'note']);
    const rows = page.section('rows');
    expect(rows.holes()).toEqual(['code', 'meaning']);
    const text = page.fill({
      title: 'Errors {{code}}',
      rows: [{ code: '-32000', meaning: 'a | b' }].map((row) => rows.fill(row)).join(''),
      note: '',
    });
    // A value is not read as a hole: the title keeps its braces.
    expect(text).toBe('# Errors {{code}}\n\n| -32000 | a | b |\n');
    expect(page.fill({ title: 't', rows: '', note: page.section('note').fill({ text: 'n' }) })).toBe('# t\n\n\nNote: n\n');
    expect(() => page.fill({ title: 't', rows: '' })).toThrow('template page.md: no value for note');
  });
});
