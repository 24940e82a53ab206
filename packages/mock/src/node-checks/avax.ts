// Service-level refusals of the C-chain's atomic API (/ext/bc/C/avax) and of the X-chain's
// context methods (/ext/bc/X), as avalanchego v1.14.2 answers them: coreth's
// graft/coreth/plugin/evm/atomic/vm/api.go and vms/avm/service.go. Like every node check they
// follow the audited release; what SAE (v1.15.0, after Helicon) answers differently once the
// params pass is the simulated C-chain's (src/chains/c/answers.ts).
import { checksum, fromHex } from '@avanode/codec/encoding';
import type { NodeRefusal, ServiceCheck } from './types.js';
import { isObject } from '../is-object.js';
import { decodeHex, encodingOf } from './platform-txs.js';

const refuse = (message: string): NodeRefusal => ({ code: -32000, message, data: null });

/** ids.Empty in cb58: what an omitted ID unmarshals to. */
const EMPTY_ID = '11111111111111111111111111111111LpoYY';
/** codec.NewDefaultManager's limit on the bytes it unmarshals (codec/manager.go defaultMaxSize). */
const MAX_CODEC_BYTES = 256 * 1024;

/** api.GetTxArgs / api.JSONTxID: an omitted or null txID is ids.Empty, refused as errNilTxID (api.go:197, 223). */
const nilTxID = (params: unknown): NodeRefusal | undefined => {
  if (!isObject(params)) return undefined;
  const txID = params.txID;
  return txID === undefined || txID === null || txID === EMPTY_ID ? refuse('nil transaction ID') : undefined;
};

export const checks: Record<string, ServiceCheck> = {
  // api.go AvaxAPI.GetUTXOs: the address count, then the source chain (its lookup is the chain's).
  'avax.getUTXOs': (params) => {
    if (!isObject(params)) return undefined;
    const addresses = params.addresses ?? [];
    if (!Array.isArray(addresses) || encodingOf(params) === undefined) return undefined;
    if (addresses.length === 0) return refuse('no addresses provided');
    if (addresses.length > 1024) return refuse(`number of addresses given, ${addresses.length}, exceeds maximum, 1024`);
    const sourceChain = params.sourceChain;
    if (sourceChain === undefined || sourceChain === null || sourceChain === '') return refuse('no source chain provided');
    return undefined;
  },

  // api.go AvaxAPI.IssueTx: formatting.Decode, then atomic.Codec.Unmarshal (codec/manager.go).
  'avax.issueTx': (params) => {
    if (!isObject(params) || typeof (params.tx ?? '') !== 'string') return undefined;
    const encoding = encodingOf(params);
    if (encoding === undefined) return undefined;
    const tx = (params.tx ?? '') as string;
    const parseError = (reason: string) => refuse(`problem parsing transaction: ${reason}`);
    if (tx === '') return parseError('couldn\'t unpack codec version');
    if (encoding === 'json') return refuse('problem decoding transaction: unsupported encoding in method');
    if (!tx.startsWith('0x')) return refuse('problem decoding transaction: missing 0x prefix to hex encoding');
    const decoded = decodeHex(tx.slice(2));
    if ('error' in decoded) return refuse(`problem decoding transaction: ${decoded.error}`);
    let size = decoded.bytes;
    if (encoding !== 'hexnc') {
      if (decoded.bytes < 4) return refuse('problem decoding transaction: input string is smaller than the checksum size');
      const bytes = fromHex(tx.slice(2));
      const raw = bytes.subarray(0, bytes.length - 4);
      const expected = checksum(raw);
      if (bytes.subarray(bytes.length - 4).some((byte, i) => byte !== expected[i])) return refuse('problem decoding transaction: invalid input checksum');
      size -= 4;
    }
    if (size > MAX_CODEC_BYTES) return parseError(`byte array exceeds maximum length: ${size} > ${MAX_CODEC_BYTES}`);
    if (size < 2) return parseError('couldn\'t unpack codec version');
    const versionAt = 2;
    if (tx.slice(versionAt, versionAt + 4) !== '0000') return parseError('unknown codec version');
    return undefined;
  },

  'avax.getAtomicTx': (params) => (isObject(params) && encodingOf(params) !== undefined ? nilTxID(params) : undefined),
  'avax.getAtomicTxStatus': nilTxID,

  // vms/avm/vm.go lookupAssetID: an alias the chain knows, else an ID; "" is neither.
  'avm.getAssetDescription': (params) => {
    if (!isObject(params)) return undefined;
    const assetID = params.assetID ?? '';
    return assetID === '' ? refuse("asset '' not found") : undefined;
  },
};
