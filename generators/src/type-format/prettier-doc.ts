// prettier's document builders and printer (`prettier/doc`), from the prettier that
// json-schema-to-typescript itself formats with: the layout is then decided by the same code
// in both paths. Only this small module is loaded, not prettier's parsers and printers.
import { createRequire } from 'node:module';

/** A prettier document (opaque here: built by the builders, read by the printer). */
export type Doc = string | Doc[] | { readonly type: string };

export interface DocBuilders {
  align(n: number, contents: Doc): Doc;
  group(contents: Doc, options?: { shouldBreak?: boolean; id?: symbol }): Doc;
  hardline: Doc;
  ifBreak(breakContents: Doc, flatContents?: Doc): Doc;
  indent(contents: Doc): Doc;
  indentIfBreak(contents: Doc, options: { groupId: symbol }): Doc;
  join(separator: Doc, docs: Doc[]): Doc;
  line: Doc;
  lineSuffixBoundary: Doc;
  literalline: Doc;
  markAsRoot(contents: Doc): Doc;
  softline: Doc;
}

interface PrettierDoc {
  builders: DocBuilders;
  printer: { printDocToString(doc: Doc, options: { printWidth: number; tabWidth: number; useTabs: boolean }): { formatted: string } };
}

let loaded: PrettierDoc | undefined;

/** `prettier/doc` as json-schema-to-typescript resolves prettier (loaded on first use). */
export function prettierDoc(): PrettierDoc {
  if (!loaded) {
    const fromGenerators = createRequire(import.meta.url);
    const fromCompiler = createRequire(fromGenerators.resolve('json-schema-to-typescript'));
    loaded = fromCompiler('prettier/doc') as PrettierDoc;
  }
  return loaded;
}
