// Client overhead in process: `fetch` stubbed to return a prepared Response, so the network is
// out of the figure. The floor is plain fetch + text() + JSON.parse of the same body.
import { createClient } from '@avanode/client';
import { fixed, quick, timePerCall, verdict } from './measure.mjs';
import { bigValidatorsBody, heightBody } from './payloads.mjs';

const url = 'http://127.0.0.1:9650';
// The stub echoes the request's id (as a node does); the floor's request goes through the same stub.
const stubFetch = (body) => async (_url, init) =>
  new Response(body.replace('"id":1,', `"id":${JSON.parse(init.body).id},`), { status: 200, headers: { 'content-type': 'application/json' } });

export async function scenario(label, call, fetchFor, floorCall, iterations, goals) {
  const floor = await timePerCall(floorCall, iterations);
  const lines = [`${label}: floor (plain fetch + JSON.parse) ${fixed(floor * 1000, 1)} µs/call`];
  for (const [name, options] of [['defaults', {}], ['validate: true', { validate: true }], ['bigint: true', { bigint: true }]]) {
    const client = createClient({ url: fetchFor.url, ...(fetchFor.fetch ? { fetch: fetchFor.fetch } : {}), ...options });
    const t = await timePerCall(() => call(client), iterations);
    const goal = goals[name];
    lines.push(`  ${name}: ${fixed(t * 1000, 1)} µs/call, ${fixed(t / floor, 3)}x the floor${goal ? ` | goal ≤ ${goal}x: ${verdict(t / floor <= goal)}` : ''}`);
  }
  return lines;
}

export async function run() {
  const lines = [];
  for (const [label, method, body, iterations, goals] of [
    ['platform.getHeight (tiny)', 'getHeight', heightBody(), quick ? 200 : 20_000, { defaults: 1.05 }],
    ['platform.getCurrentValidators, 2,000 validators (~2.4 MB)', 'getCurrentValidators', bigValidatorsBody(2000), quick ? 3 : 40, { defaults: 1.05, 'validate: true': 1.25 }],
  ]) {
    const fetch = stubFetch(body);
    const floorCall = async () => JSON.parse(await (await fetch(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}' })).text());
    lines.push(...(await scenario(label, (client) => client.platform[method](), { url, fetch }, floorCall, iterations, goals)));
  }
  return { title: 'Client overhead in process (fetch stubbed)', lines };
}
