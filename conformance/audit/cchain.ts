// The C-chain's atomic API (/ext/bc/C/avax, gorilla json2, coreth's
// graft/coreth/plugin/evm/atomic/vm/api.go at v1.14.2), the eth_ reads a C-chain wallet makes
// (/ext/bc/C/rpc, graft/coreth/internal/ethapi/api.go) and the X-chain's context methods
// (/ext/bc/X, vms/avm/service.go): the refusals of what a handler needs, and the shapes.
import type { Finding } from '../src/audit.ts';

const refusal = (message: string) => ({ code: -32000, message, data: null });
const C_CHAIN_RPC = '/ext/bc/C/rpc';
const ADDRESS = 'C-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
const EVM_ADDRESS = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc';
const EMPTY_ID = '11111111111111111111111111111111LpoYY';

export const findings: Finding[] = [
  {
    source: 'graft/coreth/plugin/evm/atomic/vm/api.go:65-74',
    method: 'avax.getUTXOs',
    kind: 'error',
    what: 'v1.14.2 refuses no addresses, more than 1,024, and an empty source chain, in that order',
    params: [{ addresses: [ADDRESS], sourceChain: 'P' }, { addresses: [ADDRESS], sourceChain: 'X', limit: 5 }],
    refusals: [
      { params: { sourceChain: 'P' }, error: refusal('no addresses provided') },
      // SAE (v1.15.0) lists no UTXOs for no addresses: the schema lets [] through.
      { params: { addresses: [], sourceChain: 'P' }, error: refusal('no addresses provided'), stateful: true },
      { params: { addresses: Array.from({ length: 1025 }, () => ADDRESS), sourceChain: 'P' }, error: refusal('number of addresses given, 1025, exceeds maximum, 1024') },
      { params: { addresses: [ADDRESS] }, error: refusal('no source chain provided') },
      { params: { addresses: [ADDRESS], sourceChain: '' }, error: refusal('no source chain provided') },
    ],
  },
  {
    source: 'graft/coreth/plugin/evm/atomic/vm/api.go:157-167',
    method: 'avax.issueTx',
    kind: 'error',
    what: 'the tx is decoded as the encoding says, then parsed by the atomic codec; each step has its prefix',
    refusals: [
      { params: {}, error: refusal("problem parsing transaction: couldn't unpack codec version") },
      { params: { tx: '0x00' }, error: refusal('problem decoding transaction: input string is smaller than the checksum size') },
      { params: { tx: '0x00000000', encoding: 'json' }, error: refusal('problem decoding transaction: unsupported encoding in method') },
    ],
  },
  {
    source: 'graft/coreth/plugin/evm/atomic/vm/api.go:222-236',
    method: 'avax.getAtomicTx',
    kind: 'error',
    what: 'an omitted or empty txID is "nil transaction ID"; one the chain never saw "could not find tx <txID>"',
    refusals: [
      { params: {}, error: refusal('nil transaction ID') },
      { params: { txID: EMPTY_ID }, error: refusal('nil transaction ID'), stateful: true },
      { params: { txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' }, error: refusal('could not find tx 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN'), stateful: true },
    ],
  },
  {
    source: 'graft/coreth/plugin/evm/atomic/vm/api.go:197-205',
    method: 'avax.getAtomicTxStatus',
    kind: 'result-shape',
    what: 'v1.14.2 answers Unknown, Dropped, Processing or Accepted with blockHeight; an omitted txID is refused',
    params: [{ txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN' }],
    results: [{ status: 'Unknown' }, { status: 'Dropped' }, { status: 'Processing' }, { status: 'Accepted', blockHeight: '7' }],
    notResults: [{ status: 'Accepted' }, { status: 'Committed' }, { status: 'Accepted', blockHeight: 7 }],
    refusals: [{ params: {}, error: refusal('nil transaction ID') }],
  },
  {
    source: 'vms/avm/vm.go:551-558',
    method: 'avm.getAssetDescription',
    kind: 'error',
    what: 'an asset that is neither an alias nor an ID is not found; AVAX is an alias',
    params: [{ assetID: 'AVAX' }],
    refusals: [{ params: {}, error: refusal("asset '' not found") }],
  },
  {
    source: 'vms/avm/service.go:589-592',
    method: 'avm.getTxFee',
    kind: 'number-form',
    what: 'both fees are json.Uint64: decimal strings',
    params: [{}],
    results: [{ txFee: '1000000', createAssetTxFee: '10000000' }],
    notResults: [{ txFee: 1000000, createAssetTxFee: 10000000 }],
  },
  {
    source: 'graft/evm/rpc/json.go:366',
    method: 'eth_getBalance',
    kind: 'param-form',
    what: 'the address and the block are both required (a non-pointer BlockNumberOrHash); params are an array',
    path: C_CHAIN_RPC,
    params: [[EVM_ADDRESS, 'latest'], [EVM_ADDRESS, 'pending']],
    refusals: [
      { params: [EVM_ADDRESS], error: { code: -32602, message: 'missing value for required argument 1', data: undefined } },
      { params: [], error: { code: -32602, message: 'missing value for required argument 0', data: undefined } },
      { params: { blk: 'latest' }, error: { code: -32602, message: 'non-array args', data: undefined } },
      { params: { address: EVM_ADDRESS }, error: { code: -32602, message: 'non-array args', data: undefined } },
    ],
  },
  {
    source: 'graft/evm/rpc/json.go:366',
    method: 'eth_getTransactionCount',
    kind: 'param-form',
    what: 'the address and the block are both required; the nonce is 0x hex',
    path: C_CHAIN_RPC,
    params: [[EVM_ADDRESS, 'latest']],
    results: ['0x0', '0x3'],
    notResults: [3, '0x03'],
    refusals: [
      { params: [EVM_ADDRESS], error: { code: -32602, message: 'missing value for required argument 1', data: undefined } },
      { params: { blk: 'latest' }, error: { code: -32602, message: 'non-array args', data: undefined } },
      { params: { address: EVM_ADDRESS }, error: { code: -32602, message: 'non-array args', data: undefined } },
    ],
  },
  {
    source: 'graft/coreth/internal/ethapi/api.go:92-98',
    method: 'eth_baseFee',
    kind: 'number-form',
    what: 'the base fee is wei per gas as 0x hex (a *hexutil.Big), not nAVAX',
    path: C_CHAIN_RPC,
    params: [[]],
    results: ['0x5d21dba00', '0x1'],
    notResults: [25000000000, '25000000000'],
  },
];
