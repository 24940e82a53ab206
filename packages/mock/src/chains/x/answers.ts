// The X-chain methods a wallet's context reads (avalanchejs' Context.getContextFromURI), answered
// for the simulated network: vms/avm/service.go GetAssetDescription (the AVAX asset of genesis,
// by its alias `AVAX` or its ID; vm.go lookupAssetID) and GetTxFee (genesis/genesis_*.go
// TxFeeConfig: mainnet and Fuji 1 and 10 milliAVAX, other networks 1 and 1).
import { idParseError } from '../../node-checks/platform-txs.js';

type XAnswer = { result: unknown } | { error: string };
const MILLI_AVAX = 1_000_000n;

export function xChainAnswer(method: string, params: Record<string, unknown>, network: { networkID: number; avaxAssetID: string }): XAnswer | undefined {
  if (method === 'avm.getTxFee') {
    const createAsset = network.networkID === 1 || network.networkID === 5 ? 10n * MILLI_AVAX : MILLI_AVAX;
    return { result: { txFee: String(MILLI_AVAX), createAssetTxFee: String(createAsset) } };
  }
  if (method !== 'avm.getAssetDescription') return undefined;
  const asset = typeof params.assetID === 'string' ? params.assetID : '';
  if (asset === 'AVAX' || asset === network.avaxAssetID) {
    return { result: { assetID: network.avaxAssetID, name: 'Avalanche', symbol: 'AVAX', denomination: '9' } };
  }
  // An ID the chain has no tx for: state.GetTx's database.ErrNotFound.
  if (idParseError(asset) === undefined) return { error: 'not found' };
  return { error: `asset '${asset}' not found` };
}
