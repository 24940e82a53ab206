// @avanode/query: TanStack Query v5 options for every method of the document, framework-free
// (plain objects that useQuery, fetchQuery, prefetchQuery, useInfiniteQuery and useMutation of
// any binding accept). Reads the model only:
// - a method that changes state (`x-mutating: true`) or has no result gets mutation options;
//   every other method gets query options;
// - a by-name method pages when it takes back, as a param, a cursor its result hands out: an
//   optional param and a result member of the same named object schema under different names
//   (`startIndex` ← `endIndex`), optionally with a limit param and a count member sharing another
//   named schema (`limit` ↔ `numFetched`). `x-pagination: { cursorParam, cursorResult,
//   limitParam?, countResult? }` on the method says it explicitly (or `false` says it does not page).
//   Paging methods also get infinite-query options.
// Keys follow hey-api's TanStack Query plugin: one object, `[{ _id, baseUrl, …scope, params }]`.
import type { Paging } from '../../templates/query/core.ts';
import { generatedFile, header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import type { DocumentModel, JsonSchema, MethodModel, NamespaceModel } from '../model.ts';
import { docComment, lines, propertyKey as key, stringLiteral as q } from '../util/code.ts';
import { isObject } from '../util/json.ts';
import { followRefs } from '../util/refs.ts';
import { template } from '../util/template.ts';
import { methodArgs, methodDoc } from './method-code.ts';

const OUT = 'query/src/generated';

const isMutation = (m: MethodModel) => m.mutating || m.resultSchema === undefined;

/** A schema's alternatives: its `anyOf`/`oneOf` branches (resolved), or itself. */
function branches(model: DocumentModel, schema: JsonSchema | undefined, seen = new Set<unknown>()): JsonSchema[] {
  const target = followRefs(model.refs, schema);
  if (!isObject(target)) return target === undefined ? [] : [target];
  // A branch that leads back to one being expanded adds no shape.
  if (seen.has(target)) return [];
  const alternatives = [...(Array.isArray(target.anyOf) ? target.anyOf : []), ...(Array.isArray(target.oneOf) ? target.oneOf : [])];
  return alternatives.length > 0 ? alternatives.flatMap((b) => branches(model, b as JsonSchema, new Set([...seen, target]))) : [target];
}

/** The member names of an object schema (the same in every alternative), sorted; undefined for anything else. */
function objectShape(model: DocumentModel, schema: JsonSchema | undefined): string | undefined {
  const shapes = branches(model, schema).map((b) => (isObject(b) && isObject(b.properties) ? Object.keys(b.properties).sort().join(',') : undefined));
  return shapes.length > 0 && shapes.every((shape) => shape && shape === shapes[0]) ? shapes[0] : undefined;
}

/** Whether some alternative of the schema is an integer. */
const admitsInteger = (model: DocumentModel, schema: JsonSchema | undefined) => branches(model, schema).some((b) => isObject(b) && (b.type === 'integer' || (Array.isArray(b.type) && b.type.includes('integer'))));

/** The members of a result every alternative of it has, with their schemas in each. */
function resultMembers(model: DocumentModel, schema: JsonSchema | undefined): Map<string, JsonSchema[]> {
  const objects = branches(model, schema).filter((b): b is Record<string, unknown> => isObject(b) && isObject(b.properties));
  const members = new Map<string, JsonSchema[]>();
  for (const [index, object] of objects.entries()) {
    for (const [name, member] of Object.entries(object.properties as Record<string, JsonSchema>)) {
      if (index === 0) members.set(name, [member]);
      else members.get(name)?.push(member);
    }
  }
  for (const [name, schemas] of members) if (schemas.length !== objects.length) members.delete(name);
  return members;
}

/**
 * How `m` pages, from `x-pagination` or from the shapes of its params and result; undefined when
 * it does not. Inferred: exactly one optional object param shaped like a result member of another
 * name (the cursor that comes back), and, if there is exactly one of each, an optional integer
 * param and an integer result member (the page size and the count of the page).
 */
function pagingOf(model: DocumentModel, m: MethodModel): Paging | undefined {
  const declared = m.extensions['x-pagination'];
  if (declared === false || m.paramStructure !== 'by-name' || m.resultSchema === undefined) return undefined;
  if (isObject(declared) && typeof declared.cursorParam === 'string' && typeof declared.cursorResult === 'string') {
    return {
      cursorParam: declared.cursorParam,
      cursorResult: declared.cursorResult,
      ...(typeof declared.limitParam === 'string' ? { limitParam: declared.limitParam } : {}),
      ...(typeof declared.countResult === 'string' ? { countResult: declared.countResult } : {}),
    };
  }
  const members = [...resultMembers(model, m.resultSchema)];
  const optional = m.params.filter((p) => !p.required);
  const cursors = optional.flatMap((p) => {
    const shape = objectShape(model, p.schema);
    if (!shape) return [];
    return members.filter(([name, schemas]) => name !== p.name && schemas.every((s) => objectShape(model, s) === shape)).map(([name]) => ({ param: p.name, member: name }));
  });
  if (cursors.length !== 1) return undefined;
  const limits = optional.filter((p) => admitsInteger(model, p.schema) && !objectShape(model, p.schema));
  const counts = members.filter(([name, schemas]) => name !== cursors[0]!.member && schemas.some((s) => admitsInteger(model, s)));
  return {
    cursorParam: cursors[0]!.param,
    cursorResult: cursors[0]!.member,
    ...(limits.length === 1 && counts.length === 1 ? { limitParam: limits[0]!.name, countResult: counts[0]![0] } : {}),
  };
}

/** A namespace member's argument list and its params expression (`{}` has `toString`…: a param of that name needs the cast). */
function signature(m: MethodModel): { args: string; params: string } {
  const { args, positional, optional } = methodArgs(m, 'CallOptions');
  const params = positional ? `positional([${positional.join(', ')}]) as Params<${q(m.name)}>` : optional ? (m.params.some((p) => p.name in Object.prototype) ? `params ?? ({} as Params<${q(m.name)}>)` : 'params ?? {}') : 'params';
  return { args: args.join(', '), params };
}

type Kind = 'Queries' | 'InfiniteQueries' | 'Mutations';

/** What a namespace's builder of each kind is for, and the members it has. */
function builders(model: DocumentModel, space: NamespaceModel): Array<{ kind: Kind; what: string; members: string[]; first: string }> {
  const scopeValue = space.scope ? `, { ${space.scope} }` : '';
  const S = space.scope ? `{ readonly ${key(space.scope)}: string }` : '{}';
  const docOf = (m: MethodModel, extra?: string) => methodDoc(m, '    ', extra);
  const reads = space.methods.filter((m) => !isMutation(m));
  const paging = reads.flatMap((m) => {
    const found = pagingOf(model, m);
    return found ? [{ m, paging: found }] : [];
  });
  const mutations = space.methods.filter(isMutation);
  const all: Array<{ kind: Kind; what: string; members: string[]; first: string | undefined }> = [
    {
      kind: 'Queries',
      what: `Query options of the \`${space.name}\` methods that read: \`useQuery(…)\`, \`queryClient.fetchQuery(…)\`, \`prefetchQuery(…)\`.`,
      members: reads.map((m) => {
        const { args, params } = signature(m);
        return `${docOf(m)}    ${key(m.memberName)}: (${args}) => queryOptionsOf(client, ${q(m.name)}, ${params}, options${scopeValue}),`;
      }),
      first: reads[0]?.memberName,
    },
    {
      kind: 'InfiniteQueries',
      what: `Infinite-query options of the \`${space.name}\` methods that page: \`useInfiniteQuery(…)\` walks the pages.`,
      members: paging.map(({ m, paging: p }) => {
        const { args, params } = signature(m);
        const P = `NonNullable<Params<${q(m.name)}>[${q(p.cursorParam)}]>`;
        const rule = `Pages by \`${p.cursorParam}\` ← \`${p.cursorResult}\`${p.limitParam ? `; the last page is one whose \`${p.countResult}\` is below \`${p.limitParam}\` (or 0)` : ''}, or whose cursor does not move.`;
        return `${docOf(m, rule)}    ${key(m.memberName)}: (${args}) => infiniteQueryOptionsOf<M, ${q(m.name)}, ${P}, ${S}>(client, ${q(m.name)}, ${params}, { ${Object.entries(p).map(([name, value]) => `${name}: ${q(value as string)}`).join(', ')} }, options${scopeValue}),`;
      }),
      first: paging[0]?.m.memberName,
    },
    {
      kind: 'Mutations',
      what: `Mutation options of the \`${space.name}\` methods that change state: \`useMutation(…)\`; \`mutate(params)\`.`,
      members: mutations.map((m) => `${docOf(m)}    ${key(m.memberName)}: (options?: CallOptions) => mutationOptionsOf(client, ${q(m.name)}, options${scopeValue}),`),
      first: mutations[0]?.memberName,
    },
  ];
  return all.filter((b): b is typeof b & { first: string } => b.first !== undefined);
}

export function queryFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const scope = context.scope ?? '@avanode';
  const head = header(context, model.title, model.version);
  const types = q(`${scope}/types`);
  const files: GeneratedFiles = new Map([[`${OUT}/core.ts`, generatedFile(head, template('query/core.ts').fill({ types, bigintTypes: q(`${scope}/types/bigint`) }))]]);
  const exported: Array<{ space: NamespaceModel; kind: Kind; first: string }> = [];
  const namespaceTemplate = template('query/namespace.ts');
  const builderSection = namespaceTemplate.section('builders');

  for (const space of model.namespaces) {
    const found = builders(model, space);
    if (found.length === 0) continue;
    const body = found
      .map(({ kind, what, members, first }) => {
        exported.push({ space, kind, first });
        return builderSection.fill({
          doc: docComment([what]).trimEnd(),
          builder: `${space.name}${kind}`,
          scopeArg: space.scope ? `, ${space.scope}: string` : '',
          members: lines(members),
        });
      })
      .join('');
    // Only what this namespace uses, so the file compiles under noUnusedLocals: read from the code
    // without its doc comments and strings (a method's summary or wire name may say `Params`).
    const code = body.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
    const values = ['infiniteQueryOptionsOf', 'mutationOptionsOf', 'positional', 'queryOptionsOf'].filter((name) => new RegExp(`\\b${name}[(<]`).test(code));
    const used = ['CallOptions', 'MethodTypes', 'Params', 'QueryCaller'].filter((name) => new RegExp(`\\b${name}\\b`).test(code));
    files.set(`${OUT}/${space.name}.ts`, generatedFile(head, namespaceTemplate.fill({
      title: `// TanStack Query options for the \`${space.name}\` methods${space.scope ? `, for one \`${space.scope}\`` : ''}.`,
      types,
      imports: `import { ${[...values, ...used.map((t) => `type ${t}`)].join(', ')} } from './core.js';`,
      builders: body,
    })));
  }

  const indexTemplate = template('query/index.ts');
  const indexBuilder = indexTemplate.section('builders');
  const builder = (fn: string, kind: Kind, what: string) => {
    // The example in the doc comment is this document's first method of the kind.
    const sample = exported.find((e) => e.kind === kind);
    const example = sample ? `: \`${fn}(client).${sample.space.name}${sample.space.scope ? `(${sample.space.scope})` : ''}.${sample.first}(…)\`` : '';
    const spaces = exported.filter((e) => e.kind === kind);
    return indexBuilder.fill({
      doc: docComment([`${what}${example}.`]).trimEnd(),
      name: fn,
      // A builder with no namespace takes the client all the same (one signature for every
      // document), unused: `_client`, so the module is clean under noUnusedParameters.
      client: spaces.length > 0 ? 'client' : '_client',
      members: lines(
        spaces.map(({ space }) =>
          space.scope
            ? `    ${key(space.name)}: (${space.scope}: string) => ${space.name}${kind}(client, ${space.scope}),`
            : `    ${key(space.name)}: ${space.name}${kind}(client),`,
        ),
      ),
    });
  };
  files.set(`${OUT}/index.ts`, generatedFile(head, indexTemplate.fill({
    types,
    imports: lines(
      model.namespaces
        .filter((space) => exported.some((e) => e.space === space))
        .map((space) => `import { ${exported.filter((e) => e.space === space).map((e) => `${space.name}${e.kind}`).join(', ')} } from './${space.name}.js';`),
    ),
    builders: [
      builder('queries', 'Queries', 'Query options of every method that reads, by namespace'),
      builder('infiniteQueries', 'InfiniteQueries', 'Infinite-query options of every method that pages, by namespace'),
      builder('mutations', 'Mutations', 'Mutation options of every method that changes state, by namespace'),
    ].join(''),
  })));
  return files;
}
