import { createClient } from '@avanode/client';
import { bigValidatorsBody } from './payloads.mjs';
const body = bigValidatorsBody(2000);
const stub = async (_u, init) => new Response(body.replace('"id":1,', `"id":${JSON.parse(init.body).id},`), { status: 200 });
const client = createClient({ url: 'http://127.0.0.1:9650', fetch: stub });
const floor = async () => JSON.parse(await (await stub('', { body: '{"id":7}' })).text());
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
const t = { floor: [], client: [] };
for (let r = 0; r < 9; r++) for (const [k, fn] of [['floor', floor], ['client', () => client.platform.getCurrentValidators()]]) { const s = performance.now(); for (let i = 0; i < 15; i++) await fn(); t[k].push((performance.now() - s) / 15); }
console.log(process.version, 'floor', med(t.floor).toFixed(2), 'client', med(t.client).toFixed(2), 'ratio', (med(t.client) / med(t.floor)).toFixed(3));
