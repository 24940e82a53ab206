// A page that installs only the client: one call as is, one with `validate: true`, which loads
// `@avanode/validators` at run time if it is there.
import { createClient } from '@avanode/client';
import { fetch, outcome } from './answer.mjs';

const plain = createClient({ url: 'http://127.0.0.1:9650', fetch });
const loading = createClient({ url: 'http://127.0.0.1:9650', fetch, validate: true });
Promise.all([outcome(plain.platform.getHeight()), outcome(loading.platform.getHeight())]).then(([asIs, validateTrue]) => console.log(JSON.stringify({ asIs, validateTrue })));
