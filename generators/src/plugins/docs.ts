// The reference part of the documentation site: one page per method (grouped by API), one per
// named schema, one per plain HTTP endpoint, the index and the sidebar. Markdown for VitePress,
// from the templates of templates/docs/ (the pages' shapes); here, what fills them.
import type { GeneratedFiles, GeneratorContext } from '../files.ts';
import type { DocumentModel, HttpEndpointModel, JsonSchema, MethodModel } from '../model.ts';
import { jsonCode, stringLiteral } from '../util/code.ts';
import { isObject } from '../util/json.ts';
import { attributeValue, escapeHtml, mdCell, mdCode, mdLink, mdProse, mdText, yamlString } from '../util/markdown.ts';
import { type Template, template } from '../util/template.ts';
import { eachRef, followRefs, schemaRefName } from '../util/refs.ts';
import { uint64Paths } from '../uint64-paths.ts';
import { WIRE_FORM_ON_THE_WIRE, wireFormOf } from '../wire-forms.ts';
import { type ClientCall, clientCall, curlData, exampleRequest, exampleUrl } from './docs-snippets.ts';

/** A group's title in the sidebar: its tag's description in the document, else the group's name. */
function groupTitle(model: DocumentModel, group: string): string {
  return model.tags[group]?.description ?? group;
}
// Every string of the document reaches a page through util/markdown.ts: prose (`mdProse`,
// `mdCell`) keeps its Markdown with HTML escaped and `{{` inert, names are text (`mdText`) or code
// (`mdCode`), links point at the settled file names (`fileName`, `schemaFileNames`).
const prose = mdProse;
const cell = mdCell;
/** A page's path from the reference root, without `.md`. */
const methodPath = (m: MethodModel | HttpEndpointModel) => `${m.namespace}/${m.fileName}`;

/** Where a label is written: `base`, the path to the reference root; `schemas`, the named schemas (for their wire forms). */
interface Where {
  base: string;
  schemas: Readonly<Record<string, JsonSchema>>;
  /** The named schemas' page file names. */
  files: Readonly<Record<string, string>>;
}

/** A shell-quoted argument (single quotes; a single quote inside becomes '\\''), on one line. */
const shellQuote = (text: string) => `'${text.replace(/[\r\n\u2028\u2029]/g, ' ').replace(/'/g, "'\\''")}'`;

/** A readable type, with named schemas linked to their pages and, for an integer's wire form, the form it has on the wire. */
function typeLabel(schema: unknown, at: Where): string {
  if (schema === true || schema === undefined) return 'any';
  if (!isObject(schema)) return 'never';
  const named = typeof schema.$ref === 'string' ? schemaRefName(schema.$ref) : undefined;
  if (named !== undefined) {
    const target = at.schemas[named];
    const form = isObject(target) ? wireFormOf(target) : undefined;
    return `${mdLink(named, `${at.base}schemas/${at.files[named] ?? named}.md`)}${form ? ` (${WIRE_FORM_ON_THE_WIRE[form]})` : ''}`;
  }
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s) => typeLabel(s, at)).join(' or ');
  if ('const' in schema) return mdCode(JSON.stringify(schema.const) ?? 'undefined');
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => mdCode(JSON.stringify(v) ?? 'undefined')).join(' or ');
  if (schema.type === 'array') {
    if (Array.isArray(schema.items)) return `[${schema.items.map((s) => typeLabel(s, at)).join(', ')}]`;
    return schema.maxItems === 0 ? 'empty array' : `array of ${typeLabel(schema.items, at)}`;
  }
  if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    if (!schema.properties && isObject(schema.additionalProperties)) return `map of ${typeLabel(schema.additionalProperties, at)}`;
    return 'object';
  }
  if (typeof schema.type === 'string') return mdText(schema.type);
  return 'any';
}

