// Keeps packages/mock/REFUSALS.md, the executor's texts (src/executor/errors.ts), the tests that
// trigger each refusal and docs/guide/mock-limits.md in step: every error the executor names has
// one row with the node's text and file, every row names a test that exists (and that test checks
// the row's text), and every row the mock does not model is named in mock-limits.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_ERRORS } from '../src/executor/errors.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const table = read('../REFUSALS.md');
const limits = read('../../../docs/guide/mock-limits.md');

interface Row {
  rule: string;
  goError: string;
  where: string;
  status: string;
  mockText: string;
  test: string;
}
const cells = (line: string) => line.slice(1, -1).split(' | ').map((c) => c.trim());
const rows: Row[] = table
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Rule ') && !line.startsWith('|---'))
  .map((line) => {
    const [rule, goError, where, status, mockText, test] = cells(line);
    return { rule: rule!, goError: goError!, where: where!, status: status!, mockText: mockText!, test: test! };
  });
const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('REFUSALS.md', () => {
  it('has one row per rule, each with a status the table defines', () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(new Set(rows.map((r) => r.rule)).size).toBe(rows.length);
    for (const row of rows) expect(['refused', 'unreachable', 'not modelled'], row.rule).toContain(row.status);
  });

  it("names every error of the executor's table, with its text and its file at the tag", () => {
    for (const [name, error] of Object.entries(NODE_ERRORS)) {
      const row = rows.find((r) => r.rule === name);
      expect(row, `${name} has a row`).toBeDefined();
      const [file] = error.source.split('#');
      expect(code(row!.where)[0], name).toMatch(new RegExp(`^${file!.replace(/\./g, '\\.')}:\\d+$`));
      // The Go column shows the node's text (a format's constant part for the ones built with fmt).
      expect(code(row!.goError).some((t) => t.startsWith(error.text) || error.text.startsWith(t.split('%')[0]!.trim())), `${name}'s Go text`).toBe(true);
      if (row!.status === 'refused') expect(code(row!.mockText)[0]!.includes(error.text), `${name}: the mock's text holds the node's`).toBe(true);
    }
  });

  it('names for each row a test that exists and checks that text', () => {
    const files = new Map<string, string>();
    for (const row of rows.filter((r) => r.test !== '—')) {
      const [file, title] = row.test.split(' › ');
      if (!files.has(file!)) files.set(file!, read(`./${file}`));
      const source = files.get(file!)!;
      // A test whose title starts with the row's.
      const start = Math.max(source.indexOf(`it('${title}`), source.indexOf(`it("${title}`));
      expect(start, `${row.rule}: a test "${title}…" in ${file}`).toBeGreaterThan(-1);
      // Its body (up to the next test) checks the text the mock answers, its constant part.
      const next = source.indexOf("\n  it(", start);
      const body = source.slice(start, next === -1 ? undefined : next);
      const constant = code(row.mockText)[0]!.split(/<[^>]+>|…/)[0]!.split('"')[0]!.trim();
      expect(body.includes(constant), `${row.rule}: its test checks "${constant}"`).toBe(true);
    }
    // Every refused row has a test.
    for (const row of rows.filter((r) => r.status === 'refused')) expect(row.test, row.rule).not.toBe('—');
  });

  it('lists in mock-limits.md every row the mock does not model', () => {
    const notModelled = rows.filter((r) => r.status === 'not modelled');
    expect(notModelled.length).toBeGreaterThan(0);
    for (const row of notModelled) expect(limits.includes(`\`${row.rule}\``), `${row.rule} in mock-limits.md`).toBe(true);
    expect(limits).toContain('packages/mock/REFUSALS.md');
  });
});
