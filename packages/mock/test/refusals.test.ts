// The node's refusals of staker, export, chain and oversized txs (packages/mock/REFUSALS.md, one
// test per row): each tx is built by a peer library, @avalabs/avalanchejs 5.2.0 (a dev-only peer,
// never read or copied), or by hand where the peer will not build it, issued over real HTTP on
// 127.0.0.1 to a local network (genesis_local.go's parameters), and refused with the node's text
// as platform.issueTx returns it; for each rule the honest neighbour (the minimum itself, the
// last valid second) commits in a block made at the same second.
import { TransferableOutput, addTxSignatures, networkIDs, pvm, utils, type Context } from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ID, encodeCB58, encodeHex, encodeTx, parseTx, txId } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { keyAddress, signed } from './network-scenario.ts';

const KEY = new Uint8Array(32).fill(0x61);
const OTHER_KEY = new Uint8Array(32).fill(0x62);
const SENDER = keyAddress(KEY);
const AVAX = 1_000_000_000n;
const HOUR = 3600n;
const DAY = 24n * HOUR;
/** X-chain of the local network (genesis creates it; the seed holds it). */
const X_CHAIN = '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed';

let server: MockServer;
let api: pvm.PVMApi;
let context: Context;

const post = async (action: string, body: unknown = {}) => (await fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
const rpc = async (method: string, params: unknown) => {
  const response = await fetch(`${server.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
};
const issue = async (bytes: Uint8Array) => rpc('platform.issueTx', { tx: encodeHex(bytes), encoding: 'hex' });
/** The time the next block would have (the network's clock, never before the last block), Unix seconds: what the executor checks periods against. */
const now = async () => BigInt(Math.floor(((await post('status')).clockMs as number) / 1000));

/** The node's text for an executor refusal, as platform.issueTx answers it. */
const executed = (bytes: Uint8Array, text: string) => `couldn't issue tx: failed verification: failed execution: standard tx ${txId(bytes)} failed execution: ${text}`;

/** Issues and makes a block at once (the same second): the tx must commit. */
async function commits(bytes: Uint8Array) {
  const answer = await issue(bytes);
  expect(answer.error?.message).toBeUndefined();
  await post('mine');
  expect((await rpc('platform.getTxStatus', { txID: answer.result!.txID })).result).toEqual({ status: 'Committed' });
}

let nodeCount = 0;
/** A fresh NodeID for each validator. */
const newNodeID = () => {
  const bytes = new Uint8Array(20);
  bytes[0] = 0xab;
  bytes[19] = ++nodeCount;
  return `NodeID-${encodeCB58(bytes)}`;
};

const bls = bls12_381.longSignatures;
const POP_CIPHERSUITE = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
/** A BLS key's compressed public key and its proof of possession (signer.ProofOfPossession). */
function blsSigner(seed: number) {
  const secret = new Uint8Array(32).fill(seed);
  const publicKey = bls.getPublicKey(secret).toBytes(true);
  const signature = bls.sign(bls.hash(publicKey, POP_CIPHERSUITE), secret).toBytes(true);
  return { publicKey, signature };
}

const owner = () => [utils.bech32ToBytes(SENDER)];
const common = async (price?: bigint) => {
  const feeState = await api.getFeeState();
  return { feeState: price === undefined ? feeState : { ...feeState, price }, fromAddressesBytes: owner(), utxos: (await api.getUTXOs({ addresses: [SENDER] })).utxos };
};
const signedBytes = async (unsignedTx: { getSignedTx(): { toBytes(): Uint8Array } }, keys = [KEY]) => {
  await addTxSignatures({ unsignedTx: unsignedTx as never, privateKeys: keys });
  return unsignedTx.getSignedTx().toBytes();
};

interface ValidatorOptions {
  nodeId?: string;
  weight?: bigint;
  end?: bigint;
  shares?: number;
  subnetId?: string;
  signer?: { publicKey: Uint8Array; signature: Uint8Array } | null;
  /** Another gas price than the chain's (0: no fee paid). */
  price?: bigint;
}
let signerSeed = 0x10;
/** An AddPermissionlessValidatorTx avalanchejs builds (honest by default: 2,000 AVAX, 30 days, 2 %, its own BLS key). */
async function validatorTx(options: ValidatorOptions = {}) {
  const start = await now();
  const signer = options.signer === undefined ? blsSigner(++signerSeed) : options.signer;
  const unsignedTx = pvm.e.newAddPermissionlessValidatorTx(
    {
      ...(await common(options.price)),
      nodeId: options.nodeId ?? newNodeID(),
      start,
      end: options.end ?? start + 30n * DAY,
      weight: options.weight ?? 2_000n * AVAX,
      shares: options.shares ?? 20_000,
      subnetId: options.subnetId ?? networkIDs.PrimaryNetworkID.toString(),
      rewardAddresses: owner(),
      delegatorRewardsOwner: owner(),
      ...(signer ? { publicKey: signer.publicKey, signature: signer.signature } : {}),
    },
    context,
  );
  return signedBytes(unsignedTx);
}

/** An AddPermissionlessDelegatorTx avalanchejs builds (honest by default: 25 AVAX for 2 days). */
async function delegatorTx(nodeId: string, options: { weight?: bigint; end?: bigint } = {}) {
  const start = await now();
  const unsignedTx = pvm.e.newAddPermissionlessDelegatorTx(
    {
      ...(await common()),
      nodeId,
      start,
      end: options.end ?? start + 2n * DAY,
      weight: options.weight ?? 25n * AVAX,
      subnetId: networkIDs.PrimaryNetworkID.toString(),
      rewardAddresses: owner(),
    },
    context,
  );
  return signedBytes(unsignedTx);
}

/** An ExportTx avalanchejs builds: 1 AVAX to `destination` (none when `amounts` is empty). */
async function exportTx(destination: string, amounts: bigint[] = [AVAX], price?: bigint) {
  const unsignedTx = pvm.e.newExportTx(
    { ...(await common(price)), destinationChainId: destination, outputs: amounts.map((a) => TransferableOutput.fromNative(context.avaxAssetID, a, owner())) },
    context,
  );
  return signedBytes(unsignedTx);
}

let subnetID: string;
/**
 * A CreateChainTx avalanchejs builds on `subnet` (the test's subnet by default). The peer does not
 * know the subnet's owner, so it leaves the authorization's slot empty: the test signs every slot
 * with KEY, which owns both the inputs and the subnet.
 */
async function createChainTx(chainName: string, subnet = subnetID, note = 'refusals', ids: { vmId?: string; fxIds?: string[] } = {}) {
  const unsignedTx = pvm.e.newCreateChainTx(
    { ...(await common()), subnetId: subnet, chainName, vmId: ids.vmId ?? 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy', fxIds: ids.fxIds ?? [], genesisData: { note }, subnetAuth: [0] },
    context,
  );
  return forged(await signedBytes(unsignedTx), () => undefined);
}

/** A tx the peer built, changed by `change` and signed again by KEY in every slot (a test's own forgery). */
function forged(bytes: Uint8Array, change: (unsigned: Record<string, unknown>) => void): Uint8Array {
  const { tx } = parseTx(bytes);
  const copy = JSON.parse(JSON.stringify(tx, (_, v) => (typeof v === 'bigint' ? Number(v) : v))) as { unsignedTx: Record<string, unknown>; credentials: Array<{ signatures: string[] }> };
  change(copy.unsignedTx);
  return encodeTx(signed(copy as never, KEY) as never);
}

/** A validator that delegators stake on: 2,000 AVAX for 60 days. */
let delegatee: { nodeID: string; end: bigint };

beforeAll(async () => {
  server = await startMockServer({ port: 0, network: { seed: 7 } });
  api = new pvm.PVMApi(server.url);
  const { assetID } = (await rpc('platform.getStakingAssetID', {})).result as { assetID: string };
  context = {
    networkID: 12345,
    hrp: 'local',
    xBlockchainID: X_CHAIN,
    pBlockchainID: '11111111111111111111111111111111LpoYY',
    cBlockchainID: '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU',
    avaxAssetID: assetID,
    baseTxFee: 1_000_000n,
    createAssetTxFee: 1_000_000n,
    platformFeeConfig: await api.getFeeConfig(),
  };
  // Several UTXOs, so a tx that commits leaves others for the next.
  for (let i = 0; i < 6; i++) await post('fund', { address: SENDER, amount: String(1_000_000n * AVAX) });
  await post('fund', { address: SENDER, amount: String(3_100_000n * AVAX) });
  const nodeID = newNodeID();
  const start = await now();
  await commits(await validatorTx({ nodeId: nodeID, end: start + 60n * DAY }));
  delegatee = { nodeID, end: start + 60n * DAY };
  const subnet = pvm.e.newCreateSubnetTx({ ...(await common()), subnetOwners: owner() }, context);
  const subnetBytes = await signedBytes(subnet);
  await commits(subnetBytes);
  subnetID = txId(subnetBytes);
});
afterAll(() => server.close());

describe('validators (staker_tx_verification.go verifyAddPermissionlessValidatorTx, add_permissionless_validator_tx.go)', () => {
  it('staking periods of 1 hour, 0 seconds and one in the past are too short; 24 hours (the local minimum) commits', async () => {
    const start = await now();
    for (const end of [start + HOUR, start, start - 10n]) {
      const bytes = await validatorTx({ end });
      expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'staking period is too short'));
    }
    const short = await validatorTx({ end: start + DAY - 1n });
    expect((await issue(short)).error?.message).toBe(executed(short, 'staking period is too short'));
    await commits(await validatorTx({ end: start + DAY }));
  });

  it('a staking period of 10 years is too long; 365 days (the maximum, its last second) commits', async () => {
    const start = await now();
    const tooLong = await validatorTx({ end: start + 3650n * DAY });
    expect((await issue(tooLong)).error?.message).toBe(executed(tooLong, 'staking period is too long'));
    const justOver = await validatorTx({ end: start + 365n * DAY + 1n });
    expect((await issue(justOver)).error?.message).toBe(executed(justOver, 'staking period is too long'));
    await commits(await validatorTx({ end: start + 365n * DAY }));
  });

  it('delegation shares 0 (below the 2 % minimum) are refused; 20,000 (the minimum) commits', async () => {
    for (const shares of [0, 19_999]) {
      const bytes = await validatorTx({ shares });
      expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'staker charges an insufficient delegation fee'));
    }
    await commits(await validatorTx({ shares: 20_000 }));
  });

  it('delegation shares 1,000,001 are refused; 1,000,000 (100 %) commits', async () => {
    const bytes = await validatorTx({ shares: 1_000_001 });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'a staker can only require at most 1000000 shares from delegators'));
    await commits(await validatorTx({ shares: 1_000_000 }));
  });

  it("a proof of possession made with another BLS key is refused (by hand: the peer will not build it); the key's own commits", async () => {
    const mine = blsSigner(0x70);
    const other = blsSigner(0x71);
    const honest = await validatorTx({ signer: mine });
    const bytes = forged(honest, (unsigned) => {
      (unsigned.signer as { proofOfPossession: string }).proofOfPossession = `0x${Buffer.from(other.signature).toString('hex')}`;
    });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'failed to verify validator, signer, or rewards owners: invalid proof of possession'));
    await commits(honest);
  });

  it('no signer on the primary network is refused', async () => {
    const bytes = await validatorTx({ signer: null });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'invalid signer: hasKey=false != isPrimaryNetwork=true'));
  });

  it('the empty NodeID is refused', async () => {
    const bytes = await validatorTx({ nodeId: 'NodeID-111111111111111111116DBWJs' });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'validator nodeID cannot be empty'));
  });

  it('a subnet that does not exist: with a signer the signer is refused, without one the subnet is not found', async () => {
    const missing = encodeCB58(new Uint8Array(32).fill(0x5a));
    const withSigner = await validatorTx({ subnetId: missing });
    expect((await issue(withSigner)).error?.message).toBe(executed(withSigner, 'invalid signer: hasKey=true != isPrimaryNetwork=false'));
    const withoutSigner = await validatorTx({ subnetId: missing, signer: null });
    expect((await issue(withoutSigner)).error?.message).toBe(executed(withoutSigner, 'not found'));
  });

  it('a weight below the minimum stake is too low, above the maximum too large; 2,000 AVAX commits', async () => {
    const low = await validatorTx({ weight: 2_000n * AVAX - 1n });
    expect((await issue(low)).error?.message).toBe(executed(low, 'weight of this validator is too low'));
    const high = await validatorTx({ weight: 3_000_000n * AVAX + 1n });
    expect((await issue(high)).error?.message).toBe(executed(high, 'weight of this validator is too large'));
    await commits(await validatorTx({ weight: 2_000n * AVAX }));
  });

  it('a second validator for the same NodeID is a duplicate', async () => {
    const bytes = await validatorTx({ nodeId: delegatee.nodeID });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, `duplicate validator: ${delegatee.nodeID} on ${EMPTY_ID}`));
  });

  it("a stake that is not the validator's weight is refused (weight mismatch, by hand)", async () => {
    const forgedBytes = forged(await validatorTx(), (unsigned) => {
      (unsigned.validator as { weight: number }).weight += 1;
    });
    expect((await issue(forgedBytes)).error?.message).toBe(executed(forgedBytes, `validator weight mismatch: weight ${2_000n * AVAX + 1n} != stake ${2_000n * AVAX}`));
  });
});

