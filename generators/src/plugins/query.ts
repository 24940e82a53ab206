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
import { header, type GeneratedFiles, type GeneratorContext } from '../files.ts';
import { resolveRef, type DocumentModel, type JsonSchema, type MethodModel } from '../model.ts';

const OUT = 'query/src/generated';

/** How a method pages: the param the cursor goes back in, the result member it comes from, and the page size and count. */
export interface Paging {
  cursorParam: string;
  cursorResult: string;
  limitParam?: string;
  countResult?: string;
}

interface Namespace {
  name: string;
  /** The path variable the namespace is scoped by (a chain), if any. */
  scope?: string;
  methods: MethodModel[];
}

const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : q(name));
const pascal = (name: string) => name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
const camel = (name: string) => pascal(name).replace(/^./, (c) => c.toLowerCase());
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function doc(lines: Array<string | undefined>, indent: string): string {
  const text = lines.filter(Boolean).join('\n\n').replace(/\*\//g, '*\\/');
  return text ? `${indent}/**\n${text.split('\n').map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n` : '';
}

export const isMutation = (m: MethodModel) => m.extensions['x-mutating'] === true || m.resultSchema === undefined;

/** Variables of the method's path (not of the node's address): a method with one is scoped to, say, a chain. */
function scopeOf(m: MethodModel): string | undefined {
  return Object.keys(m.servers[0]?.variables ?? {}).find((name) => m.path.includes(`{${name}}`));
}

function namespacesOf(model: DocumentModel): Namespace[] {
  const spaces = new Map<string, Namespace>();
  for (const m of model.methods) {
    const space = spaces.get(m.namespace) ?? { name: m.namespace, methods: [] };
    const scope = scopeOf(m);
    if (scope) space.scope = scope;
    space.methods.push(m);
    spaces.set(m.namespace, space);
  }
  return [...spaces.values()];
}

/** Follows `$ref`s to the schema itself. */
function resolved(model: DocumentModel, schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (isObject(schema) && typeof schema.$ref === 'string' && depth < 20) return resolved(model, resolveRef(model.document, schema.$ref) as JsonSchema, depth + 1);
  return schema;
}

/** A schema's alternatives: its `anyOf`/`oneOf` branches (resolved), or itself. */
function branches(model: DocumentModel, schema: JsonSchema | undefined): JsonSchema[] {
  const target = resolved(model, schema);
  if (!isObject(target)) return target === undefined ? [] : [target];
  const alternatives = [...(Array.isArray(target.anyOf) ? target.anyOf : []), ...(Array.isArray(target.oneOf) ? target.oneOf : [])];
  return alternatives.length > 0 ? alternatives.flatMap((b) => branches(model, b as JsonSchema)) : [target];
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
export function pagingOf(model: DocumentModel, m: MethodModel): Paging | undefined {
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

/** The fixed part of the package: types and the three option builders every method calls. */
function coreFile(head: string, scope: string): string {
  return `${head}// The option builders every generated method calls, and the types they share.
import type { Methods } from ${q(`${scope}/types`)};
import type { Methods as BigintMethods } from ${q(`${scope}/types/bigint`)};
import type { DataTag, InfiniteData, QueryFunction, QueryFunctionContext } from '@tanstack/query-core';

/** The method types a client returns: wire values, or (a client with \`bigint: true\`) bigints for 64-bit integers. */
export type MethodTypes = Methods | BigintMethods;
/** A method's wire name. */
export type MethodName = keyof Methods;
/** The params of a method, as sent on the wire. */
export type Params<K extends MethodName> = Methods[K]['params'];
/** The result of a method, as the client returns it. */
export type Result<M extends MethodTypes, K extends MethodName> = M[K]['result'];

/** What is handed to the client with each call (the abort signal comes from TanStack Query). */
export interface CallOptions {
  /** Overrides the client's \`timeoutMs\` for this call. */
  timeoutMs?: number;
}

/** What the options need of a client: its address (for the keys) and \`call\`. A client from \`createClient\` is one. */
export interface QueryCaller<M extends MethodTypes = Methods> {
  readonly config: { readonly url: string };
  call(method: string, params: unknown, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<unknown>;
  /** Type-level only: the method types the client returns. */
  readonly '~methods'?: M;
}

/** The key of a query: one object naming the method (\`_id\`), the node (\`baseUrl\`), the scope (a chain) if any, and the params. */
export type QueryKeyOf<K extends MethodName, S extends object = {}> = readonly [{ readonly _id: K; readonly baseUrl: string; readonly params: Params<K> } & S];
/** The key of an infinite query: a query key marked \`_infinite\`, so pages and single results never share a cache entry. */
export type InfiniteQueryKeyOf<K extends MethodName, S extends object = {}> = readonly [{ readonly _id: K; readonly baseUrl: string; readonly params: Params<K>; readonly _infinite: true } & S];
/** The key of a mutation: the method, the node and the scope. */
export type MutationKeyOf<K extends MethodName, S extends object = {}> = readonly [{ readonly _id: K; readonly baseUrl: string } & S];

/** Query options: for \`useQuery\`, \`queryClient.fetchQuery\`, \`prefetchQuery\`, \`ensureQueryData\`… The key carries the result type. */
export interface QueryOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}> {
  queryKey: DataTag<QueryKeyOf<K, S>, Result<M, K>>;
  queryFn: QueryFunction<Result<M, K>, QueryKeyOf<K, S>>;
}

/** Infinite-query options: for \`useInfiniteQuery\`, \`queryClient.fetchInfiniteQuery\`, \`prefetchInfiniteQuery\`. */
export interface InfiniteQueryOptionsOf<M extends MethodTypes, K extends MethodName, P, S extends object = {}> {
  queryKey: DataTag<InfiniteQueryKeyOf<K, S>, InfiniteData<Result<M, K>, P | undefined>>;
  queryFn: QueryFunction<Result<M, K>, InfiniteQueryKeyOf<K, S>, P | undefined>;
  initialPageParam: P | undefined;
  getNextPageParam: (lastPage: Result<M, K>, allPages: Array<Result<M, K>>, lastPageParam: P | undefined) => P | undefined;
}

/** Mutation options: for \`useMutation\` and \`queryClient.getMutationCache().build\`; the variables are the params. */
export interface MutationOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}> {
  mutationKey: MutationKeyOf<K, S>;
  mutationFn: (params: Params<K>) => Promise<Result<M, K>>;
}

/** How a method pages: which param takes the cursor, which result member hands it out, the page size and the count. */
export interface Paging {
  cursorParam: string;
  cursorResult: string;
  limitParam?: string;
  countResult?: string;
}

// The base address as the client uses it (no trailing slash), so equal nodes share keys.
const baseUrlOf = (client: QueryCaller<MethodTypes>) => client.config.url.replace(/\\/+$/, '');
const member = (value: unknown, name: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);

/** Drops trailing \`undefined\` arguments of a by-position method, as the client does. */
export function positional(args: unknown[]): unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end);
}

export function queryOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}>(client: QueryCaller<M>, method: K, params: Params<K>, options?: CallOptions, scope?: S): QueryOptionsOf<M, K, S> {
  const queryKey = [{ _id: method, baseUrl: baseUrlOf(client), ...scope, params }] as unknown as DataTag<QueryKeyOf<K, S>, Result<M, K>>;
  return {
    queryKey,
    // TanStack Query's signal aborts the request when the query is cancelled or no longer used.
    queryFn: ({ signal }: QueryFunctionContext<QueryKeyOf<K, S>>) => client.call(method, params, { ...options, ...scope, signal }) as Promise<Result<M, K>>,
  };
}

export function infiniteQueryOptionsOf<M extends MethodTypes, K extends MethodName, P, S extends object = {}>(client: QueryCaller<M>, method: K, params: Params<K>, paging: Paging, options?: CallOptions, scope?: S): InfiniteQueryOptionsOf<M, K, P, S> {
  const queryKey = [{ _id: method, baseUrl: baseUrlOf(client), ...scope, params, _infinite: true }] as unknown as DataTag<InfiniteQueryKeyOf<K, S>, InfiniteData<Result<M, K>, P | undefined>>;
  const limit = paging.limitParam === undefined ? undefined : member(params, paging.limitParam);
  return {
    queryKey,
    initialPageParam: member(params, paging.cursorParam) as P | undefined,
    queryFn: ({ signal, pageParam }) =>
      client.call(method, pageParam == null ? params : { ...(params as object), [paging.cursorParam]: pageParam }, { ...options, ...scope, signal }) as Promise<Result<M, K>>,
    getNextPageParam: (lastPage, _allPages, lastPageParam) => {
      const next = member(lastPage, paging.cursorResult);
      // A cursor that does not move would fetch the same page forever.
      if (next == null || JSON.stringify(next) === JSON.stringify(lastPageParam)) return undefined;
      if (paging.countResult !== undefined) {
        const count = Number(member(lastPage, paging.countResult));
        // A short page is the last one; without a limit, only an empty page says so.
        if (count === 0 || (limit != null && count < Number(limit))) return undefined;
      }
      return next as P;
    },
  };
}

export function mutationOptionsOf<M extends MethodTypes, K extends MethodName, S extends object = {}>(client: QueryCaller<M>, method: K, options?: CallOptions, scope?: S): MutationOptionsOf<M, K, S> {
  return {
    mutationKey: [{ _id: method, baseUrl: baseUrlOf(client), ...scope }] as unknown as MutationKeyOf<K, S>,
    mutationFn: (params) => client.call(method, params, { ...options, ...scope }) as Promise<Result<M, K>>,
  };
}
`;
}

/** A namespace member's argument list and its params expression. */
function signature(m: MethodModel): { args: string; params: string } {
  const P = `Params<${q(m.name)}>`;
  if (m.paramStructure === 'by-position') {
    const names = m.params.map((p) => camel(p.name) || '_');
    const args = m.params.map((p, i) => `${names[i]}${p.required ? '' : '?'}: ${P}[${i}]`);
    return { args: [...args, 'options?: CallOptions'].join(', '), params: `positional([${names.join(', ')}]) as ${P}` };
  }
  const optional = m.params.every((p) => !p.required);
  return { args: `params${optional ? '?' : ''}: ${P}, options?: CallOptions`, params: optional ? `params ?? {}` : 'params' };
}

export function queryFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const scope = context.scope ?? '@avanode';
  const head = header(context, model.title, model.version);
  const files: GeneratedFiles = new Map([[`${OUT}/core.ts`, coreFile(head, scope)]]);
  const spaces = namespacesOf(model);
  const exported: Array<{ space: Namespace; kind: 'Queries' | 'InfiniteQueries' | 'Mutations'; first: string }> = [];

  for (const space of spaces) {
    const S = space.scope ? `{ readonly ${key(space.scope)}: string }` : '{}';
    const scopeArg = space.scope ? `, ${space.scope}: string` : '';
    const scopeValue = space.scope ? `, { ${space.scope} }` : '';
    const sections: string[] = [];
    const section = (kind: 'Queries' | 'InfiniteQueries' | 'Mutations', what: string, members: string[], first?: MethodModel) => {
      if (members.length === 0 || !first) return;
      exported.push({ space, kind, first: first.memberName });
      sections.push(
        `/** ${what} */`,
        `export function ${camel(space.name)}${kind}<M extends MethodTypes = Methods>(client: QueryCaller<M>${scopeArg}) {`,
        '  return {',
        ...members,
        '  };',
        '}',
        '',
      );
    };
    const docOf = (m: MethodModel, extra: string) => doc([m.summary, extra, `Wire method: \`${m.name}\`.`, m.deprecated ? '@deprecated' : undefined], '    ');

    const reads = space.methods.filter((m) => !isMutation(m));
    section(
      'Queries',
      `Query options of the \`${space.name}\` methods that read: \`useQuery(…)\`, \`queryClient.fetchQuery(…)\`, \`prefetchQuery(…)\`.`,
      reads.map((m) => {
        const { args, params } = signature(m);
        return `${docOf(m, '')}    ${key(m.memberName)}: (${args}) => queryOptionsOf(client, ${q(m.name)}, ${params}, options${scopeValue}),`;
      }),
      reads[0],
    );
    const paging = reads.flatMap((m) => {
      const found = pagingOf(model, m);
      return found ? [{ m, paging: found }] : [];
    });
    section(
      'InfiniteQueries',
      `Infinite-query options of the \`${space.name}\` methods that page: \`useInfiniteQuery(…)\` walks the pages.`,
      paging.map(({ m, paging: p }) => {
        const { args, params } = signature(m);
        const P = `NonNullable<Params<${q(m.name)}>[${q(p.cursorParam)}]>`;
        const rule = `Pages by \`${p.cursorParam}\` ← \`${p.cursorResult}\`${p.limitParam ? `; the last page is one whose \`${p.countResult}\` is below \`${p.limitParam}\` (or 0)` : ''}, or whose cursor does not move.`;
        return `${docOf(m, rule)}    ${key(m.memberName)}: (${args}) => infiniteQueryOptionsOf<M, ${q(m.name)}, ${P}, ${S}>(client, ${q(m.name)}, ${params}, { ${Object.entries(p).map(([name, value]) => `${name}: ${q(value as string)}`).join(', ')} }, options${scopeValue}),`;
      }),
      paging[0]?.m,
    );
    section(
      'Mutations',
      `Mutation options of the \`${space.name}\` methods that change state: \`useMutation(…)\`; \`mutate(params)\`.`,
      space.methods.filter(isMutation).map((m) => `${docOf(m, '')}    ${key(m.memberName)}: (options?: CallOptions) => mutationOptionsOf(client, ${q(m.name)}, options${scopeValue}),`),
      space.methods.find(isMutation),
    );
    if (sections.length === 0) continue;
    const body = sections.join('\n');
    // Only what this namespace uses, so the file compiles under noUnusedLocals.
    const values = ['infiniteQueryOptionsOf', 'mutationOptionsOf', 'positional', 'queryOptionsOf'].filter((name) => new RegExp(`\\b${name}[(<]`).test(body));
    const types = ['CallOptions', 'MethodTypes', 'Params', 'QueryCaller'].filter((name) => new RegExp(`\\b${name}\\b`).test(body));
    files.set(
      `${OUT}/${space.name}.ts`,
      [
        head,
        `// TanStack Query options for the \`${space.name}\` methods${space.scope ? `, for one chain (\`${space.scope}\`)` : ''}.`,
        `import type { Methods } from ${q(`${scope}/types`)};`,
        `import { ${[...values, ...types.map((t) => `type ${t}`)].join(', ')} } from './core.js';`,
        '',
        body,
      ].join('\n'),
    );
  }

  const index = [
    head,
    `import type { Methods } from ${q(`${scope}/types`)};`,
    "import type { MethodTypes, QueryCaller } from './core.js';",
    ...spaces
      .filter((space) => exported.some((e) => e.space === space))
      .map((space) => `import { ${exported.filter((e) => e.space === space).map((e) => `${camel(space.name)}${e.kind}`).join(', ')} } from './${space.name}.js';`),
    '',
    "export { infiniteQueryOptionsOf, mutationOptionsOf, queryOptionsOf } from './core.js';",
    "export type { CallOptions, InfiniteQueryKeyOf, InfiniteQueryOptionsOf, MethodName, MethodTypes, MutationKeyOf, MutationOptionsOf, Paging, Params, QueryCaller, QueryKeyOf, QueryOptionsOf, Result } from './core.js';",
    '',
  ];
  const builder = (fn: string, kind: 'Queries' | 'InfiniteQueries' | 'Mutations', what: string) => {
    // The example in the doc comment is this document's first method of the kind.
    const sample = exported.find((e) => e.kind === kind);
    const example = sample ? `: \`${fn}(client).${sample.space.name}${sample.space.scope ? `(${sample.space.scope})` : ''}.${sample.first}(…)\`` : '';
    const members = exported
      .filter((e) => e.kind === kind)
      .map(({ space }) =>
        space.scope
          ? `    ${key(space.name)}: (${space.scope}: string) => ${camel(space.name)}${kind}(client, ${space.scope}),`
          : `    ${key(space.name)}: ${camel(space.name)}${kind}(client),`,
      );
    index.push(
      `/** ${what}${example}. */`,
      `export function ${fn}<M extends MethodTypes = Methods>(client: QueryCaller<M>) {`,
      members.length > 0 ? `  return {\n${members.join('\n')}\n  };` : '  return {};',
      '}',
      '',
    );
  };
  builder('queries', 'Queries', 'Query options of every method that reads, by namespace');
  builder('infiniteQueries', 'InfiniteQueries', 'Infinite-query options of every method that pages, by namespace');
  builder('mutations', 'Mutations', 'Mutation options of every method that changes state, by namespace');
  files.set(`${OUT}/index.ts`, index.join('\n'));
  return files;
}
