// A browser entry: the client and the validators, bundled for the web.
import { createClient } from '@avanode/client';
import { validateResult } from '@avanode/validators';

const client = createClient({ url: globalThis.location?.origin ?? 'http://127.0.0.1:9650', validate: true });
client.platform.getHeight().then((r) => console.log(validateResult('platform.getHeight', r)));