describe('validators built by hand (the peer builds only well-formed stakes)', () => {
  type Out = { assetID: string; output: { amount: number } };
  it('no stake is refused', async () => {
    const bytes = forged(await validatorTx(), (unsigned) => {
      unsigned.stake = [];
    });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'no stake'));
  });

  it('a weight of 0 is refused by the validator check', async () => {
    const bytes = forged(await validatorTx(), (unsigned) => {
      (unsigned.validator as { weight: number }).weight = 0;
    });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'failed to verify validator, signer, or rewards owners: weight of this validator is too low'));
  });

  it('stake outputs out of order are refused', async () => {
    const bytes = forged(await validatorTx(), (unsigned) => {
      const [out] = unsigned.stake as Out[];
      const split = (amount: number) => ({ ...out!, output: { ...out!.output, amount } });
      unsigned.stake = [split(1_500 * 1e9), split(500 * 1e9)];
    });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'outputs not sorted'));
  });

  it('stake in two assets is refused; stake in another asset than AVAX is refused', async () => {
    const other = encodeCB58(new Uint8Array(32).fill(0x44));
    const two = forged(await validatorTx(), (unsigned) => {
      const [out] = unsigned.stake as Out[];
      unsigned.stake = [{ ...out!, output: { ...out!.output, amount: 1_000 * 1e9 } }, { ...out!, assetID: other, output: { ...out!.output, amount: 1_000 * 1e9 } }];
    });
    const { assetID } = (await rpc('platform.getStakingAssetID', {})).result as { assetID: string };
    expect((await issue(two)).error?.message).toBe(executed(two, `multiple staked assets: "${assetID}" and "${other}"`));
    const wrong = forged(await validatorTx(), (unsigned) => {
      (unsigned.stake as Out[])[0]!.assetID = other;
    });
    expect((await issue(wrong)).error?.message).toBe(executed(wrong, `incorrect staked assetID: ${assetID} != ${other}`));
  });

  it('a delegator whose stake is not its weight is refused', async () => {
    const bytes = forged(await delegatorTx(delegatee.nodeID), (unsigned) => {
      (unsigned.validator as { weight: number }).weight += 1;
    });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, `delegator weight is not equal to total stake weight, delegator weight ${25n * AVAX + 1n} total stake weight ${25n * AVAX}`));
  });

  it('a validator that pays no fee fails the flow check', async () => {
    const bytes = await validatorTx({ price: 0n });
    expect((await issue(bytes)).error?.message).toMatch(new RegExp(`^${executed(bytes, 'flow check failed: insufficient unlocked funds: needs ')}\\d+ more \\w+$`));
  });

  it('an AddValidatorTx (pre-Durango) is refused by its complexity, before the executor could say it is not permitted', async () => {
    const bytes = forged(await validatorTx(), (unsigned) => {
      unsigned.type = 'AddValidatorTx';
      unsigned.rewardsOwner = unsigned.validationRewardsOwner;
      for (const key of ['subnetID', 'signer', 'validationRewardsOwner', 'delegationRewardsOwner']) delete unsigned[key];
    });
    // manager.VerifyTx prices the tx before executing it: txs/fee/complexity.go has no complexity for it.
    expect((await issue(bytes)).error?.message).toBe("couldn't issue tx: failed verification: failed to calculate tx complexity: unsupported transaction type");
  });
});

