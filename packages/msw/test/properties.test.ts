// Properties of the msw handlers: they answer arbitrary bodies byte for byte as the mock node
// does, and any result the schema accepts passes through the handlers and the client unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { createHandlers, createMockNode, unhandledRequests } from '@avanode/msw';
import { validateResult } from '@avanode/validators';
import { arbitraryOf } from '../../../conformance/src/schema-arbitrary.ts';
import { counted } from '../../../scripts/properties.ts';
import { CHAIN, PATHS, requestBodies } from '../../mock/test/request-arbitraries.ts';

describe('msw handlers against arbitrary requests (property)', () => {
  it('property: msw handlers answer arbitrary bodies like the mock node', async () => {
    const msw = setupServer(...createHandlers());
    msw.listen(unhandledRequests('error'));
    try {
      const node = createMockNode();
      await fc.assert(
        fc.asyncProperty(requestBodies, fc.constantFrom(...PATHS), async (body, path) => {
          const viaMsw = await fetch(`http://127.0.0.1:9650${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const direct = await node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
          expect(viaMsw.status).toBe(direct.status);
          expect(await viaMsw.text()).toBe(direct.body);
        }),
        counted('msw handlers: arbitrary bodies', 300),
      );
    } finally {
      msw.close();
    }
  });
});

describe('round trips (property)', () => {
  const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'openrpc.json'), 'utf8')) as {
    methods: Array<{ name: string; paramStructure: string; result: { schema: Record<string, unknown> }; examples: Array<{ params: Array<{ name: string; value: unknown }> }> }>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const server = setupServer();
  afterAll(() => server.close());

  it('property: any result the schema accepts passes through the mock and the client unchanged, for every method', async () => {
    server.listen(unhandledRequests('error'));
    let checked = 0;
    for (const method of spec.methods) {
      const values = arbitraryOf(method.result.schema, spec.components.schemas).filter((v) => validateResult(method.name, v).ok);
      const example = method.examples[0]!.params;
      const params = method.paramStructure === 'by-position' ? example.map((p) => p.value) : Object.fromEntries(example.map((p) => [p.name, p.value]));
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          server.resetHandlers(...createHandlers({ overrides: { [method.name]: value } as never }));
          const client = createClient({ url: 'http://127.0.0.1:9650' });
          const got = await client.call(method.name, params, { blockchainID: CHAIN });
          expect(got).toEqual(value);
          checked += 1;
        }),
        counted(`round trip: ${method.name}`, 20),
      );
    }
    expect(checked).toBeGreaterThanOrEqual(spec.methods.length * 20);
  });
});
