// The options of `--out` for a foreign document: the npm scope (from `--scope`, else the title;
// never @avanode), params by position unless the method or `--param-structure` says by name,
// and this repository's own document saying `paramStructure` on every method, so the default
// never decides how the node is called.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkScope, scopeFromTitle } from '../src/scope.ts';
import { runCli } from './run-cli.ts';

const document = join(import.meta.dirname, 'foreign', 'bookshop.openrpc.json');
const root = mkdtempSync(join(tmpdir(), 'avanode-options-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the scope', () => {
  it('comes from the title as a valid npm scope', () => {
    expect(scopeFromTitle('Acme Bookshop API')).toBe('@acme-bookshop-api');
    expect(scopeFromTitle('  Petstore   (Expanded) v2! ')).toBe('@petstore-expanded-v2');
    expect(scopeFromTitle('Café Ünïcode')).toBe('@cafe-unicode');
    expect(scopeFromTitle('__proto__')).toBe('@proto');
    expect(scopeFromTitle('x'.repeat(300))).toBe(`@${'x'.repeat(50)}`);
    for (const title of ['', '日本語', '***', undefined, 42]) expect(scopeFromTitle(title)).toBe('@openrpc-api');
    for (const title of ['avanode', 'Avanode', ' AVANODE ']) expect(scopeFromTitle(title)).toBe('@avanode-api');
    for (const title of ['Acme Bookshop API', '  Petstore   (Expanded) v2! ', 'Café', '', 'avanode', 'x'.repeat(300)]) expect(checkScope(scopeFromTitle(title))).toBeUndefined();
  });

  it('from --scope must be a valid one, and never @avanode', async () => {
    expect(checkScope('@my-api')).toBeUndefined();
    for (const bad of ['my-api', '@My-Api', '@', '@-x', '@a/b', '@a b']) expect(checkScope(bad), bad).toBeDefined();
    const ours = await runCli(['--spec', document, '--out', join(root, 'ours'), '--scope', '@avanode']);
    expect(ours.code).toBe(2);
    expect(ours.err.split('\n')[0]).toBe('avanode-gen: --scope "@avanode": @avanode is this project\'s own scope; choose another (the default comes from the document\'s title)');
    const given = await runCli(['--spec', document, '--out', join(root, 'given'), '--scope', '@shop', '--only', 'types,validators,client']);
    expect(given.code, given.err).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'given', 'client', 'package.json'), 'utf8')).dependencies).toEqual({ '@shop/types': '1.2.0', '@shop/validators': '1.2.0' });
    expect(readFileSync(join(root, 'given', 'types', 'src', 'index.ts'), 'utf8').split('\n')[1]).toMatch(/--out \. --scope @shop`\.$/);
  });
});

describe('params', () => {
  it('are by position when the document leaves paramStructure unsaid, by name with --param-structure by-name', async () => {
    const byName = await runCli(['--spec', document, '--out', join(root, 'by-name'), '--param-structure', 'by-name', '--only', 'types']);
    expect(byName.code, byName.err).toBe(0);
    const types = readFileSync(join(root, 'by-name', 'types', 'src', 'index.ts'), 'utf8');
    expect(types).toMatch(/export interface BooksListParams \{\s+limit\?: number;\s+\}/);
    expect(types.split('\n')[1]).toMatch(/--param-structure by-name`\.$/);
    const byPosition = await runCli(['--spec', document, '--out', join(root, 'by-position'), '--only', 'types']);
    expect(byPosition.code, byPosition.err).toBe(0);
    expect(readFileSync(join(root, 'by-position', 'types', 'src', 'index.ts'), 'utf8')).toContain('export type BooksListParams = [] | [number];');
    const wrong = await runCli(['--spec', document, '--out', join(root, 'x'), '--param-structure', 'either']);
    expect(wrong.code).toBe(2);
    expect(wrong.err.split('\n')[0]).toBe('avanode-gen: --param-structure must be by-position or by-name, not "either"');
  });

  it('of every method of this repository\'s document are said, so the default never decides how the node is called', () => {
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { methods: Array<{ name: string; paramStructure?: string }> };
    expect(spec.methods.length).toBeGreaterThan(40);
    expect(spec.methods.filter((m) => m.paramStructure !== 'by-name' && m.paramStructure !== 'by-position').map((m) => m.name)).toEqual([]);
    expect(new Set(spec.methods.filter((m) => m.paramStructure === 'by-name').map((m) => m.name.split('.')[0]))).toEqual(new Set(['info', 'platform', 'health', 'validators']));
  });
});
