// An msw test with the installed mocks (msw/node + @avanode/msw), run with node's test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { createHandlers, handlers, unhandledRequests } from '@avanode/msw';

const server = setupServer(...handlers);
server.listen(unhandledRequests('error'));

test('the installed handlers answer like a node', async () => {
  // A node answers 415 without the JSON content type (gorilla/rpc v2/server.go), as the mock does.
  const rpc = (body) => fetch('http://127.0.0.1:9650/ext/bc/P', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  assert.deepEqual((await rpc({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight' })).result, { height: '1204' });
  server.use(...createHandlers({ overrides: { 'platform.getHeight': { height: '7' } } }));
  assert.deepEqual((await rpc({ jsonrpc: '2.0', id: 2, method: 'platform.getHeight' })).result, { height: '7' });
  // An unknown method: -32000 `rpc: can't find method "platform.Nope"` (gorilla/rpc v2/map.go).
  assert.equal((await rpc({ jsonrpc: '2.0', id: 3, method: 'platform.nope' })).error.code, -32000);
  server.close();
});
