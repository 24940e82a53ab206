// Two builds give the same bytes even on a loaded machine: Shiki's tokenizer stops a line after
// 500 ms by default (measured by Date.now), and the first TypeScript block of a build also
// compiles the grammar, so under load the batches guide came out coloured differently from one
// build to the next. Here a clock that jumps a second at every reading stands in for the load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMarkdownRenderer, disposeMdItInstance } from 'vitepress';
import { afterEach, expect, it, vi } from 'vitest';
import { markdown } from '../.vitepress/markdown.ts';

const docs = join(import.meta.dirname, '..');
const page = readFileSync(join(docs, 'guide', 'batches.md'), 'utf8');

async function render(options: typeof markdown, slowClock: boolean): Promise<string> {
  // VitePress keeps one renderer per process: a fresh one, so each call gets its options.
  disposeMdItInstance();
  const md = await createMarkdownRenderer(docs, options, '/');
  if (slowClock) {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
  }
  try {
    return md.render(page, { path: join(docs, 'guide', 'batches.md'), relativePath: 'guide/batches.md' });
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

it('a slow clock does not change how the site colours code', async () => {
  const calm = await render(markdown, false);
  expect(calm).toContain('shiki');
  expect(await render(markdown, true)).toBe(calm);
});

it('without the setting, the same slow clock does change it (what the setting prevents)', async () => {
  const { codeTransformers: _, ...withoutSetting } = markdown;
  const calm = await render(withoutSetting, false);
  expect(await render(withoutSetting, true)).not.toBe(calm);
});
