// The L1 EVM chain extras (/ext/bc/<id>/rpc, geth-style decoding in graft/evm/rpc) and the
// validators endpoint (/ext/bc/<id>/validators, gorilla json2), audited against
// graft/subnet-evm and graft/coreth at v1.14.2. Errors on /rpc carry no `data` member.
import type { Finding } from '../src/audit.ts';

const ADMIN = '0xe79bbbc4028c6489e7e5443b238889abcd3dada4';
const MANAGER = '0x5f3b7a2c1d8e9f0a4b6c2d1e3f5a7b9c0d2e4f61';
const ENABLED = '0x0c4e1f9a7d2b3e8f6a5c4d3b2a1f0e9d8c7b6a59';
const BLOCK_HASH = '0x5136090f5d6eb7af11a989da84c5b0f9d695a86360a64db81f4ad83dab8a4d16';
const C_CHAIN_RPC = '/ext/bc/C/rpc';

const FEE_CONFIG = { gasLimit: 12000000, targetBlockRate: 2, minBaseFee: 25000000000, targetGas: 60000000, baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1000000, blockGasCostStep: 200000 };
// params.DefaultFeeConfig (graft/subnet-evm/params/extras/config.go), answered before Subnet-EVM activates.
const DEFAULT_FEE_CONFIG = { gasLimit: 8000000, targetBlockRate: 2, minBaseFee: 25000000000, targetGas: 15000000, baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1000000, blockGasCostStep: 200000 };
const WARP = { blockTimestamp: 1763460000, quorumNumerator: 67, requirePrimaryNetworkSigners: false };
const ETH_RULES = {
  ChainID: 432204, IsHomestead: true, IsEIP150: true, IsEIP155: true, IsEIP158: true, IsByzantium: true, IsConstantinople: true,
  IsPetersburg: true, IsIstanbul: true, IsBerlin: true, IsLondon: true, IsMerge: true, IsShanghai: true, IsCancun: true, IsPrague: false, IsVerkle: false,
};
const AVALANCHE_RULES = { IsSubnetEVM: true, IsDurango: true, IsEtna: true, IsFortuna: false, IsGranite: true, IsHelicon: false };

