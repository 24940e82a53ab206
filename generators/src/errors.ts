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
