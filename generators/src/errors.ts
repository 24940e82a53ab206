import { printable } from './util/code.ts';

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

/** A document's problems, one a line (all of them, not the first): one GeneratorError whose `where` is the first's place. */
export function problemsError(problems: string[], where?: string): GeneratorError {
  // One line each, whatever the document's text they quote (util/code.ts `printable`).
  const lines = problems.map(printable);
  const first = lines[0] ?? '#';
  return new GeneratorError(lines.join('\n'), where ?? /#\/[^\s:)']*/.exec(first)?.[0] ?? '#');
}
