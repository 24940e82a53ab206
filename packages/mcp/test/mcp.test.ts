// `avanode mcp` as an MCP client sees it: the official SDK's client starts the command against
// the mock node (@avanode/mock on 127.0.0.1, port 0), over stdio and over Streamable HTTP.
import { type MockServer, startMockServer } from '@avanode/mock/server';
import { validateResult } from '@avanode/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECODE_TOOL } from '../src/decode.ts';
import { CALL_TOOL, FIND_TOOL } from '../src/server.ts';
import { tools } from '../src/generated/tools.ts';
import { allTextOf, type Connected, overHttp, overStdio, startHttp, textOf } from './harness.ts';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const reads = tools.filter((t) => !t.mutating);
const writes = tools.filter((t) => t.mutating);
const byDefault = reads.filter((t) => t.toolset === 'platform' || t.toolset === 'health');

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock?.close());

/** The members at the top of a generated output schema (through a `$ref` into its `$defs`). */
function topMembers(schema: object): object {
  const root = schema as { $ref?: string; $defs?: Record<string, { properties?: object }>; properties?: object };
  return (root.$ref ? root.$defs?.[root.$ref.slice('#/$defs/'.length)]?.properties : root.properties) ?? {};
}

/** The structured content as the method's result (unwrapped when the tool wraps it). */
const resultOf = (tool: (typeof tools)[number], content: unknown) => (tool.wrapped ? (content as { result: unknown }).result : content);

