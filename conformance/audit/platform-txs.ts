// P-chain blocks, transactions and UTXOs (/ext/bc/P) against avalanchego v1.14.2:
// vms/platformvm/service.go, the transaction types of vms/platformvm/txs (as encoding/json writes
// them with `encoding: "json"`), the block types of vms/platformvm/block, vms/platformvm/status
// and utils/formatting/encoding.go. Each finding is something the node does that the document
// said otherwise. Values are built from the Go structs' JSON tags and marshalers.
import type { Finding } from '../src/audit.ts';

const EMPTY_ID = '11111111111111111111111111111111LpoYY'; // ids.Empty, also the P-chain's ID
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const SECP256K1FX = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';
const X_CHAIN = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const SPENT_TX = '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN';
const SUBNET = '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL';
const NODE_ID = 'NodeID-Q2NyUD9JUMJVr8H16SQs8TG21N1EG43E6';
const ADDRESS = 'P-avax1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnk5ungy'; // bytes 0x00…0x13
const SHORT_ID = '12D2adLM3UKy4Z4giRbReR6gjWsUiMiw'; // the same bytes as a cb58 short ID
const PARENT = '2HV6VCMT6NtAkZoMXuqdptHZmsNtQ9iChRVzHChqdriML3Tvu';
const BLS_KEY = '0xaff4acb4c5439b5d426cadf9e946d3a452f7de3414d1ad27336133211d8b90cf49fb97eebcdeeef714dc20f54ed0d4d1';
const BLS_POP = '0x8cfd7909d153b9604b62b143ba36207bb7e64867424480202a67dc68768346d95c90983c2d279c64c43c51136b2a05e01602d52aa6376fda17fa6e2a18a083e49d9c450eab7b89b1d5555da5c489872e02b7e5227b77550af1330e5a71f8c368';
const SIGNATURE = `0x${'5e'.repeat(64)}01`;
const MAX_UINT64 = Number('18446744073709551615'); // encoding/json writes it bare; JS reads it rounded
/** A signed tx's hex (with checksum) and ID: vms/platformvm/txs/base_tx_test.go's simple BaseTx, no credentials. */
const TX_HEX = '0x0000000000220000000100000000000000000000000000000000000000000000000000000000000000000000000000000001ffeeddccbbaa9988ffeeddccbbaa9988ffeeddccbbaa9988ffeeddccbbaa99880000000121e67317cbc4be2aeb00677ad6462778a8f52274b9d605df2591b23027a87dff0000000500000000000f424000000001000000050000000000000000ff8ee723';
const TX_ID = '2gyuZL9UcxLbdYVayrTvCvzSBnQPfaKkoAUt1hMke3g6ySCd5';
/** The staker tx the getRewardUTXOs example names: the examples' state holds its reward UTXO. */
const REWARDED_TX = '2tqbTAL9cqQ45rUbDvEMw8hbbG2RfssezVmDHvepKpE369WWNc';
const TX_HEXNC = TX_HEX.slice(0, -8);
const refusal = (message: string) => ({ code: -32000, message, data: null });

/** secp256k1fx.OutputOwners.Fields: a map, so members in alphabetical order; numbers bare. */
const owners = { addresses: [ADDRESS], locktime: 0, threshold: 1 };
const transferOutput = (amount: number) => ({ addresses: [ADDRESS], amount, locktime: 0, threshold: 1 });
const output = (amount: number) => ({ assetID: AVAX, fxID: SECP256K1FX, output: transferOutput(amount) });
const input = (amount: number, outputIndex = 0) => ({ txID: SPENT_TX, outputIndex, assetID: AVAX, fxID: SECP256K1FX, input: { amount, signatureIndices: [0] } });
/** avax.BaseTx's five members, first in every transaction but AdvanceTimeTx and RewardValidatorTx. */
const base = (extra: Record<string, unknown> = {}) => ({ networkID: 1, blockchainID: EMPTY_ID, outputs: [output(4_000_000)], inputs: [input(5_000_000)], memo: '0x', ...extra });
const validator = { nodeID: NODE_ID, start: 1795169700, end: 1796379300, weight: 2_000_000_000_000 };
const auth = { signatureIndices: [0] };
const signed = (unsignedTx: unknown, id = TX_ID) => ({ unsignedTx, credentials: [{ signatures: [SIGNATURE] }], id });
const getTx = (unsignedTx: unknown) => ({ tx: signed(unsignedTx), encoding: 'json' });

