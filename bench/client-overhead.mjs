// Client overhead in process: `fetch` is stubbed to return a prepared Response, so the network
// is out of the figure. The floor is plain `fetch` + `response.text()` + `JSON.parse` of the
// same body, measured in the same run; each client setting is a ratio against it.
import { createClient } from '@avanode/client';
import { quick, verdict } from './measure.mjs';
import { bigValidatorsBody, heightBody } from './payloads.mjs';

const url = 'http://127.0.0.1:9650';

async function timePerCall(fn, iterations) {
  for (let i = 0; i < Math.min(50, iterations); i++) await fn();
  const rounds = [];
  for (let r = 0; r < (quick ? 1 : 7); r++) {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await fn();
    rounds.push((performance.now() - started) / iterations);
  }
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(rounds.length / 2)];
}

// The stub echoes the request's id (as a node does); the floor's request goes through the same stub.
const stubFetch = (body) => async (_url, init) =>
  new Response(body.replace('"id":1,', `"id":${JSON.parse(init.body).id},`), { status: 200, headers: { 'content-type': 'application/json' } });

async function scenario(label, method, body, iterations, goals) {
  const fetch = stubFetch(body);
  const floor = await timePerCall(async () => JSON.parse(await (await fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}' })).text()), iterations);
  const call = (client) => (method === 'platform.getHeight' ? client.platform.getHeight() : client.platform.getCurrentValidators());
  const variants = [
    ['defaults', createClient({ url, fetch })],
    ['validate: true', createClient({ url, fetch, validate: true })],
    ['bigint: true', createClient({ url, fetch, bigint: true })],
  ];
  console.log(`client overhead, ${label} (${(body.length / 1024).toFixed(1)} kB): floor fetch+text+JSON.parse ${(floor * 1000).toFixed(1)} µs/call`);
  const results = {};
  for (const [name, client] of variants) {
    const t = await timePerCall(() => call(client), iterations);
    const ratio = t / floor;
    results[name] = ratio;
    const goal = goals[name];
    console.log(`  ${name.padEnd(15)} ${(t * 1000).toFixed(1)} µs/call | ${ratio.toFixed(3)}x the floor${goal ? ` | goal ≤ ${goal}x: ${verdict(ratio <= goal)}` : ''}`);
  }
  return results;
}

await scenario('platform.getHeight', 'platform.getHeight', heightBody(), quick ? 200 : 20_000, { defaults: 1.05 });
await scenario('platform.getCurrentValidators, 2,000 validators', 'platform.getCurrentValidators', bigValidatorsBody(2000), quick ? 3 : 40, { defaults: 1.05, 'validate: true': 1.25 });
