// Pieces of TypeScript source that plugins write into templates' holes: literals, property keys
// and doc comments, spelled one way in every generated package.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A string as a TypeScript literal, single-quoted like hand-written code. */
export const stringLiteral = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/** A property name as written in an object literal or interface: bare when it is an identifier, else quoted. */
export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : stringLiteral(name));

/**
 * A doc comment of the given paragraphs (empty ones left out), each line indented by `indent`,
 * ending with a newline: on one line when the text is one line; '' when no paragraph remains.
 * `*\/` inside the text is escaped.
 */
export function docComment(paragraphs: ReadonlyArray<string | undefined | false>, indent = ''): string {
  const text = paragraphs.filter(Boolean).join('\n\n').replace(/\*\//g, '*\\/');
  if (!text) return '';
  if (!text.includes('\n')) return `${indent}/** ${text} */\n`;
  return `${indent}/**\n${text.split('\n').map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** A property read after an expression: `.name` when it is an identifier, else `['name']`. */
export const propertyAccess = (name: string): string => (IDENTIFIER.test(name) ? `.${name}` : `[${stringLiteral(name)}]`);

/** Lines of code for a block hole: each item followed by a newline ('' for none). */
export const lines = (items: readonly string[]): string => items.map((item) => `${item}\n`).join('');