describe('delegators (verifyAddPermissionlessDelegatorTx)', () => {
  it('1 nAVAX and 1 AVAX are below the local minimum of 25 AVAX; 25 AVAX commits', async () => {
    for (const weight of [1n, AVAX, 25n * AVAX - 1n]) {
      const bytes = await delegatorTx(delegatee.nodeID, { weight });
      expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'weight of this validator is too low'));
    }
    await commits(await delegatorTx(delegatee.nodeID, { weight: 25n * AVAX }));
  });

  it('a delegation of 1 hour is too short; 24 hours commits', async () => {
    const start = await now();
    const bytes = await delegatorTx(delegatee.nodeID, { end: start + HOUR });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'staking period is too short'));
    await commits(await delegatorTx(delegatee.nodeID, { end: start + DAY }));
  });

  it("a delegation ending after its validator is refused; one ending with it commits", async () => {
    const bytes = await delegatorTx(delegatee.nodeID, { end: delegatee.end + 1n });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'proposed staking period is not inside dependent staking period'));
    await commits(await delegatorTx(delegatee.nodeID, { end: delegatee.end }));
  });

  it('a delegation past the cap (MaxValidatorWeightFactor: 5 × the validator) is over delegated; up to the cap commits', async () => {
    const nodeID = newNodeID();
    const start = await now();
    await commits(await validatorTx({ nodeId: nodeID, end: start + 30n * DAY }));
    // 2,000 AVAX of its own: 10,000 AVAX at most in all.
    const over = await delegatorTx(nodeID, { weight: 8_000n * AVAX + 1n });
    expect((await issue(over)).error?.message).toBe(executed(over, 'validator would be over delegated'));
    const fiveTimes = await delegatorTx(nodeID, { weight: 10_000n * AVAX });
    expect((await issue(fiveTimes)).error?.message).toBe(executed(fiveTimes, 'validator would be over delegated'));
    await commits(await delegatorTx(nodeID, { weight: 8_000n * AVAX }));
  });

  it('a delegation to a NodeID that does not validate is refused', async () => {
    const nodeID = newNodeID();
    const bytes = await delegatorTx(nodeID);
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, `failed to fetch the validator for ${nodeID} on ${EMPTY_ID}: not found`));
  });
});

