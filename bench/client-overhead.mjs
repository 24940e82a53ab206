// Client overhead in process: `fetch` stubbed to return a prepared Response, so the network is
// out of the figure. The floor is plain fetch + text() + JSON.parse of the same body.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from '@avanode/client';
import { fixed, quick, timePerCall, verdict } from './measure.mjs';
import { bigValidatorsBody, heightBody } from './payloads.mjs';

const url = 'http://127.0.0.1:9650';
/** Marks the JSON a `--child` run prints for its parent. */
const CHILD_MARK = 'avanode-bench-child:';
// The stub echoes the request's id (as a node does); the floor's request goes through the same stub.
const stubFetch = (body) => async (_url, init) =>
  new Response(body.replace('"id":1,', `"id":${JSON.parse(init.body).id},`), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The floor and each client variant, timed in alternating rounds (floor, defaults, validate,
 * bigint, floor, …) so that drift during the run (CPU clock, heap growth) falls on all of them
 * alike; each figure is the median of its rounds.
 */
export async function scenario(label, call, fetchFor, floorCall, iterations, goals) {
  const variants = [['floor', null, floorCall]];
  for (const [name, options] of [['defaults', {}], ['validate: true', { validate: true }], ['bigint: true', { bigint: true }]]) {
    const client = createClient({ url: fetchFor.url, ...(fetchFor.fetch ? { fetch: fetchFor.fetch } : {}), ...options });
    variants.push([name, options, () => call(client)]);
  }
  const rounds = quick ? 1 : 7;
  const times = new Map(variants.map(([name]) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, , fn] of variants) times.get(name).push(await timePerCall(fn, iterations, 1));
  }
  const median = (name) => {
    const sorted = [...times.get(name)].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const floor = median('floor');
  const lines = [`${label}: floor (plain fetch + JSON.parse) ${fixed(floor * 1000, 1)} µs/call`];
  for (const [name] of variants.slice(1)) {
    const t = median(name);
    const goal = goals[name];
    // The client's own cost per call (options, path, envelope and number checks, the capped body
    // read, the timeout's AbortSignal): the time beyond the floor.
    const overheadUs = (t - floor) * 1000;
    const overheadGoal = goals[`${name} overhead µs`];
    lines.push(
      `  ${name}: ${fixed(t * 1000, 1)} µs/call, ${fixed(t / floor, 3)}x the floor, ${fixed(overheadUs, 1)} µs over it` +
        `${goal ? ` | goal ≤ ${goal}x: ${verdict(t / floor <= goal)}` : ''}${overheadGoal ? ` | goal < ${overheadGoal} µs over the floor: ${verdict(overheadUs < overheadGoal)}` : ''}`,
    );
  }
  return lines;
}

export async function run() {
  const lines = [];
  for (const [label, method, body, iterations, goals] of [
    ['platform.getHeight (tiny)', 'getHeight', heightBody(), quick ? 200 : 20_000, { 'defaults overhead µs': 5 }],
    ['platform.getCurrentValidators, 2,000 validators (~2.4 MB)', 'getCurrentValidators', bigValidatorsBody(2000), quick ? 3 : 40, { defaults: 1.05, 'validate: true': 1.25 }],
  ]) {
    const fetch = stubFetch(body);
    const floorCall = async () => JSON.parse(await (await fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}' })).text());
    lines.push(...(await scenario(label, (client) => client.platform[method](), { url, fetch }, floorCall, iterations, goals)));
  }
  // The same figures on the other Node lines CI runs, each with its own floor: Node 20 (end of
  // life since 2026-04-30) spends about 3 µs creating the AbortSignal that every call's timeout
  // needs, where Node 22 and 24 spend 0.15 µs.
  if (!quick && !process.argv.includes('--child')) {
    const major = Number(process.versions.node.split('.')[0]);
    for (const other of [20, 22, 24].filter((v) => v !== major)) lines.push(...onNode(other));
  }
  return { title: 'Client overhead in process (fetch stubbed)', lines };
}

/**
 * This benchmark run again under Node `major` (the registry's `node` package through npx, as CI
 * gets it), its lines returned under a heading line; a line saying so when that Node cannot be had.
 */
function onNode(major) {
  const result = spawnSync('npx', ['-y', '-p', `node@${major}`, 'node', fileURLToPath(import.meta.url), '--child'], { encoding: 'utf8', timeout: 600_000 });
  const start = result.stdout?.indexOf(CHILD_MARK) ?? -1;
  if (result.status !== 0 || start < 0) return [`on Node ${major}: not measured (${(result.stderr || result.error?.message || 'no output').trim().split('\n').pop()})`];
  const { version, lines } = JSON.parse(result.stdout.slice(start + CHILD_MARK.length));
  return [`on Node ${version} (same benchmark, its own floor):`, ...lines.map((line) => `  ${line.trim()}`)];
}

// `node bench/<this file>`: this benchmark alone (after `pnpm build`), printed, nothing written.
if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  const { title, lines } = await run();
  if (process.argv.includes('--child')) console.log(CHILD_MARK + JSON.stringify({ version: process.version, lines }));
  else {
    console.log(title);
    for (const line of lines) console.log(`  ${line}`);
  }
}
