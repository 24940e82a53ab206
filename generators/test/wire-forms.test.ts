// Each wire form's check (src/wire-form-checks.ts) accepts exactly what its schema in the
// document does (type, pattern, bounds), on values built around every edge; its message is
// short and quotes no pattern.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { WIRE_FORM_CHECKS, WIRE_FORM_MESSAGES, withWireForms } from '../src/wire-forms.ts';

const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { components: { schemas: Record<string, Record<string, unknown>> } };
const schemaOfForm = (form: string) => Object.values(spec.components.schemas).find((schema) => schema['x-wire-form'] === form);

/** Strings and numbers on every side of the bounds and shapes the forms have. */
function candidates(): unknown[] {
  const values: unknown[] = [null, true, {}, [], '', ' ', '+1', '-1', ' 1', '1 ', '1.0', '1e3', '0x10', '١', 'NaN', '+Inf', '00', '0', '007'];
  const edges = [0n, 1n, 9n, 10n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 19n - 1n, 10n ** 19n, 2n ** 64n - 1n, 2n ** 64n, 10n ** 20n - 1n, 10n ** 20n];
  for (const edge of edges) {
    for (const near of [edge - 1n, edge, edge + 1n]) {
      if (near < 0n) continue;
      const text = String(near);
      values.push(text, `0${text}`, `000${text}`, `-${text}`, Number(near), -Number(near), `${text}.0000`, `-${text}.5000`, `${text}.000`, `${text}.00000`);
    }
  }
  // Every value just above and below 2^64 − 1 and 2^32 − 1, digit by digit.
  for (const max of [2n ** 64n - 1n, 2n ** 32n - 1n]) for (let step = 1n; step <= max; step *= 10n) values.push(String(max + step), String(max - step + 1n));
  values.push(0.5, 1.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, 1e300, '99.5', '100.0000', '99.7222', '-0.0000', '1.23456');
  return values;
}

describe('wire forms', () => {
  const ajv = new Ajv({ strictSchema: false, allowUnionTypes: true });
  const values = candidates();

  for (const form of Object.keys(WIRE_FORM_MESSAGES) as Array<keyof typeof WIRE_FORM_MESSAGES>) {
    it(`${form}: the check accepts exactly what the document's schema accepts`, () => {
      const schema = schemaOfForm(form);
      expect(schema, `a schema of the document marked x-wire-form: ${form}`).toBeDefined();
      const bySchema = ajv.compile(schema!);
      const check = WIRE_FORM_CHECKS[form];
      for (const value of values) {
        const expected = bySchema(value);
        // A bare number beyond 2^53 − 1 reaches a validator as its decimal string (the client's exact reader).
        const exactReaderForm = form === 'uint64Number' && typeof value === 'string' && /^[1-9][0-9]*$/.test(value) && BigInt(value) > 2n ** 53n - 1n && BigInt(value) <= 2n ** 64n - 1n;
        expect(check(value), `${form}(${typeof value === 'string' ? JSON.stringify(value) : String(value)})`).toBe(expected || exactReaderForm);
      }
    });
  }

  it('every message is short, quotes no pattern and says the bounds', () => {
    for (const [form, message] of Object.entries(WIRE_FORM_MESSAGES)) {
      expect(message.length, form).toBeLessThan(100);
      expect(message, form).not.toMatch(/\[0-9\]|\^|\$/);
    }
    expect(WIRE_FORM_MESSAGES.uint64).toBe('must be a uint64 decimal string (0 to 18446744073709551615)');
  });

  it('a schema marked with a form becomes that check alone; annotations are left out; an unknown form is refused', () => {
    const document = { description: 'd', 'x-source': ['a.go#A'], type: 'object', properties: { description: { $ref: 'x' }, n: { 'x-wire-form': 'uint64', type: 'string', pattern: '^$' } } };
    expect(withWireForms(document, 'here')).toEqual({ type: 'object', properties: { description: { $ref: 'x' }, n: { wireForm: 'uint64' } } });
    expect(() => withWireForms({ 'x-wire-form': 'uint128' }, 'schema big')).toThrow(/^schema big: x-wire-form "uint128" is not one of uint64, /);
  });
});
