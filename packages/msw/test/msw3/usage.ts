// The handlers and unhandledRequests() as an msw 3 user writes them, type-checked against msw
// 3.0.5's own types (tsconfig.json maps `msw` to this folder's msw, also for the sources of
// @avanode/msw, so its handlers.ts compiles against msw 3 here). Checked by msw3.test.ts.
import { HttpResponse, http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers, handlers, rpcError, unhandledRequests } from '@avanode/msw';

const ours: HttpHandler[] = createHandlers({ overrides: { 'platform.getHeight': { height: '42' }, 'platform.getSubnet': () => rpcError(-32000, 'subnet not found') } });
export const server = setupServer(...handlers, ...ours);
server.listen(unhandledRequests('error'));
server.listen(unhandledRequests((request, print) => {
  if (new URL(request.url).port === '9650') print.error();
}));
server.use(http.post('*/ext/bc/P', () => HttpResponse.error(), { once: true }));

// @ts-expect-error: msw 3 has no onUnhandledRequest any more (it would be ignored at run time)
server.listen({ onUnhandledRequest: 'error' });
