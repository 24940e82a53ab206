// The node's integer wire forms in validation. A schema marked `x-wire-form: <form>` (the
// primitives of spec/src/schemas/base-types.yaml) is checked by that form's function
// (src/wire-form-checks.ts) alone, through the `wireForm` keyword below, and fails with one
// short message: "must be a uint64 decimal string (0 to 18446744073709551615)" rather than a
// 600-character pattern. The document keeps its JSON Schema (type, pattern, bounds) for other
// tools; test/wire-forms.test.ts shows that each check accepts exactly what that schema does.
import { _, Name, type Ajv, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { decimal, uint32, uint32Number, uint32Param, uint64, uint64Number, uint64Param } from './wire-form-checks.ts';
import { isObject } from './util/json.ts';
import { FORMAT_KEYWORD, isCheckedFormat } from './formats.ts';

export const WIRE_FORM_CHECKS = { uint64, uint64Param, uint64Number, uint32, uint32Param, uint32Number, decimal } as const;

export type WireForm = keyof typeof WIRE_FORM_CHECKS;

/** What a value of each form must be: the validators' message, with the JSON path beside it. */
export const WIRE_FORM_MESSAGES: Readonly<Record<WireForm, string>> = {
  uint64: 'must be a uint64 decimal string (0 to 18446744073709551615)',
  uint64Param: 'must be a uint64: a decimal string or a JSON number (0 to 18446744073709551615)',
  uint64Number: 'must be a uint64 JSON number (0 to 18446744073709551615), not a string',
  uint32: 'must be a uint32 decimal string (0 to 4294967295)',
  uint32Param: 'must be a uint32: a decimal string or a JSON number (0 to 4294967295)',
  uint32Number: 'must be a uint32 JSON number (0 to 4294967295), not a string',
  decimal: 'must be a decimal string with four places ("99.5000")',
};

/** How each form looks on the wire, for the reference docs' tables. */
export const WIRE_FORM_ON_THE_WIRE: Readonly<Record<WireForm, string>> = {
  uint64: 'decimal string',
  uint64Param: 'decimal string or number',
  uint64Number: 'JSON number',
  uint32: 'decimal string',
  uint32Param: 'decimal string or number',
  uint32Number: 'JSON number',
  decimal: 'decimal string, four places',
};

const isWireForm = (form: unknown): form is WireForm => typeof form === 'string' && Object.hasOwn(WIRE_FORM_MESSAGES, form);

/** The wire form a schema names (`x-wire-form`), if it names a known one. */
export const wireFormOf = (schema: Readonly<Record<string, unknown>>): WireForm | undefined => (isWireForm(schema['x-wire-form']) ? schema['x-wire-form'] : undefined);

/** The keyword that stands for a wire form in the schemas ajv compiles (never in the document). */
const KEYWORD = 'wireForm';

/**
 * The name the standalone module knows a form's check by: the validators plugin imports the
 * checks under these names (`standaloneImports`), and esbuild bundles them in.
 */
const standaloneName = (form: WireForm) => `wireForm_${form}`;

const wireFormKeyword: CodeKeywordDefinition = {
  keyword: KEYWORD,
  schemaType: 'string',
  error: {
    message: ({ schema }) => _`${WIRE_FORM_MESSAGES[schema as WireForm]}`,
    params: ({ schemaCode }) => _`{form: ${schemaCode}}`,
  },
  code(cxt: KeywordCxt) {
    const form = cxt.schema as WireForm;
    const check = cxt.gen.scopeValue('formats', { key: form, ref: WIRE_FORM_CHECKS[form], code: _`${new Name(standaloneName(form))}` });
    cxt.fail(_`!${check}(${cxt.data})`);
  },
};

/** The import of the checks that standalone `code` calls (none when it calls none), for esbuild to bundle from generators/. */
export function standaloneImports(code: string): string {
  const used = (Object.keys(WIRE_FORM_MESSAGES) as WireForm[]).filter((form) => new RegExp(`\\b${standaloneName(form)}\\b`).test(code));
  if (used.length === 0) return '';
  return `import { ${used.map((form) => `${form} as ${standaloneName(form)}`).join(', ')} } from './src/wire-form-checks.ts';\n`;
}

/** Adds the `wireForm` keyword to an ajv. */
export function addWireForms(ajv: Ajv): void {
  ajv.addKeyword(wireFormKeyword);
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SUBSCHEMAS = new Set(['additionalProperties', 'propertyNames', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'items']);
/** Keywords that only describe: ajv copies a schema whole into the standalone code where it checks own properties or an enum, descriptions included. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * The schema as ajv compiles it: every subschema marked `x-wire-form` becomes `{ wireForm }`
 * (its other keywords say the same and are dropped), and annotations (descriptions, examples,
 * `x-` extensions) are left out, and `format` becomes the check of a known format or is left out
 * too (src/formats.ts). An unknown form is an error naming where.
 */
export function withWireForms(schema: unknown, where: string): unknown {
  if (!isObject(schema)) return schema;
  const form = schema['x-wire-form'];
  if (form !== undefined) {
    if (!isWireForm(form)) throw new Error(`${where}: x-wire-form ${JSON.stringify(form)} is not one of ${Object.keys(WIRE_FORM_MESSAGES).join(', ')}`);
    return { [KEYWORD]: form };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    // A format the validators check becomes its keyword (src/formats.ts); any other is an annotation.
    if (key === 'format') {
      if (isCheckedFormat(value)) out[FORMAT_KEYWORD] = value;
      continue;
    }
    if (SCHEMA_MAPS.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withWireForms(sub, where)]));
    else if ((SCHEMA_LISTS.has(key) || key === 'items') && Array.isArray(value)) out[key] = value.map((sub) => withWireForms(sub, where));
    else if (SUBSCHEMAS.has(key)) out[key] = withWireForms(value, where);
    else out[key] = value;
  }
  return out;
}