interface Row {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The fields of an object schema, and (one level deeper) of its inline objects, as dotted names. */
function fieldRows(schema: unknown, at: Where, prefix = '', depth = 0): Row[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const rows: Row[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const p = property as Record<string, unknown>;
    rows.push({ name: `${prefix}${name}`, type: typeLabel(p, at), required: required.has(name), description: cell(p.description as string | undefined) });
    const inner = p.type === 'array' && isObject(p.items) && isObject(p.items.properties) ? p.items : p;
    if (depth < 2 && !p.$ref && isObject(inner.properties)) rows.push(...fieldRows(inner, at, `${prefix}${name}${inner === p ? '' : '[]'}.`, depth + 1));
  }
  return rows;
}

const table = (rows: Row[], head = 'Field') =>
  rows.length === 0
    ? ''
    : [`| ${head} | Type | Required | Description |`, '|---|---|---|---|', ...rows.map((r) => `| ${mdCode(r.name)} | ${r.type} | ${r.required ? 'yes' : 'no'} | ${r.description} |`)].join('\n');

/** A block hole's section filled, when `present`; else the hole stays empty. */
const optional = (page: Template, name: string, present: boolean, values: () => Readonly<Record<string, string>> = () => ({})) =>
  present ? page.section(name).fill(values()) : '';

/** A block hole's section filled once per item. */
const each = <T>(page: Template, name: string, items: readonly T[], values: (item: T) => Readonly<Record<string, string>>) => {
  const section = page.section(name);
  return items.map((item) => section.fill(values(item))).join('');
};

/**
 * The method's values of the extensions the document declares (`x-extensions`), each under the
 * summary the document gives it: where it is served, whether it changes state, the source it
 * was checked against. Generic: whatever the document declares is shown.
 */
function extensionRows(model: DocumentModel, m: MethodModel): Array<{ summary: string; value: string }> {
  const show = (value: unknown): string =>
    Array.isArray(value) ? value.map((v) => mdCode(String(v))).join(', ') : typeof value === 'boolean' ? (value ? 'yes' : 'no') : mdCode(String(value));
  const rows = model.declaredExtensions.filter((d) => m.extensions[d.name] !== undefined).map((d) => ({ summary: prose(d.summary ?? d.name), value: show(m.extensions[d.name]) }));
  const release = model.extensions['x-audited-release'] as { repo?: string; tag?: string } | undefined;
  if (rows.length > 0 && release?.tag && m.extensions['x-source']) rows.push({ summary: 'Checked against', value: `${mdCode(release.repo ?? '')} at ${mdCode(String(release.tag))}` });
  return rows;
}

/**
 * A "Try it" panel with its props: what it needs to call from the page. Vue reads the attribute
 * as an expression: the props as a JavaScript literal (`jsonCode`), in an attribute (`attributeValue`).
 */
const tryItTag = (props: unknown) => `<TryIt :call=${attributeValue(jsonCode(props))} />`;

/** The "Try it" panel's props for a method. */
function methodTryIt(m: MethodModel): string {
  const example = exampleRequest(m);
  const server = m.servers[0];
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(exampleUrl(m))?.[0] ?? '';
  // Path variables other than the node's address (a chain) become fields of the panel.
  const variables = Object.fromEntries(m.pathVariables.map((name) => [name, server?.variables[name]?.default]));
  return tryItTag({ method: m.name, origin, path: m.path, variables, byPosition: m.paramStructure === 'by-position', params: example.params });
}

/** The TypeScript snippet's holes: the client's origin, the scoped namespace's line, the call. */
const clientCallValues = (example: Template, call: ClientCall) => ({
  origin: call.origin,
  scoped: call.scoped ? example.section('scoped').fill(call.scoped) : '',
  target: call.target,
  args: call.args,
});

function methodPage(page: Template, model: DocumentModel, m: MethodModel, packageName: string): string {
  const at: Where = { base: '../', schemas: model.schemas, files: model.schemaFileNames };
  const scope = m.scope;
  const byPosition = m.paramStructure === 'by-position';
  const badges = [m.deprecated ? '<Badge type="warning" text="deprecated" />' : '', m.extensions['x-node-specific'] ? '<Badge type="info" text="node-specific" />' : '', m.mutating ? '<Badge type="danger" text="changes state" />' : ''].filter(Boolean).join(' ');
  const paths = [...new Set(m.servers.map((s) => s.url.replace(/^[a-z]+:\/\/[^/]+/i, '')))];
  const paramRows: Row[] = m.params.map((p) => ({ name: p.name, type: typeLabel(p.schema, at), required: p.required, description: cell(p.description ?? (isObject(p.schema) ? (p.schema.description as string) : '')) }));
  const ints = uint64Paths(model, m.resultSchema).map((p) => mdCode(p.replace(/\.\*/g, '[]') || '(the result)'));
  const extensions = extensionRows(model, m);
  const example = m.examples[0];
  return page.fill({
    title: yamlString(m.name),
    name: mdText(m.name),
    badges: badges ? ` ${badges}` : '',
    summary: prose(m.summary),
    endpoint: (paths.length > 0 ? paths : [m.path]).map((path) => mdCode(`POST ${path}`, true)).join(' or '),
    scope: scope ? ` (${mdCode(`{${scope}}`)}: ${cell(m.servers[0]?.variables[scope]?.description)})` : '',
    structure: byPosition ? 'by position (an array)' : 'by name (an object)',
    description: optional(page, 'description', Boolean(m.description), () => ({ description: prose(m.description) })),
    extensions: optional(page, 'extensions', extensions.length > 0, () => ({ extension: each(page.section('extensions'), 'extension', extensions, (row) => row) })),
    params: optional(page, 'params', m.params.length > 0, () => ({ table: table(paramRows, 'Name') })),
    'no-params': optional(page, 'no-params', m.params.length === 0, () => ({ 'or-list': byPosition ? ' or `[]`' : '' })),
    'result-type': typeLabel(m.resultSchema, at),
    'result-fields': table(fieldRows(followRefs(model.refs, m.resultSchema), at)),
    integers: optional(page, 'integers', ints.length > 0, () => ({ paths: ints.join(', ') })),
    'no-integers': optional(page, 'no-integers', ints.length === 0),
    errors: optional(page, 'errors', m.errors.length > 0, () => ({ error: each(page.section('errors'), 'error', m.errors, (e) => ({ code: mdText(String(e.code)), meaning: cell(e.message) })) })),
    'try-it': methodTryIt(m),
    example: optional(page, 'example', example !== undefined, () => ({
      'example-name': example?.name ? `*${mdText(example.name)}*` : '',
      url: shellQuote(exampleUrl(m)),
      data: curlData(m),
      ...clientCallValues(page.section('example'), clientCall(m)),
      request: JSON.stringify(exampleRequest(m), null, 2),
      response: JSON.stringify({ jsonrpc: '2.0', id: 1, result: example?.result?.value }, null, 2),
      member: m.memberName,
      package: packageName,
      namespace: m.namespace,
    })),
    'no-example': optional(page, 'no-example', example === undefined),
  });
}

function schemaPage(page: Template, name: string, schema: JsonSchema, usedBy: string[], model: DocumentModel): string {
  const at: Where = { base: '../', schemas: model.schemas, files: model.schemaFileNames };
  const s = isObject(schema) ? schema : {};
  const form = wireFormOf(s);
  return page.fill({
    title: yamlString(name),
    name: mdText(name),
    description: cell(s.description as string | undefined),
    type: typeLabel({ ...s, $ref: undefined }, at),
    pattern: optional(page, 'pattern', typeof s.pattern === 'string', () => ({ pattern: mdCode(s.pattern as string, true) })),
    'wire-form': optional(page, 'wire-form', form !== undefined, () => ({ 'on-the-wire': WIRE_FORM_ON_THE_WIRE[form!], 'wire-form': form! })),
    uint64: optional(page, 'uint64', s['x-uint64'] === true),
    'one-of': optional(page, 'one-of', Array.isArray(s.anyOf), () => ({ branch: each(page.section('one-of'), 'branch', s.anyOf as unknown[], (b) => ({ type: typeLabel(b, at) })) })),
    fields: table(fieldRows(s, at)),
    'used-by': optional(page, 'used-by', usedBy.length > 0, () => ({ user: each(page.section('used-by'), 'user', usedBy, (link) => ({ link })) })),
  });
}

function httpEndpointPage(page: Template, model: DocumentModel, endpoint: HttpEndpointModel, origin: string, packageName: string): string {
  const at: Where = { base: '../', schemas: model.schemas, files: model.schemaFileNames };
  return page.fill({
    title: yamlString(`${endpoint.name} (GET)`),
    name: mdText(endpoint.name),
    badges: endpoint.extensions['x-node-specific'] ? ' <Badge type="info" text="node-specific" />' : '',
    summary: prose(endpoint.summary),
    description: prose(endpoint.description),
    path: each(page, 'path', Object.entries(endpoint.paths), ([key, path]) => ({ key: mdCode(key), request: mdCode(`${endpoint.httpMethod} ${path}`) })),
    query: table(endpoint.query.map((q) => ({ name: q.name, type: typeLabel(q.schema, at), required: q.required, description: cell(q.description) })), 'Name'),
    response: each(page, 'response', Object.entries(endpoint.responses), ([status, r]) => ({ status, body: typeLabel(r.schema, at), description: cell(r.description) })),
    example: each(page, 'example', endpoint.examples, (e) => ({ status: mdText(String(e.status)), 'example-name': e.name ? ` (${mdText(e.name)})` : '', body: JSON.stringify(e.body, null, 2) })),
    'try-it': tryItTag({ get: endpoint.name, origin, paths: endpoint.paths, query: endpoint.query.map((q) => q.name) }),
    url: shellQuote(`${origin}${Object.values(endpoint.paths)[0] ?? ''}`),
    origin: stringLiteral(origin),
    package: packageName,
    namespace: endpoint.namespace,
    member: endpoint.memberName,
  });
}

export function docsFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const packageName = `${context.scope ?? '@avanode'}/client`;
  const files: GeneratedFiles = new Map();
  // Each template read once per run (template() reads its file on every call, for --watch).
  const [methodTemplate, schemaTemplate, endpointTemplate] = [template('docs/method.md'), template('docs/schema.md'), template('docs/http-endpoint.md')];
  const usedBy = new Map<string, Set<string>>();
  const refsIn = (value: unknown, into: Set<string>) =>
    eachRef(value, (ref) => {
      const name = schemaRefName(ref);
      if (name !== undefined) into.add(name);
    });
  for (const m of model.methods) {
    const refs = new Set<string>();
    refsIn([m.params.map((p) => p.schema), m.resultSchema], refs);
    for (const r of refs) usedBy.set(r, (usedBy.get(r) ?? new Set()).add(mdLink(m.name, `../${methodPath(m)}.md`)));
    files.set(`reference/${methodPath(m)}.md`, methodPage(methodTemplate, model, m, packageName));
  }
  for (const [name, schema] of Object.entries(model.schemas)) {
    const refs = new Set<string>();
    refsIn(schema, refs);
    for (const r of refs) if (r !== name) usedBy.set(r, (usedBy.get(r) ?? new Set()).add(mdLink(name, `./${model.schemaFileNames[name]}.md`)));
  }
  for (const [name, schema] of Object.entries(model.schemas)) {
    files.set(`reference/schemas/${model.schemaFileNames[name]}.md`, schemaPage(schemaTemplate, name, schema, [...(usedBy.get(name) ?? [])].sort(), model));
  }
  // Plain HTTP endpoints are called on the same node as the methods: the first server's origin.
  const origin = model.methods[0] ? (/^[a-z]+:\/\/[^/]+/i.exec(exampleUrl(model.methods[0]))?.[0] ?? '') : '';
  for (const endpoint of model.httpEndpoints) files.set(`reference/${methodPath(endpoint)}.md`, httpEndpointPage(endpointTemplate, model, endpoint, origin, packageName));
  // The sidebar, by API, then the schemas. Links are the pages' paths under /reference/, without `.md`.
  const groups = new Map<string, Array<{ text: string; link: string }>>();
  for (const m of model.methods) {
    const title = groupTitle(model, m.namespace);
    groups.set(title, [...(groups.get(title) ?? []), { text: m.name, link: methodPath(m) }]);
  }
  for (const endpoint of model.httpEndpoints) {
    const title = groupTitle(model, endpoint.namespace);
    groups.set(title, [...(groups.get(title) ?? []), { text: `${endpoint.name} (GET)`, link: methodPath(endpoint) }]);
  }
  const schemaItems = Object.keys(model.schemas).map((name) => ({ text: name, link: `schemas/${model.schemaFileNames[name]}` }));
  // VitePress's theme puts a sidebar item's text in the page as HTML (`v-html`): escaped.
  const sidebarItems = (items: Array<{ text: string; link: string }>) => items.map(({ text, link }) => ({ text: escapeHtml(text), link: encodeURI(`/reference/${link}`) }));
  const sidebar = [
    ...[...groups].map(([text, items]) => ({ text: escapeHtml(text), collapsed: false, items: sidebarItems(items) })),
    { text: 'Schemas', collapsed: true, items: sidebarItems(schemaItems) },
  ];
  files.set('reference/sidebar.mjs', template('docs/sidebar.mjs').fill({ sidebar: jsonCode(sidebar, 2) }));
  const index = template('docs/index.md');
  files.set(
    'reference/index.md',
    index.fill({
      title: mdText(model.title),
      version: mdText(model.version),
      group: each(index, 'group', [...groups], ([group, items]) => ({
        group: mdText(group),
        item: each(index.section('group'), 'item', items, (i) => ({ item: mdLink(i.text, `./${i.link}.md`) })),
      })),
      schema: each(index, 'schema', schemaItems, (i) => ({ item: mdLink(i.text, `./${i.link}.md`) })),
    }),
  );
  return files;
}
