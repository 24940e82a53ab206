// JSON Schema's string formats in validation. In the schemas ajv compiles, `format: <name>` of a
// format this file knows becomes one keyword, `formatCheck`, whose check (a function of
// src/format-checks.ts, bundled into the validators module, which imports nothing) fails with
// ajv's own message (`must match format "date-time"`). A format it does not know stays an
// annotation, as JSON Schema allows: it is left out of what ajv compiles, so ajv neither warns
// nor needs ajv-formats, whose standalone code would `require` it at run time.
import { _, Name, type Ajv, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { date, dateTime, email, hostname, ipv4, ipv6, jsonPointer, time, uri, uriReference, uuid } from './format-checks.ts';

/** Format name → the export of src/format-checks.ts that checks it. */
const FORMAT_CHECKS = {
  'date-time': dateTime,
  date,
  time,
  uri,
  'uri-reference': uriReference,
  email,
  hostname,
  ipv4,
  ipv6,
  uuid,
  'json-pointer': jsonPointer,
} as const;

type Format = keyof typeof FORMAT_CHECKS;

/** The export's name in src/format-checks.ts (`date-time` → `dateTime`). */
const exportName = (format: Format): string => format.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** Whether `format` is one the validators check. */
export const isCheckedFormat = (format: unknown): format is Format => typeof format === 'string' && Object.hasOwn(FORMAT_CHECKS, format);

/** The keyword that stands for a checked format in the schemas ajv compiles (never in the document). */
export const FORMAT_KEYWORD = 'formatCheck';

/** The name the standalone module knows a format's check by (`formatCheck_dateTime`). */
const standaloneName = (format: Format) => `formatCheck_${exportName(format)}`;

const formatKeyword: CodeKeywordDefinition = {
  keyword: FORMAT_KEYWORD,
  schemaType: 'string',
  error: {
    message: ({ schema }) => _`${`must match format "${String(schema)}"`}`,
    params: ({ schemaCode }) => _`{format: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const format = cxt.schema as Format;
    const check = cxt.gen.scopeValue('formats', { key: `format:${format}`, ref: FORMAT_CHECKS[format], code: _`${new Name(standaloneName(format))}` });
    cxt.fail(_`!${check}(${cxt.data})`);
  },
};

/** Adds the `formatCheck` keyword to an ajv. */
export function addFormats(ajv: Ajv): void {
  ajv.addKeyword(formatKeyword);
}

/** The import of the format checks that standalone `code` calls (none when it calls none), for esbuild to bundle from generators/. */
export function formatImports(code: string): string {
  const used = (Object.keys(FORMAT_CHECKS) as Format[]).filter((format) => new RegExp(`\\b${standaloneName(format)}\\b`).test(code));
  if (used.length === 0) return '';
  return `import { ${used.map((format) => `${exportName(format)} as ${standaloneName(format)}`).join(', ')} } from './src/format-checks.ts';\n`;
}
