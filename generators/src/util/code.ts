// Pieces of TypeScript source that plugins write into templates' holes: literals, property keys
// and comments, spelled one way in every generated package. A document's strings reach
// generated code only through these: as a string literal (`stringLiteral`, `jsonCode`), inside a
// comment whose end they cannot write (`docComment`, `commentText`), or as an identifier the
// model has made safe (model-names.ts).
import { createHash } from 'node:crypto';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Characters a literal spells as `\u` escapes: control characters, the line and paragraph
 * separators (line ends to JavaScript), bidirectional and zero-width controls (text that reads
 * otherwise than it runs), lone surrogates (not writable as UTF-8), and the `<` of `</script`
 * and `<!--` (so a module inlined in an HTML page cannot end its script or open a comment).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point: they are escaped.
const UNSAFE_IN_LITERAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|<(?=\/script|!--)/gi;
/** What JSON.stringify leaves raw of those (it escapes control characters and lone surrogates itself). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|<(?=\/script|!--)/gi;
const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A string as a TypeScript literal, single-quoted like hand-written code. */
export const stringLiteral = (text: string): string =>
  `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(UNSAFE_IN_LITERAL, (char) => SHORT_ESCAPES[char] ?? unicodeEscape(char))}'`;

/**
 * A JSON value as JavaScript source (JSON.stringify's text, `space` as there), with the
 * characters `stringLiteral` escapes escaped too (JSON leaves them raw; they occur only inside
 * its strings), and a `"__proto__"` key computed (`["__proto__"]:`): in an object literal the
 * plain key would set the object's prototype instead of making a member.
 */
export const jsonCode = (value: unknown, space?: number): string =>
  (JSON.stringify(value, null, space) ?? 'undefined').replace(UNSAFE_IN_JSON, unicodeEscape).replace(/([{,]\s*)"__proto__":/g, '$1["__proto__"]:');

/**
 * Generated JavaScript made safe to inline in an HTML page: `</script` and `<!--` (which occur
 * only inside its strings and comments) get their `<` as `\x3C`, which reads as `<` in a string,
 * a template or a regular expression; U+2028 and U+2029 as escapes.
 */
export const scriptSafe = (code: string): string => code.replace(/<(?=\/script|!--)/gi, '\\x3C').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Anything JavaScript reads as the end of a line. */
const LINE_END = /\r\n|[\r\n\u2028\u2029]/g;

/**
 * Text for inside a comment, on one line: `*\/` cannot close a block comment, a line end cannot
 * end a line comment (each becomes a space), controls (bidirectional ones included) are shown
 * as `\u` escapes rather than written, and `</script` and `<!--` as `<\/script` and `<\!--`.
 */
export const commentText = (text: string): string =>
  text.replace(LINE_END, ' ').replace(/\*\//g, '*\\/').replace(UNSAFE_IN_LITERAL, (char) => (char === '<' ? '<\\' : unicodeEscape(char)));

/**
 * A doc comment of the given paragraphs (empty ones left out), each line indented by `indent`,
 * ending with a newline: on one line when the text is one line; '' when no paragraph remains.
 * Each line of the text goes through `commentText`: nothing in it can close the comment.
 */
export function docComment(paragraphs: ReadonlyArray<string | undefined | false>, indent = ''): string {
  const text = paragraphs.filter(Boolean).join('\n\n').replace(LINE_END, '\n');
  if (!text) return '';
  const textLines = text.split('\n').map(commentText);
  if (textLines.length === 1) return `${indent}/** ${textLines[0]} */\n`;
  return `${indent}/**\n${textLines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

/**
 * What a terminal must not be sent raw: C0 and C1 controls (ESC starts every ANSI, OSC 8
 * hyperlink and title-setting sequence; U+009B is a one-character CSI), DEL, line ends,
 * bidirectional controls, zero-width and other invisible characters (the soft hyphen, U+180E,
 * U+2060–U+206F, the BOM, the interlinear annotation marks, the tag characters U+E0000–U+E007F),
 * and lone surrogates.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point: they are escaped.
const UNSAFE_IN_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text printed to a terminal (a warning, an error, a line of avanode-gen's output): every
 * character of UNSAFE_IN_TERMINAL as a `\u` escape, so no escape sequence reaches the terminal,
 * the line stays one line and shows what the document says. avanode-gen prints every line
 * through it (cli.ts `say`).
 */
export const printable = (text: string): string => text.replace(UNSAFE_IN_TERMINAL, (char) => char.split('').map(unicodeEscape).join(''));

/** A property name as written in an object literal or interface: bare when it is an identifier, else quoted. */
export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : stringLiteral(name));

/** A property read after an expression: `.name` when it is an identifier, else `['name']`. */
export const propertyAccess = (name: string): string => (IDENTIFIER.test(name) ? `.${name}` : `[${stringLiteral(name)}]`);

/** Lines of code for a block hole: each item followed by a newline ('' for none). */
export const lines = (items: readonly string[]): string => items.map((item) => `${item}\n`).join('');

/** The first 8 hex digits of the text's SHA-256: a short name for it that the same text always gets. */
export const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 8);

/**
 * A document's name as a part of a derived name (an ajv `$id`, which ajv also writes into a
 * comment): the name itself when it holds only `A-Z a-z 0-9 . _ -`, else those characters with
 * every run of others as `_`, and a hash of the whole name so that two names never meet.
 */
export const safeSlug = (name: string): string =>
  /^[\w.-]+$/.test(name) && !/^\.+$/.test(name) ? name : `${name.replace(/[^\w.-]+/g, '_').replace(/\.{2,}/g, '_').slice(0, 60)}-${shortHash(name)}`;
