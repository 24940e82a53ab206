// Nothing from outside reaches the terminal raw (src/terminal-text.ts): a document's summary,
// description, param description and example name in a method's --help (the method table is
// generated from the document, so it is the table here that carries them), a node's error
// message, and a result's strings. ESC (OSC 0 title, CSI 2J, OSC 8 hyperlinks), C1, bidi and
// zero-width characters show as `\u` escapes; JSON output still reads back as the same value.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.ts';
import { terminalText } from '../src/terminal-text.ts';

// Hoisted with vi.mock's factory, which uses them.
const { TITLE, HOSTILE } = vi.hoisted(() => {
  const title = '\u001b]0;pwned\u0007';
  const link = '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\';
  return { TITLE: title, HOSTILE: `${title}\u001b[2J\u202egnp.exe\u200b\u009b31m\r${link}` };
});
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]|\udb40[\udc00-\udc7f]/;

// The method table as a hostile document would make it: its texts on the first method with params.
vi.mock('../src/generated/methods.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/generated/methods.ts')>();
  const methods = structuredClone(original.methods) as Array<Record<string, unknown> & { params: Array<Record<string, unknown>>; examples: Array<Record<string, unknown>> }>;
  const target = methods.find((m) => m.params.length > 0)!;
  Object.assign(target, { summary: HOSTILE, description: `${HOSTILE}\n\n${HOSTILE}` });
  target.params[0]!.description = HOSTILE;
  target.examples = [{ name: HOSTILE, params: {}, result: { note: HOSTILE } }];
  return { ...original, methods };
});

const { methods } = await import('../src/table.ts');
const hostileMethod = methods.find((m) => m.summary === HOSTILE)!;

async function call(argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text), env: { AVANODE_URL: '' } });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** A node double: an error whose message holds escape sequences, or a result whose strings do. */
let node: { url: string; server: Server };
beforeAll(async () => {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      const answer = request.url?.includes('fail') ? { jsonrpc: '2.0', id, error: { code: -32000, message: HOSTILE } } : { jsonrpc: '2.0', id, result: { height: HOSTILE } };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
});
afterAll(() => new Promise<void>((resolve) => node.server.close(() => resolve())));

describe('what avanode prints', () => {
  it("a method's --help: the document's texts with their controls escaped", async () => {
    expect(hostileMethod, 'the mocked table').toBeDefined();
    const result = await call([hostileMethod.namespace, hostileMethod.member, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW);
    expect(result.stdout).toContain('\\u001b]0;pwned\\u0007\\u001b[2J\\u202egnp.exe\\u200b\\u009b31m\\u000d\\u001b]8;;https://evil.example/');
  });

  it("a node's error message: one line, escaped", async () => {
    const result = await call(['platform', 'getHeight', '--url', `${node.url}/fail`]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(RAW);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('\\u001b]0;pwned\\u0007');
  });

  it("a result's strings: escaped, and the JSON reads back as the node's value", async () => {
    const result = await call(['platform', 'getHeight', '--url', node.url, '--no-validate']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(RAW);
    expect(JSON.parse(result.stdout)).toEqual({ height: HOSTILE });
  });
});

describe('terminalText', () => {
  it('escapes what a terminal acts on or hides, keeps tabs, line feeds and text', () => {
    expect(terminalText(`a\tb\nc${TITLE}\u00ad\u2066\ufeff\udb40\udc41`)).toBe('a\tb\nc\\u001b]0;pwned\\u0007\\u00ad\\u2066\\ufeff\\udb40\\udc41');
    const plain = 'Café 😀 中文 <b> {"a": "\\u0041"}';
    expect(terminalText(plain)).toBe(plain);
  });
});
