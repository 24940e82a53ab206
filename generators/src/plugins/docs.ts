// The reference part of the documentation site: one page per method (grouped by API), one per
// named schema, one per plain HTTP endpoint, and the sidebar. Markdown for VitePress.
import type { GeneratedFiles, GeneratorContext } from '../files.ts';
import type { DocumentModel, JsonSchema, MethodModel } from '../model.ts';
import { isObject } from '../util/json.ts';
import { eachRef, followRefs, schemaRefName } from '../util/refs.ts';
import { uint64Paths } from '../uint64-paths.ts';
import { WIRE_FORM_ON_THE_WIRE, wireFormOf } from '../wire-forms.ts';
import { clientSnippet, curlSnippet, exampleRequest, exampleUrl } from './docs-snippets.ts';

/** A group's title in the sidebar: its tag's description in the document, else the group's name. */
function groupTitle(model: DocumentModel, group: string): string {
  return model.tags[group]?.description ?? group;
}
const groupFolder = (m: MethodModel) => m.namespace;
/**
 * Prose from the document as Markdown that VitePress (Vue) renders as text: `<` and `>`
 * outside code spans are escaped, so "id <ID>" is not read as an HTML element.
 */
const prose = (text: string | undefined) =>
  (text ?? '')
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
/** Text for a table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => prose(text).replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** Where a label is written: `base`, the path to the reference root; `schemas`, the named schemas (for their wire forms). */
interface Where {
  base: string;
  schemas: Readonly<Record<string, JsonSchema>>;
}

/** A readable type, with named schemas linked to their pages and, for an integer's wire form, the form it has on the wire. */
function typeLabel(schema: unknown, at: Where): string {
  if (schema === true || schema === undefined) return 'any';
  if (!isObject(schema)) return 'never';
  const named = typeof schema.$ref === 'string' ? schemaRefName(schema.$ref) : undefined;
  if (named !== undefined) {
    const target = at.schemas[named];
    const form = isObject(target) ? wireFormOf(target) : undefined;
    return `[${named}](${at.base}schemas/${named}.md)${form ? ` (${WIRE_FORM_ON_THE_WIRE[form]})` : ''}`;
  }
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s) => typeLabel(s, at)).join(' or ');
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' or ');
  if (schema.type === 'array') {
    if (Array.isArray(schema.items)) return `[${schema.items.map((s) => typeLabel(s, at)).join(', ')}]`;
    return schema.maxItems === 0 ? 'empty array' : `array of ${typeLabel(schema.items, at)}`;
  }
  if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    if (!schema.properties && isObject(schema.additionalProperties)) return `map of ${typeLabel(schema.additionalProperties, at)}`;
    return 'object';
  }
  if (typeof schema.type === 'string') return schema.type === 'integer' ? 'integer' : schema.type;
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
    : [`| ${head} | Type | Required | Description |`, '|---|---|---|---|', ...rows.map((r) => `| \`${r.name}\` | ${r.type} | ${r.required ? 'yes' : 'no'} | ${r.description} |`)].join('\n');

/**
 * The method's values of the extensions the document declares (`x-extensions`), each under the
 * summary the document gives it: where it is served, whether it changes state, the source it
 * was checked against. Generic: whatever the document declares is shown.
 */
function extensionLines(model: DocumentModel, m: MethodModel): string[] {
  const show = (value: unknown): string =>
    Array.isArray(value) ? value.map((v) => `\`${String(v)}\``).join(', ') : typeof value === 'boolean' ? (value ? 'yes' : 'no') : `\`${String(value)}\``;
  const rows = model.declaredExtensions.filter((d) => m.extensions[d.name] !== undefined).map((d) => `- **${prose(d.summary ?? d.name)}:** ${show(m.extensions[d.name])}`);
  const release = model.extensions['x-audited-release'] as { repo?: string; tag?: string } | undefined;
  if (rows.length > 0 && release?.tag && m.extensions['x-source']) rows.push(`- **Checked against:** \`${release.repo ?? ''}\` at \`${release.tag}\``);
  return rows.length > 0 ? [...rows, ''] : [];
}

