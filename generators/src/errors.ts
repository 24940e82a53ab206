import { printable } from './util/code.ts';

/**
 * A document the generators cannot work from; `where` is the JSON path in the document. Its
 * message holds one problem a line, each made printable (util/code.ts): a document's name that
 * holds a line break cannot split one problem into two lines, or forge one.
 */
export class GeneratorError extends Error {
  override name = 'GeneratorError';
  /** The problems, one a line as the message has them. */
  readonly problems: readonly string[];
  constructor(
    problems: string | readonly string[],
    readonly where: string,
  ) {
    const lines = (typeof problems === 'string' ? [problems] : problems).map(printable);
    super(lines.join('\n'));
    this.problems = lines;
  }
}

/** A document's problems, one a line (all of them, not the first): one GeneratorError whose `where` is the first's place. */
export function problemsError(problems: string[], where?: string): GeneratorError {
  const first = printable(problems[0] ?? '#');
  return new GeneratorError(problems, where ?? /#\/[^\s:)']*/.exec(first)?.[0] ?? '#');
}

/** The most problems a run prints: a document can have thousands, and the first ones are those to fix. */
export const MAX_PRINTED_PROBLEMS = 100;

/** Problem lines as printed: the first MAX_PRINTED_PROBLEMS, then one line saying how many more there are. */
export function printedProblems(lines: readonly string[]): string[] {
  if (lines.length <= MAX_PRINTED_PROBLEMS) return [...lines];
  const more = lines.length - MAX_PRINTED_PROBLEMS;
  return [...lines.slice(0, MAX_PRINTED_PROBLEMS), `… and ${more} more problem${more === 1 ? '' : 's'} (${lines.length} in all; the first ${MAX_PRINTED_PROBLEMS} are shown)`];
}
