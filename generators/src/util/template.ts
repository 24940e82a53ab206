// Template files under generators/templates, with small named holes that a plugin fills. Two
// kinds of hole, in one of two spellings (by the file's extension):
//
// - a block hole, whole lines between two marker lines: the lines inside are a sample and the
//   whole block, markers included, is replaced by what the plugin gives; `section(<name>)` reads
//   the sample as a template of its own, which a plugin renders once per item (one function per
//   method, one row per error) or leaves out (an optional part of a page);
// - an inline hole: the marker (and, in TypeScript, its sample) replaced in place.
//
// TypeScript (and JavaScript) templates are real modules, type-checked with the generators
// package: a block is `// @hole <name>` … `// @end <name>`, an inline hole `/*@<name>*/` before one
// token (a single-quoted string or a name) or a span `/*@<name>[*/ sample /*]*/`, so the template
// stays valid TypeScript on its own. Markdown templates (`.md`) are pages as they read: a block is
// `<!-- @hole <name> -->` … `<!-- @end <name> -->`, an inline hole `{{<name>}}`.
//
// A block `@about` … `@end about` describes the template itself and is always dropped.
// Filling checks both ways: a hole left without a value, or a value for no hole, is an error.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** generators/templates */
export const TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'templates');

/** How a kind of template file spells its holes. */
interface Syntax {
  readonly block: RegExp;
  readonly about: RegExp;
  /** Group 1 is the hole's name. */
  readonly inline: RegExp;
  /** An inline hole that would leave part of its sample behind. */
  readonly unfinished?: RegExp;
}

const TYPESCRIPT: Syntax = {
  block: /^[ \t]*\/\/ @hole ([\w-]+)[ \t]*\n([\s\S]*?)^[ \t]*\/\/ @end \1[ \t]*(?:\n|$)/gm,
  about: /^[ \t]*\/\/ @about[ \t]*\n[\s\S]*?^[ \t]*\/\/ @end about[ \t]*(?:\n|$)/gm,
  // A span first (its sample may be anything up to `/*]*/`), else one token; a name followed by a
  // call, an index or a block would leave part of the sample behind, so it is refused.
  inline: /\/\*@([\w-]+)(?:\[\*\/([\s\S]*?)\/\*\]\*\/|\*\/[ \t]*('(?:[^'\\\n]|\\.)*'|[\w$.]+)(?![\w$.([{]))/g,
  unfinished: /\/\*@[\w-]+\*\/[ \t]*[\w$.]+[([{]/,
};

const MARKDOWN: Syntax = {
  block: /^<!-- @hole ([\w-]+) -->\n([\s\S]*?)^<!-- @end \1 -->(?:\n|$)/gm,
  about: /^<!-- @about -->\n[\s\S]*?^<!-- @end about -->(?:\n|$)/gm,
  inline: /\{\{([\w-]+)\}\}/g,
};

const syntaxOf = (name: string): Syntax => (name.endsWith('.md') ? MARKDOWN : TYPESCRIPT);

export class Template {
  constructor(
    /** The template's text. */
    readonly text: string,
    /** Where it comes from, for errors; its extension says how holes are spelled. */
    readonly name: string,
    private readonly syntax: Syntax = syntaxOf(name),
  ) {}

  // Read once: a page template's sections are filled once per item (a table's row per error).
  private holeNames?: string[];
  private readonly sections = new Map<string, Template>();

  /** The names of its holes, block and inline, in order of first appearance. */
  holes(): string[] {
    this.holeNames ??= this.findHoles();
    return this.holeNames;
  }

  private findHoles(): string[] {
    const { block, about, inline, unfinished: sampleLeft } = this.syntax;
    const unfinished = sampleLeft?.exec(this.text);
    if (unfinished) throw new Error(`template ${this.name}: '${unfinished[0]}': a hole before more than one token must be a span, /*@name[*/ … /*]*/`);
    const text = this.text.replace(about, '');
    const found = [...text.matchAll(block)].map((m) => [m.index, m[1]!] as const);
    // Inline holes inside a block's sample belong to the section, not to this template.
    const outside = text.replace(block, (whole) => ' '.repeat(whole.length));
    found.push(...[...outside.matchAll(inline)].map((m) => [m.index, m[1]!] as const));
    return [...new Set(found.sort((a, b) => a[0] - b[0]).map(([, name]) => name))];
  }

  /** The sample inside block hole `name`, as a template of its own. */
  section(name: string): Template {
    const known = this.sections.get(name);
    if (known) return known;
    const match = [...this.text.matchAll(this.syntax.block)].find((m) => m[1] === name);
    if (!match) throw new Error(`template ${this.name}: no block hole '${name}'`);
    const section = new Template(match[2]!, `${this.name}#${name}`, this.syntax);
    this.sections.set(name, section);
    return section;
  }

  /** The text with every hole filled: block holes by whole lines (a newline is added when missing), inline holes in place. */
  fill(values: Readonly<Record<string, string>>): string {
    const holes = this.holes();
    const missing = holes.filter((name) => !(name in values));
    const unknown = Object.keys(values).filter((name) => !holes.includes(name));
    if (missing.length > 0 || unknown.length > 0) {
      throw new Error(`template ${this.name}: ${[missing.length > 0 ? `no value for ${missing.join(', ')}` : '', unknown.length > 0 ? `no hole for ${unknown.join(', ')}` : ''].filter(Boolean).join('; ')}`);
    }
    // One pass over the template's own text: inline holes are filled in the text between blocks,
    // and block values put between, so nothing in a value (a document's text) is ever read as a
    // hole or a marker of any kind.
    const { block, about, inline } = this.syntax;
    const text = this.text.replace(about, '');
    let out = '';
    let last = 0;
    for (const match of text.matchAll(block)) {
      out += text.slice(last, match.index).replace(inline, (_whole, name: string) => values[name]!);
      const value = values[match[1]!]!;
      out += value === '' || value.endsWith('\n') ? value : `${value}\n`;
      last = match.index + match[0].length;
    }
    return out + text.slice(last).replace(inline, (_whole, name: string) => values[name]!);
  }
}

const cache = new Map<string, Template>();

/**
 * A template by its path under generators/templates (`client/definition.ts`). The file is read
 * on every call, so that `--watch` picks up an edit; the parsed template is kept while its text
 * is the same.
 */
export function template(path: string): Template {
  const text = readFileSync(join(TEMPLATES_DIR, path), 'utf8');
  let found = cache.get(path);
  if (found?.text !== text) {
    found = new Template(text, path);
    cache.set(path, found);
  }
  return found;
}