/** The "Try it" panel's props: what it needs to call the method from the page. */
function tryItTag(m: MethodModel): string {
  const example = exampleRequest(m);
  const server = m.servers[0];
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(exampleUrl(m))?.[0] ?? '';
  // Path variables other than the node's address (a chain) become fields of the panel.
  const variables = Object.fromEntries(m.pathVariables.map((name) => [name, server?.variables[name]?.default]));
  const props = { method: m.name, origin, path: m.path, variables, byPosition: m.paramStructure === 'by-position', params: example.params };
  return `<TryIt :call='${JSON.stringify(props).replace(/'/g, '&#39;')}' />`;
}

function methodPage(model: DocumentModel, m: MethodModel, packageName: string): string {
  const at: Where = { base: '../', schemas: model.schemas };
  const scope = m.scope;
  const badges = [m.deprecated ? '<Badge type="warning" text="deprecated" />' : '', m.extensions['x-node-specific'] ? '<Badge type="info" text="node-specific" />' : '', m.mutating ? '<Badge type="danger" text="changes state" />' : ''].filter(Boolean).join(' ');
  const paths = [...new Set(m.servers.map((s) => s.url.replace(/^[a-z]+:\/\/[^/]+/i, '')))];
  const paramRows: Row[] = m.params.map((p) => ({ name: p.name, type: typeLabel(p.schema, at), required: p.required, description: cell(p.description ?? (isObject(p.schema) ? (p.schema.description as string) : '')) }));
  const resultSchema = m.resultSchema;
  const resolved = followRefs(model.refs, resultSchema);
  const ints = uint64Paths(model, m.resultSchema).map((p) => `\`${p.replace(/\.\*/g, '[]') || '(the result)'}\``);
  const example = m.examples[0];
  const request = example && exampleRequest(m);
  return [
    '---',
    `title: ${m.name}`,
    '---',
    '',
    `# ${m.name} ${badges}`.trimEnd(),
    '',
    prose(m.summary),
    '',
    `**Endpoint:** \`POST ${paths.join('` or `')}\`${scope ? ` (\`{${scope}}\`: ${cell(m.servers[0]?.variables[scope]?.description)})` : ''} · params ${m.paramStructure === 'by-position' ? 'by position (an array)' : 'by name (an object)'}`,
    '',
    ...(m.description ? ['::: tip What real nodes do', prose(m.description), ':::', ''] : []),
    ...extensionLines(model, m),
    '## Params',
    '',
    m.params.length > 0 ? table(paramRows, 'Name') : `None: send \`{}\`${m.paramStructure === 'by-position' ? ' or `[]`' : ''}, or leave \`params\` out.`,
    '',
    '## Result',
    '',
    `Type: ${typeLabel(resultSchema, at)}`,
    '',
    table(fieldRows(resolved, at)),
    '',
    '## Integers',
    '',
    ints.length > 0
      ? `64-bit integers (\`x-uint64\`), each in the wire form the tables above give: ${ints.join(', ')}. With \`bigint: true\` the client returns them as \`bigint\`.`
      : 'No 64-bit integer in the result.',
    '',
    ...(m.errors.length > 0 ? ['## Errors', '', '| Code | Meaning |', '|---|---|', ...m.errors.map((e) => `| ${e.code} | ${cell(e.message)} |`), ''] : []),
    '## Try it',
    '',
    tryItTag(m),
    '',
    '## Example',
    '',
    ...(example
      ? [
          `${example.name ? `*${example.name}*` : ''}`,
          '',
          '::: code-group',
          '',
          '```sh [curl]',
          curlSnippet(m),
          '```',
          '',
          '```ts [TypeScript]',
          clientSnippet(m, packageName),
          '```',
          '',
          '```json [JSON-RPC request]',
          JSON.stringify(request, null, 2),
          '```',
          '',
          ':::',
          '',
          'Response:',
          '',
          '```json',
          JSON.stringify({ jsonrpc: '2.0', id: 1, result: example.result?.value }, null, 2),
          '```',
          '',
          `Standalone, for tree-shaking: \`import { ${m.memberName} } from '${packageName}/${m.namespace}'\`.`,
          '',
        ]
      : ['No example.', '']),
  ].join('\n');
}

