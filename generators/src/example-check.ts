// A fast proof that every example of an assembled spec passes its own schemas, with the
// validators the validators plugin compiles anyway (src/compiled-validators.ts), so that
// `pnpm generate` compiles the schemas once instead of twice. It only ever says "all pass" or
// "cannot tell": on "cannot tell" (an example that fails, a document it does not cover) the spec
// build checks the examples itself, exactly as without it, and reports what it always reports.
import { compiledValidators, validatorsKey, type CompiledValidators } from './compiled-validators.ts';
import { methodPartId } from './schema-set.ts';
import { diskCachedTrue } from './disk-cache.ts';
import { parseDocument, type DocumentModel } from './model.ts';
import { isObject } from './util/json.ts';
import { eachRef, schemaRefName } from './util/refs.ts';

/**
 * Whether the validators' ajv judges the document's schemas exactly as the spec build's does:
 * there every reference is read from the document's root; here only `#/components/schemas/<name>`
 * references are rewritten to the named schemas, and a schema's own `$id` would be replaced.
 */
function coveredSchemas(document: Record<string, unknown>, model: DocumentModel): boolean {
  const schemas: unknown[] = Object.values(model.schemas);
  for (const method of document.methods as unknown[]) {
    if (!isObject(method)) return false;
    const names = new Set<unknown>();
    for (const param of Array.isArray(method.params) ? method.params : []) {
      // A param by reference, or two of one name, is read differently by the two.
      if (!isObject(param) || !('schema' in param) || names.has(param.name)) return false;
      names.add(param.name);
      schemas.push(param.schema);
    }
    if (method.result !== undefined) {
      if (!isObject(method.result) || !('schema' in method.result)) return false;
      schemas.push(method.result.schema);
    }
  }
  let covered = true;
  // `literal`: inside a value (`const`, `enum`, `default`, `examples`), where `$ref` is data to
  // the spec build but would still be rewritten for the validators.
  const visit = (value: unknown, literal: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, literal);
    } else if (isObject(value)) {
      if ('$id' in value || '$schema' in value || (literal && '$ref' in value)) covered = false;
      for (const [key, item] of Object.entries(value)) visit(item, literal || LITERALS.has(key));
    }
  };
  for (const schema of schemas) {
    visit(schema, false);
    eachRef(schema, (ref) => {
      const name = schemaRefName(ref);
      if (name === undefined || !(name in model.schemas)) covered = false;
    });
    if (!covered) return false;
  }
  return true;
}

const LITERALS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * True when every example's params and result pass their schemas (checked as the spec build
 * checks them: each param's value, `null` when absent, and the result's); false when one fails
 * or the document is one this check does not cover. Returns the model it parsed, for reuse.
 */
export function examplesPass(document: unknown): { pass: boolean; model?: DocumentModel } {
  let model: DocumentModel;
  try {
    model = parseDocument(document);
  } catch {
    return { pass: false };
  }
  const doc = document as Record<string, unknown>;
  if (!coveredSchemas(doc, model)) return { pass: false, model };
  // Kept on disk for the next run (disk-cache.ts) by what it reads: the schemas and each method's params, result and examples.
  const key = JSON.stringify([validatorsKey(model), (doc.methods as Array<Record<string, unknown>>).map((m) => [m.params, m.result, m.examples])]);
  return { pass: diskCachedTrue('examples-pass', key, () => examplesPassWith(doc, model)), model };
}

/** The examples of `doc` checked with the validators' ajv (compiled here, and kept for the validators plugin). */
function examplesPassWith(doc: Record<string, unknown>, model: DocumentModel): boolean {
  let compiled: CompiledValidators;
  try {
    compiled = compiledValidators(model);
  } catch {
    return false;
  }
  const validator = (id: string) => compiled.ajv.getSchema(id);
  for (const [m, raw] of (doc.methods as Array<Record<string, unknown>>).entries()) {
    const method = model.methods[m]!;
    const params = (raw.params ?? []) as Array<Record<string, unknown>>;
    if (!Array.isArray(raw.examples ?? [])) return false;
    for (const example of (raw.examples ?? []) as unknown[]) {
      if (!isObject(example)) return false;
      // The params as one value for the method's params validator: an object by name, a list
      // by position. Passing it, each param's value passes its own schema.
      const values: unknown[] = [];
      const given = new Set<number>();
      for (const pair of (example.params ?? []) as unknown[]) {
        if (!isObject(pair)) return false;
        const index = params.findIndex((p) => p.name === pair.name);
        if (index < 0 || given.has(index)) return false;
        given.add(index);
        values[index] = pair.value ?? null;
      }
      if (given.size > 0) {
        let value: unknown;
        if (method.paramStructure === 'by-position') {
          if (given.size !== values.length) return false;
          value = values;
        } else {
          value = Object.fromEntries([...given].map((index) => [params[index]!.name, values[index]]));
        }
        const validate = validator(methodPartId('params', method.name));
        if (validate?.(value) !== true) return false;
      }
      const result = example.result as Record<string, unknown> | undefined;
      if (result && raw.result) {
        const validate = validator(methodPartId('result', method.name));
        if (validate?.(result.value ?? null) !== true) return false;
      }
    }
  }
  return true;
}
