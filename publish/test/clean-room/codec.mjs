// Node ESM, as a user writes it: the installed codec reads a tx's hex answer (as the client
// returns it) into the node's JSON shape, through each of its three entries.
import { encodeTx, typeName } from '@avanode/codec';
import { decodeHex, formatAvax } from '@avanode/codec/encoding';
import { decodeGetTxResult, issueTxParams } from '@avanode/codec/results';

const address = 'P-fuji1pmgmagjcljjzuz2ve339dx82khm7q8ge8dah8x';
const built = {
  unsignedTx: {
    networkID: 5,
    blockchainID: '11111111111111111111111111111111LpoYY',
    outputs: [{ assetID: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK', output: { addresses: [address], amount: 1_500_000_000, locktime: 0, threshold: 1 } }],
    inputs: [],
    memo: '0x',
  },
  credentials: [],
};
const params = issueTxParams(encodeTx(built));
const { tx } = decodeGetTxResult({ tx: params.tx, encoding: 'hex' });
console.log(JSON.stringify({
  type: typeName(tx.unsignedTx),
  amount: formatAvax(tx.unsignedTx.outputs[0].output.amount),
  address: tx.unsignedTx.outputs[0].output.addresses[0],
  fxID: tx.unsignedTx.outputs[0].fxID,
  bytes: decodeHex(params.tx).length,
  encoding: params.encoding,
}));
