// The Info API (/ext/info) against avalanchego v1.14.2, api/info/service.go and the structs
// its replies embed. Each finding is something the node does that the document said otherwise.
import type { Finding } from '../src/audit.ts';

const NODE_ID = 'NodeID-Q2NyUD9JUMJVr8H16SQs8TG21N1EG43E6';
const SUBNET_ID = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';
const NO_ID = (alias: string) => ({ code: -32000, message: `there is no ID with alias: ${alias}`, data: null });
const NO_CHAIN = { code: -32000, message: "argument 'chain' not given", data: null };

/** A peer exactly as v1.14.2 marshals api/info Peer (network/peer Info plus Benched). */
const peer = (patch: Record<string, unknown> = {}) => ({
  ip: '198.51.100.20:9651',
  publicIP: '198.51.100.20:9651',
  nodeID: NODE_ID,
  version: 'avalanchego/1.14.2',
  upgradeTime: 1763568000,
  lastSent: '2026-11-20T11:15:02+01:00',
  lastReceived: '2026-11-20T11:15:01+01:00',
  observedUptime: '99',
  trackedSubnets: [SUBNET_ID],
  supportedACPs: [],
  objectedACPs: [],
  benched: [],
  ...patch,
});

/** upgrade.Mainnet at v1.14.2, as the node marshals upgrade.Config. */
const mainnetUpgrades = {
  apricotPhase1Time: '2021-03-31T14:00:00Z',
  apricotPhase2Time: '2021-05-10T11:00:00Z',
  apricotPhase3Time: '2021-08-24T14:00:00Z',
  apricotPhase4Time: '2021-09-22T21:00:00Z',
  apricotPhase4MinPChainHeight: 793005,
  apricotPhase5Time: '2021-12-02T18:00:00Z',
  apricotPhasePre6Time: '2022-09-05T01:30:00Z',
  apricotPhase6Time: '2022-09-06T20:00:00Z',
  apricotPhasePost6Time: '2022-09-07T03:00:00Z',
  banffTime: '2022-10-18T16:00:00Z',
  cortinaTime: '2023-04-25T15:00:00Z',
  cortinaXChainStopVertexID: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
  durangoTime: '2024-03-06T16:00:00Z',
  etnaTime: '2024-12-16T17:00:00Z',
  fortunaTime: '2025-04-08T15:00:00Z',
  graniteTime: '2025-11-19T16:00:00Z',
  graniteEpochDuration: 300000000000,
  heliconTime: '9999-12-01T00:00:00Z',
};
const INITIALLY_ACTIVE = '2020-12-05T05:00:00Z';
/** upgrade.Default (local and custom networks) at v1.14.2. */
const defaultUpgrades = {
  ...Object.fromEntries(Object.entries(mainnetUpgrades).map(([key, value]) => [key, typeof value === 'string' && key.endsWith('Time') ? INITIALLY_ACTIVE : value])),
  apricotPhase4MinPChainHeight: 0,
  cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
  graniteEpochDuration: 30000000000,
  heliconTime: '9999-12-01T00:00:00Z',
};

const v1142Version = {
  version: 'avalanchego/1.14.2',
  databaseVersion: 'v1.4.5',
  rpcProtocolVersion: '45',
  gitCommit: '6e5acf909c7a16b991142d6b3979bac5699bdb68',
  vmVersions: { avm: 'avalanchego/1.14.2', evm: 'v1.14.2', platform: 'avalanchego/1.14.2' },
};

