// The fixed part of @avalabs/avalanchejs's Context for the mock's local network (network 12345,
// its X-, P- and C-chain IDs, v1.14.2's static fees), for the tests that cross-check against that
// peer library; the asset ID and the fee config are the node's answers, given by the test.
export function localPeerContext<FeeConfig>(avaxAssetID: string, platformFeeConfig: FeeConfig) {
  return {
    networkID: 12345,
    hrp: 'local',
    xBlockchainID: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed',
    pBlockchainID: '11111111111111111111111111111111LpoYY',
    cBlockchainID: '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU',
    avaxAssetID,
    baseTxFee: 1_000_000n,
    createAssetTxFee: 1_000_000n,
    platformFeeConfig,
  };
}
