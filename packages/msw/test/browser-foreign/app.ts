// A small frontend for a foreign API, as an app under test would be: it starts the msw service
// worker with the handlers of the msw package `avanode-gen --out` wrote for the Acme Bookshop
// document, calls the API through the generated client and shows what it got. Nothing behind the
// page serves /api/rpc: the answers can only come from the worker.
import { setupWorker } from 'msw/browser';
import { createClient } from '@acme-bookshop-api/client';
import { isBooksGetError } from '@acme-bookshop-api/client/errors';
import { createHandlers, createOverrideHandlers, rpcError, unhandledRequests } from '@acme-bookshop-api/msw';

/** books_get's example ID in the document. */
const DUNE = '0b3b6f4e-8c1a-4f7e-9f59-2f0f3a9e1c11';

const show = (id: string, text: string) => {
  const element = document.createElement('p');
  element.id = id;
  element.textContent = text;
  document.body.append(element);
};

async function main() {
  const worker = setupWorker(...createHandlers({ overrides: { shop_ping: (params) => ({ host: params.from ?? 'worker.example' }) } }));
  await worker.start({ ...unhandledRequests('error'), quiet: true });
  const client = createClient({ url: location.origin, retry: false });
  show('books', (await client.methods.booksList(2)).map((book) => book.title).join(', '));
  show('book', (await client.methods.booksGet(DUNE)).title);
  show('ping', (await client.methods.shopPing({ from: '192.0.2.7' })).host);
  // The client knows only the document's methods: a hand-written call of another one.
  const unknown = await fetch(`${location.origin}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","method":"books_nope","id":7}' });
  show('unknown', await unknown.text());
  const refused = await client.methods.ordersPlace(DUNE, 'not an email').catch((e: { code?: number; data?: unknown }) => e);
  show('refused', `${(refused as { code?: number }).code} ${JSON.stringify((refused as { data?: unknown }).data)}`);
  worker.use(...createOverrideHandlers({ books_get: rpcError(404, 'book not found', { id: DUNE }) }));
  const missing = await client.methods.booksGet(DUNE).catch((e: unknown) => e);
  show('missing', isBooksGetError(missing, 'NotFound') ? `${missing.code} ${missing.data.id}` : `not narrowed: ${String(missing)}`);
  // The override handlers pass every other call on: books_list keeps its example.
  show('after', (await client.methods.booksList(1)).map((book) => book.title).join(', '));
  show('done', 'done');
}

main().catch((error: unknown) => show('failure', String(error)));