function schemaPage(name: string, schema: JsonSchema, usedBy: string[], schemas: Where['schemas']): string {
  const at: Where = { base: '../', schemas };
  const s = isObject(schema) ? schema : {};
  return [
    '---',
    `title: ${name}`,
    '---',
    '',
    `# ${name}`,
    '',
    cell(s.description as string | undefined),
    '',
    `Type: ${typeLabel({ ...s, $ref: undefined }, at)}`,
    '',
    ...(typeof s.pattern === 'string' ? [`Pattern: \`${s.pattern}\``, ''] : []),
    ...(wireFormOf(s) ? [`On the wire: ${WIRE_FORM_ON_THE_WIRE[wireFormOf(s)!]} (\`x-wire-form: ${wireFormOf(s)}\`).`, ''] : []),
    ...(s['x-uint64'] === true ? ['A 64-bit integer (`x-uint64`): a `bigint` from the client with `bigint: true`.', ''] : []),
    ...(Array.isArray(s.anyOf) ? ['One of:', '', ...s.anyOf.map((b) => `- ${typeLabel(b, at)}`), ''] : []),
    table(fieldRows(s, at)),
    '',
    ...(usedBy.length > 0 ? ['## Used by', '', ...usedBy.map((u) => `- ${u}`), ''] : []),
  ].join('\n');
}

/** VitePress reads front matter only at the very start of a page: the generated note goes after it. */
const afterFrontmatter = (page: string, note: string) => page.replace(/^(---\n[\s\S]*?\n---\n)/, `$1${note}`);

