// A page that installs the validators too and hands the module to the client.
import { createClient } from '@avanode/client';
import * as validators from '@avanode/validators';
import { fetch, outcome } from './answer.mjs';

const client = createClient({ url: 'http://127.0.0.1:9650', fetch, validate: validators });
outcome(client.platform.getHeight()).then((validated) => console.log(JSON.stringify({ validated })));
