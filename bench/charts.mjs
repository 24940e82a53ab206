// SVG charts for docs/benchmarks.md, drawn from bench/results.json as plain strings: horizontal
// bars, one group per figure, one bar per series (a Node version, or a single series), with the
// goal as a dashed mark where the figure has one. No chart library: the page is a build output,
// and a string is the whole of what it needs.

const WIDTH = 760;
const LABEL_WIDTH = 330;
const VALUE_WIDTH = 110;
const BAR = 14;
const GAP = 4;
const GROUP_GAP = 10;
const TOP = 28;
/** One colour per series, in order (readable on the site's light and dark backgrounds). */
const COLOURS = ['#3451b2', '#e8a33d', '#2f9e6e', '#b34a8d'];

const xml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (n) => Math.round(n * 10) / 10;

/**
 * A horizontal bar chart as one SVG element (no blank line inside, so Markdown keeps it as one
 * HTML block). `groups`: `{ label, goal?, bars: [{ series, value, text }] }`; `series`: the
 * legend's names, in colour order; `reference`: an optional vertical line (`{ value, label }`),
 * e.g. the baseline at 1×.
 */
export function barChart({ title, groups, series, reference }) {
  const max = Math.max(...groups.flatMap((g) => [...g.bars.map((b) => b.value), g.goal ?? 0]), reference?.value ?? 0) * 1.08 || 1;
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const x = (value) => round(LABEL_WIDTH + (value / max) * plot);
  const parts = [];
  let y = TOP + (series.length > 1 ? 18 : 0);
  if (series.length > 1) {
    series.forEach((name, i) => {
      const at = LABEL_WIDTH + i * 150;
      parts.push(`<rect x="${at}" y="${TOP - 2}" width="10" height="10" fill="${COLOURS[i % COLOURS.length]}"/><text x="${at + 14}" y="${TOP + 7}" font-size="11">${xml(name)}</text>`);
    });
  }
  for (const group of groups) {
    const height = group.bars.length * (BAR + GAP) - GAP;
    parts.push(`<text x="${LABEL_WIDTH - 8}" y="${round(y + height / 2 + 4)}" font-size="11" text-anchor="end">${xml(group.label)}</text>`);
    for (const bar of group.bars) {
      const colour = COLOURS[series.indexOf(bar.series) % COLOURS.length] ?? COLOURS[0];
      parts.push(
        `<rect data-bar="" x="${LABEL_WIDTH}" y="${y}" width="${Math.max(1, round(x(bar.value) - LABEL_WIDTH))}" height="${BAR}" fill="${colour}"><title>${xml(`${group.label}${series.length > 1 ? `, ${bar.series}` : ''}: ${bar.text}`)}</title></rect>`,
        `<text x="${round(x(bar.value) + 4)}" y="${y + BAR - 3}" font-size="10">${xml(bar.text)}</text>`,
      );
      y += BAR + GAP;
    }
    if (group.goal !== undefined) {
      parts.push(`<line data-goal="" x1="${x(group.goal)}" x2="${x(group.goal)}" y1="${y - height - GAP - 3}" y2="${y - GAP + 3}" stroke="#c0392b" stroke-width="2" stroke-dasharray="3 2"/>`);
    }
    y += GROUP_GAP;
  }
  if (reference) {
    parts.push(`<line x1="${x(reference.value)}" x2="${x(reference.value)}" y1="${TOP - 6}" y2="${y - GROUP_GAP}" stroke="#888" stroke-width="1"/><text x="${x(reference.value)}" y="${y + 6}" font-size="10" text-anchor="middle">${xml(reference.label)}</text>`);
    y += 12;
  }
  const height = y + 6;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${WIDTH} ${height}" width="100%" style="max-width:${WIDTH}px" font-family="sans-serif" fill="currentColor">`,
    `<title>${xml(title)}</title>`,
    `<text x="0" y="14" font-size="13" font-weight="bold">${xml(title)}</text>`,
    ...parts,
    groups.some((g) => g.goal !== undefined) ? `<text x="${WIDTH}" y="${height - 2}" font-size="9" text-anchor="end" fill="#c0392b">dashed: the goal</text>` : '',
    '</svg>',
  ].join('');
}