export function docsFiles(model: DocumentModel, context: GeneratorContext): GeneratedFiles {
  const packageName = `${context.scope ?? '@avanode'}/client`;
  const files: GeneratedFiles = new Map();
  const note = '<!-- Generated by avanode-gen from the OpenRPC document. Do not edit: edit the spec and run `pnpm generate`. -->\n';
  const usedBy = new Map<string, Set<string>>();
  const refsIn = (value: unknown, into: Set<string>) =>
    eachRef(value, (ref) => {
      const name = schemaRefName(ref);
      if (name !== undefined) into.add(name);
    });
  for (const m of model.methods) {
    const refs = new Set<string>();
    refsIn([m.params.map((p) => p.schema), m.resultSchema], refs);
    for (const r of refs) usedBy.set(r, (usedBy.get(r) ?? new Set()).add(`[${m.name}](../${groupFolder(m)}/${m.name}.md)`));
    files.set(`reference/${groupFolder(m)}/${m.name}.md`, afterFrontmatter(methodPage(model, m, packageName), note));
  }
  for (const [name, schema] of Object.entries(model.schemas)) {
    const refs = new Set<string>();
    refsIn(schema, refs);
    for (const r of refs) if (r !== name) usedBy.set(r, (usedBy.get(r) ?? new Set()).add(`[${name}](./${name}.md)`));
  }
  for (const [name, schema] of Object.entries(model.schemas)) files.set(`reference/schemas/${name}.md`, afterFrontmatter(schemaPage(name, schema, [...(usedBy.get(name) ?? [])].sort(), model.schemas), note));
  // Plain HTTP endpoints are called on the same node as the methods: the first server's origin.
  const origin = model.methods[0] ? (/^[a-z]+:\/\/[^/]+/i.exec(exampleUrl(model.methods[0]))?.[0] ?? '') : '';
  for (const endpoint of model.httpEndpoints) {
    files.set(
      `reference/${endpoint.namespace}/${endpoint.name}.md`,
      afterFrontmatter(
        [
          '---',
          `title: ${endpoint.name} (GET)`,
          '---',
          '',
          `# ${endpoint.name} (GET) ${endpoint.extensions['x-node-specific'] ? '<Badge type="info" text="node-specific" />' : ''}`.trimEnd(),
          '',
          prose(endpoint.summary),
          '',
          '::: tip What real nodes do',
          prose(endpoint.description),
          ':::',
          '',
          '## Endpoints',
          '',
          '| Name | Path |',
          '|---|---|',
          ...Object.entries(endpoint.paths).map(([k, p]) => `| \`${k}\` | \`${endpoint.httpMethod} ${p}\` |`),
          '',
          '## Query',
          '',
          table(endpoint.query.map((q) => ({ name: q.name, type: typeLabel(q.schema, { base: '../', schemas: model.schemas }), required: q.required, description: cell(q.description) })), 'Name'),
          '',
          '## Responses',
          '',
          '| Status | Body |',
          '|---|---|',
          ...Object.entries(endpoint.responses).map(([status, r]) => `| ${status} | ${typeLabel(r.schema, { base: '../', schemas: model.schemas })} (${cell(r.description)}) |`),
          '',
          '## Example',
          '',
          ...endpoint.examples.flatMap((e) => [`Status ${e.status}${e.name ? ` (${e.name})` : ''}:`, '', '```json', JSON.stringify(e.body, null, 2), '```', '']),
          '## Try it',
          '',
          `<TryIt :call='${JSON.stringify({ get: endpoint.name, origin, paths: endpoint.paths, query: endpoint.query.map((q) => q.name) }).replace(/'/g, '&#39;')}' />`,
          '',
          '## Calling it',
          '',
          '::: code-group',
          '',
          '```sh [curl]',
          `curl -sS -i ${origin}${Object.values(endpoint.paths)[0] ?? ''}`,
          '```',
          '',
          '```ts [TypeScript]',
          `import { createClient } from '${packageName}';`,
          '',
          `const client = createClient({ url: '${origin}' });`,
          `const { status, ...body } = await client.${endpoint.namespace}.${endpoint.memberName}();`,
          'console.log(status, body);',
          '```',
          '',
          ':::',
          '',
        ].join('\n'),
        note,
      ),
    );
  }
  // The sidebar, by API, then the schemas.
  const groups = new Map<string, Array<{ text: string; link: string }>>();
  for (const m of model.methods) {
    const title = groupTitle(model, m.namespace);
    groups.set(title, [...(groups.get(title) ?? []), { text: m.name, link: `/reference/${groupFolder(m)}/${m.name}` }]);
  }
  for (const endpoint of model.httpEndpoints) {
    const title = groupTitle(model, endpoint.namespace);
    groups.set(title, [...(groups.get(title) ?? []), { text: `${endpoint.name} (GET)`, link: `/reference/${endpoint.namespace}/${endpoint.name}` }]);
  }
  const sidebar = [
    ...[...groups].map(([text, items]) => ({ text, collapsed: false, items })),
    { text: 'Schemas', collapsed: true, items: Object.keys(model.schemas).map((name) => ({ text: name, link: `/reference/schemas/${name}` })) },
  ];
  files.set(
    'reference/sidebar.mjs',
    `// Generated by avanode-gen from the OpenRPC document. Do not edit: edit the spec and run \`pnpm generate\`.\n// The reference sidebar of the documentation site, by API.\n\nexport default ${JSON.stringify(sidebar, null, 2)};\n`,
  );
  files.set(
    'reference/index.md',
    note +
      [
        '# Reference',
        '',
        `Every method of ${model.title}, version ${model.version}, generated from the OpenRPC document.`,
        '',
        ...[...groups].flatMap(([text, items]) => [`## ${text}`, '', ...items.map((i) => `- [${i.text}](${i.link.replace('/reference/', './')}.md)`), '']),
        '## Schemas',
        '',
        ...Object.keys(model.schemas).map((name) => `- [${name}](./schemas/${name}.md)`),
        '',
      ].join('\n'),
  );
  return files;
}