const invalidArgument = (message: string) => ({ code: -32602, message: `invalid argument 0: ${message}`, data: undefined });
const notFound = (method: string) => ({ code: -32601, message: `the method ${method} does not exist/is not available`, data: undefined });
const UINT64_FROM_STRING = invalidArgument('json: cannot unmarshal string into Go value of type uint64');
const COULD_NOT_UNMARSHAL = { code: -32000, message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls", data: null };

export const findings: Finding[] = [
  // eth_feeConfig
  {
    source: 'graft/evm/rpc/types.go:196-212',
    method: 'eth_feeConfig',
    kind: 'param-form',
    what: 'the block tags are latest, pending, accepted, finalized, safe (the last accepted block) and earliest; tags are case-sensitive',
    params: [['accepted'], ['finalized'], ['safe'], ['pending'], ['earliest']],
    refusals: [{ params: ['Latest'], error: invalidArgument('hex string without 0x prefix') }],
  },
  {
    source: 'graft/evm/rpc/types.go:213-230',
    method: 'eth_feeConfig',
    kind: 'param-form',
    what: 'a block number is 0x hex without leading zeros up to 2^63-1 (0X accepted); a decimal string is refused',
    params: [['0x0'], ['0X4A1C0'], ['0x7fffffffffffffff'], [BLOCK_HASH]],
    refusals: [
      { params: ['0x04a1c0'], error: invalidArgument('hex number with leading zero digits') },
      { params: ['0x8000000000000000'], error: invalidArgument('blocknumber too high') },
      { params: ['0x'], error: invalidArgument('hex string "0x"') },
      { params: ['303552'], error: invalidArgument('hex string without 0x prefix') },
    ],
  },
  {
    source: 'graft/evm/rpc/types.go:186-190',
    method: 'eth_feeConfig',
    kind: 'param-form',
    what: 'a block number as a bare JSON number is refused (only strings and objects decode)',
    refusals: [{ params: [303552], error: invalidArgument('json: cannot unmarshal number into Go value of type string') }],
  },
  {
    source: 'graft/evm/rpc/types.go:174-185',
    method: 'eth_feeConfig',
    kind: 'param-form',
    what: 'the block may be an object naming blockNumber or blockHash (with requireCanonical), not both',
    params: [[{ blockNumber: '0x4a1c0' }], [{ blockNumber: 'latest' }], [{ blockHash: BLOCK_HASH, requireCanonical: true }]],
    refusals: [
      { params: [{ blockNumber: '0x4a1c0', blockHash: BLOCK_HASH }], error: invalidArgument('cannot specify both BlockHash and BlockNumber, choose one or the other') },
      // A member that does not decode makes the object fail, and the string fallback reports that.
      { params: [{ blockNumber: 303552 }], error: invalidArgument('json: cannot unmarshal object into Go value of type string') },
    ],
  },
  {
    source: 'graft/subnet-evm/eth/api_backend.go:166',
    method: 'eth_feeConfig',
    kind: 'error',
    what: 'an object naming neither blockNumber nor blockHash decodes, and the method fails with -32000',
    refusals: [
      { params: [{}], error: { code: -32000, message: 'invalid arguments; neither block nor hash specified', data: undefined } },
      { params: [{ requireCanonical: true }], error: { code: -32000, message: 'invalid arguments; neither block nor hash specified', data: undefined } },
    ],
  },
  {
    source: 'graft/subnet-evm/internal/ethapi/api_extra.go:111-112',
    method: 'eth_feeConfig',
    kind: 'param-optional',
    what: 'an omitted or null block is the current head',
    params: [[], [null]],
  },
  {
    source: 'graft/subnet-evm/internal/ethapi/api_extra.go:103',
    method: 'eth_feeConfig',
    kind: 'result-shape',
    what: 'lastChangedAt is a block number and is omitted before Subnet-EVM activates (with the default fee config)',
    results: [{ feeConfig: DEFAULT_FEE_CONFIG }, { feeConfig: FEE_CONFIG, lastChangedAt: 301488 }],
  },
  {
    source: 'graft/subnet-evm/commontype/fee_config.go:54-88',
    method: 'eth_feeConfig',
    kind: 'number-form',
    what: 'fee config values are *big.Int written as bare JSON numbers, beyond 2^64 where configured so',
    results: [{ feeConfig: { ...FEE_CONFIG, minBaseFee: 100000000000000000000 }, lastChangedAt: 0 }],
    notResults: [{ feeConfig: { ...FEE_CONFIG, gasLimit: '12000000' }, lastChangedAt: 0 }, { feeConfig: FEE_CONFIG, lastChangedAt: '0' }],
  },
  {
    source: 'graft/evm/rpc/json.go:343',
    method: 'eth_feeConfig',
    kind: 'param-form',
    what: 'params must be an array of at most one argument',
    refusals: [
      { params: { blk: 'latest' }, error: { code: -32602, message: 'non-array args', data: undefined } },
      { params: ['latest', 'latest'], error: { code: -32602, message: 'too many arguments, want at most 1', data: undefined } },
    ],
  },
  {
    source: 'graft/evm/rpc/handler.go:606',
    method: 'eth_feeConfig',
    kind: 'error',
    what: 'the C-Chain (coreth) has no eth_feeConfig and answers method not found',
    path: C_CHAIN_RPC,
    refusals: [{ params: ['latest'], error: notFound('eth_feeConfig'), stateful: true }],
  },

  // eth_getChainConfig
  {
    source: 'ava-labs/libevm@v1.13.14-0.4.0.rc.2:params/json.libevm.go:129',
    method: 'eth_getChainConfig',
    kind: 'result-shape',
    what: 'an L1 sends berlin/london blocks, shanghai/cancun times and every network upgrade time, upgrades always, and no eip150Hash',
    results: [{
      berlinBlock: 0, byzantiumBlock: 0, cancunTime: 1734368400, chainId: 432204, constantinopleBlock: 0, durangoTimestamp: 1709740800,
      eip150Block: 0, eip155Block: 0, eip158Block: 0, etnaTimestamp: 1734368400, feeConfig: FEE_CONFIG, graniteTimestamp: 1763568000,
      heliconTimestamp: 253399622400, homesteadBlock: 0, istanbulBlock: 0, londonBlock: 0, muirGlacierBlock: 0, petersburgBlock: 0,
      shanghaiTime: 1709740800, subnetEVMTimestamp: 0, warpConfig: WARP, upgrades: {},
    }],
    notResults: [{ chainId: '432204', feeConfig: FEE_CONFIG, upgrades: {} }],
  },
  {
    source: 'graft/coreth/internal/ethapi/api_extra.go:28',
    method: 'eth_getChainConfig',
    kind: 'result-shape',
    what: 'the C-Chain answers too, with its own upgrade times and without feeConfig and upgrades',
    path: C_CHAIN_RPC,
    params: [[]],
    results: [{
      apricotPhase1BlockTimestamp: 1607144400, apricotPhase2BlockTimestamp: 1607144400, apricotPhase3BlockTimestamp: 1607144400,
      apricotPhase4BlockTimestamp: 1607144400, apricotPhase5BlockTimestamp: 1607144400, apricotPhasePost6BlockTimestamp: 1607144400,
      apricotPhasePre6BlockTimestamp: 1607144400, apricotPhase6BlockTimestamp: 1607144400, banffBlockTimestamp: 1607144400,
      berlinBlock: 0, byzantiumBlock: 0, cancunTime: 1607144400, chainId: 43112, constantinopleBlock: 0, cortinaBlockTimestamp: 1607144400,
      durangoBlockTimestamp: 1607144400, eip150Block: 0, eip155Block: 0, eip158Block: 0, etnaTimestamp: 1607144400,
      fortunaTimestamp: 1607144400, graniteTimestamp: 1607144400, heliconTimestamp: 253399622400, homesteadBlock: 0, istanbulBlock: 0,
      londonBlock: 0, muirGlacierBlock: 0, petersburgBlock: 0, shanghaiTime: 1607144400,
    }],
  },
  {
    source: 'graft/subnet-evm/precompile/precompileconfig/upgradeable.go:12',
    method: 'eth_getChainConfig',
    kind: 'result-shape',
    what: 'a genesis precompile configured without a time has blockTimestamp null; the allow lists have manager and enabled addresses',
    results: [{
      chainId: 432204, feeConfig: FEE_CONFIG, subnetEVMTimestamp: 0,
      txAllowListConfig: { adminAddresses: [ADMIN], managerAddresses: [MANAGER], enabledAddresses: [ENABLED], blockTimestamp: null },
      upgrades: { precompileUpgrades: [{ txAllowListConfig: { adminAddresses: [ADMIN], blockTimestamp: 1767225600 } }] },
    }],
    notResults: [{ chainId: 432204, feeConfig: FEE_CONFIG, txAllowListConfig: { managerAddresses: null, blockTimestamp: 0 } }],
  },
  {
    source: 'graft/subnet-evm/precompile/contracts/nativeminter/config.go:31',
    method: 'eth_getChainConfig',
    kind: 'result-shape',
    what: 'precompile configs carry initialFeeConfig, initialMint (hex amounts), initialRewardConfig and the warp quorum',
    results: [{
      chainId: 432204, feeConfig: FEE_CONFIG,
      contractNativeMinterConfig: { adminAddresses: [ADMIN], blockTimestamp: 0, initialMint: { [ENABLED]: '0xd3c21bcecceda1000000' } },
      feeManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: 0, initialFeeConfig: FEE_CONFIG },
      rewardManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: 0, initialRewardConfig: { allowFeeRecipients: true, rewardAddress: '0x0000000000000000000000000000000000000000' } },
      warpConfig: WARP,
      upgrades: {},
    }],
    notResults: [{ chainId: 432204, feeConfig: FEE_CONFIG, contractNativeMinterConfig: { blockTimestamp: 0, initialMint: { [ENABLED]: 1000 } } }],
  },
  {
    source: 'graft/evm/rpc/json.go:359',
    method: 'eth_getChainConfig',
    kind: 'param-form',
    what: 'any argument is refused, and so is an object for params: the method takes none',
    params: [[]],
    refusals: [
      { params: ['latest'], error: { code: -32602, message: 'too many arguments, want at most 0', data: undefined } },
      { params: {}, error: { code: -32602, message: 'non-array args', data: undefined } },
    ],
  },

  // eth_getActivePrecompilesAt
  {
    source: 'graft/evm/rpc/json.go:363',
    method: 'eth_getActivePrecompilesAt',
    kind: 'param-form',
    what: 'the timestamp is a bare JSON number only: quoted, hex, negative and fractional times are refused',
    params: [[1763460000], [0]],
    refusals: [
      { params: ['1763460000'], error: UINT64_FROM_STRING },
      { params: ['0x691c43a0'], error: UINT64_FROM_STRING },
      { params: [-1], error: invalidArgument('json: cannot unmarshal number -1 into Go value of type uint64') },
      { params: [1.5], error: invalidArgument('json: cannot unmarshal number 1.5 into Go value of type uint64') },
      { params: [1763460000, 0], error: { code: -32602, message: 'too many arguments, want at most 1', data: undefined } },
    ],
  },
  {
    source: 'graft/subnet-evm/internal/ethapi/api_extra.go:132-133',
    method: 'eth_getActivePrecompilesAt',
    kind: 'param-optional',
    what: 'an omitted or null timestamp is the current head time',
    params: [[], [null]],
  },
  {
    source: 'graft/subnet-evm/precompile/contracts/warp/config.go:53-54',
    method: 'eth_getActivePrecompilesAt',
    kind: 'result-shape',
    what: 'the warp config carries quorumNumerator and requirePrimaryNetworkSigners; no precompile active is {}',
    results: [{ warpConfig: WARP }, {}, { feeManagerConfig: { adminAddresses: [ADMIN], managerAddresses: [MANAGER], blockTimestamp: 0 }, warpConfig: WARP }],
    notResults: [{ warpConfig: { ...WARP, requirePrimaryNetworkSigners: 'false' } }, { feeManagerConfig: { blockTimestamp: 0, enabledAddresses: null } }],
  },
  {
    source: 'graft/evm/rpc/handler.go:606',
    method: 'eth_getActivePrecompilesAt',
    kind: 'error',
    what: 'the C-Chain (coreth) has no eth_getActivePrecompilesAt and answers method not found',
    path: C_CHAIN_RPC,
    refusals: [{ params: [], error: notFound('eth_getActivePrecompilesAt'), stateful: true }],
  },

  // eth_getActiveRulesAt
  {
    source: 'ava-labs/libevm@v1.13.14-0.4.0.rc.2:params/config.go:909-916',
    method: 'eth_getActiveRulesAt',
    kind: 'result-shape',
    what: 'ethRules is geth Rules by Go field name: ChainID as a number and sixteen fork flags through IsVerkle',
    results: [{ ethRules: ETH_RULES, avalancheRules: AVALANCHE_RULES, precompiles: { warpConfig: { timestamp: 1763460000 } } }],
    notResults: [{ ethRules: { ...ETH_RULES, ChainID: '432204' }, avalancheRules: AVALANCHE_RULES, precompiles: {} }],
  },
  {
    source: 'graft/subnet-evm/params/extras/network_upgrades.go:207-214',
    method: 'eth_getActiveRulesAt',
    kind: 'result-shape',
    what: 'avalancheRules has six flags at v1.14.2 (IsEtna was IsEUpgrade); IsFortuna is false unless fortunaTimestamp is set',
    results: [{ ethRules: ETH_RULES, avalancheRules: AVALANCHE_RULES, precompiles: {} }],
    notResults: [{ ethRules: ETH_RULES, avalancheRules: { ...AVALANCHE_RULES, IsHelicon: 'false' }, precompiles: {} }],
  },
  {
    source: 'graft/evm/rpc/json.go:363',
    method: 'eth_getActiveRulesAt',
    kind: 'param-form',
    what: 'the timestamp is a bare JSON number only: quoted, hex, negative and fractional times are refused',
    params: [[1763460000], [0]],
    refusals: [
      { params: ['1763460000'], error: UINT64_FROM_STRING },
      { params: ['0x691c43a0'], error: UINT64_FROM_STRING },
      { params: [-1], error: invalidArgument('json: cannot unmarshal number -1 into Go value of type uint64') },
      { params: [true], error: invalidArgument('json: cannot unmarshal bool into Go value of type uint64') },
      { params: { timestamp: 1763460000 }, error: { code: -32602, message: 'non-array args', data: undefined } },
    ],
  },
  {
    source: 'graft/subnet-evm/internal/ethapi/api_extra.go:154-155',
    method: 'eth_getActiveRulesAt',
    kind: 'param-optional',
    what: 'an omitted or null timestamp is the current head time',
    params: [[], [null]],
  },
  {
    source: 'graft/evm/rpc/handler.go:606',
    method: 'eth_getActiveRulesAt',
    kind: 'error',
    what: 'the C-Chain (coreth) has no eth_getActiveRulesAt and answers method not found',
    path: C_CHAIN_RPC,
    refusals: [{ params: [1763460000], error: notFound('eth_getActiveRulesAt'), stateful: true }],
  },

  // validators.getCurrentValidators
  {
    source: 'graft/subnet-evm/plugin/evm/service.go:31-36',
    method: 'validators.getCurrentValidators',
    kind: 'param-optional',
    what: 'nodeIDs omitted, null or empty lists every validator',
    params: [{}, { nodeIDs: null }, { nodeIDs: [] }, { nodeIDs: ['NodeID-JqQxibMZ45PuLoMu4pavN4HGfR6WQNp8V'] }],
  },
  {
    source: 'utils/json/codec.go:62',
    method: 'validators.getCurrentValidators',
    kind: 'error',
    what: 'a node ID that does not parse answers -32000 "couldn\'t unmarshal an argument" with data null',
    refusals: [
      { params: { nodeIDs: ['JqQxibMZ45PuLoMu4pavN4HGfR6WQNp8V'] }, error: COULD_NOT_UNMARSHAL },
      { params: { nodeIDs: 'NodeID-JqQxibMZ45PuLoMu4pavN4HGfR6WQNp8V' }, error: COULD_NOT_UNMARSHAL },
    ],
  },
];
