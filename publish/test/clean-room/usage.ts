// Type-checked under moduleResolution node16 and bundler in the clean room.
import type { Methods, PlatformGetHeightResult } from '@avanode/types';
import type { Methods as BigintMethods } from '@avanode/types/bigint';
import { createClient, type Client } from '@avanode/client';
import { getCurrentValidators } from '@avanode/client/platform';
import { validatePlatformGetHeightResult } from '@avanode/validators';
import { createHandlers } from '@avanode/msw';
import { startMockServer } from '@avanode/msw/server';
import { createMockNode, type MockNode } from '@avanode/mock';
import { startMockServer as startMockNodeServer, type MockServer } from '@avanode/mock/server';

const client: Client = createClient({ url: 'http://127.0.0.1:9650' });
const big: Client<BigintMethods> = createClient({ url: 'http://127.0.0.1:9650', bigint: true });
export async function main(): Promise<[PlatformGetHeightResult, bigint, boolean]> {
  const height = await client.platform.getHeight();
  const exact = (await big.platform.getHeight()).height;
  await getCurrentValidators(client, { subnetID: '11111111111111111111111111111111LpoYY' });
  const handlers = createHandlers({ overrides: { 'platform.getHeight': { height: '1' } } });
  const server = await startMockServer({ port: 0 });
  await server.close();
  return [height, exact, validatePlatformGetHeightResult(height).ok && handlers.length > 0];
}
export type HeightResult = Methods['platform.getHeight']['result'];

// @avanode/mock directly (what @avanode/msw re-exports): the same types through either name.
export async function mockAlone(): Promise<string> {
  const node: MockNode = createMockNode({ overrides: { 'platform.getHeight': { height: '1' } } });
  const server: MockServer = await startMockNodeServer({ port: 0 });
  const same: typeof startMockServer = startMockNodeServer;
  await server.close();
  return (await node.handle({ method: 'POST', path: '/ext/bc/P', body: '{}' })).body + typeof same;
}

