// A small frontend, as an app under test would be: it starts the msw service worker with the
// avanode handlers, calls the node through the client, and shows what it got. There is no node
// behind the page: the answers can only come from the worker.
import { setupWorker } from 'msw/browser';
import { createClient } from '@avanode/client';
import { createHandlers, unhandledRequests } from '@avanode/msw';

const show = (id: string, text: string) => {
  const element = document.createElement('p');
  element.id = id;
  element.textContent = text;
  document.body.append(element);
};

async function main() {
  const worker = setupWorker(...createHandlers({ overrides: { 'platform.getHeight': { height: '4242' } } }));
  await worker.start({ ...unhandledRequests('error'), quiet: true });
  const client = createClient({ url: location.origin });
  show('height', `height ${(await client.platform.getHeight()).height}`);
  show('version', `version ${(await client.info.getNodeVersion()).version}`);
  const health = await client.health.get();
  show('health', `health ${health.status} ${health.healthy}`);
  const fees = await client.evm('2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC').feeConfig('latest');
  show('fees', `gasLimit ${fees.feeConfig.gasLimit}`);
  // A node ID without its NodeID- prefix does not unmarshal: -32000 (avalanchego utils/json/codec.go:60-64).
  const error = await client.platform.getCurrentValidators({ nodeIDs: ['abc'] } as never).catch((e: Error) => e);
  show('error', `error ${(error as { code?: number }).code}`);
  show('done', 'done');
}

main().catch((error: unknown) => show('failure', String(error)));
