// Client overhead in process: `fetch` stubbed to return a prepared Response, so the network is
// out of the figure. The floor is plain fetch + text() + JSON.parse of the same body.
import { createClient } from '@avanode/client';
import { alternatingRounds, childOutput, fixed, median, medianRatio, onNode, quick, verdict } from './measure.mjs';
import { bigValidatorsBody, heightBody, VALIDATOR_SET } from './payloads.mjs';

const url = 'http://127.0.0.1:9650';
// The stub echoes the request's id (as a node does); the floor's request goes through the same
// stub. The body comes in chunks of at most 64 KiB, as fetch reads a socket.
const CHUNK = 65_536;
const stubFetch = (body) => async (_url, init) => {
  const bytes = new TextEncoder().encode(body.replace('"id":1,', `"id":${JSON.parse(init.body).id},`));
  let offset = 0;
  const stream = new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes.subarray(offset, offset + CHUNK));
      offset += CHUNK;
      if (offset >= bytes.length) controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
};

/**
 * The floor and each client variant, timed in short alternating rounds (floor, defaults,
 * validate, bigint, floor, …; one call per round for the 2.4 MB answer, whose garbage
 * collections would sway longer rounds); each ratio is the median over the rounds of the
 * variant's round against the floor's round beside it.
 */
async function scenario(label, call, fetch, floorCall, [rounds, perRound], goals) {
  const variants = [['floor', floorCall]];
  for (const [name, options] of [['defaults', {}], ['validate: true', { validate: true }], ['bigint: true', { bigint: true }]]) {
    const client = createClient({ url, fetch, ...options });
    variants.push([name, () => call(client)]);
  }
  const times = await alternatingRounds(variants.map(([, fn]) => fn), rounds, perRound);
  const floor = median(times[0]);
  const lines = [`${label}: floor (plain fetch + JSON.parse) ${fixed(floor * 1000, 1)} µs/call`];
  for (const [k, [name]] of variants.entries()) {
    if (k === 0) continue;
    const ratio = medianRatio(times[k], times[0]);
    const goal = goals[name];
    // The client's own cost per call (options, path, envelope and number checks, the capped body
    // read, the timeout's AbortSignal): the time beyond the floor, as the median ratio says.
    const overheadUs = (ratio - 1) * floor * 1000;
    const overheadGoal = goals[`${name} overhead µs`];
    lines.push(
      `  ${name}: ${fixed(median(times[k]) * 1000, 1)} µs/call, ${fixed(ratio, 3)}x the floor, ${fixed(overheadUs, 1)} µs over it` +
        `${goal ? ` | goal ≤ ${goal}x: ${verdict(ratio <= goal)}` : ''}${overheadGoal ? ` | goal < ${overheadGoal} µs over the floor: ${verdict(overheadUs < overheadGoal)}` : ''}`,
    );
  }
  return lines;
}

export async function run() {
  const lines = [];
  // [rounds, calls per round]
  for (const [label, method, body, counts, goals] of [
    ['platform.getHeight (tiny)', 'getHeight', heightBody(), quick ? [1, 200] : [41, 1000], { 'defaults overhead µs': 5 }],
    [`platform.getCurrentValidators, ${VALIDATOR_SET} (~2.4 MB)`, 'getCurrentValidators', bigValidatorsBody(), quick ? [1, 3] : [121, 1], { defaults: 1.05, 'validate: true': 1.25 }],
  ]) {
    const fetch = stubFetch(body);
    const floorCall = async () => JSON.parse(await (await fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}' })).text());
    lines.push(...(await scenario(label, (client) => client.platform[method](), fetch, floorCall, counts, goals)));
  }
  // The same figures on the other Node lines CI runs, each with its own floor: Node 20 (end of
  // life since 2026-04-30) spends about 3 µs creating the AbortSignal that every call's timeout
  // needs, where Node 22 and 24 spend 0.15 µs.
  if (!quick && !process.argv.includes('--child')) {
    const major = Number(process.versions.node.split('.')[0]);
    for (const other of [20, 22, 24].filter((v) => v !== major)) lines.push(...onNode(other, import.meta.url));
  }
  return { title: 'Client overhead in process (fetch stubbed)', lines };
}

// `node bench/<this file>`: this benchmark alone (after `pnpm build`), printed, nothing written.
if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  const { title, lines } = await run();
  if (process.argv.includes('--child')) console.log(childOutput(lines));
  else {
    console.log(title);
    for (const line of lines) console.log(`  ${line}`);
  }
}
