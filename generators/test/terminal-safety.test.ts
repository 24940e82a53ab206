// avanode-gen prints a document's text (names, titles, descriptions, refs, patterns, example
// names) in its warnings and errors: none of it reaches the terminal raw. Run as a user runs it,
// in a child process whose whole stdout and stderr are read: no escape sequence (a title set
// with OSC 0, the screen cleared with CSI 2J, an OSC 8 hyperlink), no C1 control, no bidi or
// zero-width character; each shows as a `\u` escape.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printable } from '../src/util/code.ts';

const root = mkdtempSync(join(tmpdir(), 'avanode-terminal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
const LINK = '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\';
const HOSTILE = `${TITLE}${CLEAR}\u202egnp.exe\u200b\u009b31m${LINK}\udb40\udc41`;
/** What must never be printed raw: C0 controls but the line feed, DEL, C1, bidi, zero-width and tag characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]|\udb40[\udc00-\udc7f]/;

function run(name: string, document: unknown, ...options: string[]) {
  const spec = join(root, `${name}.json`);
  writeFileSync(spec, JSON.stringify(document));
  const result = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'bin', 'avanode-gen.mjs'), '--spec', spec, '--out', join(root, name), '--scope', `@${name}`, ...options], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, printed: `${result.stdout}${result.stderr}`, stderr: result.stderr };
}

const method = (name: string, extra: Record<string, unknown> = {}) => ({ name, summary: HOSTILE, description: HOSTILE, params: [{ name: 'p', description: HOSTILE, schema: { type: 'string', title: HOSTILE } }], result: { name: 'r', schema: { type: 'string' } }, ...extra });

describe("avanode-gen prints a document's text with its controls escaped", () => {
  it('warnings: a settled name, an example that fails a pattern holding an escape, its name', () => {
    const document = {
      openrpc: '1.2.6',
      info: { title: HOSTILE, version: '1.0.0', description: HOSTILE },
      methods: [
        method(`constructor${HOSTILE}`),
        method('constructor'),
        method('pets.get', {
          params: [{ name: 'id', required: true, schema: { type: 'string', pattern: '^\u001b\\[2J$' } }],
          examples: [{ name: `bad ${TITLE}`, params: [{ name: 'id', value: 'x' }], result: { name: 'r', value: 'y' } }],
        }),
      ],
    };
    const result = run('warned', document, '--allow-bad-examples');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('warning:');
    expect(result.printed).not.toMatch(RAW);
    // Shown, escaped: the example's name and the pattern from the document.
    expect(result.stderr).toContain("bad \\u001b]0;pwned\\u0007");
    expect(result.stderr).toContain('^\\u001b\\[2J$');
  }, 180_000);

  it('a warning quoting a line break stays one line (the random-documents seed 738508 case)', () => {
    const document = {
      openrpc: '1.2.6',
      info: { title: 'breaks', version: '1.0.0' },
      methods: [method('pets.get', { examples: [{ name: "x\nbreak'): params /1 must NOT have additional properties", params: [{ name: 'p', value: 'a' }, { name: 'q', value: 'b' }], result: { name: 'r', value: 'y' } }] })],
    };
    const result = run('breaks', document, '--allow-bad-examples');
    expect(result.status, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('does not match its schema'));
    expect(warnings.length).toBeGreaterThan(0);
    // Every line of stderr is a whole warning: none starts with the text after the break.
    for (const line of result.stderr.split('\n').filter(Boolean)) expect(line).toMatch(/^avanode-gen/);
    expect(warnings.join('\n')).toContain("x\\u000abreak'");
  }, 180_000);

  it('errors: names, params, refs and a refused ref that quote the escapes, every line escaped', () => {
    const document = {
      openrpc: '1.2.6',
      info: { title: HOSTILE, version: '1.0.0' },
      methods: [
        method(`a${HOSTILE}`, { params: [{ name: `p${TITLE}`, schema: { $ref: `#/components/schemas/${CLEAR}` } }] }),
        method(`a${HOSTILE}`),
        method('c', { params: [{ name: `x${LINK}` }] }),
      ],
    };
    const result = run('refused', document);
    expect(result.status).toBe(1);
    expect(result.printed).not.toMatch(RAW);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^avanode-gen: /);
    expect(result.stderr).toContain('\\u001b]0;pwned\\u0007');
    // A refused ref, when the document is read.
    const refused = run('outside', { openrpc: '1.2.6', info: { title: 't', version: '1' }, methods: [method('b', { params: [{ name: 'q', schema: { $ref: `../${TITLE}.json` } }] })] });
    expect(refused.status).toBe(1);
    expect(refused.printed).not.toMatch(RAW);
    expect(refused.stderr).toContain("$ref '../\\u001b]0;pwned\\u0007.json' is refused");
  }, 180_000);
});

describe('printable', () => {
  it('escapes every character a terminal acts on or hides, and keeps the rest', () => {
    expect(printable(HOSTILE)).not.toMatch(RAW);
    expect(printable(`${TITLE}\u202e`)).toBe('\\u001b]0;pwned\\u0007\\u202e');
    expect(printable('\u009b\u00ad\u180e\u2066\ufeff\udb40\udc41')).toBe('\\u009b\\u00ad\\u180e\\u2066\\ufeff\\udb40\\udc41');
    // Text, accents, emoji and other scripts stay as they are; applying it twice changes nothing.
    const plain = 'Café ünïcode 😀 中文 <b> {{x}} \\u0041';
    expect(printable(plain)).toBe(plain);
    expect(printable(printable(HOSTILE))).toBe(printable(HOSTILE));
  });
});

describe('GeneratorError', () => {
  it('holds one printable line a problem, whatever the document text a message quotes', async () => {
    const { GeneratorError, problemsError } = await import('../src/errors.ts');
    const { parseDocument } = await import('../src/model.ts');
    // A version string with a line break and a bidi override: the one-problem throw quotes it.
    let thrown: unknown;
    try {
      parseDocument({ openrpc: `9.0\n${HOSTILE}`, info: { title: 't', version: '1' }, methods: [] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GeneratorError);
    const error = thrown as InstanceType<typeof GeneratorError>;
    expect(error.problems).toHaveLength(1);
    expect(error.message).not.toMatch(RAW);
    expect(error.message).toContain('#/openrpc: expected an OpenRPC 1.x version');
    // Problems gathered from several places stay one a line, each escaped, and a raw line feed
    // inside one does not make two.
    const gathered = problemsError([`#/methods/0: method 'a\nb' (x)`, `#/methods/1: ${TITLE}`]);
    expect(gathered.problems).toEqual([`#/methods/0: method 'a\\u000ab' (x)`, '#/methods/1: \\u001b]0;pwned\\u0007']);
    expect(gathered.message.split('\n')).toEqual(gathered.problems);
    expect(gathered.where).toBe('#/methods/0');
  });
});