/** A ConvertSubnetToL1Validator: nodeID as JSONByteSlice hex, owners as message.PChainOwner (cb58 short IDs). */
const l1Validator = {
  nodeID: '0x1122334455667788112233445566778811223344', weight: 7_262_385_979_038, balance: 1_000_000_000,
  signer: { publicKey: BLS_KEY, proofOfPossession: BLS_POP },
  remainingBalanceOwner: { threshold: 1, addresses: [SHORT_ID] }, deactivationOwner: { threshold: 1, addresses: [SHORT_ID] },
};

/** One unsigned transaction of each type vms/platformvm/txs/codec.go registers. */
const unsignedTxs = {
  AddValidatorTx: base({ validator, stake: [output(2_000_000_000_000)], rewardsOwner: owners, shares: 20000 }),
  AddSubnetValidatorTx: base({ validator: { ...validator, weight: 20, subnetID: SUBNET }, subnetAuthorization: auth }),
  AddDelegatorTx: base({ validator: { ...validator, weight: 25_000_000_000 }, stake: [output(25_000_000_000)], rewardsOwner: owners }),
  CreateChainTx: base({ subnetID: SUBNET, chainName: 'dexchain', vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy', fxIDs: [], genesisData: 'eyJjb25maWciOnt9fQ==', subnetAuthorization: auth }),
  CreateSubnetTx: base({ owner: owners }),
  ImportTx: base({ inputs: [], sourceChain: X_CHAIN, importedInputs: [input(5_000_000, 1)] }),
  ExportTx: base({ destinationChain: X_CHAIN, exportedOutputs: [output(1_000_000)] }),
  AdvanceTimeTx: { time: 1795169700 },
  RewardValidatorTx: { txID: SPENT_TX },
  RemoveSubnetValidatorTx: base({ nodeID: NODE_ID, subnetID: SUBNET, subnetAuthorization: auth }),
  TransformSubnetTx: base({
    subnetID: SUBNET, assetID: '2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe', initialSupply: 1_000_000_000, maximumSupply: MAX_UINT64,
    minConsumptionRate: 100_000, maxConsumptionRate: 120_000, minValidatorStake: 1, maxValidatorStake: 1_000_000_000, minStakeDuration: 86400,
    maxStakeDuration: 31536000, minDelegationFee: 20000, minDelegatorStake: 1, maxValidatorWeightFactor: 5, uptimeRequirement: 800000, subnetAuthorization: auth,
  }),
  AddPermissionlessValidatorTx: base({
    validator, subnetID: EMPTY_ID, signer: { publicKey: BLS_KEY, proofOfPossession: BLS_POP }, stake: [output(2_000_000_000_000)],
    validationRewardsOwner: owners, delegationRewardsOwner: owners, shares: 20000,
  }),
  AddPermissionlessDelegatorTx: base({ validator, subnetID: EMPTY_ID, stake: [output(25_000_000_000)], rewardsOwner: owners }),
  TransferSubnetOwnershipTx: base({ subnetID: SUBNET, subnetAuthorization: auth, newOwner: { addresses: [], locktime: 0, threshold: 0 } }),
  BaseTx: base({ memo: '0x4b696c726f7957617348657265' }),
  ConvertSubnetToL1Tx: base({
    subnetID: SUBNET, chainID: X_CHAIN, address: '0x000000000000000000000000000000000000dead',
    validators: [l1Validator],
    subnetAuthorization: { signatureIndices: [] },
  }),
  RegisterL1ValidatorTx: base({ balance: 1_000_000_000, proofOfPossession: [...Buffer.from(BLS_POP.slice(2), 'hex')], message: '0x6d657373616765' }),
  SetL1ValidatorWeightTx: base({ message: '0x6d657373616765' }),
  IncreaseL1ValidatorBalanceTx: base({ validationID: SUBNET, balance: 1_000_000_000 }),
  DisableL1ValidatorTx: base({ validationID: SUBNET, disableAuthorization: { signatureIndices: [0] } }),
};

const exampleTx = signed(unsignedTxs.BaseTx);
const common = { parentID: PARENT, height: 1204, id: '2EUnk1tz7iKSPCq9Rbqe8wwxiRAPLvevPaWktvjJzmwgqeDFbz' };
const rewardTx = { unsignedTx: unsignedTxs.RewardValidatorTx, credentials: [], id: 'G3BuH6ytQ2averrLxJJugjWZHTRubzCrUZEXoheG5JMqL5ccY' };
const jsonBlock = (block: unknown) => ({ block, encoding: 'json' });
/** A block as nodes before v1.10.1 wrote it (no `id`, the Banff `time` absent) — the published example's shape. */
const preIdBlock = { parentID: PARENT, height: 1204, txs: [{ unsignedTx: { networkID: 1, blockchainID: EMPTY_ID, inputs: [], outputs: [], memo: '0x' }, credentials: [] }] };

export const findings: Finding[] = [
  {
    source: 'vms/platformvm/block/common_block.go:14-19',
    method: 'platform.getBlock',
    kind: 'result-shape',
    what: 'a JSON block always carries its `id` beside `parentID` and `height`',
    results: [jsonBlock({ time: 1795169700, ...common, txs: [exampleTx] })],
    notResults: [jsonBlock(preIdBlock), jsonBlock({ ...common, txs: [exampleTx], tx: exampleTx })],
  },
  {
    source: 'vms/platformvm/block/commit_block.go:19-27',
    method: 'platform.getBlock',
    kind: 'result-shape',
    what: 'commit and abort blocks have no `txs` (nor `tx`); Banff ones carry `time`',
    results: [
      jsonBlock({ time: 1795169700, ...common }),
      jsonBlock({ ...common }),
    ],
  },
  {
    source: 'vms/platformvm/block/proposal_block.go:20-23',
    method: 'platform.getBlock',
    kind: 'result-shape',
    what: 'proposal and atomic blocks hold one `tx`; a Banff proposal block also `txs`, before its Apricot members',
    results: [
      jsonBlock({ time: 1795169700, txs: [], ...common, tx: rewardTx }),
      jsonBlock({ ...common, tx: { unsignedTx: unsignedTxs.AdvanceTimeTx, credentials: [], id: TX_ID } }),
      jsonBlock({ ...common, tx: signed(unsignedTxs.ImportTx) }),
    ],
    notResults: [jsonBlock({ ...common, tx: { unsignedTx: unsignedTxs.AdvanceTimeTx, credentials: [] } })],
  },
  {
    source: 'vms/platformvm/block/builder/builder.go:331-352',
    method: 'platform.getBlock',
    kind: 'result-shape',
    what: 'a Banff block the node built itself holds `txs: null` while empty, and its reward tx `credentials: null`',
    results: [
      jsonBlock({ time: 1795169700, ...common, txs: null }),
      jsonBlock({ time: 1795169700, txs: null, ...common, tx: { ...rewardTx, credentials: null } }),
    ],
  },
  {
    source: 'utils/formatting/encoding.go:75-93',
    method: 'platform.getBlock',
    kind: 'enum',
    what: 'encoding also takes `hexc` and `hexnc` (case-insensitive, null is hex) and echoes the lower-case name; hex carries a 4-byte checksum',
    params: [
      { blockID: common.id, encoding: 'hexnc' },
      { blockID: common.id, encoding: 'HEXC' },
      { blockID: common.id, encoding: null },
    ],
    results: [{ block: TX_HEXNC, encoding: 'hexnc' }, { block: TX_HEX, encoding: 'hexc' }],
    notResults: [{ block: '0x00', encoding: 'hex' }, { block: TX_HEX, encoding: 'HEX' }],
  },
  {
    source: 'vms/platformvm/service.go:1944-1947',
    method: 'platform.getBlock',
    kind: 'error',
    what: 'an omitted blockID is the empty ID, which no block has',
    refusals: [
      { params: { encoding: 'json' }, error: refusal(`couldn't get block with id ${EMPTY_ID}: not found`) },
      { params: { blockID: EMPTY_ID }, error: refusal(`couldn't get block with id ${EMPTY_ID}: not found`), stateful: true },
    ],
  },
  {
    source: 'vms/platformvm/service.go:1977-1980',
    method: 'platform.getBlockByHeight',
    kind: 'param-optional',
    what: 'an omitted height is 0, the genesis block; the encodings are getBlock\'s',
    params: [{ encoding: 'json' }, {}, { height: 0, encoding: 'hexnc' }],
    results: [{ block: TX_HEXNC, encoding: 'hexnc' }, jsonBlock({ ...common, height: 0 })],
  },
  {
    source: 'vms/platformvm/txs/tx.go:31-38',
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'a JSON transaction is one of the 20 registered types, each with exactly its Go members, and always its `id`',
    results: Object.values(unsignedTxs).map(getTx),
    notResults: [
      getTx({ inputs: { networkID: 1, blockchainID: EMPTY_ID, outputs: [], inputs: [], memo: '0x' }, destinationChain: X_CHAIN, exportedOutputs: [output(1)] }),
      { tx: { unsignedTx: unsignedTxs.BaseTx, credentials: [] }, encoding: 'json' },
      getTx({ ...unsignedTxs.AddValidatorTx, delegationShares: 20000 }),
      getTx({ ...unsignedTxs.RegisterL1ValidatorTx, signer: {} }),
    ],
  },
  {
    source: 'vms/components/avax/base_tx.go:27-32',
    method: 'platform.getTx',
    kind: 'number-form',
    what: 'integers inside a JSON transaction are bare numbers: uint64 amounts up to 2^64-1, uint32 networkID, outputIndex, threshold and indices',
    results: [getTx(base({ outputs: [output(MAX_UINT64)] })), getTx(base({ outputs: [output(4_000_000)], inputs: [input(Number('9007199254740993'))] }))],
    notResults: [getTx(base({ networkID: '1' })), getTx(base({ inputs: [{ ...input(1), outputIndex: '0' }] })), getTx(base({ outputs: [{ ...output(1), output: { ...transferOutput(1), threshold: '1' } }] }))],
  },
  {
    source: 'vms/platformvm/stakeable/stakeable_lock.go:17-20',
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'a locked output or input wraps the transfer one as `output` / `input` beside its `locktime`; `fxID` is always the secp256k1fx ID',
    results: [getTx(base({
      outputs: [{ assetID: AVAX, fxID: SECP256K1FX, output: { locktime: 87654321, output: transferOutput(1) } }],
      inputs: [{ ...input(1), input: { locktime: 876543210, input: { amount: 1, signatureIndices: [] } } }],
    }))],
    notResults: [getTx(base({ outputs: [{ ...output(1), fxID: EMPTY_ID }] })), getTx(base({ outputs: [{ assetID: AVAX, fxID: SECP256K1FX, output: { locktime: 1, amount: 1 } }] }))],
  },
  {
    source: 'vms/platformvm/txs/register_l1_validator_tx.go:20',
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'RegisterL1ValidatorTx `proofOfPossession` is a [96]byte: an array of 96 numbers, not hex',
    results: [getTx(unsignedTxs.RegisterL1ValidatorTx)],
    notResults: [getTx({ ...unsignedTxs.RegisterL1ValidatorTx, proofOfPossession: BLS_POP })],
  },
  {
    source: 'vms/platformvm/txs/convert_subnet_to_l1_tx.go:86-104',
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'a ConvertSubnetToL1Tx validator\'s `nodeID` is 20 bytes of hex and its owners\' addresses bare cb58 short IDs',
    results: [getTx(unsignedTxs.ConvertSubnetToL1Tx)],
    notResults: [
      getTx({ ...unsignedTxs.ConvertSubnetToL1Tx, validators: [{ ...l1Validator, nodeID: NODE_ID }] }),
      getTx({ ...unsignedTxs.ConvertSubnetToL1Tx, validators: [{ ...l1Validator, remainingBalanceOwner: { threshold: 1, addresses: [ADDRESS] } }] }),
    ],
  },
  {
    source: 'vms/platformvm/txs/create_chain_tx.go:48',
    method: 'platform.getTx',
    kind: 'result-shape',
    what: 'CreateChainTx `genesisData` is a plain []byte: base64, not hex',
    results: [getTx(unsignedTxs.CreateChainTx)],
    notResults: [getTx({ ...unsignedTxs.CreateChainTx, genesisData: null })],
  },
  {
    source: 'utils/formatting/encoding.go:97-113',
    method: 'platform.getTx',
    kind: 'enum',
    what: 'encoding also takes `hexc` and `hexnc` (case-insensitive, null is hex) and echoes the lower-case name; hex carries a 4-byte checksum',
    params: [{ txID: TX_ID, encoding: 'hexnc' }, { txID: TX_ID, encoding: 'Json' }, { txID: TX_ID, encoding: null }],
    results: [{ tx: TX_HEXNC, encoding: 'hexnc' }, { tx: TX_HEX, encoding: 'hexc' }],
    notResults: [{ tx: '0x0102', encoding: 'hex' }, { tx: exampleTx, encoding: 'hex' }],
  },
  {
    source: 'vms/platformvm/service.go:1441-1444',
    method: 'platform.getTx',
    kind: 'error',
    what: 'an omitted txID is the empty ID, which no transaction has',
    refusals: [
      { params: { encoding: 'hex' }, error: refusal('couldn\'t get tx: not found') },
      { params: { txID: EMPTY_ID }, error: refusal('couldn\'t get tx: not found'), stateful: true },
    ],
  },
  {
    source: 'vms/platformvm/block/executor/verifier.go:438-439',
    method: 'platform.getTxStatus',
    kind: 'enum',
    what: 'a proposal tx whose block was aborted (a staker removed without reward) is `Aborted`',
    results: [{ status: 'Aborted' }],
    notResults: [{ status: 'Rejected' }, { status: 'Dropped' }],
  },
  {
    source: 'vms/platformvm/service.go:1513-1519',
    method: 'platform.getTxStatus',
    kind: 'param-optional',
    what: 'an omitted txID is the empty ID, answered `Unknown`',
    params: [{}],
    results: [{ status: 'Unknown' }],
  },
  {
    source: 'utils/formatting/encoding.go:129-170',
    method: 'platform.issueTx',
    kind: 'param-form',
    what: 'tx is decoded per encoding: hex/hexc want a 4-byte checksum, hexnc none, json is refused',
    refusals: [
      // The three forms decode to the same tx, which then meets the state: in the examples' state
      // it is accepted already, so its input is spent (txs/executor/standard_tx_executor.go via utxo/verifier.go).
      ...[{ tx: TX_HEX }, { tx: TX_HEXNC, encoding: 'hexnc' }, { tx: TX_HEX.toUpperCase().replace('0X', '0x'), encoding: 'HexC' }].map((params) => ({
        params,
        // The first refusal says `failed verification: `; a node then answers the drop reason it keeps (gossip.go gossipMempool.Add).
        error: { code: -32000, message: new RegExp(`^couldn't issue tx: (failed verification: )?failed execution: standard tx ${TX_ID} failed execution: failed to read consumed UTXO ${SPENT_TX}:1 due to: not found$`), data: null },
        stateful: true,
      })),
      { params: { tx: TX_HEX, encoding: 'json' }, error: refusal('problem decoding transaction: unsupported encoding in method') },
      { params: { tx: TX_HEX.slice(2) }, error: refusal('problem decoding transaction: missing 0x prefix to hex encoding') },
      { params: { tx: '0x0102' }, error: refusal('problem decoding transaction: input string is smaller than the checksum size') },
      // The right bytes with the last checksum byte changed (utils/formatting/encoding.go:164-169).
      { params: { tx: `${TX_HEX.slice(0, -2)}${TX_HEX.endsWith('00') ? '01' : '00'}` }, error: refusal('problem decoding transaction: invalid input checksum'), stateful: true },
      { params: { tx: '0x0000000g' }, error: refusal('problem decoding transaction: encoding/hex: invalid byte: U+0067 \'g\'') },
      { params: { tx: '0x000000000' }, error: refusal('problem decoding transaction: encoding/hex: odd length hex string') },
      { params: { tx: '', encoding: 'hexnc' }, error: refusal('couldn\'t parse tx: couldn\'t parse tx: couldn\'t unpack codec version') },
      // An omitted tx is the empty string, which formatting.Decode passes through as no bytes
      // (encoding.go:134); codec/manager.go:150-152 cannot read a version from them.
      { params: {}, error: refusal('couldn\'t parse tx: couldn\'t parse tx: couldn\'t unpack codec version') },
      // Bytes whose codec version is not 0: the validators cannot see it.
      { params: { tx: '0x0001000000220000', encoding: 'hexnc' }, error: refusal('couldn\'t parse tx: couldn\'t parse tx: unknown codec version'), stateful: true },
    ],
  },
  {
    source: 'vms/platformvm/service.go:272-277',
    method: 'platform.getUTXOs',
    kind: 'limit',
    what: 'addresses must number 1 to 1024',
    params: [{ addresses: Array.from({ length: 1024 }, () => ADDRESS) }],
    refusals: [
      { params: { addresses: [] }, error: refusal('no addresses provided') },
      { params: {}, error: refusal('no addresses provided') },
      { params: { addresses: Array.from({ length: 1025 }, () => ADDRESS) }, error: refusal('number of addresses given, 1025, exceeds maximum, 1024') },
    ],
  },
  {
    source: 'vms/components/avax/addresses.go:112-126',
    method: 'platform.getUTXOs',
    kind: 'param-form',
    what: 'an address may use the alias `platform` or be a bare cb58 short ID',
    params: [{ addresses: [SHORT_ID] }, { addresses: [ADDRESS.replace('P-', 'platform-')], startIndex: { address: SHORT_ID, utxo: TX_ID } }],
  },
  {
    source: 'vms/platformvm/service.go:346-354',
    method: 'platform.getUTXOs',
    kind: 'enum',
    what: 'encoding takes hexc, hexnc and json; json answers only an empty page, UTXOs cannot be encoded so',
    params: [{ addresses: [ADDRESS], encoding: 'hexnc' }, { addresses: [ADDRESS], encoding: 'HEXC' }],
    results: [
      { numFetched: '0', utxos: [], endIndex: { address: ADDRESS, utxo: EMPTY_ID }, encoding: 'json' },
      { numFetched: '1', utxos: [TX_HEXNC], endIndex: { address: ADDRESS, utxo: TX_ID }, encoding: 'hexnc' },
    ],
    notResults: [{ numFetched: '1', utxos: [TX_HEXNC], endIndex: { address: ADDRESS, utxo: TX_ID }, encoding: 'json' }],
    refusals: [{
      params: { addresses: [ADDRESS], encoding: 'json' },
      error: { code: -32000, message: /^couldn't encode UTXO [1-9A-HJ-NP-Za-km-z]+ as json: unsupported encoding in method$/, data: null },
      stateful: true,
    }],
  },
  {
    source: 'vms/platformvm/service.go:280-287',
    method: 'platform.getUTXOs',
    kind: 'error',
    what: 'a sourceChain that names no chain is refused',
    params: [{ addresses: [ADDRESS], sourceChain: 'X' }, { addresses: [ADDRESS], sourceChain: '' }],
    refusals: [{ params: { addresses: [ADDRESS], sourceChain: 'Q' }, error: refusal('problem parsing source chainID "Q": there is no ID with alias: Q'), stateful: true }],
  },
  {
    source: 'vms/platformvm/service.go:296-306',
    method: 'platform.getUTXOs',
    kind: 'param-form',
    what: 'startIndex is parsed only when a member is non-empty, and then needs both',
    params: [{ addresses: [ADDRESS], startIndex: {} }, { addresses: [ADDRESS], startIndex: { address: '', utxo: '' } }],
    refusals: [
      {
        params: { addresses: [ADDRESS], startIndex: { address: '', utxo: TX_ID } },
        error: refusal('couldn\'t parse start index address "": couldn\'t parse address "": no separator found in address'),
        stateful: true, // the validators cannot relate the two members
      },
      // ids.FromString: utils/cb58/cb58.go Decode (mr-tron/base58 v1.2.0), utils/hashing/hashing.go ToHash256.
      ...([
        ['', 'base58 decoding error: zero length string'],
        ['0x12', "base58 decoding error: invalid base58 digit ('0')"],
        ['abc', 'input string is smaller than the checksum size'],
        [`${TX_ID.slice(0, -1)}${TX_ID.endsWith('2') ? '3' : '2'}`, 'invalid input checksum'],
        ['45PJLL', 'invalid hash length: expected 32 bytes but got 0'], // the cb58 of no bytes
      ] as const).map(([utxo, why]) => ({
        params: { addresses: [ADDRESS], startIndex: { address: ADDRESS, utxo } },
        error: refusal(`couldn't parse start index utxo: ${why}`),
        stateful: true, // the schema takes any string: the node parses it in the handler
      })),
    ],
  },
  {
    source: 'vms/platformvm/service.go:124-135',
    method: 'platform.getBalance',
    kind: 'result-shape',
    what: '`utxoIDs` is null when no UTXO counts, and `outputIndex` a bare number',
    results: [{ balance: '0', unlocked: '0', lockedStakeable: '0', lockedNotStakeable: '0', balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: null }],
    notResults: [{ balance: '0', unlocked: '0', lockedStakeable: '0', lockedNotStakeable: '0', balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: [{ txID: TX_ID, outputIndex: '0' }] }],
  },
  {
    source: 'vms/platformvm/service.go:138-150',
    method: 'platform.getBalance',
    kind: 'param-optional',
    what: 'addresses may be omitted or empty (zeros), and may be bare cb58 short IDs',
    params: [{}, { addresses: [] }, { addresses: [SHORT_ID] }],
  },
  {
    source: 'vms/platformvm/service.go:1733-1745',
    method: 'platform.getRewardUTXOs',
    kind: 'param-optional',
    what: 'an omitted txID is the empty ID, which has no reward UTXOs',
    params: [{}, { encoding: 'json' }],
    results: [{ numFetched: '0', utxos: [], encoding: 'json' }, { numFetched: '0', utxos: [], encoding: 'hex' }],
  },
  {
    source: 'vms/platformvm/service.go:1755-1758',
    method: 'platform.getRewardUTXOs',
    kind: 'enum',
    what: 'encoding takes hexc, hexnc and json; json fails on any UTXO',
    params: [{ txID: REWARDED_TX, encoding: 'hexnc' }, { txID: TX_ID, encoding: 'json' }],
    results: [{ numFetched: '1', utxos: [TX_HEXNC], encoding: 'hexnc' }],
    notResults: [{ numFetched: '1', utxos: [TX_HEX], encoding: 'json' }],
    // The examples' state holds a reward UTXO for REWARDED_TX (the getRewardUTXOs example) and none for TX_ID.
    refusals: [{ params: { txID: REWARDED_TX, encoding: 'json' }, error: refusal('couldn\'t encode utxo as json: unsupported encoding in method'), stateful: true }],
  },
];
