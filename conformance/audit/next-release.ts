// What avalanchego's next release adds to the four groups: v1.15.0-fuji (Helicon; v1.14.3-rc.2
// changes nothing on the wire, spec/audit/README.md). Every source is pinned at that tag. Each
// finding also keeps a v1.14.2 answer in its `results`: the document describes both releases,
// so an older node's answer must keep validating. Values are built from the Go structs named in
// `source`; the transactions are the node's own serialization tests at that tag, as the codec
// decodes them (packages/codec/test/vectors/avalanchego-v1.15.0-fuji.json).
import type { Finding } from '../src/audit.ts';

const AT = 'ava-labs/avalanchego@v1.15.0-fuji:';
const NODE_A = 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf';
const ADDRESS = 'P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9';
const KEY_A = '0xabe305c95a76237d4d8c0d1ea2edf0245a85aafd13613a3e05395bf2e0e29c0e11021d77fa4464b7e25857c2ee4570e7';
const POP_A = `0x${'8cfd7909d153b9604b62b143ba36207bb7e64867424480202a67dc68768346d95c90983c2d279c64c43c51136b2a05e0'}${'1602d52aa6376fda17fa6e2a18a083e49d9c450eab7b89b1d5555da5c489872e02b7e5227b77550af1330e5a71f8c368'}`;
const OWNER = { locktime: '0', threshold: '1', addresses: [ADDRESS] };

/** api.PermissionlessValidator of the primary network as v1.14.2 fills it (no AutoRenewedConfig). */
const primaryValidator = {
  txID: '2R7m35wELWVawAQuNpbYM4Lsj2dUCSz73Lu2MjtTmTWgaivCGN',
  startTime: '1755000000',
  endTime: '1786536000',
  weight: '2000000000000',
  nodeID: NODE_A,
  validationRewardOwner: OWNER,
  delegationRewardOwner: OWNER,
  potentialReward: '120',
  accruedDelegateeReward: '0',
  delegationFee: '2.0000',
  uptime: '100.0000',
  connected: true,
  signer: { publicKey: KEY_A, proofOfPossession: POP_A },
  delegatorCount: '0',
  delegatorWeight: '0',
};
/** The api.AutoRenewedConfig v1.15.0-fuji embeds for a validator added by an AddAutoRenewedValidatorTx. */
const autoRenewed = { validatorAuthority: OWNER, nextPeriod: '17280000', autoCompoundRewardShares: '500000' };

/** The node's serialization tests at v1.15.0-fuji, as getTx's json answer prints them (mainnet). */
const MAINNET_P = '11111111111111111111111111111111LpoYY';
const TEST_TX_ID = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
const TEST_ADDRESS = 'P-avax1g32kvaugnx4tk3z4vemc3xd2hdz92enh972wxr';
const TEST_OWNER = { addresses: [TEST_ADDRESS], locktime: 0, threshold: 1 };
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const SECP256K1FX = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';
const testBase = {
  networkID: 1,
  blockchainID: MAINNET_P,
  outputs: [],
  inputs: [{ txID: TEST_TX_ID, outputIndex: 1, assetID: AVAX, fxID: SECP256K1FX, input: { amount: 2000000000000, signatureIndices: [1] } }],
  memo: '0x',
};
const addAutoRenewedValidatorTx = {
  ...testBase,
  nodeID: '0x1122334455667788112233445566778811223344',
  signer: {
    publicKey: '0xaff4acb4c5439b5d426cadf9e946d3a452f7de3414d1ad27336133211d8b90cf49fb97eebcdeeef714dc20f54ed0d4d1',
    proofOfPossession: POP_A,
  },
  stake: [{ assetID: AVAX, fxID: SECP256K1FX, output: { ...TEST_OWNER, amount: 2000000000000 } }],
  validationRewardsOwner: TEST_OWNER,
  delegationRewardsOwner: TEST_OWNER,
  validatorAuthority: TEST_OWNER,
  delegationShares: 1000000,
  autoCompoundRewardShares: 500000,
  period: 17280000,
};
const setAutoRenewedValidatorConfigTx = { ...testBase, txID: TEST_TX_ID, auth: { signatureIndices: [1] }, autoCompoundRewardShares: 500000, period: 17280000 };
const rewardAutoRenewedValidatorTx = { txID: TEST_TX_ID, timestamp: 1234567890 };
const signed = (unsignedTx: object, id: string) => ({ tx: { unsignedTx, credentials: [], id }, encoding: 'json' });

