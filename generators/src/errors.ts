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

/** The most problems a run prints: a document can have thousands, and the first ones are those to fix. */
export const MAX_PRINTED_PROBLEMS = 100;

/** Problem lines as printed: the first MAX_PRINTED_PROBLEMS, then one line saying how many more there are. */
export function printedProblems(lines: readonly string[]): string[] {
  if (lines.length <= MAX_PRINTED_PROBLEMS) return [...lines];
  const more = lines.length - MAX_PRINTED_PROBLEMS;
  return [...lines.slice(0, MAX_PRINTED_PROBLEMS), `… and ${more} more problem${more === 1 ? '' : 's'} (${lines.length} in all; the first ${MAX_PRINTED_PROBLEMS} are shown)`];
}
