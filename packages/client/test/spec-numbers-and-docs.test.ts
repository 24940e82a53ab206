// Two properties of the generated packages the client relies on: uint64 and uint32 decimal
// strings are bounded exactly by their patterns (spec/src/schemas/base-types.yaml), and a
// description written beside a `$ref` reaches the doc comment of the generated type's member.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateParams, validateResult } from '@avanode/validators';

const root = join(import.meta.dirname, '..', '..', '..');
const address = 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9';

describe('uint64 and uint32 strings are bounded exactly', () => {
  // Results: what MarshalJSON writes (no leading zero). Params: what UnmarshalJSON reads (strconv.ParseUint: leading zeros too).
  const uint64 = (height: string) => validateResult('platform.getHeight', { height }).ok;
  const uint64Param = (height: string) => validateParams('platform.getBlockByHeight', { height, encoding: 'hex' }).ok;
  const uint32 = (limit: string) => validateParams('platform.getUTXOs', { addresses: [address], limit }).ok;

  it('uint64: 0 to 2^64 − 1; leading zeros only in params, as strconv.ParseUint takes them', () => {
    for (const ok of ['0', '1', '9007199254740993', '9999999999999999999', '10000000000000000000', '18446744073709551609', '18446744073709551614', '18446744073709551615']) {
      expect(uint64(ok), ok).toBe(true);
      expect(uint64Param(ok), ok).toBe(true);
    }
    for (const padded of ['018446744073709551615', '0000000000000000000000042', '00']) {
      expect(uint64(padded), padded).toBe(false);
      expect(uint64Param(padded), padded).toBe(true);
    }
    for (const bad of ['18446744073709551616', '18446744073709551620', '18446744073709551700', '18446744073709552000', '18446744073709600000', '18446744073710000000', '18446744074000000000', '18446744080000000000', '18446745000000000000', '18447000000000000000', '18500000000000000000', '19000000000000000000', '20000000000000000000', '99999999999999999999', '100000000000000000000', '-1', '+1', '1.0', '1e3', '0x10', '', ' 1']) {
      expect(uint64(bad), bad).toBe(false);
      expect(uint64Param(bad), bad).toBe(false);
    }
    // Every value just above the bound, digit by digit, is refused; every value just below is taken.
    const max = 2n ** 64n - 1n;
    for (let step = 1n; step <= max; step *= 10n) {
      expect(uint64(String(max + step)), `max + ${step}`).toBe(false);
      expect(uint64Param(String(max + step)), `max + ${step}`).toBe(false);
      expect(uint64(String(max - step + 1n)), `max - ${step - 1n}`).toBe(true);
      expect(uint64Param(String(max - step + 1n)), `max - ${step - 1n}`).toBe(true);
    }
  });

  it('uint32 (params): 0 to 2^32 − 1', () => {
    for (const ok of ['0', '1024', '999999999', '4294967295', '04294967295', '4294967289']) expect(uint32(ok), ok).toBe(true);
    for (const bad of ['4294967296', '4294967300', '4294968000', '4300000000', '5000000000', '9999999999', '10000000000', '-1', '']) expect(uint32(bad), bad).toBe(false);
    const max = 2n ** 32n - 1n;
    for (let step = 1n; step <= max; step *= 10n) {
      expect(uint32(String(max + step)), `max + ${step}`).toBe(false);
      expect(uint32(String(max - step + 1n)), `max - ${step - 1n}`).toBe(true);
    }
  });
});

describe('descriptions beside a $ref', () => {
  it('every one in the document reaches the generated types as a doc comment', () => {
    const spec = JSON.parse(readFileSync(join(root, 'spec', 'openrpc.json'), 'utf8')) as unknown;
    const types = readFileSync(join(root, 'packages', 'types', 'src', 'index.ts'), 'utf8');
    // Doc comments as one line of text: ` * ` continuation prefixes and line breaks removed.
    const comments = [...types.matchAll(/\/\*\*([\s\S]*?)\*\//g)].map((m) => m[1]!.replace(/\n\s*\* ?/g, ' ').replace(/\s+/g, ' ').trim()).join('\n');
    const beside: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(walk);
        return;
      }
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (typeof record.$ref === 'string' && typeof record.description === 'string') beside.push(record.description.replace(/\s+/g, ' ').trim().replace(/\*\//g, '*\\/'));
      Object.values(record).forEach(walk);
    };
    walk(spec);
    expect(beside.length).toBeGreaterThanOrEqual(51);
    expect(beside.filter((text) => !comments.includes(text))).toEqual([]);
  });
});
