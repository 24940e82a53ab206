// bench/results.json → docs/benchmarks.md (tables and SVG charts) and the README's list of open
// goals, so the page and the README never disagree: both are rendered here from the same data,
// which `pnpm bench` writes (bench/run.mjs). `node bench/report.mjs` renders both from the
// committed data; `--check` only says whether they match it (the test suite checks the same).
//
// The data (bench/README.md has the fields): { machine, node, date, sections: [{ id, title,
// about?, chart?, rows: [row] }] }; a row is one figure, measured once per Node version at most,
// judged against one goal at most.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { barChart } from './charts.mjs';

const root = join(import.meta.dirname, '..');
export const RESULTS = join(import.meta.dirname, 'results.json');
export const PAGE = join(root, 'docs', 'benchmarks.md');
export const README = join(root, 'README.md');
const OPEN_START = '<!-- bench:open -->';
const OPEN_END = '<!-- /bench:open -->';

export const readResults = () => JSON.parse(readFileSync(RESULTS, 'utf8'));

/** A number as the page prints it: thousands grouped, at most three decimals. */
const number = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });
const amount = (value, unit) => (unit === '×' ? `${number(value)}×` : `${number(value)} ${unit}`);
const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const goalText = (goal) => `${goal.op} ${amount(goal.value, goal.unit)}${goal.also ? ` and ${goal.also}` : ''}`;
const ratioText = (ratio) => `${number(ratio.value)}× ${ratio.of}`;
const baselineText = (b) => (b ? `${b.name}${b.value === undefined ? '' : `: ${amount(b.value, b.unit)}`}${b.detail ? ` (${b.detail})` : ''}` : '');
const measuredText = (row) => `${amount(row.value, row.unit)}${row.detail ? ` (${row.detail})` : ''}`;
const metText = (row) => (row.goal ? (row.met ? 'met' : '**not met**') : '');
/** What a goal judges: the ratio when it is a multiple, the figure itself otherwise. */
const judged = (row) => (row.goal.unit === '×' ? ratioText(row.ratio) : row.goal.unit === row.unit ? amount(row.value, row.unit) : amount(row.goal.measured, row.goal.unit));

