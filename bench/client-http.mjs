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
import { alternatingRounds, childOutput, fixed, median, medianRatio, onNode, quick, verdict } from './measure.mjs';
import { VALIDATOR_SET } from './payloads.mjs';

const REQUEST = '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}';

async function scenario(label, payload, method, rounds, perRound, goals) {
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
    const lines = [`${label}: floor (plain fetch + JSON.parse) ${fixed(median(times[0]) * 1000, 1)} µs/call`];
    const ratio = (k, to) => medianRatio(times[k], times[to]);
    for (const [k, [name]] of variants.entries()) {
      if (k === 0) continue;
      const goal = goals[name];
      // The client's variants also against the floor with a timeout signal (variant 1).
      const againstSignal = k >= references ? `, ${fixed(ratio(k, 1), 3)}x the floor with a timeout signal` : '';
      lines.push(`  ${name}: ${fixed(median(times[k]) * 1000, 1)} µs/call, ${fixed(ratio(k, 0), 3)}x the floor${againstSignal}${goal ? ` | goal ≤ ${goal}x the floor: ${verdict(ratio(k, 0) <= goal)}` : ''}`);
    }
    return lines;
  } finally {
    server.disconnect();
  }
}

export async function run() {
  const lines = [
    // One call per round: the variants take turns call by call, the finest interleaving there is
    // (the ratios of two runs agree within 1% this way, against 3–5% with rounds of 100 calls).
    ...(await scenario('platform.getHeight over loopback', 'height', 'getHeight', quick ? 20 : 3000, 1, { defaults: 1.05 })),
    ...(await scenario(`platform.getCurrentValidators, ${VALIDATOR_SET}, over loopback`, 'validators', 'getCurrentValidators', quick ? 1 : 121, 1, { defaults: 1.05, 'validate: true': 1.25 })),
  ];
  // The same on the other Node lines CI runs, each with its own floor.
  if (!quick && !process.argv.includes('--child')) {
    const major = Number(process.versions.node.split('.')[0]);
    for (const other of [20, 22, 24].filter((v) => v !== major)) lines.push(...onNode(other, import.meta.url));
  }
  return { title: 'Client overhead over loopback HTTP', lines };
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