/** A v1.14.2 RewardValidatorTx answer, which must keep validating beside the new type. */
const rewardValidatorTx = signed({ txID: TEST_TX_ID }, 'CbkFYKdf21JwqwvZGxqStEKrtYaFHWNnRtny7xusv18uEfSiC');

const ACP = { supportWeight: '0', supporters: [], objectWeight: '0', objectors: [], abstainWeight: '2000000000000' };

export const findings: Finding[] = [
  // platform.getCurrentValidators: ACP-236 auto-renewed validators
  {
    source: `${AT}vms/platformvm/api/validator.go:90`,
    method: 'platform.getCurrentValidators',
    kind: 'result-shape',
    what: 'an auto-renewed validator also carries validatorAuthority, nextPeriod and autoCompoundRewardShares (api.AutoRenewedConfig, embedded); other validators, and every v1.14.2 answer, carry none',
    results: [{ validators: [{ ...primaryValidator, ...autoRenewed }] }, { validators: [primaryValidator] }],
    // The embedded pointer is all or nothing: never one member without the others.
    notResults: [
      { validators: [{ ...primaryValidator, nextPeriod: '17280000' }] },
      { validators: [{ ...primaryValidator, validatorAuthority: OWNER, autoCompoundRewardShares: '500000' }] },
      { validators: [{ ...primaryValidator, ...autoRenewed, validatorAuthority: null }] },
    ],
    params: [{}],
  },
  {
    source: `${AT}vms/platformvm/service.go:925`,
    method: 'platform.getCurrentValidators',
    kind: 'number-form',
    what: 'nextPeriod is a json.Uint64 and autoCompoundRewardShares a json.Uint32 (parts per million): decimal strings; validatorAuthority is an api.Owner',
    results: [{ validators: [{ ...primaryValidator, ...autoRenewed, nextPeriod: '0', autoCompoundRewardShares: '1000000' }] }],
    notResults: [
      { validators: [{ ...primaryValidator, ...autoRenewed, autoCompoundRewardShares: '4294967296' }] },
      { validators: [{ ...primaryValidator, ...autoRenewed, validatorAuthority: { threshold: '1', addresses: [ADDRESS] } }] },
    ],
  },

  // platform.getTx / getBlock: the three types of txs/codec.go RegisterHeliconTypes
  {
    source: `${AT}vms/platformvm/txs/add_auto_renewed_validator_tx.go:41`,
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'AddAutoRenewedValidatorTx (type ID 40): nodeID is a types.JSONByteSlice (0x hex, not NodeID-…), then signer, stake, three owners, delegationShares, autoCompoundRewardShares and period as bare numbers',
    results: [signed(addAutoRenewedValidatorTx, '2a717jAwVMgkpBa21iEXXzzUsW9wk53ji265RCMGgQFWZHw3uE'), rewardValidatorTx],
    notResults: [
      signed({ ...addAutoRenewedValidatorTx, nodeID: NODE_A }, '2a717jAwVMgkpBa21iEXXzzUsW9wk53ji265RCMGgQFWZHw3uE'),
      signed({ ...addAutoRenewedValidatorTx, validatorAuthority: undefined }, '2a717jAwVMgkpBa21iEXXzzUsW9wk53ji265RCMGgQFWZHw3uE'),
    ],
  },
  {
    source: `${AT}vms/platformvm/txs/set_auto_renewed_validator_config_tx.go:15`,
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'SetAutoRenewedValidatorConfigTx (type ID 41): the BaseTx members, txID, auth (a secp256k1fx.Input), autoCompoundRewardShares and period',
    results: [signed(setAutoRenewedValidatorConfigTx, '28Rp8Dz4154GL22rJ6xJN9oY5vxJiyhxYY6bRpN761f8YeWWx3')],
    notResults: [signed({ ...setAutoRenewedValidatorConfigTx, auth: undefined }, '28Rp8Dz4154GL22rJ6xJN9oY5vxJiyhxYY6bRpN761f8YeWWx3')],
  },
  {
    source: `${AT}vms/platformvm/txs/reward_auto_renewed_validator_tx.go:30`,
    method: 'platform.getBlock',
    kind: 'result-shape',
    what: 'RewardAutoRenewedValidatorTx (type ID 42): txID and timestamp only, in a proposal block; credentials null while the node holds the tx it made',
    results: [
      {
        block: {
          time: 1234567890,
          txs: [],
          parentID: TEST_TX_ID,
          height: 1000,
          id: '2R7m35wELWVawAQuNpbYM4Lsj2dUCSz73Lu2MjtTmTWgaivCGN',
          tx: { unsignedTx: rewardAutoRenewedValidatorTx, credentials: null, id: 'CbkFYKdf21JwqwvZGxqStEKrtYaFHWNnRtny7xusv18uEfSiC' },
        },
        encoding: 'json',
      },
    ],
    notResults: [
      {
        block: {
          time: 1234567890,
          txs: [],
          parentID: TEST_TX_ID,
          height: 1000,
          id: '2R7m35wELWVawAQuNpbYM4Lsj2dUCSz73Lu2MjtTmTWgaivCGN',
          tx: { unsignedTx: { ...rewardAutoRenewedValidatorTx, memo: '0x' }, credentials: null, id: 'CbkFYKdf21JwqwvZGxqStEKrtYaFHWNnRtny7xusv18uEfSiC' },
        },
        encoding: 'json',
      },
    ],
  },

  // info
  {
    source: `${AT}utils/constants/acps.go:43`,
    method: 'info.acps',
    kind: 'result-shape',
    what: 'v1.15.0-fuji lists eight current ACPs (194, 224, 236, 247, 267, 273, 283, 285), so it answers one entry each; v1.14.2 answers {}',
    results: [{ acps: Object.fromEntries([194, 224, 236, 247, 267, 273, 283, 285].map((n) => [String(n), ACP])) }, { acps: {} }],
    notResults: [{ acps: { 'ACP-236': ACP } }],
    params: [{}],
  },
  {
    source: `${AT}version/constants.go:18`,
    method: 'info.getNodeVersion',
    kind: 'result-shape',
    what: 'a v1.15.0-fuji node is avalanchego/1.15.0 with RPCChainVMProtocol 46',
    results: [
      { version: 'avalanchego/1.15.0', databaseVersion: 'v1.4.5', rpcProtocolVersion: '46', gitCommit: 'e8f9781ee57de048bbfde5be0fa632e9efdf1448', vmVersions: { avm: 'avalanchego/1.15.0', evm: 'v1.15.0', platform: 'avalanchego/1.15.0' } },
    ],
  },
  {
    source: `${AT}upgrade/upgrade.go:65`,
    method: 'info.upgrades',
    kind: 'result-shape',
    what: 'v1.15.0-fuji schedules Fuji\'s Helicon upgrade at 2026-07-28T15:00:00Z (unscheduled, 9999-12-01, at v1.14.2)',
    results: [
      {
        apricotPhase1Time: '2021-03-26T14:00:00Z', apricotPhase2Time: '2021-05-05T14:00:00Z', apricotPhase3Time: '2021-08-16T19:00:00Z', apricotPhase4Time: '2021-09-16T21:00:00Z',
        apricotPhase4MinPChainHeight: 47437, apricotPhase5Time: '2021-11-24T15:00:00Z', apricotPhasePre6Time: '2022-09-06T20:00:00Z', apricotPhase6Time: '2022-09-06T20:00:00Z',
        apricotPhasePost6Time: '2022-09-07T06:00:00Z', banffTime: '2022-10-03T14:00:00Z', cortinaTime: '2023-04-06T15:00:00Z', cortinaXChainStopVertexID: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ',
        durangoTime: '2024-02-13T16:00:00Z', etnaTime: '2024-11-25T16:00:00Z', fortunaTime: '2025-03-13T15:00:00Z', graniteTime: '2025-10-29T15:00:00Z', graniteEpochDuration: 300000000000,
        heliconTime: '2026-07-28T15:00:00Z',
      },
    ],
  },

  // eth_getChainConfig (graft/subnet-evm)
  {
    source: `${AT}graft/subnet-evm/params/extras/config.go:116`,
    method: 'eth_getChainConfig',
    kind: 'result-shape',
    what: 'an L1 whose genesis sets initialMinDelayMS (ACP-226, omitempty) sends it as a bare number',
    results: [{ chainId: 432204, initialMinDelayMS: 1000, upgrades: {} }],
  },
];