const table = (header, rows) => [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');

/** A row as one line, as `pnpm bench` prints it while it runs. */
export const rowLine = (row) =>
  [`${row.figure}${row.node ? ` [Node ${row.node}]` : ''}: ${measuredText(row)}`, row.baseline && `baseline ${baselineText(row.baseline)}`, row.ratio && ratioText(row.ratio), row.goal && `goal ${goalText(row.goal)}: ${metText(row).replace(/\*/g, '')}`]
    .filter(Boolean)
    .join('; ');

const isNumber = (n) => typeof n === 'number' && Number.isFinite(n);

/**
 * What is wrong with a results object, as a list (empty when nothing is): the fields each part
 * needs, and each figure at most once per Node version with at most one goal, so that no two
 * rows can judge the same thing differently.
 */
export function problemsOf(results) {
  const problems = [];
  for (const key of ['machine', 'node', 'date']) if (typeof results?.[key] !== 'string') problems.push(`${key}: missing`);
  if (!Array.isArray(results?.sections) || results.sections.length === 0) return [...problems, 'sections: none'];
  const seen = new Set();
  for (const section of results.sections) {
    const where = `section ${section.id ?? '?'}`;
    if (typeof section.id !== 'string' || typeof section.title !== 'string') problems.push(`${where}: id and title are required`);
    if (!Array.isArray(section.rows) || section.rows.length === 0) {
      problems.push(`${where}: no rows`);
      continue;
    }
    for (const row of section.rows) {
      const at = `${where}, '${String(row.figure).slice(0, 60)}'${row.node ? ` on ${row.node}` : ''}`;
      const key = `${row.figure}|${row.node ?? ''}`;
      if (seen.has(key)) problems.push(`${at}: measured twice`);
      seen.add(key);
      if (typeof row.figure !== 'string' || !row.figure) problems.push(`${at}: no figure`);
      if (!isNumber(row.value) || typeof row.unit !== 'string') problems.push(`${at}: value and unit are required`);
      if (row.ratio && (!isNumber(row.ratio.value) || typeof row.ratio.of !== 'string')) problems.push(`${at}: a ratio needs a value and what it is of`);
      if (row.baseline && typeof row.baseline.name !== 'string') problems.push(`${at}: a baseline needs a name`);
      if (row.goal) {
        if (!['<', '≤', '>', '≥'].includes(row.goal.op) || !isNumber(row.goal.value) || typeof row.goal.unit !== 'string') problems.push(`${at}: a goal needs op, value and unit`);
        if (typeof row.met !== 'boolean') problems.push(`${at}: a goal needs met: true or false`);
        if (row.goal.unit === '×' && !row.ratio) problems.push(`${at}: a goal in × needs a ratio`);
        if (row.goal.unit !== '×' && row.goal.unit !== row.unit && !isNumber(row.goal.measured)) problems.push(`${at}: a goal in ${row.goal.unit} needs what it measured (goal.measured)`);
      } else if ('met' in row) problems.push(`${at}: met without a goal`);
    }
  }
  return problems;
}

/** Rows of one figure together (its Node versions side by side), in the order the figures first appear. */
function byFigure(rows) {
  const groups = new Map();
  for (const row of rows) groups.set(row.figure, [...(groups.get(row.figure) ?? []), row]);
  return [...groups.values()];
}

function chart(section) {
  const kind = section.chart?.kind;
  if (kind === 'ratios-by-node') {
    const series = [...new Set(section.rows.map((r) => r.node))];
    const groups = byFigure(section.rows.filter((r) => r.ratio)).map((rows) => ({
      label: rows[0].chartLabel ?? rows[0].figure,
      goal: rows[0].goal?.unit === '×' ? rows[0].goal.value : undefined,
      bars: rows.map((r) => ({ series: `Node ${r.node}`, value: r.ratio.value, text: `${number(r.ratio.value)}×` })),
    }));
    return barChart({ title: section.chart.title, groups, series: series.map((v) => `Node ${v}`), reference: { value: 1, label: section.chart.reference } });
  }
  if (kind === 'sizes') {
    const groups = section.rows
      .filter((r) => r.unit === 'B')
      .map((r) => ({ label: r.chartLabel ?? r.figure, goal: r.goal?.unit === 'B' ? r.goal.value : undefined, bars: [{ series: 'size', value: r.value, text: `${number(r.value)} B` }] }));
    return barChart({ title: section.chart.title, groups, series: ['size'] });
  }
  return undefined;
}

function sectionText(section) {
  const withNode = section.rows.some((r) => r.node);
  const header = ['Figure', ...(withNode ? ['Node'] : []), 'Measured', 'Baseline', 'Against the baseline', 'Goal', 'Met'];
  const rows = byFigure(section.rows)
    .flat()
    .map((r) => [r.figure, ...(withNode ? [r.node ?? ''] : []), measuredText(r), baselineText(r.baseline), r.ratio ? ratioText(r.ratio) : '', r.goal ? goalText(r.goal) : '', metText(r)]);
  const notes = section.rows.filter((r) => r.note && r.node === section.rows.find((o) => o.figure === r.figure)?.node);
  const svg = chart(section);
  return [
    `## ${section.title}`,
    '',
    ...(section.about ? [section.about, ''] : []),
    table(header, rows),
    '',
    ...(notes.length ? [...notes.map((r) => `- ${r.figure}: ${r.note}`), ''] : []),
    ...(svg ? [`<figure class="bench-chart">${svg}</figure>`, ''] : []),
  ].join('\n');
}

/** docs/benchmarks.md: the goals at a glance, then each section's table and chart. */
export function renderPage(results) {
  const goals = results.sections.flatMap((s) => byFigure(s.rows.filter((r) => r.goal)).flat().map((r) => [s.title, r.figure, r.node ?? '', judged(r), goalText(r.goal), baselineText(r.baseline), metText(r)]));
  const met = results.sections.flatMap((s) => s.rows.filter((r) => r.goal)).filter((r) => r.met).length;
  return [
    '# Benchmarks',
    '',
    '<!-- Rendered by bench/report.mjs from bench/results.json, which `pnpm bench` writes: edit neither by hand. -->',
    '',
    'Every figure is set against a baseline measured in the same run, on this machine:',
    '',
    `- Machine: ${results.machine}`,
    `- Node: ${results.node} (the figures of other Node versions say which)`,
    `- Date: ${results.date}`,
    '',
    '## Goals at a glance',
    '',
    `${met} of ${goals.length} goals met.`,
    '',
    // In a box the site's stylesheet wraps to the text column (docs/.vitepress/theme/custom.css):
    // seven columns of prose would otherwise scroll "Met" out of sight.
    '<div class="bench-glance">',
    '',
    table(['Section', 'Figure', 'Node', 'Measured', 'Goal', 'Baseline', 'Met'], goals),
    '',
    '</div>',
    '',
    ...results.sections.map(sectionText),
  ].join('\n');
}

/** The README's list of open goals: each figure whose goal is not met on some Node version. */
export function renderOpen(results) {
  const items = [];
  for (const section of results.sections) {
    for (const rows of byFigure(section.rows.filter((r) => r.goal))) {
      if (rows.every((r) => r.met)) continue;
      const first = rows[0];
      const measured = rows.map((r) => `${judged(r)}${r.node ? ` on Node ${r.node}` : ''}${rows.length > 1 ? ` (${r.met ? 'met' : 'not met'})` : ''}`).join(', ');
      // Each Node version has a floor of its own: named, not quoted, when there are several.
      const baseline = first.baseline ? `; baseline ${rows.length > 1 ? first.baseline.name : baselineText(first.baseline)}` : '';
      items.push(`- **${section.title}, ${first.figure}:** ${measured}; goal ${goalText(first.goal)}${baseline}.${first.note ? ` ${first.note}` : ''}`);
    }
  }
  return items.length ? items.join('\n') : '- Every goal measured in `docs/benchmarks.md` is met.';
}

/** The README with its open list replaced by the one rendered from `results`. */
export function withOpen(readme, results) {
  const start = readme.indexOf(OPEN_START);
  const end = readme.indexOf(OPEN_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${OPEN_START} … ${OPEN_END} block for the open goals`);
  return `${readme.slice(0, start + OPEN_START.length)}\n${renderOpen(results)}\n${readme.slice(end)}`;
}

/** Writes docs/benchmarks.md and the README's open list from `results`; with `check`, only lists what differs. */
export function writeReports(results, { check = false } = {}) {
  const outputs = [
    [PAGE, `${renderPage(results)}`],
    [README, withOpen(readFileSync(README, 'utf8'), results)],
  ];
  const stale = outputs.filter(([file, text]) => readFileSync(file, 'utf8') !== text).map(([file]) => file.slice(root.length + 1));
  if (!check) for (const [file, text] of outputs) writeFileSync(file, text);
  return stale;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const stale = writeReports(readResults(), { check });
  if (check && stale.length) {
    console.error(`not rendered from bench/results.json: ${stale.join(', ')} (run \`node bench/report.mjs\`)`);
    process.exit(1);
  }
  console.log(check ? 'docs/benchmarks.md and README.md match bench/results.json' : `rendered from bench/results.json: ${stale.length ? stale.join(', ') : 'nothing changed'}`);
}
