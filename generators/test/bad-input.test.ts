// Bad documents give an error naming the method or schema and the path, and nothing is written.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const calculator = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'calculator.openrpc.json'), 'utf8'));
const dirs: string[] = [];

async function generateFrom(document: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-bad-'));
  dirs.push(dir);
  const spec = join(dir, 'doc.json');
  writeFileSync(spec, typeof document === 'string' ? document : JSON.stringify(document));
  const out = join(dir, 'out');
  const result = await runCli(['--spec', spec, '--out', out]);
  return { ...result, out };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('avanode-gen on bad input', () => {
  it('rejects a schema that is not JSON Schema (`type: strng`) with one line naming where, no stack trace', async () => {
    const broken = structuredClone(calculator);
    broken.components.schemas.Int = { type: 'strng' };
    const { code, err, out } = await generateFrom(broken);
    expect(code).toBe(1);
    expect(err).toMatch(/#\/components\/schemas\/Int\/type: not valid JSON Schema: /);
    expect(err).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });

  it('rejects a document that is not OpenRPC 1.x', async () => {
    const { code, err, out } = await generateFrom({ ...calculator, openrpc: '2.0.0' });
    expect(code).toBe(1);
    expect(err).toContain('#/openrpc: expected an OpenRPC 1.x version, found "2.0.0"');
    expect(existsSync(out)).toBe(false);
  });

  it('rejects a file that is not JSON', async () => {
    const { code, err } = await generateFrom('{ "openrpc": ');
    expect(code).toBe(1);
    expect(err).toMatch(/cannot read .*doc\.json/);
  });

  it('names the method and the path of a dangling $ref', async () => {
    const document = structuredClone(calculator);
    document.methods[3].result.schema.items.$ref = '#/components/schemas/Missing';
    const { code, err, out } = await generateFrom(document);
    expect(code).toBe(1);
    expect(err).toContain("(#/methods/3/result/schema/items): $ref '#/components/schemas/Missing' does not resolve");
    expect(existsSync(out)).toBe(false);
  });

  it('settles two methods whose generated names clash, and says so once', async () => {
    const document = structuredClone(calculator);
    document.methods.push({ ...document.methods[0], name: 'calc.add' });
    const { code, err, out } = await generateFrom(document);
    expect(code).toBe(0);
    expect(err).toBe("avanode-gen: warning: method 'calc.add' (#/methods/4): its types are named CalcAdd2… in generated code: CalcAdd… is taken");
    expect(readFileSync(join(out, 'types', 'src', 'index.ts'), 'utf8')).toContain('export type CalcAdd2Params = [Int, Int];');
  });

  it('settles a method whose type would clash with a named schema', async () => {
    const document = structuredClone(calculator);
    document.components.schemas.CalcPiResult = { type: 'string' };
    const { code, err, out } = await generateFrom(document);
    expect(code).toBe(0);
    expect(err).toBe("avanode-gen: warning: method 'calc_pi' (#/methods/1): its types are named CalcPi2… in generated code: CalcPi… is taken");
    expect(readFileSync(join(out, 'types', 'src', 'index.ts'), 'utf8')).toContain('export type CalcPiResult = string;');
  });

  it('leaves an existing output untouched when generation fails', async () => {
    const good = await generateFrom(calculator);
    expect(good.code).toBe(0);
    const before = readdirSync(join(good.out, 'types', 'src')).map((f) => readFileSync(join(good.out, 'types', 'src', f), 'utf8'));
    const document = structuredClone(calculator);
    document.methods[0].params[0].schema = { $ref: '#/nowhere' };
    const spec = join(good.out, '..', 'doc.json');
    writeFileSync(spec, JSON.stringify(document));
    const bad = await runCli(['--spec', spec, '--out', good.out]);
    expect(bad.code).toBe(1);
    const after = readdirSync(join(good.out, 'types', 'src')).map((f) => readFileSync(join(good.out, 'types', 'src', f), 'utf8'));
    expect(after).toEqual(before);
  });

  it('explains wrong arguments', async () => {
    expect((await runCli(['--spec', 'x.json'])).err).toContain('--spec and --out are required');
    expect((await runCli(['--project', '--only', 'graphql'])).err).toContain('unknown output graphql');
  });
});
