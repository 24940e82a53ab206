// @avanode/mock: the data the mock node answers from, taken from the document. Every method's
// endpoints, param names and examples (the default answers), the node-specific marks, and
// the plain HTTP endpoints with their example bodies. The mock's logic is hand-written in the
// package and reads only this.
import type { HttpEndpointMock, MethodMock } from '../../templates/mock/mock-data.ts';
import { generatedFile, header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { serverPath, type DocumentModel } from '../model.ts';
import { jsonCode } from '../util/code.ts';
import { template } from '../util/template.ts';

export function mocksFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const methods = Object.fromEntries(
    model.methods.map((m): [string, MethodMock] => [
      m.name,
      {
        paths: [...new Set(m.servers.map((s) => serverPath(s.url)))],
        byPosition: m.paramStructure === 'by-position',
        params: m.params.map((p) => p.name),
        nodeSpecific: m.extensions['x-node-specific'] === true,
        examples: m.examples.map((e) => ({ params: e.wireParams, result: e.result?.value ?? null })),
      },
    ]),
  );
  const httpEndpoints = Object.fromEntries(
    model.httpEndpoints.map((e): [string, HttpEndpointMock] => [
      e.name,
      {
        paths: e.paths,
        statuses: Object.keys(e.responses).map(Number),
        nodeSpecific: e.extensions['x-node-specific'] === true,
        examples: e.examples,
      },
    ]),
  );
  const text = template('mock/mock-data.ts').fill({ data: jsonCode({ methods, httpEndpoints }, 2) });
  return new Map([['mock/src/generated/mock-data.ts', generatedFile(header(context, model.title, model.version), text)]]);
}
