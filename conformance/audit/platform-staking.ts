// The P-chain's staking, subnet and fee methods (spec/src/methods/platform/staking.yaml,
// subnets.yaml, fees.yaml) against avalanchego v1.14.2: vms/platformvm/service.go and the types
// its replies are made of. Values are built from the Go structs and marshalers named in `source`.
import type { Finding } from '../src/audit.ts';

const EMPTY_ID = '11111111111111111111111111111111LpoYY';
const L1 = '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F';
const ELASTIC_SUBNET = 'VbjrTmUvmnAedxXDVznPA9E6enptBxwCJE4qLdSZXG6z8vHqj';
const NODE_A = 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf';
const NODE_B = 'NodeID-Q2NyUD9JUMJVr8H16SQs8TG21N1EG43E6';
const NODE_L1 = 'NodeID-JqQxibMZ45PuLoMu4pavN4HGfR6WQNp8V';
const ADDRESS = 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9';
/** The same address's 20 bytes in cb58, as ids.ShortID prints them. */
const ADDRESS_SHORT_ID = 'CwCZWhKsT9pkXURAZkQiKY2isddaTMbLS';
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
/** Valid compressed BLS public keys (G1), as bls.PublicKeyToCompressedBytes writes them. */
const KEY_A = '0xabe305c95a76237d4d8c0d1ea2edf0245a85aafd13613a3e05395bf2e0e29c0e11021d77fa4464b7e25857c2ee4570e7';
const KEY_L1 = '0x8207cac07d4662c3cb02c0cb0927ed07417b0c68543ec22dea221ee7daaa34744283456cb96a018ba5d12159a23796cd';
const OWNER = { locktime: '0', threshold: '1', addresses: [ADDRESS] };
const UNMARSHAL = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

/** api.Staker: the five members every current validator has. */
const staker = (nodeID: string, weight: string) => ({ txID: '2R7m35wELWVawAQuNpbYM4Lsj2dUCSz73Lu2MjtTmTWgaivCGN', startTime: '1755000000', endTime: '1786536000', weight, nodeID });

/** api.PermissionlessValidator as getPrimaryOrSubnetValidators fills it for an elastic subnet: no uptime, connected or signer. */
const elasticSubnetValidator = {
  ...staker(NODE_A, '5000'),
  validationRewardOwner: OWNER,
  delegationRewardOwner: OWNER,
  potentialReward: '120',
  accruedDelegateeReward: '0',
  delegationFee: '10.0000',
  delegatorCount: '0',
  delegatorWeight: '0',
};

/** api.APIL1Validator as convertL1ValidatorToAPI fills it. */
const l1Validator = {
  nodeID: NODE_L1,
  weight: '100',
  startTime: '1763460000',
  validationID: '2eZbyCTyCEMRqj4JqddZFvGxksMrzQyRLfDuMx5HPabCJ8N4Bn',
  publicKey: KEY_L1,
  remainingBalanceOwner: OWNER,
  deactivationOwner: OWNER,
  minNonce: '0',
  balance: '0',
};

