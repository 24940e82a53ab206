// The node's envelope and HTTP edges through msw's setupServer: the cases of
// packages/mock/test/envelope-cases.ts (each with its Go line), sent with node:http to
// 127.0.0.1:9650 and intercepted, must get the answers the standalone server gives.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHandlers, unhandledRequests } from '@avanode/msw';
import { expectAnswer, families, send } from '../../mock/test/envelope-cases.ts';

describe('through msw (setupServer)', () => {
  const msw = setupServer();
  beforeAll(() => msw.listen(unhandledRequests('error')));
  afterAll(() => msw.close());
  for (const [family, cases] of Object.entries(families)) {
    describe(family, () => {
      for (const c of cases) {
        it(c.name, async () => {
          msw.resetHandlers(...createHandlers(c.options));
          expectAnswer(await send('http://127.0.0.1:9650', c.send), c);
        });
      }
    });
  }
});
