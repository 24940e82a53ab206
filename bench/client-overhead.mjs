// Client overhead in process: `fetch` stubbed to return a prepared Response, so the network is
// out of the figure. The floor is plain fetch + text() + JSON.parse of the same body.
import { createClient } from '@avanode/client';
// The check that no integer above 2^53 is rounded, as the client's core runs it on every answer
// (not exported by the package's entry: read from its built file).
import { unsafe } from '../packages/client/dist/generated/core/client.js';
import { alternatingRounds, fixed, median, medianRatio, onOtherNodes, quick, rounded, runAlone } from './measure.mjs';
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
async function scenario([label, chartLabel], call, fetch, floorCall, [rounds, perRound], goals, notes = {}, extra = []) {
  const variants = [['floor', floorCall], ...extra];
  for (const [name, options] of [['defaults', {}], ['validate: true', { validate: true }], ['bigint: true', { bigint: true }]]) {
    const client = createClient({ url, fetch, ...options });
    variants.push([name, () => call(client)]);
  }
  const times = await alternatingRounds(variants.map(([, fn]) => fn), rounds, perRound);
  const floor = median(times[0]);
  const baseline = { name: 'plain fetch + JSON.parse', value: rounded(floor * 1000, 1), unit: 'µs/call' };
  return variants.slice(1).map(([name], i) => {
    const k = i + 1;
    const ratio = medianRatio(times[k], times[0]);
    // The client's own cost per call (options, path, envelope and number checks, the capped body
    // read, the timeout's AbortSignal): the time beyond the floor, as the median ratio says.
    const overheadUs = (ratio - 1) * floor * 1000;
    const goal = goals[name];
    const overheadGoal = goals[`${name} overhead µs`];
    return {
      figure: `${label}, ${name}`,
      chartLabel: `${chartLabel}, ${name}`,
      node: process.version,
      value: rounded(median(times[k]) * 1000, 1),
      unit: 'µs/call',
      detail: `${fixed(overheadUs, 1)} µs over the floor`,
      baseline,
      ratio: { value: rounded(ratio, 3), of: 'the floor' },
      ...(goal ? { goal: { op: '≤', value: goal, unit: '×' }, met: ratio <= goal } : {}),
      ...(overheadGoal ? { goal: { op: '<', value: overheadGoal, unit: 'µs over the floor', measured: rounded(overheadUs, 1) }, met: overheadUs < overheadGoal } : {}),
      ...(notes[name] ? { note: notes[name] } : {}),
    };
  });
}

const UNSAFE_CHECK = 'the floor + the unsafe-integer check alone';

/** Why the 2.4 MB answer's ratios differ by Node version: said once, beside the figure. */
const BIG_ANSWER_NOTES = {
  [UNSAFE_CHECK]: "The walk over the parsed answer that finds any number beyond 2^53 (which the client then reads again, exactly): it touches every value of a 10 MB heap graph, a cost in memory reads that shrinks less than JSON.parse does on newer Nodes. Where it alone is near 5 % of the floor, the client's default cannot be under 1.05× without reading some members unchecked.",
  'validate: true': "Validating the answer takes about a third of JSON.parse's time (see Validators); where a Node parses faster (Node 24), the same validation is a larger share of its lower floor.",
};

export async function run() {
  const rows = [];
  // [rounds, calls per round]
  for (const [label, method, body, counts, goals, notes] of [
    [['platform.getHeight (tiny)', 'getHeight'], 'getHeight', heightBody(), quick ? [1, 200] : [41, 1000], { 'defaults overhead µs': 5 }],
    [[`platform.getCurrentValidators, ${VALIDATOR_SET} (~2.4 MB)`, 'getCurrentValidators, 2.4 MB'], 'getCurrentValidators', bigValidatorsBody(), quick ? [1, 3] : [121, 1], { defaults: 1.05, 'validate: true': 1.25 }, BIG_ANSWER_NOTES],
  ]) {
    const fetch = stubFetch(body);
    const floorCall = async () => JSON.parse(await (await fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}' })).text());
    // For the large answer, the floor followed by the unsafe-integer check alone: the least the
    // client's default can cost over the floor while no integer above 2^53 is ever rounded.
    const extra = method === 'getCurrentValidators' ? [[UNSAFE_CHECK, async () => {
      const answer = await floorCall();
      if (unsafe(answer.result)) throw new Error('the benchmark answer holds an unsafe integer');
      return answer;
    }]] : [];
    rows.push(...(await scenario(label, (client) => client.platform[method](), fetch, floorCall, counts, goals, notes, extra)));
  }
  // The same figures on the other Node lines CI runs, each with its own floor: Node 20 (end of
  // life since 2026-04-30) spends about 3 µs creating the AbortSignal that every call's timeout
  // needs, where Node 22 and 24 spend 0.15 µs.
  rows.push(...onOtherNodes(import.meta.url));
  return {
    id: 'client-overhead',
    title: 'Client overhead in process (fetch stubbed)',
    about: 'The client with `fetch` stubbed (a prepared body in 64 KiB chunks), so the network is out of the figure; the floor is plain `fetch` + `text()` + `JSON.parse` of the same body, timed in turns with the client.',
    chart: { kind: 'ratios-by-node', title: 'Time per call against the floor, in process, per Node version', reference: 'the floor (1×)' },
    rows,
  };
}

await runAlone(import.meta.url, run);
