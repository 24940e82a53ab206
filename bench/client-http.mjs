// The client over loopback HTTP, against a bare node:http server in a process of its own
// (loopback-server.mjs) answering prepared bodies. The floor is plain fetch + text() +
// JSON.parse against the same server. The variants take turns call by call (floor, floor with a
// timeout signal, defaults, validate, bigint, floor, …), and each ratio is the median over the
// turns of the variant's call against the floor's call beside it, so that drift (CPU clock, a
// neighbour's load) falls on both sides of every ratio alike.
//
// "floor + timeout signal" is plain fetch given an AbortController's signal, as any fetch whose
// timeout really cancels the request must be: the share of the client's figure that is Node's
// own cost of a cancellable fetch (on Node 20 its fetch spends 10–20 µs on a signal).
// "floor + redirect: 'error'" is plain fetch told to fail on a redirect, as the client's first
// attempt is: what fetch saves when it keeps no copy of the body for a redirect to follow.
import { fork } from 'node:child_process';
import { createClient } from '@avanode/client';
import { alternatingRounds, fixed, median, medianRatio, onOtherNodes, quick, rounded, runAlone } from './measure.mjs';
import { VALIDATOR_SET } from './payloads.mjs';

const REQUEST = '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}';

async function scenario([label, chartLabel], payload, method, rounds, perRound, goals) {
  const server = fork(new URL('./loopback-server.mjs', import.meta.url), [payload], { stdio: 'ignore' });
  const port = await new Promise((resolve, reject) => server.once('message', resolve).once('error', reject));
  const base = `http://127.0.0.1:${port}`;
  const post = (signal, redirect) => fetch(`${base}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: REQUEST, signal, redirect });
  const variants = [
    ['floor', async () => JSON.parse(await (await post()).text())],
    [
      'floor + timeout signal',
      async () => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 30_000);
        try {
          return JSON.parse(await (await post(controller.signal)).text());
        } finally {
          clearTimeout(timer);
        }
      },
    ],
    // What the client's first attempt asks of fetch (ExchangeInit): no copy of the body kept for a redirect.
    ["floor + redirect: 'error'", async () => JSON.parse(await (await post(undefined, 'error')).text())],
  ];
  const references = variants.length;
  for (const [name, options] of [['defaults', {}], ['validate: true', { validate: true }], ['bigint: true', { bigint: true }]]) {
    const client = createClient({ url: base, ...options });
    variants.push([name, () => client.platform[method]()]);
  }
  try {
    const times = await alternatingRounds(variants.map(([, fn]) => fn), rounds, perRound);
    const baseline = { name: 'plain fetch + JSON.parse', value: rounded(median(times[0]) * 1000, 1), unit: 'µs/call' };
    const ratio = (k, to) => medianRatio(times[k], times[to]);
    return variants.slice(1).map(([name], i) => {
      const k = i + 1;
      const goal = goals[name];
      return {
        figure: `${label}, ${name}`,
        chartLabel: `${chartLabel}, ${name}`,
        node: process.version,
        value: rounded(median(times[k]) * 1000, 1),
        unit: 'µs/call',
        // The client's variants also against the floor with a timeout signal (variant 1).
        ...(k >= references ? { detail: `${fixed(ratio(k, 1), 3)}× the floor with a timeout signal` } : {}),
        baseline,
        ratio: { value: rounded(ratio(k, 0), 3), of: 'the floor' },
        ...(goal ? { goal: { op: '≤', value: goal, unit: '×' }, met: ratio(k, 0) <= goal } : {}),
      };
    });
  } finally {
    server.disconnect();
  }
}

export async function run() {
  const rows = [
    // One call per round: the variants take turns call by call, the finest interleaving there is
    // (the ratios of two runs agree within 1% this way, against 3–5% with rounds of 100 calls).
    ...(await scenario(['platform.getHeight over loopback', 'getHeight'], 'height', 'getHeight', quick ? 20 : 3000, 1, { defaults: 1.05 })),
    ...(await scenario([`platform.getCurrentValidators, ${VALIDATOR_SET}, over loopback`, 'getCurrentValidators, 2.4 MB'], 'validators', 'getCurrentValidators', quick ? 1 : 121, 1, { defaults: 1.05, 'validate: true': 1.25 })),
  ];
  // The same on the other Node lines CI runs, each with its own floor.
  rows.push(...onOtherNodes(import.meta.url));
  return {
    id: 'client-http',
    title: 'Client overhead over loopback HTTP',
    about: "The client against a bare `node:http` server in a process of its own; the floor is plain `fetch` + `JSON.parse` against the same server, taking turns with the client call by call. Two more references: plain `fetch` given a timeout signal (what any fetch whose timeout really cancels it costs) and plain `fetch` with `redirect: 'error'`, as the client's first attempt is.",
    chart: { kind: 'ratios-by-node', title: 'Time per call against the floor, over loopback, per Node version', reference: 'the floor (1×)' },
    rows,
  };
}

await runAlone(import.meta.url, run);
