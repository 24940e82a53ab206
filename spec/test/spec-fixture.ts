// The committed document, its model and a run-time ajv over it, shared by the spec's tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { parseDocument, type MethodModel } from '@avanode/generators/model';
import { createAjv, methodPartId, responseId } from '@avanode/generators/schema-set';

export const specDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const document = JSON.parse(readFileSync(join(specDir, 'openrpc.json'), 'utf8')) as Record<string, unknown>;
export const model = parseDocument(document);
const { ajv } = createAjv(model, { allErrors: true });

export function methodNamed(name: string): MethodModel {
  const method = model.methods.find((m) => m.name === name);
  if (!method) throw new Error(`no method ${name} in the spec`);
  return method;
}

function validator(id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no schema ${id}`);
  return validate;
}

export interface Verdict {
  ok: boolean;
  errors: string;
}

function verdict(validate: ValidateFunction, value: unknown): Verdict {
  const ok = validate(value) === true;
  const errors = (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  return { ok, errors };
}

export const checkParams = (method: string, value: unknown): Verdict => verdict(validator(methodPartId('params', method)), value);
export const checkResult = (method: string, value: unknown): Verdict => verdict(validator(methodPartId('result', method)), value);
export const checkHealthGet = (status: number, value: unknown): Verdict => verdict(validator(responseId('health.get', String(status))), value);

/** The params member as the node receives it from an example pairing. */
export function exampleParams(method: MethodModel, params: Array<{ name: string; value: unknown }>): unknown {
  if (method.paramStructure === 'by-position') return params.map((p) => p.value);
  return Object.fromEntries(params.map((p) => [p.name, p.value]));
}
