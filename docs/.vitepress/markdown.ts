// How the site renders Markdown, apart from the config so a test can render a page the same way
// (docs/test/highlight.test.ts). Both settings exist so that two builds give the same bytes.
import type { MarkdownOptions } from 'vitepress';

/**
 * A guide's snippet may start with the setup it assumes (imports, a client, a key), above a line
 * `// ---cut---` as twoslash writes it: the tests compile the whole block (docs/test/snippets.test.ts),
 * the site shows what follows the cut.
 */
export function hideSetup(code: string): string {
  const cut = code.indexOf('// ---cut---\n');
  return cut === -1 ? code : code.slice(cut + '// ---cut---\n'.length);
}

export const markdown: MarkdownOptions = {
  // Code groups name their tabs with random ids; numbered per page instead.
  config(md) {
    const render = md.render.bind(md);
    md.render = (src, env) => {
      const ids = new Map<string, string>();
      return render(src, env).replace(/(name|id|for)="((?:group|tab)-)([A-Za-z0-9_-]+)"/g, (_whole, attribute: string, kind: string, id: string) => {
        if (!ids.has(kind + id)) ids.set(kind + id, `${kind}${ids.size + 1}`);
        return `${attribute}="${ids.get(kind + id)}"`;
      });
    };
  },
  codeTransformers: [
    {
      name: 'avanode:hide-setup',
      preprocess: (code) => hideSetup(code),
    },
    {
      // Shiki stops tokenizing a line after 500 ms by default and colours the rest of the block
      // from wherever it stopped. The first TypeScript block of a build also compiles the
      // grammar's expressions, which took longer than that on a loaded 2-core machine, so the
      // batches guide came out coloured differently from one build to the next. No limit: our
      // pages are ours, and a build must not depend on the machine's load.
      name: 'avanode:no-tokenize-time-limit',
      preprocess(_code, options) {
        options.tokenizeTimeLimit = 0;
      },
    },
  ],
};
