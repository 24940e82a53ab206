/** A document the generators cannot work from; `where` is the JSON path in the document. */
export class GeneratorError extends Error {
  override name = 'GeneratorError';
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
  }
}

/**
 * A problem as one printable line: the document's text it quotes (a name, a `$ref`) may hold
 * line breaks, terminal escapes or bidi controls, shown as `\uXXXX` so they can neither split
 * the line nor restyle or reorder what a terminal shows.
 */
const hidden = (code: number) =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
const printable = (line: string) => Array.from(line, (c) => (hidden(c.codePointAt(0)!) ? `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}` : c)).join('');

/** A document's problems, one a line (all of them, not the first): one GeneratorError whose `where` is the first's place. */
export function problemsError(problems: string[], where?: string): GeneratorError {
  const lines = problems.map(printable);
  const first = lines[0] ?? '#';
  return new GeneratorError(lines.join('\n'), where ?? /#\/[^\s:)']*/.exec(first)?.[0] ?? '#');
}
