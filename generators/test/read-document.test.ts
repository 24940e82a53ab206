// Foreign documents are read through @open-rpc/schema-utils-js (a file or an http(s) URL) and
// checked against OpenRPC's meta-schema; their external `$ref`s (files beside them, URLs, with
// pointers inside those files) are bundled into their components, so the generated packages
// name the external schemas and compile. A recursive schema, which schema-utils' own
// dereferencing cannot take (generators/README.md), works.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOutputs } from './compile-outputs.ts';
import { runCli } from './run-cli.ts';

const root = mkdtempSync(join(tmpdir(), 'avanode-read-'));
const documents = join(root, 'documents');
mkdirSync(join(documents, 'shared'), { recursive: true });

const document = {
  openrpc: '1.2.6',
  info: { title: 'Pets', version: '1.0.0' },
  methods: [
    { name: 'pets.tree', params: [], result: { name: 'tree', schema: { $ref: '#/components/schemas/Node' } } },
    { name: 'pets.adopt', params: [{ name: 'pet', required: true, schema: { $ref: 'shared/pet.json#/Pet' } }], result: { name: 'owner', schema: { $ref: 'shared/pet.json#/Owner' } } },
  ],
  components: { schemas: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } } },
};
// Pet refers to Owner inside its own file, and to a file beside it.
const pets = { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, owner: { $ref: '#/Owner' }, tag: { $ref: 'tag.json' } } }, Owner: { type: 'object', properties: { id: { type: 'integer' } } } };
const tag = { type: 'string', enum: ['cat', 'dog'] };

let server: Server;
let base: string;
beforeAll(async () => {
  writeFileSync(join(documents, 'pets.openrpc.json'), JSON.stringify(document));
  writeFileSync(join(documents, 'shared', 'pet.json'), JSON.stringify(pets));
  writeFileSync(join(documents, 'shared', 'tag.json'), JSON.stringify(tag));
  // The same files over HTTP, on 127.0.0.1.
  server = createServer((request, response) => {
    const path = join(documents, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    try {
      const body = readFileSync(path);
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('reading a foreign document', () => {
  it('from a file and from a URL: external references bundled, the same types either way, everything compiles', async () => {
    const fromFile = await runCli(['--spec', join(documents, 'pets.openrpc.json'), '--out', join(root, 'file'), '--scope', '@file']);
    expect(fromFile.err).toBe('');
    expect(fromFile.code).toBe(0);
    const fromUrl = await runCli(['--spec', `${base}/pets.openrpc.json`, '--out', join(root, 'url'), '--scope', '@url']);
    expect(fromUrl.err).toBe('');
    expect(fromUrl.code).toBe(0);
    const types = readFileSync(join(root, 'file', 'types', 'src', 'index.ts'), 'utf8');
    expect(types).toMatch(/export interface Pet \{\s+name: string;\s+owner\?: Owner;\s+tag\?: Tag;/);
    expect(types).toContain('export type Tag = "cat" | "dog";');
    expect(types).toMatch(/export interface Node \{\s+children\?: Node\[\];/);
    expect(readFileSync(join(root, 'url', 'types', 'src', 'index.ts'), 'utf8').split('\n').slice(2).join('\n')).toBe(types.split('\n').slice(2).join('\n'));
    expect(compileOutputs(root, ['file', 'url'])).toBe('');
  });

  it('refuses, in one line, a reference that does not resolve, a file it cannot read and what the meta-schema refuses', async () => {
    const broken = structuredClone(document);
    broken.methods[1]!.params[0]!.schema.$ref = 'shared/pet.json#/Cat';
    writeFileSync(join(documents, 'broken.json'), JSON.stringify(broken));
    const dangling = await runCli(['--spec', join(documents, 'broken.json'), '--out', join(root, 'broken')]);
    expect(dangling.code).toBe(1);
    expect(dangling.err.split('\n')).toHaveLength(1);
    expect(dangling.err).toContain("#/methods/1/params/0/schema: $ref 'shared/pet.json#/Cat' does not resolve in file://");

    const missing = await runCli(['--spec', `${base}/nowhere.json`, '--out', join(root, 'missing')]);
    expect(missing.code).toBe(1);
    expect(missing.err.split('\n')).toHaveLength(1);

    const invalid = structuredClone(document) as Record<string, unknown>;
    invalid.info = { title: 'No version' };
    writeFileSync(join(documents, 'invalid.json'), JSON.stringify(invalid));
    const refused = await runCli(['--spec', join(documents, 'invalid.json'), '--out', join(root, 'invalid')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^avanode-gen: .*invalid\.json: not a valid OpenRPC document: #\/info: .* \(OpenRPC meta-schema\)$/);
  });

  it('takes a `$ref` inside data as data (an example value, an error\'s data, x-http-endpoints\' paths and bodies), and still follows one under a property named like data', async () => {
    const withData = {
      openrpc: '1.2.6',
      info: { title: 'Data', version: '1.0.0' },
      methods: [
        {
          name: 'notes.get',
          params: [{ name: 'note', required: true, schema: { type: 'object', properties: { default: { $ref: 'shared/pet.json#/Owner' }, value: { type: 'string' } } } }],
          result: { name: 'note', schema: { type: 'object', properties: { $ref: { type: 'string' } } } },
          errors: [{ code: 1, message: 'no note', data: { $ref: 'nowhere.json' } }],
          examples: [{ name: 'one', params: [{ name: 'note', value: { $ref: 'nowhere.json' } }], result: { name: 'note', value: { $ref: '/*@name*/' } } }],
        },
      ],
      'x-http-endpoints': [{ name: 'health.get', paths: { $ref: '/ext/health' }, responses: { '200': { description: 'Up.', schema: { type: 'object' } } }, examples: [{ status: 200, body: { $ref: '#/nowhere' } }] }],
    };
    writeFileSync(join(documents, 'data.json'), JSON.stringify(withData));
    const run = await runCli(['--spec', join(documents, 'data.json'), '--out', join(root, 'data'), '--scope', '@data']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    // The property named `default` was followed into the file beside the document: its type is the bundled Owner.
    expect(readFileSync(join(root, 'data', 'types', 'src', 'index.ts'), 'utf8')).toMatch(/default\?: Owner;/);
    const mock = readFileSync(join(root, 'data', 'mock', 'src', 'generated', 'mock-data.ts'), 'utf8');
    for (const data of ['nowhere.json', '/*@name*/', '/ext/health', '#/nowhere']) expect(mock).toContain(`"$ref": ${JSON.stringify(data)}`);
    expect(compileOutputs(root, ['data'])).toBe('');
  });

  it("refuses, in one line, a `$ref` inside a schema's const (the types compiler would follow it), where it stands", async () => {
    const withConst = { openrpc: '1.2.6', info: { title: 'Const', version: '1' }, methods: [{ name: 'a', params: [{ name: 'p', schema: { type: 'object', properties: { v: { const: { $ref: 'not/a/file.json' } } } } }], result: { name: 'r', schema: { type: 'string' } } }] };
    writeFileSync(join(documents, 'const.json'), JSON.stringify(withConst));
    const run = await runCli(['--spec', join(documents, 'const.json'), '--out', join(root, 'const')]);
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain("method 'a', param 'p' (#/methods/0/params/0/schema/properties/v/const): a member '$ref' ('not/a/file.json') inside a schema's const");
  });
});
