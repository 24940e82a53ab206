// json-schema-to-typescript, remembered by the shape of its input. Descriptions only ever become
// doc comments, so each is swapped for a placeholder before compiling and put back into the
// unformatted output after: an edit to a summary or a description (most edits under `--watch`)
// then reuses the last compile instead of running the compiler again.
import type { JSONSchema, Options } from 'json-schema-to-typescript';
import { diskCached } from '../disk-cache.ts';

/** Keywords whose values are maps of schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords whose values are data, not schemas. */
const DATA = new Set(['examples', 'enum', 'const', 'required', 'default']);
const TOKEN = 'AvanodeDescriptionPlaceholder';

/**
 * Whether a description can be swapped without changing what the compiler decides: it reads a
 * description's text in a few places besides copying it (an `@tag` keeps an array's item
 * comment off, `*\/` is escaped, comments are joined with blank lines and compared; a named
 * schema's comment is never compared), so descriptions that could matter there stay as they are.
 */
function swappable(description: string, named: boolean): boolean {
  return description !== ''
    && !description.includes('@')
    && !description.includes('*/')
    && !description.startsWith('Items: ')
    && !description.startsWith('This interface was referenced')
    && (named || !description.includes('\n\n'));
}

/** The schema with its swappable descriptions replaced by placeholders, and the placeholders' texts. */
function withPlaceholders(root: unknown): { shape: unknown; texts: string[] } {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const walk = (value: unknown, isSchema: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, isSchema));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    const named = isSchema && typeof (value as Record<string, unknown>).title === 'string';
    for (const [key, item] of Object.entries(value)) {
      if (isSchema && key === 'description' && typeof item === 'string' && swappable(item, named)) {
        if (!index.has(item)) index.set(item, texts.push(item) - 1);
        out[key] = `${TOKEN}${index.get(item)}x`;
      } else if (isSchema && SCHEMA_MAPS.has(key) && item !== null && typeof item === 'object' && !Array.isArray(item)) {
        out[key] = Object.fromEntries(Object.entries(item).map(([name, schema]) => [name, walk(schema, true)]));
      } else if (DATA.has(key)) {
        out[key] = item;
      } else {
        out[key] = walk(item, isSchema);
      }
    }
    return out;
  };
  return { shape: walk(root, true), texts };
}

/**
 * Puts the descriptions back: each placeholder stands in a doc comment line (` * …`), and a
 * description of several lines continues on lines of its own, as the compiler writes them.
 * Undefined when a placeholder stands anywhere else.
 */
function withTexts(code: string, texts: string[]): string | undefined {
  const pattern = new RegExp(`${TOKEN}(\\d+)x`, 'g');
  let ok = true;
  const lines = code.split('\n').map((line) => {
    if (!line.includes(TOKEN)) return line;
    if (!line.startsWith(' * ')) ok = false;
    return line.replace(pattern, (_whole, n: string) => texts[Number(n)]!.split('\n').join('\n * '));
  });
  return ok ? lines.join('\n') : undefined;
}

const remembered = new Map<string, string>();

/** json-schema-to-typescript's `compile`, loaded on first need: a run whose types come from the disk cache never loads it. */
const compile = async (schema: JSONSchema, name: string, options: Partial<Options>) => (await import('json-schema-to-typescript')).compile(schema, name, options);

/** `compile(schema, name, options)`, reusing the last compile of a schema of the same shape. */
export async function compileRemembered(schema: JSONSchema, name: string, options: Partial<Options>): Promise<string> {
  const text = JSON.stringify(schema);
  // A schema that holds the placeholder's spelling itself is compiled as it is.
  if (text.includes(TOKEN)) return compile(schema, name, options);
  const { shape, texts } = withPlaceholders(schema);
  const key = JSON.stringify([shape, name, options]);
  let code = remembered.get(key);
  if (code === undefined) {
    // Also kept on disk for the next run (disk-cache.ts): an edited description compiles nothing there either.
    code = await diskCached('types-shape', key, () => compile(shape as JSONSchema, name, options));
    // The wire and the bigint types of the latest runs.
    if (remembered.size >= 4) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, code);
  }
  return withTexts(code, texts) ?? compile(schema, name, options);
}