describe('exports (export_tx.go, standard_tx_executor.go ExportTx, verify.SameSubnet)', () => {
  it('an ExportTx to a chain that does not exist is refused; to the X-chain it commits', async () => {
    const missing = encodeCB58(new Uint8Array(32).fill(0x3c));
    const bytes = await exportTx(missing);
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, `failed to get subnet of "${missing}": problem retrieving blockchain "${missing}": not found`));
    await commits(await exportTx(X_CHAIN));
  });

  it('an ExportTx to the P-chain itself is refused (same chainID)', async () => {
    const bytes = await exportTx(EMPTY_ID);
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'same chainID'));
  });

  it("an ExportTx to a subnet's chain is refused (mismatched subnetIDs)", async () => {
    const chain = await createChainTx('Export target');
    await commits(chain);
    const bytes = await exportTx(txId(chain));
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, `mismatched subnetIDs; expected "${EMPTY_ID}" got "${subnetID}"`));
  });

  it('an ExportTx that pays no fee fails its spend check (failed verifySpend)', async () => {
    const bytes = await exportTx(X_CHAIN, [AVAX], 0n);
    expect((await issue(bytes)).error?.message).toMatch(new RegExp(`^${executed(bytes, 'failed verifySpend: insufficient unlocked funds: needs ')}\\d+ more \\w+$`));
  });

  it('an ExportTx of a stakeable-locked output is refused (by hand)', async () => {
    const bytes = forged(await exportTx(X_CHAIN), (unsigned) => {
      const [out] = unsigned.exportedOutputs as Array<{ output: unknown }>;
      out!.output = { type: 'stakeable.LockOut', locktime: 4_000_000_000, output: out!.output };
    });
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'wrong locktime reported'));
  });

  it('an ExportTx with no exported outputs is refused', async () => {
    const bytes = await exportTx(X_CHAIN, []);
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'no export outputs'));
  });
});

