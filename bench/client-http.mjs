// The same over loopback HTTP, against a minimal node:http server answering prepared bodies.
// The floor is plain fetch + text() + JSON.parse against the same server.
import { createServer } from 'node:http';
import { fixed, quick } from './measure.mjs';
import { scenario } from './client-overhead.mjs';
import { bigValidatorsBody, heightBody } from './payloads.mjs';

export async function run() {
  const lines = [];
  for (const [label, method, body, iterations, goals] of [
    ['platform.getHeight over loopback', 'getHeight', heightBody(), quick ? 100 : 5_000, { defaults: 1.05 }],
    ['platform.getCurrentValidators, 2,000 validators, over loopback', 'getCurrentValidators', bigValidatorsBody(2000), quick ? 2 : 30, { defaults: 1.05, 'validate: true': 1.25 }],
  ]) {
    const server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const id = JSON.parse(Buffer.concat(chunks).toString()).id;
        res.writeHead(200, { 'content-type': 'application/json' }).end(body.replace('"id":1,', `"id":${id},`));
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${server.address().port}`;
    const floorCall = async () => JSON.parse(await (await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":7,"method":"m","params":{}}' })).text());
    lines.push(...(await scenario(label, (client) => client.platform[method](), { url }, floorCall, iterations, goals)));
    server.closeAllConnections();
    server.close();
  }
  void fixed;
  return { title: 'Client overhead over loopback HTTP', lines };
}

// `node bench/<this file>`: this benchmark alone (after `pnpm build`), printed, nothing written.
if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  const { title, lines } = await run();
  console.log(title);
  for (const line of lines) console.log(`  ${line}`);
}
