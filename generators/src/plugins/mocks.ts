// @avanode/msw: the data its mock node answers from, taken from the document. Every method's
// endpoints, param names and examples (the default answers), the node-specific marks, and
// the plain HTTP endpoints with their example bodies. The mock's logic is hand-written in the
// package and reads only this.
import { header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { serverPath, type DocumentModel } from '../model.ts';

export function mocksFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const methods = Object.fromEntries(
    model.methods.map((m) => [
      m.name,
      {
        paths: [...new Set(m.servers.map((s) => serverPath(s.url)))],
        byPosition: m.paramStructure === 'by-position',
        params: m.params.map((p) => p.name),
        nodeSpecific: m.extensions['x-node-specific'] === true,
        examples: m.examples.map((e) => ({
          params: m.paramStructure === 'by-position' ? e.params.map((p) => p.value) : Object.fromEntries(e.params.map((p) => [p.name, p.value])),
          result: e.result?.value ?? null,
        })),
      },
    ]),
  );
  const raw = Array.isArray(model.document['x-http-endpoints']) ? (model.document['x-http-endpoints'] as Array<Record<string, unknown>>) : [];
  const httpEndpoints = Object.fromEntries(
    model.httpEndpoints.map((e, i) => [
      e.name,
      {
        paths: e.paths,
        statuses: Object.keys(e.responses).map(Number),
        nodeSpecific: e.extensions['x-node-specific'] === true,
        examples: (Array.isArray(raw[i]?.examples) ? raw[i]!.examples : []) as unknown[],
      },
    ]),
  );
  const text = [
    header(context, model.title, model.version),
    '/** One method as the mock node knows it. */',
    'export interface MethodMock {',
    '  /** Endpoint paths it is answered on (`{blockchainID}` stands for any chain). */',
    '  paths: string[];',
    '  byPosition: boolean;',
    '  /** Param names, in order. */',
    '  params: string[];',
    '  /** Unavailable on the public server. */',
    '  nodeSpecific: boolean;',
    '  /** The spec\'s examples: the default answers (the one whose params match, else the first). */',
    '  examples: Array<{ params: unknown; result: unknown }>;',
    '}',
    '',
    '/** A plain HTTP endpoint: named paths, the statuses it answers with, its example answers. */',
    'export interface HttpEndpointMock {',
    '  paths: Record<string, string>;',
    '  statuses: number[];',
    '  nodeSpecific: boolean;',
    '  examples: unknown[];',
    '}',
    '',
    'export interface MockData {',
    '  methods: Record<string, MethodMock>;',
    '  httpEndpoints: Record<string, HttpEndpointMock>;',
    '}',
    '',
    '/** What the mock node answers from: every method of the spec and its examples. */',
    `export const mockData: MockData = ${JSON.stringify({ methods, httpEndpoints }, null, 2)};`,
    '',
  ].join('\n');
  return new Map([['msw/src/generated/mock-data.ts', text]]);
}
