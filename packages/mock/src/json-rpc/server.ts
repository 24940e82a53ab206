// `@avanode/mock/json-rpc-server`: a JSON-RPC 2.0 mock (mock.ts) over real HTTP, node:http on
// 127.0.0.1 by default, with the mock node server's limits on bodies and slow clients.
import { serveHttp, type HttpServeOptions } from '../http-serve.js';
import { serverLimits } from '../limits.js';
import type { JsonRpcMock, MethodTypes } from './mock.js';

export type JsonRpcServerOptions = HttpServeOptions;

export interface JsonRpcServer {
  /** `http://127.0.0.1:<port>`: the mock answers on the document's paths under it. */
  url: string;
  close(): Promise<void>;
}

export async function startJsonRpcServer<M extends MethodTypes>(mock: JsonRpcMock<M>, options: JsonRpcServerOptions = {}): Promise<JsonRpcServer> {
  const limits = serverLimits(options);
  const { url, close } = await serveHttp((request) => mock.handle(request), { maxBodyBytes: 8 * 1024 * 1024, ...options }, limits, () => {});
  return { url, close };
}