describe('over stdio, read-only (the default)', () => {
  let s: Connected;
  beforeAll(async () => {
    s = await overStdio(['--url', mock.url]);
  });
  afterAll(() => s?.close());

  it('lists platform and health tools, the search-and-call pair and the decoder: within 40, no write', async () => {
    const { tools: listed } = await s.client.listTools();
    const names = listed.map((t) => t.name).sort();
    expect(names).toEqual([...byDefault.map((t) => t.name), FIND_TOOL, CALL_TOOL, DECODE_TOOL].sort());
    expect(listed.length).toBeLessThanOrEqual(40);
    for (const t of listed) expect(t.name).toMatch(TOOL_NAME);
    expect(names).not.toContain('platform_issueTx');
  });

  it('gives each tool its description, object schemas (self-contained) and read-only annotations', async () => {
    const { tools: listed } = await s.client.listTools();
    const height = listed.find((t) => t.name === 'platform_getHeight')!;
    expect(height.annotations).toMatchObject({ readOnlyHint: true });
    expect(height.outputSchema).toMatchObject({ type: 'object', properties: { height: expect.any(Object) } });
    for (const t of listed) {
      expect(t.inputSchema.type, t.name).toBe('object');
      if (t.outputSchema) expect(t.outputSchema.type, t.name).toBe('object');
      // No reference leaves the schema: each points into its own $defs.
      const text = JSON.stringify([t.inputSchema, t.outputSchema ?? {}]);
      for (const ref of text.match(/"\$ref":"[^"]*"/g) ?? []) expect(ref, t.name).toMatch(/^"\$ref":"#\/\$defs\//);
      const generated = tools.find((g) => g.name === t.name);
      if (generated) {
        expect(t.description).toBe(generated.description);
        expect(t.annotations).toEqual(generated.annotations);
      }
    }
    // A result that is not an object is wrapped as { result }.
    const status = listed.find((t) => t.name === 'platform_getTxStatus');
    expect(status?.outputSchema).toMatchObject({ type: 'object', required: ['result'] });
  });

  it("calls every read tool with its examples' arguments, each structured result valid against the method's result schema", async () => {
    let checked = 0;
    for (const tool of reads) {
      for (const example of tool.examples) {
        const direct = byDefault.includes(tool);
        const result = direct
          ? await s.client.callTool({ name: tool.name, arguments: example.arguments })
          : await s.client.callTool({ name: CALL_TOOL, arguments: { name: tool.name, arguments: example.arguments } });
        expect(result.isError, `${tool.name} (${example.name ?? ''}): ${textOf(result)}`).toBeFalsy();
        if (!tool.outputSchema) continue;
        const verdict = validateResult(tool.method, resultOf(tool, result.structuredContent));
        expect(verdict, `${tool.name} (${example.name ?? ''})`).toEqual({ ok: true });
        // What a model that reads only text sees: the JSON itself, the structured content exactly.
        expect(JSON.parse(textOf(result)), tool.name).toEqual(result.structuredContent);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(reads.length);
  });

  it('answers bad arguments with a tool error naming the argument, and keeps serving', async () => {
    const wrongType = await s.client.callTool({ name: 'platform_getCurrentValidators', arguments: { nodeIDs: 'NodeID-1' } });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/nodeIDs/);
    const unknown = await s.client.callTool({ name: 'platform_getHeight', arguments: { heigth: 1 } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/unknown argument "heigth"/);
    const missing = await s.client.callTool({ name: 'platform_getBlockchainStatus', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/blockchainID/);
    // Behind the pair: the same check, naming the argument.
    const behind = await s.client.callTool({ name: CALL_TOOL, arguments: { name: 'info_isBootstrapped', arguments: { chain: 42 } } });
    expect(behind.isError).toBe(true);
    expect(textOf(behind)).toMatch(/chain/);
    // The node's own refusal is a tool error too.
    const refused = await s.client.callTool({ name: 'platform_getTx', arguments: { txID: '11111111111111111111111111111111LpoYY', encoding: 'hex' } });
    if (refused.isError) expect(textOf(refused)).toMatch(/platform\.getTx/);
    const after = await s.client.callTool({ name: 'platform_getHeight', arguments: {} });
    expect(after.isError).toBeFalsy();
    expect(after.structuredContent).toMatchObject({ height: expect.any(String) });
  });

  it('has no write behind the pair either', async () => {
    const found = await s.client.callTool({ name: FIND_TOOL, arguments: { query: 'issueTx' } });
    expect((found.structuredContent as { tools: unknown[] }).tools).toEqual([]);
    const called = await s.client.callTool({ name: CALL_TOOL, arguments: { name: 'platform_issueTx', arguments: { tx: '0x00' } } });
    expect(called.isError).toBe(true);
  });

  it('finds the tools behind the pair by a word', async () => {
    const found = await s.client.callTool({ name: FIND_TOOL, arguments: { query: 'uptime' } });
    const names = (found.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(names).toContain('info_uptime');
    expect(JSON.parse(textOf(found))).toEqual(found.structuredContent);
  });

  it('decodes a hex tx with the codec', async () => {
    const getTx = tools.find((t) => t.method === 'platform.getTx')!;
    const example = getTx.examples.find((e) => e.arguments.encoding === 'hex') ?? getTx.examples[0]!;
    const answer = await s.client.callTool({ name: 'platform_getTx', arguments: { ...example.arguments, encoding: 'hex' } });
    const hex = ((answer.structuredContent as { result: { tx: unknown } }).result.tx);
    if (typeof hex !== 'string') return expect.unreachable(`getTx answered ${JSON.stringify(hex).slice(0, 80)}`);
    const decoded = await s.client.callTool({ name: DECODE_TOOL, arguments: { kind: 'tx', hex } });
    expect(decoded.isError, textOf(decoded)).toBeFalsy();
    expect(JSON.parse(textOf(decoded))).toEqual(decoded.structuredContent);
    expect((decoded.structuredContent as { decoded: Record<string, unknown> }).decoded).toHaveProperty('unsignedTx');
    const bad = await s.client.callTool({ name: DECODE_TOOL, arguments: { kind: 'tx', hex: '0x00' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^hex:/);
  });

  it('lists everything in at most 48,000 characters: output schemas as outlines, input schemas whole', async () => {
    const listing = await s.client.listTools();
    const size = JSON.stringify(listing).length;
    expect(size).toBeLessThanOrEqual(48_000);
    // The input schemas are the table's, unchanged; each output schema is the result's top-level members.
    for (const t of listing.tools) {
      const generated = tools.find((g) => g.name === t.name);
      if (!generated) continue;
      expect(t.inputSchema, t.name).toEqual(generated.inputSchema);
      if (generated.outputSchema) expect(Object.keys((t.outputSchema as { properties?: object }).properties ?? {}), t.name).toEqual(Object.keys(topMembers(generated.outputSchema)));
    }
    const validators = listing.tools.find((t) => t.name === 'platform_getCurrentValidators')!;
    expect(validators.outputSchema).toMatchObject({ type: 'object', properties: { validators: { type: 'array' } }, required: ['validators'] });
  });

  it('writes nothing but protocol messages to stdout (the SDK client parsed every line), and says nothing on stderr', () => {
    expect(s.stderr()).toBe('');
  });
});

describe('over stdio with --allow-writes and every toolset', () => {
  let s: Connected;
  beforeAll(async () => {
    s = await overStdio(['--url', mock.url, '--allow-writes', '--toolsets', 'platform']);
  });
  afterAll(() => s?.close());

  it('lists the writes with their annotations', async () => {
    const { tools: listed } = await s.client.listTools();
    for (const w of writes.filter((t) => t.toolset === 'platform')) {
      const found = listed.find((t) => t.name === w.name);
      expect(found?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false });
    }
    expect(listed.some((t) => t.name === 'platform_issueTx')).toBe(true);
    expect(listed.some((t) => t.name.startsWith('health_'))).toBe(false);
  });
});

describe('a large answer', () => {
  let big: MockServer;
  let s: Connected;
  const copies = 3000;
  beforeAll(async () => {
    const method = tools.find((t) => t.method === 'platform.getCurrentValidators')!;
    const example = (await import('../../mock/src/generated/mock-data.ts')).mockData.methods['platform.getCurrentValidators']!.examples[0]!.result as { validators: unknown[] };
    const validators = Array.from({ length: copies }, (_, i) => example.validators[i % example.validators.length]);
    expect(method.paging?.paths).toContainEqual(['validators']);
    big = await startMockServer({ port: 0, overrides: { 'platform.getCurrentValidators': { validators } as never } });
    s = await overStdio(['--url', big.url]);
  });
  afterAll(async () => {
    await s?.close();
    await big?.close();
  });

  it('comes in pages that fit, each valid, together the whole list, with a note on how to get the next', async () => {
    const first = await s.client.callTool({ name: 'platform_getCurrentValidators', arguments: {} });
    expect(first.isError, textOf(first)).toBeFalsy();
    const pages = Number(/page 1 of (\d+)/.exec(allTextOf(first))?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(allTextOf(first)).toContain('"page": 2');
    let total = 0;
    for (let page = 1; page <= pages; page++) {
      const answer = page === 1 ? first : await s.client.callTool({ name: 'platform_getCurrentValidators', arguments: { page } });
      expect(JSON.stringify(answer.structuredContent).length).toBeLessThanOrEqual(64_000);
      // The page itself, as text, then the note saying which page it is.
      expect(JSON.parse(textOf(answer))).toEqual(answer.structuredContent);
      expect(allTextOf(answer)).toContain(`page ${page} of ${pages}`);
      expect(validateResult('platform.getCurrentValidators', answer.structuredContent)).toEqual({ ok: true });
      total += (answer.structuredContent as { validators: unknown[] }).validators.length;
    }
    expect(total).toBe(copies);
    const beyond = await s.client.callTool({ name: 'platform_getCurrentValidators', arguments: { page: pages + 1 } });
    expect(beyond.isError).toBe(true);
    expect(textOf(beyond)).toMatch(new RegExp(`^page: .*${pages} pages`));
  });
});

describe('over Streamable HTTP on 127.0.0.1', () => {
  let server: Awaited<ReturnType<typeof startHttp>>;
  let s: Connected;
  beforeAll(async () => {
    server = await startHttp(['--url', mock.url]);
    s = await overHttp(server.url);
  });
  afterAll(async () => {
    await s?.close();
    expect(await server?.stop()).toBe(0);
  });

  it('lists the same tools and answers a call', async () => {
    const { tools: listed } = await s.client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual([...byDefault.map((t) => t.name), FIND_TOOL, CALL_TOOL, DECODE_TOOL].sort());
    const height = await s.client.callTool({ name: 'platform_getHeight', arguments: {} });
    expect(validateResult('platform.getHeight', height.structuredContent)).toEqual({ ok: true });
    const bad = await s.client.callTool({ name: 'platform_getBlock', arguments: { blockID: 7 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/blockID/);
  });

  it('refuses a request from another origin (DNS rebinding) and a foreign Host, and serves its own', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (headers: Record<string, string>) =>
      fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(init) });
    expect((await post({ origin: 'http://attacker.example' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    const own = await post({ origin: new URL(server.url).origin });
    expect(own.status).toBe(200);
    await own.body?.cancel();
    // Host is checked too: a rebinding page's requests carry its own name.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(server.url, { method: 'POST', headers: { host: 'attacker.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(init));
    });
    expect(status).toBe(403);
    expect(server.stderr()).toMatch(/refused a request/);
  });

  it('answers 400 to a request target no URL can hold, and keeps serving', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(server.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end('GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    const height = await s.client.callTool({ name: 'platform_getHeight', arguments: {} });
    expect(height.isError).toBeFalsy();
  });
});

describe('integers beyond 2^53', () => {
  let big: MockServer;
  let s: Connected;
  beforeAll(async () => {
    const example = (await import('../../mock/src/generated/mock-data.ts')).mockData.methods['platform.getFeeState']!.examples[0]!.result as Record<string, unknown>;
    // The node writes these uint64s as bare JSON numbers; the mock prints a bigint exactly (a
    // function: the mock checks a plain override against the result schema, which has no bigint).
    const answer = { ...example, excess: 18446744073709551615n, price: 9007199254740993n, capacity: 7 };
    big = await startMockServer({ port: 0, overrides: { 'platform.getFeeState': (() => answer) as never } });
    s = await overStdio(['--url', big.url]);
  });
  afterAll(async () => {
    await s?.close();
    await big?.close();
  });

  it('come back with their exact digits, valid against the output schema, and a safe one as a number', async () => {
    const answer = await s.client.callTool({ name: 'platform_getFeeState', arguments: {} });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ excess: '18446744073709551615', price: '9007199254740993', capacity: 7 });
    expect(textOf(answer)).toContain('"excess":"18446744073709551615"');
    expect(validateResult('platform.getFeeState', answer.structuredContent)).toEqual({ ok: true });
  });

  it('are declared so in the listed output schema (its outline): an integer, or a string of 16 or more digits', async () => {
    const { tools: listed } = await s.client.listTools();
    const members = (listed.find((t) => t.name === 'platform_getFeeState')!.outputSchema as { properties: Record<string, { type: unknown; pattern: string }> }).properties;
    expect(members.excess!.type).toEqual(['integer', 'string']);
    expect(new RegExp(members.excess!.pattern).test('9007199254740993')).toBe(true);
    expect(new RegExp(members.excess!.pattern).test('42')).toBe(false);
  });
});

describe('large answers that are not a list member: a map result, wrapped results, a hex string', () => {
  let big: MockServer;
  let s: Connected;
  const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  /** A distinct NodeID per number (the schema's form: NodeID- and 20 to 40 base58 characters). */
  const nodeIDOf = (n: number) => {
    let digits = '';
    for (let rest = n; digits.length === 0 || rest > 0; rest = Math.floor(rest / 58)) digits = BASE58[rest % 58] + digits;
    return `NodeID-${digits.padStart(33, 'A')}`;
  };
  const validatorsAt = Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [nodeIDOf(i), { publicKey: null, weight: String(2000 + i) }]));
  let utxos: string[] = [];
  // A 100 kB tx (the node's P-chain txs reach 64 KiB and more in a block): its hex is 200,000 digits.
  const txHex = `0x${Array.from({ length: 100_000 }, (_, i) => (i * 7 % 256).toString(16).padStart(2, '0')).join('')}`;
  beforeAll(async () => {
    const data = (await import('../../mock/src/generated/mock-data.ts')).mockData.methods;
    const utxoExample = data['platform.getUTXOs']!.examples.find((e) => (e.result as { encoding: string }).encoding !== 'json')!.result as { utxos: string[]; encoding: string; endIndex: unknown };
    utxos = Array.from({ length: 3000 }, (_, i) => utxoExample.utxos[i % utxoExample.utxos.length]!);
    big = await startMockServer({
      port: 0,
      overrides: {
        'platform.getValidatorsAt': validatorsAt as never,
        'platform.getUTXOs': { ...utxoExample, numFetched: String(utxos.length), utxos } as never,
        // A function: its answer is not checked against the schema (the bytes are no real tx's, only their size matters).
        'platform.getTx': (() => ({ tx: txHex, encoding: 'hex' })) as never,
      },
    });
    s = await overStdio(['--url', big.url]);
  });
  afterAll(async () => {
    await s?.close();
    await big?.close();
  });

  /** Every page of a tool's answer, checked to fit and to be valid against the method's result schema. */
  async function allPages(name: string, args: Record<string, unknown>): Promise<unknown[]> {
    const tool = tools.find((t) => t.name === name)!;
    const first = await s.client.callTool({ name, arguments: args });
    expect(first.isError, textOf(first)).toBeFalsy();
    const pages = Number(/page 1 of (\d+)/.exec(allTextOf(first))?.[1]);
    expect(pages, allTextOf(first)).toBeGreaterThan(1);
    expect(allTextOf(first)).toContain('"page": 2');
    const results: unknown[] = [];
    for (let page = 1; page <= pages; page++) {
      const answer = page === 1 ? first : await s.client.callTool({ name, arguments: { ...args, page } });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      expect(JSON.parse(textOf(answer))).toEqual(answer.structuredContent);
      expect(JSON.stringify(answer.structuredContent).length).toBeLessThanOrEqual(64_000);
      results.push(resultOf(tool, answer.structuredContent));
    }
    const beyond = await s.client.callTool({ name, arguments: { ...args, page: pages + 1 } });
    expect(beyond.isError).toBe(true);
    return results;
  }

  it('pages platform.getValidatorsAt (a map of NodeIDs at the root): each page valid, together the whole map', async () => {
    const pages = (await allPages('platform_getValidatorsAt', { height: '1' })) as Array<Record<string, unknown>>;
    for (const page of pages) expect(validateResult('platform.getValidatorsAt', page)).toEqual({ ok: true });
    expect(Object.assign({}, ...pages)).toEqual(validatorsAt);
  });

  it('pages platform.getUTXOs (wrapped as { result }) by its utxos, the rest kept on every page', async () => {
    const pages = (await allPages('platform_getUTXOs', { addresses: ['P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy'] })) as Array<{ utxos: string[]; numFetched: string }>;
    for (const page of pages) {
      expect(validateResult('platform.getUTXOs', page)).toEqual({ ok: true });
      expect(page.numFetched).toBe(String(utxos.length));
    }
    expect(pages.flatMap((p) => p.utxos)).toEqual(utxos);
  });

  it('pages a hex tx by bytes: each page a hex string of whole bytes, 0x and the pages in order are the whole', async () => {
    const example = tools.find((t) => t.name === 'platform_getTx')!.examples[0]!.arguments;
    const pages = (await allPages('platform_getTx', { ...example, encoding: 'hex' })) as Array<{ tx: string; encoding: string }>;
    for (const page of pages) {
      expect(page.tx).toMatch(/^0x([0-9a-f]{2}){4,}$/);
      expect(page.encoding).toBe('hex');
    }
    expect(`0x${pages.map((p) => p.tx.slice(2)).join('')}`).toBe(txHex);
  });
});

describe('the 2026-07-28 protocol revision (the SDK client pinned to it)', () => {
  let server: Awaited<ReturnType<typeof startHttp>>;
  let overHttpModern: Connected;
  let overStdioModern: Connected;
  beforeAll(async () => {
    server = await startHttp(['--url', mock.url]);
    overHttpModern = await overHttp(server.url, '2026-07-28');
    overStdioModern = await overStdio(['--url', mock.url], '2026-07-28');
  });
  afterAll(async () => {
    await overHttpModern?.close();
    await overStdioModern?.close();
    expect(await server?.stop()).toBe(0);
  });

  for (const [label, connected] of [
    ['over Streamable HTTP', () => overHttpModern],
    ['over stdio', () => overStdioModern],
  ] as const) {
    it(`${label}: negotiates it, lists the tools, answers a call and a bad one`, async () => {
      const s = connected();
      expect(s.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const { tools: listed } = await s.client.listTools();
      expect(listed.map((t) => t.name).sort()).toEqual([...byDefault.map((t) => t.name), FIND_TOOL, CALL_TOOL, DECODE_TOOL].sort());
      const height = await s.client.callTool({ name: 'platform_getHeight', arguments: {} });
      expect(height.isError, textOf(height)).toBeFalsy();
      expect(validateResult('platform.getHeight', height.structuredContent)).toEqual({ ok: true });
      const behind = await s.client.callTool({ name: CALL_TOOL, arguments: { name: 'info_getNetworkID', arguments: {} } });
      expect(behind.isError, textOf(behind)).toBeFalsy();
      const bad = await s.client.callTool({ name: 'platform_getBlock', arguments: { blockID: 7 } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/blockID/);
    });
  }
});
