// Formats json-schema-to-typescript's unformatted output exactly as its own `format: true` does
// (prettier, typescript parser, the compiler's default style), without loading prettier's
// TypeScript parser and printers: the declarations are read here and laid out by prettier's
// document printer. Text this reader does not know goes to prettier itself, as before.
import { type Declaration, parseDeclarations, Unsupported } from './parse.ts';
import { printDeclaration } from './print.ts';
import { prettierDoc } from './prettier-doc.ts';
import { keptMap } from '../disk-cache.ts';

/** json-schema-to-typescript's default `style` (prettier options), which its formatter passes to prettier. */
const STYLE = { bracketSpacing: false, printWidth: 120, semi: true, singleQuote: false, tabWidth: 2, trailingComma: 'none', useTabs: false } as const;

/**
 * Declarations formatted before, by their text: the bigint types repeat all but a few of the
 * wire types, and under `--watch` an edit changes a few declarations of hundreds.
 */
const kept = keptMap('type-format');
let formatted: Map<string, string> | undefined;
/** What this run formatted or reused: what is kept for the next. */
const used = new Map<string, string>();

/** The declarations as prettier formats them with json-schema-to-typescript's style. */
export async function formatDeclarations(code: string): Promise<string> {
  let declarations: Declaration[];
  try {
    declarations = parseDeclarations(code);
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return formatWithPrettier(code);
  }
  // prettier's printer is loaded on the first declaration not formatted before.
  let doc: ReturnType<typeof prettierDoc> | undefined;
  // The last run's, from disk (disk-cache.ts), on a run's first call.
  formatted ??= kept.load();
  if (formatted.size > 20_000) formatted.clear();
  const before = formatted.size;
  let out = '';
  for (const [i, declaration] of declarations.entries()) {
    let text = formatted.get(declaration.source);
    if (text === undefined) {
      try {
        doc ??= prettierDoc();
        text = doc.printer.printDocToString(printDeclaration(declaration, doc.builders), STYLE).formatted;
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
        return formatWithPrettier(code);
      }
      formatted.set(declaration.source, text);
    }
    // One declaration a line, an empty line kept where the source has one; a final newline.
    out += i < declarations.length - 1 && declaration.blankLineAfter ? `${text}\n\n` : `${text}\n`;
  }
  // Only the declarations of this run's outputs are kept on disk for the next run.
  const usedBefore = used.size;
  for (const d of declarations) used.set(d.source, formatted.get(d.source)!);
  if (formatted.size !== before || used.size !== usedBefore) kept.save(used);
  return out;
}

/** What json-schema-to-typescript's formatter does, for text the reader above does not know. */
async function formatWithPrettier(code: string): Promise<string> {
  const { createRequire } = await import('node:module');
  const fromGenerators = createRequire(import.meta.url);
  const prettier = createRequire(fromGenerators.resolve('json-schema-to-typescript'))('prettier') as { format(code: string, options: object): Promise<string> };
  return prettier.format(code, { parser: 'typescript', filepath: 'schema.d.ts', ...STYLE });
}
