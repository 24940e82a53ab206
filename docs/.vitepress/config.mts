// The documentation site. Guides are written by hand; the reference is generated from the
// OpenRPC document (docs/reference, and docs/vX.Y.Z/reference for released versions).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type DefaultTheme } from 'vitepress';
import reference from '../reference/sidebar.mjs';

const root = join(import.meta.dirname, '..');
const spec = JSON.parse(readFileSync(join(root, '..', 'spec', 'openrpc.json'), 'utf8')) as { info: { version: string } };
const versions = JSON.parse(readFileSync(join(root, 'versions.json'), 'utf8')) as string[];
const released = versions.filter((v) => v !== spec.info.version || existsSync(join(root, `v${v}`)));

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
      { text: 'Mocking the node in a frontend test', link: '/guide/msw' },
      { text: 'Running the mock node', link: '/guide/mock-node' },
      { text: 'Validating responses', link: '/guide/validating' },
      { text: 'Big integers', link: '/guide/bigint' },
      { text: 'Editing the spec and regenerating', link: '/guide/editing-the-spec' },
      { text: 'Releasing', link: '/guide/releasing' },
    ],
  },
  { text: 'Quality', items: [{ text: 'Benchmarks', link: '/benchmarks' }, { text: 'Robustness', link: '/robustness' }] },
];

export default defineConfig({
  title: 'avanode',
  description: 'The TypeScript toolkit for the HTTP interfaces of an Avalanche node, generated from one OpenRPC document.',
  lastUpdated: false,
  // One page at a time: the local search index then lists pages in the same order on every
  // build, so two builds give the same bytes.
  buildConcurrency: 1,
  srcExclude: ['README.md', 'versions/**'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/' },
      {
        text: `v${spec.info.version}`,
        items: [{ text: `v${spec.info.version} (latest)`, link: '/reference/' }, ...released.map((v) => ({ text: `v${v}`, link: `/v${v}/reference/` }))],
      },
    ],
    sidebar: { '/guide/': guide, '/benchmarks': guide, '/robustness': guide, '/reference/': reference, ...versionSidebars },
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
