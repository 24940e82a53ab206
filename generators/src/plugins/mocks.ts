// @avanode/mock: the data the mock node answers from, taken from the document. Every method's
// endpoints, param names and examples (the default answers), the node-specific marks, and
// the plain HTTP endpoints with their example bodies. The mock's logic is hand-written in the
// package and reads only this. Under `--out`, the mock package also gets its entry points
// (templates/mock/index.ts, server.ts) over @avanode/mock's JSON-RPC 2.0 mock, and the msw
// package its handlers (templates/msw/index.ts).
import type { HttpEndpointMock, MethodMock } from '../../templates/mock/mock-data.ts';
import { generatedFile, header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { serverPath, type DocumentModel } from '../model.ts';
import { jsonCode, stringLiteral as q } from '../util/code.ts';
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
  const head = header(context, model.title, model.version);
  const text = template('mock/mock-data.ts').fill({ data: jsonCode({ methods, httpEndpoints }, 2) });
  const files: GeneratedFiles = new Map([['mock/src/generated/mock-data.ts', generatedFile(head, text)]]);
  // A standalone package (`--out`) also gets the mock itself, on @avanode/mock's JSON-RPC 2.0 core
  // (this repository's @avanode/mock is the node's, hand-written).
  if (context.standalone) {
    const scope = context.scope ?? '@avanode';
    files.set('mock/src/generated/index.ts', generatedFile(head, template('mock/index.ts').fill({ types: q(`${scope}/types`), validators: q(`${scope}/validators`) })));
    files.set('mock/src/generated/server.ts', generatedFile(head, template('mock/server.ts').fill({})));
  }
  return files;
}

/** Under `--out`: msw handlers for the document's API, over the sibling mock package. */
export function mswFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  if (!context.standalone) return new Map();
  const head = header(context, model.title, model.version);
  return new Map([['msw/src/generated/index.ts', generatedFile(head, template('msw/index.ts').fill({ mock: q(`${context.scope ?? '@avanode'}/mock`) }))]]);
}