export const findings: Finding[] = [
  // platform.getCurrentValidators
  {
    source: 'vms/platformvm/service.go:900',
    method: 'platform.getCurrentValidators',
    kind: 'result-shape',
    what: 'every permissionless validator carries accruedDelegateeReward, the delegation fees it has earned so far',
    results: [{ validators: [{ ...elasticSubnetValidator, accruedDelegateeReward: '1204337' }] }],
    params: [{ subnetID: ELASTIC_SUBNET }],
  },
  {
    source: 'vms/platformvm/service.go:860',
    method: 'platform.getCurrentValidators',
    kind: 'result-shape',
    what: 'uptime and connected are sent for primary network validators only; an elastic subnet validator has neither, nor a signer',
    results: [{ validators: [elasticSubnetValidator] }],
  },
  {
    source: 'vms/platformvm/service.go:962',
    method: 'platform.getCurrentValidators',
    kind: 'result-shape',
    what: 'with exactly one node ID the delegators list is sent even when empty ([]), never null',
    results: [{ validators: [{ ...elasticSubnetValidator, delegators: [] }] }],
    params: [{ nodeIDs: [NODE_A] }],
  },
  {
    source: 'vms/platformvm/service.go:933',
    method: 'platform.getCurrentValidators',
    kind: 'result-shape',
    what: "a permissioned subnet's validators, and an L1's legacy ones, carry only txID, startTime, endTime, weight and nodeID",
    results: [{ validators: [staker(NODE_B, '20')] }, { validators: [staker(NODE_B, '20'), l1Validator] }],
    notResults: [{ validators: [{ nodeID: NODE_B, weight: '20' }] }],
  },
  {
    source: 'vms/platformvm/service.go:754',
    method: 'platform.getCurrentValidators',
    kind: 'result-shape',
    what: 'the validators list is never null: an unknown subnet or unmatched node IDs answer []',
    results: [{ validators: [] }],
    notResults: [{ validators: null }],
    params: [{ subnetID: L1, nodeIDs: [NODE_B] }],
  },

  // platform.getL1Validator
  {
    source: 'vms/platformvm/service.go:996',
    method: 'platform.getL1Validator',
    kind: 'error',
    what: 'an omitted validationID is the empty ID, which no validator has: the lookup fails with not found',
    refusals: [
      { params: {}, error: { code: -32000, message: `fetching L1 validator "${EMPTY_ID}" failed: not found`, data: null } },
      { params: { validationID: EMPTY_ID }, error: { code: -32000, message: `fetching L1 validator "${EMPTY_ID}" failed: not found`, data: null } },
    ],
  },

  // platform.getValidatorsAt
  {
    source: 'vms/platformvm/service.go:1847',
    method: 'platform.getValidatorsAt',
    kind: 'result-shape',
    what: 'the reply is a bare map node ID to {publicKey, weight} ({} when empty); the legacy {validators: {nodeID: weight}} shape is never sent',
    results: [{}, { [NODE_L1]: { publicKey: KEY_L1, weight: '100' }, 'NodeID-111111111111111111116DBWJs': { publicKey: null, weight: '50' } }],
    notResults: [{ validators: { [NODE_A]: 2000000000000 } }, { validators: {} }],
  },
  {
    source: 'vms/platformvm/api/height.go:33',
    method: 'platform.getValidatorsAt',
    kind: 'param-optional',
    what: 'height is optional: omitted or null it is 0',
    params: [{}, { height: null }, { subnetID: L1 }],
  },
  {
    source: 'vms/platformvm/api/height.go:46',
    method: 'platform.getValidatorsAt',
    kind: 'param-form',
    what: 'the height 2^64-1 is reserved for proposed and refused as an argument the node cannot unmarshal, as is any other word than proposed',
    params: [{ height: 'proposed' }, { height: '1200' }],
    refusals: [
      { params: { height: '18446744073709551615' }, error: { code: -32000, message: UNMARSHAL, data: null } },
      { params: { height: 'PROPOSED' }, error: { code: -32000, message: UNMARSHAL, data: null } },
      // 2^64-2 unmarshals; above the last accepted height, validators/manager.go makeValidatorSet refuses it (errUnfinalizedHeight).
      {
        params: { height: '18446744073709551614' },
        stateful: true,
        error: { code: -32000, message: /^failed to get validator set at 18446744073709551614: failed to fetch validator set at unfinalized height with SubnetID = 11111111111111111111111111111111LpoYY: current P-chain height \(\d+\) < requested P-Chain height \(18446744073709551614\)$/, data: null },
      },
    ],
  },

  // platform.getAllValidatorsAt
  {
    source: 'vms/platformvm/service.go:1798',
    method: 'platform.getAllValidatorsAt',
    kind: 'missing-method',
    what: 'the node answers getAllValidatorsAt: every subnet ID to its canonical validator set, keys with their node IDs and weight, and the total weight',
    params: [{ height: 1200 }, { height: 'proposed' }, {}],
    results: [
      { validatorSets: {} },
      {
        validatorSets: {
          [EMPTY_ID]: { validators: [{ publicKey: KEY_A, weight: '2050000000000', nodeIDs: [NODE_A] }], totalWeight: '4550000000000' },
          [L1]: { validators: [], totalWeight: '50' },
        },
      },
    ],
    notResults: [{ validatorSets: { [EMPTY_ID]: { validators: [{ publicKey: null, weight: '1', nodeIDs: [NODE_A] }], totalWeight: '1' } } }],
    refusals: [
      { params: { height: '18446744073709551615' }, error: { code: -32000, message: UNMARSHAL, data: null } },
      // validators/manager.go makeAllValidatorSets: errUnfinalizedHeight, without a subnet.
      {
        params: { height: '18446744073709551614' },
        stateful: true,
        error: { code: -32000, message: /^failed to get validator sets at 18446744073709551614: failed to fetch validator set at unfinalized height: current P-chain height \(\d+\) < requested P-Chain height \(18446744073709551614\)$/, data: null },
      },
    ],
  },

  // platform.sampleValidators
  {
    source: 'vms/platformvm/service.go:1107',
    method: 'platform.sampleValidators',
    kind: 'limit',
    what: 'size is a 16-bit integer: above 65535 it is an argument the node cannot unmarshal',
    params: [{ size: 65535 }, { size: '2' }],
    refusals: [
      { params: { size: 65536 }, error: { code: -32000, message: UNMARSHAL, data: null } },
      { params: { size: '70000' }, error: { code: -32000, message: UNMARSHAL, data: null } },
    ],
  },
  {
    source: 'snow/validators/manager.go:249',
    method: 'platform.sampleValidators',
    kind: 'param-optional',
    what: 'size is optional: omitted it is 0, which answers an empty list',
    params: [{}, { subnetID: L1 }],
    results: [{ validators: [] }],
  },
  {
    source: 'utils/sampler/weighted_without_replacement_generic.go:30',
    method: 'platform.sampleValidators',
    kind: 'error',
    what: 'the sample takes size distinct units of weight (a validator may come more than once): more units than the set weighs fail with insufficient weight; a subnet without validators with missing validators (snow/validators/manager.go:257)',
    params: [{ size: 2 }],
    results: [{ validators: [NODE_A, NODE_A] }, { validators: [NODE_A, NODE_B] }],
    refusals: [
      { params: { size: 1, subnetID: ELASTIC_SUBNET }, stateful: true, error: { code: -32000, message: `sampling ${ELASTIC_SUBNET} errored with missing validators`, data: null } },
      { params: { size: 171, subnetID: L1 }, stateful: true, error: { code: -32000, message: `sampling ${L1} errored with insufficient weight`, data: null } },
    ],
  },

  // platform.getTotalStake
  {
    source: 'vms/platformvm/service.go:1711',
    method: 'platform.getTotalStake',
    kind: 'param-optional',
    what: 'subnetID is optional: omitted it is the primary network',
    params: [{}],
  },
  {
    source: 'vms/platformvm/service.go:1717',
    method: 'platform.getTotalStake',
    kind: 'result-shape',
    what: 'stake and weight are both sent for every subnet, with the same value',
    results: [{ stake: '170', weight: '170' }, { stake: '0', weight: '0' }],
    notResults: [{ weight: '100000' }],
  },

  // platform.getStake
  {
    source: 'vms/platformvm/service.go:1531',
    method: 'platform.getStake',
    kind: 'param-optional',
    what: 'addresses and validatorsOnly are optional: omitted, nothing is looked up and nothing is staked; validatorsOnly defaults to false',
    params: [{}, { addresses: [ADDRESS] }],
    results: [{ staked: '0', stakeds: {}, stakedOutputs: [], encoding: 'hex' }],
  },
  {
    source: 'vms/platformvm/service.go:1534',
    method: 'platform.getStake',
    kind: 'param-form',
    what: 'getStake takes an encoding for the staked outputs (hex, hexc, hexnc, json; any letter case) and names it in the reply',
    params: [{ addresses: [ADDRESS], encoding: 'hexnc' }, { addresses: [ADDRESS], encoding: 'HEX' }],
    results: [
      { staked: '2000000000000', stakeds: { [AVAX]: '2000000000000' }, stakedOutputs: ['0x000021e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff00000007000001d1a94a20000000000000000000000000010000000182e97eee19174f1a41f191cdd5d7f45e82931d21'], encoding: 'hexnc' },
      { staked: '0', stakeds: {}, stakedOutputs: [], encoding: 'json' },
    ],
    notResults: [{ staked: '0', stakeds: {}, stakedOutputs: [], encoding: 'cb58' }],
  },
  {
    source: 'vms/components/avax/addresses.go:121',
    method: 'platform.getStake',
    kind: 'param-form',
    what: 'an address may also be given as its bare cb58 ID or with the chain alias platform-',
    params: [{ addresses: [ADDRESS_SHORT_ID] }, { addresses: [ADDRESS.replace(/^P-/, 'platform-')] }],
  },
  {
    source: 'vms/platformvm/service.go:1562',
    method: 'platform.getStake',
    kind: 'limit',
    what: 'at most 256 addresses, counted before any is parsed',
    params: [{ addresses: Array.from({ length: 256 }, () => ADDRESS) }],
    refusals: [{ params: { addresses: Array.from({ length: 257 }, () => ADDRESS) }, error: { code: -32000, message: '257 addresses provided but this method can take at most 256', data: null } }],
  },
  {
    source: 'vms/platformvm/service.go:1539',
    method: 'platform.getStake',
    kind: 'result-shape',
    what: 'staked (the AVAX total) is always sent',
    notResults: [{ stakeds: {}, stakedOutputs: [], encoding: 'hex' }],
  },

  // platform.getCurrentSupply
  {
    source: 'vms/platformvm/service.go:1075',
    method: 'platform.getCurrentSupply',
    kind: 'result-shape',
    what: 'the reply carries the height of the last accepted block beside the supply',
    results: [{ supply: '461930183220412004', height: '1204' }],
    notResults: [{ supply: '461930183220412004' }],
  },

  // platform.getBlockchainStatus
  {
    source: 'vms/platformvm/service.go:1168',
    method: 'platform.getBlockchainStatus',
    kind: 'param-form',
    what: 'blockchainID may be a chain alias (X, C, P, avm, evm, platform) as well as a cb58 ID',
    params: [{ blockchainID: 'X' }, { blockchainID: 'platform' }],
  },
  {
    source: 'vms/platformvm/service.go:1160',
    method: 'platform.getBlockchainStatus',
    kind: 'error',
    what: "an empty or omitted blockchainID fails with argument 'blockchainID' not given",
    refusals: [
      { params: {}, error: { code: -32000, message: "argument 'blockchainID' not given", data: null } },
      { params: { blockchainID: '' }, error: { code: -32000, message: "argument 'blockchainID' not given", data: null } },
    ],
  },

  // platform.getSubnet
  {
    source: 'vms/platformvm/service.go:397',
    method: 'platform.getSubnet',
    kind: 'error',
    what: "the primary network's ID, and an omitted subnetID which decodes to it, fail with the primary network isn't a subnet",
    refusals: [
      { params: {}, error: { code: -32000, message: "the primary network isn't a subnet", data: null } },
      { params: { subnetID: EMPTY_ID }, error: { code: -32000, message: "the primary network isn't a subnet", data: null } },
    ],
  },
  {
    source: 'vms/platformvm/service.go:421',
    method: 'platform.getSubnet',
    kind: 'result-shape',
    what: 'every kind of subnet keeps the control keys of its owner: an L1 sends them too, beside its conversion',
    results: [
      { isPermissioned: false, controlKeys: [ADDRESS], threshold: '1', locktime: '0', subnetTransformationTxID: EMPTY_ID, conversionID: 'VxnTZdfmsb6fqeh1Z5VNJnidpzLEV4EAwFw4UT8Hvi8vBsZ7X', managerChainID: '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC', managerAddress: '0xe79bbbc4028c6489e7e5443b238889abcd3dada4' },
    ],
    notResults: [{ isPermissioned: true, controlKeys: null, threshold: '1', locktime: '0', subnetTransformationTxID: EMPTY_ID, conversionID: EMPTY_ID, managerChainID: EMPTY_ID, managerAddress: null }],
  },

  // platform.getSubnets
  {
    source: 'vms/platformvm/service.go:590',
    method: 'platform.getSubnets',
    kind: 'result-shape',
    what: 'subnets is null when ids names no known subnet',
    results: [{ subnets: null }],
    params: [{ ids: [ELASTIC_SUBNET] }],
  },
  {
    source: 'vms/platformvm/service.go:583',
    method: 'platform.getSubnets',
    kind: 'result-shape',
    what: 'control keys are P- addresses (FormatLocalAddress), not bare cb58 IDs',
    results: [{ subnets: [{ id: ELASTIC_SUBNET, controlKeys: [ADDRESS], threshold: '1' }, { id: EMPTY_ID, controlKeys: [], threshold: '0' }] }],
    notResults: [{ subnets: [{ id: ELASTIC_SUBNET, controlKeys: [ADDRESS_SHORT_ID], threshold: '1' }] }],
  },

  // platform.validatedBy, platform.validates
  {
    source: 'vms/platformvm/validators/manager.go:317',
    method: 'platform.validatedBy',
    kind: 'param-optional',
    what: "blockchainID is optional: omitted it is the P-chain's empty ID, validated by the primary network",
    params: [{}],
    results: [{ subnetID: EMPTY_ID }],
  },
  {
    source: 'vms/platformvm/service.go:1298',
    method: 'platform.validates',
    kind: 'param-optional',
    what: 'subnetID is optional: omitted it is the primary network',
    params: [{}],
  },

  // Fees
  {
    source: 'vms/components/gas/dimensions.go:19',
    method: 'platform.getFeeConfig',
    kind: 'result-shape',
    what: 'weights has exactly four entries, one per fee dimension',
    results: [{ weights: [1, 1000, 1000, 4], maxCapacity: 1000000, maxPerSecond: 100000, targetPerSecond: 50000, minPrice: 1, excessConversionConstant: 2164043 }],
    notResults: [{ weights: [1, 1000, 1000], maxCapacity: 1000000, maxPerSecond: 100000, targetPerSecond: 50000, minPrice: 1, excessConversionConstant: 2164043 }],
  },
  {
    source: 'vms/platformvm/validators/fee/fee.go:15',
    method: 'platform.getValidatorFeeConfig',
    kind: 'result-shape',
    what: 'the reply has capacity, target, minPrice and excessConversionConstant; no targetPerSecond',
    results: [{ capacity: 20000, target: 10000, minPrice: 512, excessConversionConstant: 1246488515 }],
    notResults: [{ capacity: 20000, minPrice: 512, excessConversionConstant: 1246488515, targetPerSecond: 50000 }],
  },
];
