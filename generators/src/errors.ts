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
  const first = problems[0] ?? '#';
  return new GeneratorError(problems.join('\n'), where ?? /#\/[^\s:)']*/.exec(first)?.[0] ?? '#');
}
