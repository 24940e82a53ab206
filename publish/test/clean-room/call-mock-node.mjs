// Node ESM, as a user writes it: start the installed mock node, call it through the installed client.
import { createClient, RpcError } from '@avanode/client';
import { getHeight } from '@avanode/client/platform';
import { startMockServer } from '@avanode/msw/server';

const node = await startMockServer({ port: 0 });
try {
  const client = createClient({ url: node.url, validate: true, bigint: true });
  const answers = {
    height: String((await getHeight(client)).height),
    version: (await client.info.getNodeVersion()).version,
    health: (await client.health.get()).status,
    bigint: typeof (await client.platform.getHeight()).height,
    // Without client-side validation the node (here the mock) answers the bad params itself.
    error: await createClient({ url: node.url }).platform.getSubnet({}).catch((e) => (e instanceof RpcError ? e.code : String(e))),
  };
  console.log(JSON.stringify(answers));
} finally {
  await node.close();
}
