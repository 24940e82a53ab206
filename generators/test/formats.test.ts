// The string formats the generated validators check (src/format-checks.ts, bundled in by
// src/formats.ts): each check accepts what its RFC allows and refuses the rest, a format the
// validators do not know stays an annotation, and the validators module still imports nothing.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { date, dateTime, email, hostname, ipv4, ipv6, jsonPointer, time, uri, uriReference, uuid } from '../src/format-checks.ts';
import { parseDocument } from '../src/model.ts';
import { validatorsFiles } from '../src/plugins/validators.ts';

const CASES: Array<[string, (value: unknown) => boolean, string[], string[]]> = [
  ['date-time', dateTime, ['2026-11-27T03:00:00Z', '2026-11-27t03:00:00.123+05:30', '2024-02-29 23:59:60Z', '2016-12-31T18:59:60-05:00'], ['2026-11-27', '2026-11-27T03:00:00', '2026-13-01T00:00:00Z', '2025-02-29T00:00:00Z', '2026-11-27T24:00:00Z', '2026-11-27T12:00:60Z', '2026-11-27T03:00:00+5:30', ' 2026-11-27T03:00:00Z']],
  ['date', date, ['2026-11-27', '2000-02-29', '1900-02-28'], ['1900-02-29', '2026-04-31', '2026-1-01', '20261127', '2026-11-27T00:00:00Z', '٢٠٢٦-١١-٢٧']],
  ['time', time, ['03:00:00Z', '23:59:59.999999+14:00', '00:00:00-00:00'], ['03:00:00', '3:00:00Z', '03:60:00Z', '03:00:00+24:00']],
  ['uri', uri, ['https://example.com/a?b=c#d', 'urn:isbn:0451450523', 'mailto:ada@example.com', 'file:///etc/hosts', 'http://[::1]:8545/'], ['example.com', '/relative/path', 'http://', 'https://exa mple.com', 'http://a/%zz', 'https://a/#b#c', '1http://a']],
  ['uri-reference', uriReference, ['/relative/path', '../up?x=1', '#frag', '', 'https://example.com'], ['a b', '%g0', '<script>']],
  ['email', email, ['ada@example.com', 'first.last+tag@sub.example.org', 'x@[127.0.0.1]', 'y@[IPv6:2001:db8::1]'], ['ada.example.com', '@example.com', 'ada@', 'a..b@example.com', '.a@example.com', 'ada@localhost', 'a b@example.com', `${'a'.repeat(65)}@example.com`]],
  ['hostname', hostname, ['example.com', 'a', 'xn--bcher-kva.example', 'localhost.', `${'a'.repeat(63)}.com`], ['-a.com', 'a-.com', 'a..com', '', `${'a'.repeat(64)}.com`, 'under_score.com', `${'a.'.repeat(127)}ab`]],
  ['ipv4', ipv4, ['127.0.0.1', '0.0.0.0', '255.255.255.255'], ['256.0.0.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', '1.2.3.-4', ' 1.2.3.4']],
  ['ipv6', ipv6, ['::1', '::', '2001:db8::1', '2001:0db8:0000:0000:0000:ff00:0042:8329', '::ffff:192.0.2.128', 'fe80::1:2:3:4:5:6'], ['2001:db8::1::2', '12345::1', ':1', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '::ffff:999.0.2.128', 'g::1']],
  ['uuid', uuid, ['0b3b6f4e-8c1a-4f7e-9f59-2f0f3a9e1c11', 'urn:uuid:0B3B6F4E-8C1A-4F7E-9F59-2F0F3A9E1C11'], ['0b3b6f4e8c1a4f7e9f592f0f3a9e1c11', '0b3b6f4e-8c1a-4f7e-9f59-2f0f3a9e1c1', '0b3b6f4e-8c1a-4f7e-9f59-2f0f3a9e1c1g']],
  ['json-pointer', jsonPointer, ['', '/a/b', '/a~0b/c~1d', '/'], ['a/b', '/a~2', '/~']],
];

describe('each format check', () => {
  it.each(CASES)('%s accepts what its RFC allows and refuses the rest', (_format, check, good, bad) => {
    for (const value of good) expect(check(value), `${JSON.stringify(value)} should pass`).toBe(true);
    for (const value of bad) expect(check(value), `${JSON.stringify(value)} should fail`).toBe(false);
  });

  it('lets values that are not strings through (a format speaks only of strings)', () => {
    for (const [, check] of CASES) for (const value of [1, null, true, {}, []]) expect(check(value)).toBe(true);
  });
});

describe('formats in generated validators', () => {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-formats-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('checks each known format with no import, and leaves an unknown one an annotation', async () => {
    const properties = Object.fromEntries([...CASES.map(([format]) => [format, { type: 'string', format }]), ['color', { type: 'string', format: 'x-color' }]]);
    const document = {
      openrpc: '1.3.2',
      info: { title: 'formats', version: '1.0.0' },
      methods: [{ name: 'check', paramStructure: 'by-name', params: [{ name: 'value', required: true, schema: { type: 'object', properties } }], result: { name: 'ok', schema: { type: 'boolean' } } }],
    };
    const files = await validatorsFiles(parseDocument(document), { specName: 'formats.json', command: 'test' });
    const standalone = files.get('validators/src/ajv.generated.ts')!;
    expect(standalone).not.toMatch(/\brequire\(|^import /m);
    for (const [path, text] of files) writeFileSync(join(dir, path.split('/').pop()!), text);
    const bundled = await build({ entryPoints: [join(dir, 'index.ts')], bundle: true, format: 'esm', write: false, platform: 'neutral' });
    writeFileSync(join(dir, 'bundle.mjs'), bundled.outputFiles[0]!.text);
    const validators = (await import(pathToFileURL(join(dir, 'bundle.mjs')).href)) as Record<string, (value: unknown) => { ok: boolean; errors?: Array<{ path: string; message: string }> }>;
    const validate = validators.validateCheckParams!;
    for (const [format, , good, bad] of CASES) {
      expect(validate({ value: { [format]: good[0] } }).ok, format).toBe(true);
      expect(validate({ value: { [format]: bad[0] } }), format).toEqual({ ok: false, errors: [{ path: `/value/${format}`, message: `must match format "${format}"` }] });
    }
    expect(validate({ value: { color: 'anything at all' } }).ok).toBe(true);
  });
});