describe('chains (create_chain_tx.go SyntacticVerify)', () => {
  it("a CreateChainTx on the primary network is refused with the node's text", async () => {
    const bytes = await createChainTx('primary', EMPTY_ID);
    expect((await issue(bytes)).error?.message).toBe(executed(bytes, "new blockchain can't be validated by primary network"));
  });

  it('an empty VM ID and unsorted or repeated feature extension IDs are refused', async () => {
    const noVM = await createChainTx('NoVM', subnetID, 'refusals', { vmId: EMPTY_ID });
    expect((await issue(noVM)).error?.message).toBe(executed(noVM, 'invalid VM ID'));
    const fx = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';
    const repeated = await createChainTx('Fx', subnetID, 'refusals', { fxIds: [fx, fx] });
    expect((await issue(repeated)).error?.message).toBe(executed(repeated, 'feature extensions IDs must be sorted and unique'));
  });

  it('a genesis over 1 MiB is refused by the gas capacity first (by hand: the peer will not build it)', async () => {
    const bytes = forged(await createChainTx('Big'), (unsigned) => {
      unsigned.genesisData = Buffer.alloc(1024 * 1024 + 1, 0x61).toString('base64');
    });
    expect((await issue(bytes)).error?.message).toMatch(/^couldn't issue tx: failed verification: tx exceeds current gas capacity: \d+ > \d+$/);
  });

  it('chain names with illegal characters or over 128 characters are refused; 128 letters, digits and spaces commit', async () => {
    for (const name of ['dash-name', 'under_score', 'tab\tname', 'dot.']) {
      const bytes = await createChainTx(name);
      expect((await issue(bytes)).error?.message).toBe(executed(bytes, 'illegal name character'));
    }
    // A name beyond ASCII, by hand (the peer writes its length in UTF-16 units, not bytes).
    const accented = forged(await createChainTx('emoji'), (unsigned) => {
      unsigned.chainName = 'émoji';
    });
    expect((await issue(accented)).error?.message).toBe(executed(accented, 'illegal name character'));
    const long = await createChainTx('a'.repeat(129));
    expect((await issue(long)).error?.message).toBe(executed(long, 'name too long'));
    await commits(await createChainTx(`Chain 42 ${'b'.repeat(119)}`));
  });
});

describe('the mempool (vms/txs/mempool/mempool.go)', () => {
  it('a tx over 64 KiB is refused with its ID and size; one of exactly 64 KiB commits', async () => {
    // A chain's genesis makes a tx large in bytes and cheap in gas: 66,699 bytes, as the issue sent.
    const sized = async (size: number) => {
      const probe = await createChainTx('Sized', subnetID, 'x'.repeat(1000));
      return createChainTx('Sized', subnetID, 'x'.repeat(1000 + size - probe.length));
    };
    const big = await sized(66_699);
    expect(big.length).toBe(66_699);
    expect((await issue(big)).error?.message).toBe(`couldn't issue tx: tx too large: ${txId(big)} size (66699) > max size (65536)`);
    const limit = await sized(65_536);
    expect(limit.length).toBe(65_536);
    await commits(limit);
  });
});

// A tx made by another key's signatures must not pass for the owner's: the peer signs with OTHER_KEY.
it('keeps the keys apart (a guard of the helpers above)', () => {
  expect(keyAddress(OTHER_KEY)).not.toBe(SENDER);
});