export const findings: Finding[] = [
  {
    source: 'utils/constants/acps.go:43',
    method: 'info.acps',
    kind: 'result-shape',
    what: 'v1.14.2 lists no current ACP and peers’ preferences for others are dropped at the handshake: the map is empty',
    results: [{ acps: {} }],
    notResults: [{ acps: { '77': { supportWeight: '0', supporters: null, objectWeight: '0', objectors: [], abstainWeight: '0' } } }],
  },
  {
    source: 'api/info/service.go:311',
    method: 'info.isBootstrapped',
    kind: 'error',
    what: "a missing, null or empty chain is refused with -32000 argument 'chain' not given",
    params: [{ chain: 'P' }, { chain: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM' }],
    refusals: [
      { params: {}, error: NO_CHAIN },
      { params: { chain: '' }, error: NO_CHAIN },
      { params: { chain: null }, error: NO_CHAIN },
      { params: [], error: NO_CHAIN },
    ],
  },
  {
    source: 'ids/aliases.go:71',
    method: 'info.getBlockchainID',
    kind: 'error',
    what: 'a missing, null or empty alias is looked up like any other and refused with -32000 there is no ID with alias: ',
    params: [{ alias: 'C' }, { alias: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5' }],
    refusals: [
      { params: {}, error: NO_ID('') },
      { params: { alias: null }, error: NO_ID('') },
      // The empty string is a well-formed alias that no chain has.
      { params: { alias: '' }, error: NO_ID(''), stateful: true },
    ],
  },
  {
    source: 'utils/constants/network_ids.go:107',
    method: 'info.getNetworkName',
    kind: 'enum',
    what: 'the name is one of the seven known networks or network-<ID>, never a free-form name',
    results: [{ networkName: 'mainnet' }, { networkName: 'fuji' }, { networkName: 'testing' }, { networkName: 'local' }, { networkName: 'network-1337' }],
    notResults: [{ networkName: 'testnet' }, { networkName: 'custom' }, { networkName: 'network-' }],
  },
  {
    source: 'api/info/service.go:125',
    method: 'info.getNodeVersion',
    kind: 'number-form',
    what: 'rpcProtocolVersion is a json.Uint32: a quoted decimal',
    results: [v1142Version],
    notResults: [{ ...v1142Version, rpcProtocolVersion: 45 }, { ...v1142Version, rpcProtocolVersion: 'v45' }],
  },
  {
    source: 'vms/avm/vm.go:290',
    method: 'info.getNodeVersion',
    kind: 'result-shape',
    what: 'vmVersions: avm and platform report the application version (avalanchego/1.14.2), evm the semantic version (v1.14.2)',
    results: [v1142Version, { ...v1142Version, gitCommit: '' }],
  },
  {
    source: 'api/info/service.go:458',
    method: 'info.getVMs',
    kind: 'result-shape',
    what: 'the reply carries fxs, feature extension ID to name, beside vms',
    results: [
      {
        vms: { jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq: ['avm'], rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT: ['platform'], srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy: [] },
        fxs: { spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ: 'secp256k1fx', qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT: 'nftfx', rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy: 'propertyfx' },
      },
    ],
    notResults: [{ vms: {}, fxs: { spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ: ['secp256k1fx'] } }],
  },
  {
    source: 'api/info/service.go:246',
    method: 'info.peers',
    kind: 'result-shape',
    what: 'every peer carries benched (chain aliases), an empty list when none; it is not gone from current nodes',
    results: [{ numPeers: '1', peers: [peer()] }, { numPeers: '1', peers: [peer({ benched: ['C'] })] }],
    notResults: [{ numPeers: '1', peers: [peer({ benched: undefined })] }, { numPeers: '1', peers: [peer({ benched: null })] }],
  },
  {
    source: 'network/peer/info.go:20',
    method: 'info.peers',
    kind: 'number-form',
    what: 'upgradeTime is a plain uint64 (a bare JSON number of Unix seconds), unlike the quoted observedUptime',
    results: [{ numPeers: '1', peers: [peer()] }],
    notResults: [{ numPeers: '1', peers: [peer({ upgradeTime: '2025-11-19T16:00:00Z' })] }],
  },
  {
    source: 'network/peer/peer.go:947',
    method: 'info.peers',
    kind: 'result-shape',
    what: 'supportedACPs and objectedACPs keep only current ACPs, none at v1.14.2: both are empty lists (sorted JSON numbers otherwise)',
    results: [{ numPeers: '1', peers: [peer()] }, { numPeers: '1', peers: [peer({ supportedACPs: [103, 77] })] }],
    notResults: [{ numPeers: '1', peers: [peer({ supportedACPs: null })] }],
  },
  {
    source: 'api/info/service.go:252',
    method: 'info.peers',
    kind: 'number-form',
    what: 'numPeers is a json.Uint64 (a quoted decimal), not a 32-bit value',
    results: [{ numPeers: '0', peers: [] }, { numPeers: '2', peers: [peer(), peer({ nodeID: 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf' })] }],
    notResults: [{ numPeers: '-1', peers: [] }],
  },
  {
    source: 'network/network.go:1134',
    method: 'info.peers',
    kind: 'param-form',
    what: 'nodeIDs null decodes to a nil slice and means every peer, like an empty list',
    params: [{ nodeIDs: null }, { nodeIDs: [] }, {}, { nodeIDs: [NODE_ID, NODE_ID] }],
  },
  {
    source: 'api/info/service.go:350',
    method: 'info.uptime',
    kind: 'param-form',
    what: 'takes no args at v1.14.2: subnetID is ignored and the answer is the primary network’s',
    params: [{}, { subnetID: SUBNET_ID }],
    results: [{ rewardingStakePercentage: '100.0000', weightedAveragePercentage: '99.0000' }],
  },
  {
    source: 'upgrade/upgrade.go:106',
    method: 'info.upgrades',
    kind: 'result-shape',
    what: 'upgrade.Config also marshals fortunaTime, graniteTime, graniteEpochDuration (nanoseconds, a JSON number) and heliconTime',
    results: [mainnetUpgrades, defaultUpgrades],
    notResults: [{ ...mainnetUpgrades, graniteEpochDuration: '5m0s' }, { ...mainnetUpgrades, heliconTime: 'unscheduled' }, { ...mainnetUpgrades, graniteTime: 1763568000 }],
  },
];
