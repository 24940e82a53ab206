// The validators plugin's ajv with every export compiled: compiled once per run and shared with
// the check of the spec's examples (src/example-check.ts), and kept between runs of
// `--watch` while the schemas it compiles are unchanged (an edit to a summary compiles nothing).
import { createAjv, schemaId, type SchemaEntry } from './schema-set.ts';
import type { DocumentModel } from './model.ts';
import type { Ajv } from 'ajv';

export interface CompiledValidators {
  ajv: Ajv;
  /** Every method part and HTTP response (`schemaEntries`), then every named schema. */
  entries: SchemaEntry[];
  namedSchemas: SchemaEntry[];
  /** Export name → schema id, in the order the standalone module exports them. */
  exports: Record<string, string>;
  /** The standalone module's code, once the validators plugin has made it (kept with the compiled schemas). */
  standalone?: Promise<string>;
}

/**
 * inlineRefs: false compiles each named schema once and calls it, instead of copying it into
 * every place that refers to it: the standalone module is several times smaller.
 * validateSchema: false: the model has checked every schema against draft-07 already
 * (model.ts `checkSchemas`), and checking each again as it is added cost about a fifth of
 * compiling Filecoin's.
 */
const OPTIONS = { code: { source: true, esm: true, lines: true, optimize: 1 }, messages: true, inlineRefs: false, validateSchema: false } as const;

let last: { key: string; compiled: CompiledValidators } | undefined;

/** Everything the compiled validators depend on, as text: the key they are kept by. */
export const validatorsKey = (model: DocumentModel): string =>
  JSON.stringify([model.schemas, model.schemaTypeNames, model.methods.map((m) => [m.name, m.typeName, m.paramsSchema, m.resultSchema]), model.httpEndpoints.map((e) => [e.name, e.typeName, e.responses])]);

/** The named schemas' exports (no compiling needed to list them). */
export const namedSchemaEntries = (model: DocumentModel): SchemaEntry[] =>
  Object.keys(model.schemas).map((name) => ({ id: schemaId(name), exportName: model.schemaTypeNames[name]!, method: name, part: 'result', schema: true }));

/** The compiled validators of the model's schemas (the same instance while they stay the same). */
export function compiledValidators(model: DocumentModel): CompiledValidators {
  const key = validatorsKey(model);
  if (last?.key === key) return last.compiled;
  const { ajv, entries } = createAjv(model, OPTIONS);
  const namedSchemas = namedSchemaEntries(model);
  const exports = Object.fromEntries([...entries, ...namedSchemas].map((entry) => [entry.exportName, entry.id]));
  // Compiled in the order ajv's standaloneCode asks for them, so the code it writes is the
  // same as when it compiles them itself.
  for (const id of Object.values(exports)) ajv.getSchema(id);
  const compiled: CompiledValidators = { ajv, entries, namedSchemas, exports };
  last = { key, compiled };
  return compiled;
}
