// The codec's types as a user sees them from the tarballs: the client's answers decode into
// @avanode/types' shapes (type-checked only).
import { createClient } from '@avanode/client';
import type { PlatformBlock, PlatformIssueTxParams, SignedTx } from '@avanode/types';
import type { SignedTx as BigSignedTx } from '@avanode/types/bigint';
import { decodeGetBlockResult, decodeGetTxResult, issueTxParams } from '@avanode/codec/results';
import { type Network, formatAddress } from '@avanode/codec/encoding';

export async function usage(txID: string): Promise<[SignedTx, BigSignedTx, PlatformBlock, PlatformIssueTxParams, string]> {
  const client = createClient({ url: 'http://127.0.0.1:9650' });
  const { tx } = decodeGetTxResult(await client.platform.getTx({ txID, encoding: 'hex' }));
  const big = decodeGetTxResult(await client.platform.getTx({ txID, encoding: 'hex' }), { bigint: true }).tx;
  const { block } = decodeGetBlockResult(await client.platform.getBlockByHeight({ height: 1, encoding: 'hex' }));
  const network: Network = 'fuji';
  return [tx, big, block, issueTxParams(tx), formatAddress(new Uint8Array(20), network)];
}
