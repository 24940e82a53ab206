// The benchmarks' data and what is rendered from it: docs/benchmarks.md and the README's open
// goals are exactly what bench/report.mjs makes from the committed bench/results.json, so the
// two can never disagree; the data is well formed, and a figure judged twice is refused.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmarks, without type declarations
import { PAGE, README, problemsOf, readResults, renderOpen, renderPage, withOpen } from '../report.mjs';

const results = readResults();

it('the committed results are well formed: every figure once per Node version, at most one goal each', () => {
  expect(problemsOf(results)).toEqual([]);
  expect(results.sections.map((s: { id: string }) => s.id)).toEqual(['generate', 'generate-large', 'sizes', 'client-overhead', 'client-http', 'validators', 'mock-throughput', 'codec', 'codec-crafted', 'wallet', 'cchain', 'fork-upstream']);
});

it("the README's open goals are the ones rendered from the committed results", () => {
  const readme = readFileSync(README, 'utf8');
  expect(withOpen(readme, results)).toBe(readme);
  const open = renderOpen(results);
  // Each goal not met on some Node version is listed, and nothing else.
  const missed = results.sections.flatMap((s: { rows: Array<{ figure: string; goal?: unknown; met?: boolean }> }) => s.rows.filter((r) => r.goal && !r.met).map((r) => r.figure));
  expect(new Set(missed).size).toBeGreaterThan(0);
  expect(open.split('\n')).toHaveLength(new Set(missed).size);
  for (const figure of missed) expect(open).toContain(figure);
});

it('docs/benchmarks.md is the page rendered from the committed results', () => {
  expect(readFileSync(PAGE, 'utf8')).toBe(renderPage(results));
});

it('the page has a table per section, its goals at a glance, and the charts drawn from the data', () => {
  const page = renderPage(results);
  expect(page).not.toMatch(/GOAL MISSED/);
  for (const section of results.sections) expect(page).toContain(`## ${section.title}`);
  expect(page.match(/^\| Section \| Figure \| Node \| Measured \| Goal \| Baseline \| Met \|$/gm)).toHaveLength(1);
  const charts = page.match(/<figure class="bench-chart"><svg[^\n]*<\/svg><\/figure>/g) ?? [];
  expect(charts).toHaveLength(results.sections.filter((s: { chart?: unknown }) => s.chart).length);
  // One bar per Node version of each ratio in the in-process chart.
  const overhead = results.sections.find((s: { id: string }) => s.id === 'client-overhead');
  const inProcess = charts.find((c) => c.includes('in process'))!;
  expect(inProcess.match(/data-bar=""/g)).toHaveLength(overhead.rows.length);
  for (const row of overhead.rows) expect(inProcess).toContain(`${Number(row.ratio.value).toLocaleString('en-US', { maximumFractionDigits: 3 })}×`);
});

it('refuses results that judge one figure twice (the page once said 7,762 B both met and missed a goal)', () => {
  const codec = results.sections.find((s: { id: string }) => s.id === 'codec');
  const helpers = codec.rows.find((r: { figure: string }) => r.figure.includes('every ID/address/amount/hex helper'));
  const twice = { ...results, sections: [...results.sections, { id: 'again', title: 'Again', rows: [{ ...helpers, goal: { op: '<', value: 8000, unit: 'B' }, met: true }] }] };
  expect(problemsOf(twice)).toEqual([expect.stringContaining('measured twice')]);
  expect(problemsOf({ ...results, sections: [{ id: 'x', title: 'X', rows: [{ figure: 'f', value: 1, unit: 'B', goal: { op: '<', value: 2, unit: 'B' } }] }] })).toEqual([expect.stringContaining('met: true or false')]);
});
