// The documentation site. Guides are written by hand; the reference is generated from the
// OpenRPC document (docs/reference, and docs/vX.Y.Z/reference for released versions).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type DefaultTheme } from 'vitepress';
import reference from '../reference/sidebar.mjs';
import codecTypes from '../codec/sidebar.mjs';
import { markdown } from './markdown.ts';

const root = join(import.meta.dirname, '..');
const spec = JSON.parse(readFileSync(join(root, '..', 'spec', 'openrpc.json'), 'utf8')) as {
  info: { version: string };
  methods: Array<{ name: string; tags?: Array<{ $ref?: string; name?: string }> }>;
  components?: { tags?: Record<string, { name: string; description?: string }> };
};

/**
 * The home page's counts, read from the spec on every build (never typed by hand): methods in
 * all, and per API (a method's first tag; the spec's tag descriptions name the APIs).
 */
function methodCounts() {
  const groups = new Map<string, number>();
  for (const method of spec.methods) {
    const tag = method.tags?.[0];
    const key = tag?.$ref?.split('/').pop() ?? tag?.name ?? 'other';
    const name = spec.components?.tags?.[key]?.description ?? key;
    groups.set(name, (groups.get(name) ?? 0) + 1);
  }
  return { methods: spec.methods.length, groups: [...groups].map(([name, methods]) => ({ name, methods })) };
}
const counts = methodCounts();
// The folder of versions.json: the site's own, or the one docs/scripts/build.ts was pointed at.
const versions = JSON.parse(readFileSync(join(process.env.AVANODE_DOCS_VERSIONS ?? root, 'versions.json'), 'utf8')) as string[];
// The current version is the site's root; only older versions get a /vX.Y.Z/ copy, so the
// version menu and the search list each version once.
const released = versions.filter((v) => v !== spec.info.version && existsSync(join(root, `v${v}`)));

/** Reference pages of one version, relative to its root (`/reference/platform/platform.getHeight`). */
function referencePages(dir: string, prefix = '/reference'): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? referencePages(join(dir, entry.name), `${prefix}/${entry.name}`) : entry.name.endsWith('.md') ? [`${prefix}/${entry.name.replace(/\.md$/, '').replace(/^index$/, '')}`.replace(/\/$/, '/')] : [],
  );
}
const siteVersions = [
  { version: spec.info.version, prefix: '', latest: true, pages: referencePages(join(root, 'reference')) },
  ...released.map((v) => ({ version: v, prefix: `/v${v}`, latest: false, pages: referencePages(join(root, `v${v}`, 'reference')) })),
];
/** The version a page belongs to, for its search entry. */
const versionOfPage = (relativePath: string) => siteVersions.find((v) => v.prefix && relativePath.startsWith(`${v.prefix.slice(1)}/`)) ?? siteVersions[0]!;

const versionSidebars: DefaultTheme.SidebarMulti = {};
for (const version of released) {
  const file = join(root, `v${version}`, 'reference', 'sidebar.mjs');
  if (existsSync(file)) versionSidebars[`/v${version}/`] = [{ text: `v${version}`, items: [{ text: 'Reference', link: `/v${version}/reference/` }] }, ...(await import(file)).default];
}

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Guide',
    items: [
      { text: 'Getting started with the client', link: '/guide/getting-started' },
      { text: 'Errors', link: '/guide/errors' },
      { text: 'Fallback URLs, hooks, waiting for a tx', link: '/guide/resilience' },
      { text: 'Mocking the node in a frontend test', link: '/guide/msw' },
      { text: 'Running the mock node', link: '/guide/mock-node' },
      { text: 'Scenarios: a simulated network', link: '/guide/scenarios' },
      { text: 'Test against a copy of Fuji', link: '/guide/fork' },
      { text: 'TanStack Query', link: '/guide/query' },
      { text: 'The avanode command line', link: '/guide/cli' },
      { text: 'MCP: your node in an AI assistant', link: '/guide/mcp' },
      { text: 'MCP tools (generated)', link: '/reference/mcp-tools' },
      { text: 'Validating responses', link: '/guide/validating' },
      { text: 'Big integers', link: '/guide/bigint' },
      { text: 'Batches', link: '/guide/batches' },
      { text: 'ESM-only packages', link: '/guide/esm' },
      { text: 'What the mock is, and is not', link: '/guide/mock-limits' },
      { text: 'Decoding P-chain bytes', link: '/guide/codec' },
      { text: 'Send, stake and run an L1', link: '/guide/wallet' },
      { text: 'Stake from the C-chain', link: '/guide/cchain' },
      { text: 'Editing the spec and regenerating', link: '/guide/editing-the-spec' },
      { text: 'Releasing', link: '/guide/releasing' },
    ],
  },
  { text: 'Wallet builders', link: '/wallet/' },
  { text: 'Quality', items: [{ text: 'Benchmarks', link: '/benchmarks' }, { text: 'Robustness', link: '/robustness' }] },
];

export default defineConfig({
  // The home page says `%methods%` where the count belongs (its hero and feature texts are data,
  // not templates); its body reads `$frontmatter.counts`.
  transformPageData(pageData) {
    if (pageData.relativePath !== 'index.md') return;
    const fill = (value: unknown): unknown =>
      typeof value === 'string' ? value.replaceAll('%methods%', String(counts.methods)) : Array.isArray(value) ? value.map(fill) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)])) : value;
    pageData.frontmatter = { ...(fill(pageData.frontmatter) as Record<string, unknown>), counts };
  },
  title: 'avanode',
  description: 'The TypeScript toolkit for the HTTP interfaces of an Avalanche node, generated from one OpenRPC document.',
  lastUpdated: false,
  // The tab's icon (docs/public/favicon.svg, copied to the site's root).
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  // One page at a time: the local search index then lists pages in the same order on every
  // build, so two builds give the same bytes.
  buildConcurrency: 1,
  srcExclude: ['README.md', 'versions/**'],
  markdown,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/' },
    ],
    // Read by the theme's version menu (docs/.vitepress/theme/VersionSwitcher.vue).
    versions: siteVersions,
    sidebar: { '/guide/': guide, '/benchmarks': guide, '/robustness': guide, '/reference/': reference, '/codec/': codecTypes, '/wallet/': guide, ...versionSidebars },
    search: {
      provider: 'local',
      options: {
        // Each hit says which version it is from: the page's first heading carries the label.
        _render(src, env, md) {
          const html = md.render(src, env);
          const { version, latest } = versionOfPage(env.relativePath);
          return html.replace(/<h1([^>]*)>/, `<h1$1>v${version}${latest ? ' (latest)' : ''} · `);
        },
      },
    },
    outline: [2, 3],
  },
});
