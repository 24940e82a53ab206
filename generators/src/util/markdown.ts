// A document's text as it may stand in a generated Markdown page that VitePress renders: the
// page becomes a Vue template, so raw HTML in the text would be markup, `{{ … }}` a live
// interpolation and `{…}` attributes (markdown-it-attrs). Every string from the document goes through one of these; none is written as
// it is. (VitePress leaves fenced code blocks to Vue as text, `v-pre`, but not inline code,
// so inline code is written as `<code v-pre>`.)

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text with `& < > " '` as entities: safe as an HTML text node or a quoted attribute's value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
/** Text with `& < >` as entities: safe as an HTML text node (quotes need none there). */
const escapeText = (text: string): string => text.replace(/[&<>]/g, (char) => HTML_ESCAPES[char]!);

/** Line ends (JavaScript's and Unicode's), each made a space: a page's line ends belong to its template. */
const oneLine = (text: string) => text.replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ');

/** Controls (bidirectional and zero-width ones included) shown as `U+XXXX` rather than written. */
const visibleControls = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point: they are escaped.
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, (char) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

/**
 * Every `{` as `&#123;`, which VitePress's renderer passes on as it is and Vue reads as a
 * character: two of them cannot open an interpolation, and one cannot start the attributes
 * VitePress's markdown-it-attrs reads (`{onclick=…}` after a heading, a paragraph or a code span
 * would become an attribute of that element).
 */
const inertBraces = (text: string) => text.replace(/\{/g, '&#123;');

/**
 * The marks Markdown reads as syntax inside a line: emphasis, links, code, a table's cell, a
 * strikethrough, an emoji (`:name:`); `_` between two letters or digits is none (`eth_call`).
 */
const INLINE_SYNTAX = /[\\`*[\]|~:]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g;

/**
 * Text that reads as it is, inline: on one line, its HTML escaped, the marks Markdown reads as
 * syntax backslash-escaped (so `*`, `[`, `|` or a backtick is a character, not emphasis, a link,
 * a table cell or code), controls visible and braces inert.
 */
export const mdText = (text: string): string => inertBraces(escapeText(visibleControls(oneLine(text))).replace(INLINE_SYNTAX, (char) => `\\${char}`));

/** Text a plain code span shows as it is: no backtick, `{{`, line end or control, no space at either end. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point: they are escaped.
const PLAIN_CODE = /^(?! )(?![\s\S]*\{\{)[^`\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]+(?<! )$/;

/**
 * Inline code: a code span when the text is plain (`PLAIN_CODE`; with no `|` unless `pipes`, a
 * promise that it stands in no table cell, or in one that escapes its pipes, `mdCell`), else
 * `<code v-pre>` with the text's HTML escaped and the characters Markdown would read inside it
 * (outside a code span they are syntax) as numeric references, which Markdown shows as the
 * characters themselves.
 */
export const mdCode = (text: string, pipes = false): string =>
  PLAIN_CODE.test(text) && (pipes || !text.includes('|'))
    ? `\`${text}\``
    : `<code v-pre>${inertBraces(escapeText(visibleControls(oneLine(text))).replace(INLINE_SYNTAX, (char) => `&#${char.charCodeAt(0)};`))}</code>`;

/** Code spans of any backtick run, as CommonMark reads them: the same run opens and closes. */
const CODE_SPAN = /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;

/**
 * Prose from the document as Markdown (emphasis, links and lists keep working): HTML in it is
 * escaped, braces are inert, its code spans become `mdCode` (a fence too, inline: VitePress would let
 * Vue read a fence marked `*-vue`), a backtick left alone is a character, a container's `:::` is
 * text, controls are visible.
 */
export function mdProse(text: string | undefined): string {
  const source = visibleControls((text ?? '').replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n'));
  let out = '';
  let last = 0;
  for (const match of source.matchAll(CODE_SPAN)) {
    out += proseText(source.slice(last, match.index));
    out += mdCode(match[2]!.replace(/^ (.*) $/s, '$1'), true);
    last = match.index + match[0].length;
  }
  return out + proseText(source.slice(last));
}
// A line that opens or closes a container (`::: tip`, `::: v-pre`) would reshape the page around
// the text (close the template's own container, swallow the rest): its first colon is escaped;
// so is the second bracket of `[[`, VitePress's table of contents (`[[toc]]`).
const proseText = (text: string) =>
  inertBraces(escapeText(text).replace(/`/g, '\\`').replace(/^([ \t]*):(?=::)/gm, '$1\\:').replace(/\[\[/g, '[\\['));

/** Prose for a table cell: one line, its pipes escaped. */
export const mdCell = (text: string | undefined): string => mdProse(oneLine(text ?? '')).replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** A link whose target is a generated page's path (made of safe characters, model-names.ts `fileStem`). */
export const mdLink = (text: string, target: string): string => `[${mdText(text)}](${encodeURI(target).replace(/[()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)})`;

/**
 * A YAML front-matter value: double-quoted, with JSON's escapes (a subset of YAML's), line
 * separators and other controls as `\u` escapes, so no value can end the line or the block.
 */
export const yamlString = (text: string): string =>
  JSON.stringify(text).replace(/[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A Vue attribute's value in single quotes: `& < > '` as entities (Vue reads them back). */
export const attributeValue = (text: string): string => `'${text.replace(/[&<>']/g, (char) => HTML_ESCAPES[char]!)}'`;
