// The MCP tool table of documents that are not avanode's (the generator's golden sample: by-name and
// by-position methods, a path variable, a write; and the OpenRPC project's own petstore example):
// `avanode-gen` writes it, tsc compiles it against the server's types, and @avanode/mcp serves it
// over Streamable HTTP through the client generated for that document, to the SDK's client.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheck } from '../../../scripts/typecheck.ts';
import type { McpTool } from '../src/generated/tools.ts';
import { serveHttp } from '../src/http.ts';
import { createMcpServer, type MethodCaller } from '../src/server.ts';
import { overHttp, textOf } from './harness.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'avanode-mcp-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const documents = {
  ledger: join(repo, 'generators/test/golden/ledger.openrpc.json'),
  petstore: fileURLToPath(import.meta.resolve('@open-rpc/examples/build/service-descriptions/petstore-openrpc.json')),
};

/** A JSON-RPC double of the document's node: each method answers its first example's result. */
async function exampleServer(document: { methods: Array<{ name: string; examples?: Array<{ result?: { value: unknown } }> }> }): Promise<{ url: string; server: Server }> {
  const answers = new Map(document.methods.map((m) => [m.name, m.examples?.find((e) => e.result)?.result?.value ?? null]));
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answers.has(request.method) ? { jsonrpc: '2.0', id: request.id, result: answers.get(request.method) } : { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'method not found' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.each(Object.entries(documents))('the %s document', (name, spec) => {
  const dir = join(out, name);
  const document = JSON.parse(readFileSync(spec, 'utf8'));

  it('generates a tool table that compiles against the server types and serves every tool', async () => {
    execFileSync(process.execPath, [join(repo, 'generators/bin/avanode-gen.mjs'), '--spec', spec, '--out', dir], { stdio: 'pipe' });
    writeFileSync(
      join(dir, 'usage.ts'),
      [`import type { McpTool } from '${join(repo, 'packages/mcp/src/generated/tools.ts')}';`, "import { tools } from './mcp/src/generated/tools.ts';", 'export const table: readonly McpTool[] = tools;', ''].join('\n'),
    );
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, allowImportingTsExtensions: true, module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', types: [] }, files: ['usage.ts'] }));
    expect(typecheck(join(dir, 'tsconfig.json'))).toBe('');

    const { tools } = (await import(pathToFileURL(join(dir, 'mcp/src/generated/tools.ts')).href)) as { tools: readonly McpTool[] };
    expect(tools.map((t) => t.method)).toEqual(document.methods.map((m: { name: string }) => m.name));
    const node = await exampleServer(document);
    const { createClient } = (await import(pathToFileURL(join(dir, 'client/src/generated/index.ts')).href)) as { createClient: (config: { url: string }) => MethodCaller };
    const client = createClient({ url: node.url });
    // Its toolsets are not avanode's: every tool is listed directly, writes included when allowed.
    const http = await serveHttp(() => createMcpServer({ tools, client, allowWrites: true, name }), 0, () => {});
    const s = await overHttp(http.url);
    try {
      const { tools: listed } = await s.client.listTools();
      expect(listed.map((t) => t.name).sort()).toEqual([...tools.map((t) => t.name), 'avanode_decode'].sort());
      for (const tool of tools) {
        const seen = listed.find((t) => t.name === tool.name)!;
        expect(seen.inputSchema).toMatchObject({ type: 'object' });
        expect(seen.annotations?.readOnlyHint).toBe(!tool.mutating);
        for (const example of tool.examples) {
          const result = await s.client.callTool({ name: tool.name, arguments: example.arguments });
          // petstore's own create_pet example names a param `tag` the method calls `newPetTag`:
          // the tool refuses it, as it should, naming the argument.
          const known = Object.keys(tool.inputSchema.properties as object);
          if (Object.keys(example.arguments).some((a) => !known.includes(a))) {
            expect(result.isError, tool.name).toBe(true);
            expect(textOf(result)).toMatch(/unknown argument "tag"; it takes newPetName, newPetTag/);
            continue;
          }
          expect(result.isError, `${tool.name}: ${textOf(result)}`).toBeFalsy();
          const expected = document.methods.find((m: { name: string }) => m.name === tool.method).examples.find((e: { result?: unknown }) => e.result)?.result.value;
          if (tool.outputSchema) expect(tool.wrapped ? (result.structuredContent as { result: unknown }).result : result.structuredContent).toEqual(expected);
        }
      }
      const bad = await s.client.callTool({ name: tools[0]!.name, arguments: { notAParam: 1 } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/unknown argument "notAParam"/);
    } finally {
      await s.close();
      await http.close();
      node.server.close();
    }
  });
});
