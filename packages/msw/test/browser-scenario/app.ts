// A wallet page, as an app under test would be, run in Chromium by browser-scenario.test.ts: it
// starts the msw service worker with the avanode handlers in simulated-network mode (seed 42),
// then, through @avanode/client only, funds an address, spends it with a BaseTx and stakes a
// funded staker's UTXO with an AddPermissionlessValidatorTx, both built with @avanode/codec and signed with @noble/curves, and
// waits for each to commit. It reports what the node answered; the test asserts the values.
// There is no node behind the page: every answer, the control API's too, comes from the worker.
import { setupWorker } from 'msw/browser';
import { createClient } from '@avanode/client';
import { waitForTx } from '@avanode/client/wait-for-tx';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { EMPTY_ID, decodeHex, encodeTransferableOutput, encodeUnsignedTx, formatAddress, nodeIdToString, txId, type Utxo } from '@avanode/codec';
import { decodeGetUTXOsResult, issueTxParams } from '@avanode/codec/results';
import { createHandlers, unhandledRequests } from '@avanode/msw';

const SEED = 42;
const NETWORK_ID = 12345;
const FEE = 1_000_000;
/** The page's own keys and their addresses (ripemd160 of sha256 of the compressed public key), which the seeded network does not hold. */
const SENDER_KEY = new Uint8Array(32).fill(0x61);
const STAKER_KEY = new Uint8Array(32).fill(0x63);
const addressOf = (key: Uint8Array) => formatAddress(ripemd160(sha256(secp256k1.getPublicKey(key, true))), NETWORK_ID);
const SENDER = addressOf(SENDER_KEY);
const RECIPIENT = addressOf(new Uint8Array(32).fill(0x62));
const STAKER = addressOf(STAKER_KEY);

/** The tx with one credential per input, each signed by `key` as the node checks it: `r ‖ s ‖ v`, low S, over sha256 of the unsigned bytes. */
function signed<T extends { unsignedTx: object; credentials?: unknown }>(tx: T, key: Uint8Array): T & { credentials: Array<{ signatures: string[] }> } {
  const recovered = secp256k1.sign(sha256(encodeUnsignedTx(tx.unsignedTx as never)), key, { prehash: false, format: 'recovered' });
  const rsv = new Uint8Array(65);
  rsv.set(recovered.subarray(1), 0);
  rsv[64] = recovered[0]!;
  const signature = `0x${Array.from(rsv, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  const inputs = (tx.unsignedTx as { inputs: unknown[] }).inputs;
  return { ...tx, credentials: inputs.map(() => ({ signatures: [signature] })) };
}
/** A node the seeded network has no validator for. */
const NEW_NODE = nodeIdToString(new Uint8Array(20).fill(0x77));

const report: Record<string, unknown> = {};
const client = createClient({ url: location.origin, retry: false });

/** The control API of the mock node, on the page's origin: the worker answers it too. */
async function control(action: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`/_avanode/${action}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};
const transfer = (assetID: string, address: string, amount: number) => ({ assetID, output: { addresses: [address], amount, locktime: 0, threshold: 1 } });
/** avax.SortTransferableOutputs: by asset, then the output's bytes, as the node requires. */
const sorted = <T extends object>(outputs: T[]) => outputs.sort((a, b) => compare(encodeTransferableOutput(a as never), encodeTransferableOutput(b as never)));

async function utxosOf(address: string): Promise<Utxo[]> {
  return decodeGetUTXOsResult(await client.platform.getUTXOs({ addresses: [address], encoding: 'hex' })).utxos as unknown as Utxo[];
}
const balanceOf = async (address: string) => (await client.platform.getBalance({ addresses: [address] })).balance;

/** Issues the tx, checks it is Processing, then waits for Committed while the next block is made. */
async function issueAndCommit(tx: object, key: string): Promise<string> {
  const params = issueTxParams(tx as Record<string, unknown>);
  const { txID } = await client.platform.issueTx(params);
  const processing = (await client.platform.getTxStatus({ txID })).status;
  const heightBefore = (await client.platform.getHeight()).height;
  const waiting = waitForTx(client, txID, { intervalMs: 20, timeoutMs: 15_000 });
  // Let the wait poll once (Processing), then the next block commits the mempool.
  await new Promise((resolve) => setTimeout(resolve, 60));
  await control('advance', { ms: 2000 });
  const committed = await waiting;
  report[key] = { txID, idFromBytes: txId(decodeHex(params.tx)), processing, committed: committed.status, heightBefore, heightAfter: (await client.platform.getHeight()).height };
  return txID;
}

async function main() {
  const worker = setupWorker(...createHandlers({ network: { seed: SEED } }));
  // Both keys (msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame and ignores the other).
  await worker.start({ ...unhandledRequests('error'), quiet: true });

  report.networkID = (await client.info.getNetworkID()).networkID;
  const { assetID } = await client.platform.getStakingAssetID();
  report.assetID = assetID;

  // 1. Fund a fresh address through the control API; spend it with a BaseTx.
  const funded = await control('fund', { address: SENDER, amount: '10000000000' });
  report.fund = funded;
  report.senderFunded = await balanceOf(SENDER);
  const [utxo] = await utxosOf(SENDER);
  report.senderUtxo = { txID: utxo!.txID, outputIndex: utxo!.outputIndex };
  const total = Number((utxo!.output as { amount: number }).amount);
  const baseTx = {
    unsignedTx: {
      type: 'BaseTx',
      networkID: NETWORK_ID,
      blockchainID: EMPTY_ID,
      outputs: sorted([transfer(assetID, RECIPIENT, 3_000_000_000), transfer(assetID, SENDER, total - 3_000_000_000 - FEE)]),
      inputs: [{ txID: utxo!.txID, outputIndex: utxo!.outputIndex, assetID, input: { amount: total, signatureIndices: [0] } }],
      memo: '0x',
    },
  };
  await issueAndCommit(signed(baseTx, SENDER_KEY), 'baseTx');
  report.senderAfter = await balanceOf(SENDER);
  report.recipientAfter = await balanceOf(RECIPIENT);

  // 2. Fund a staker with 2,100 AVAX and stake 2,000 of it on a new node.
  const staker = STAKER;
  report.staker = staker;
  report.stakerFunded = await control('fund', { address: staker, amount: '2100000000000' });
  report.stakerBefore = await balanceOf(staker);
  const validatorsBefore = (await client.platform.getCurrentValidators({})).validators;
  report.validatorsBefore = validatorsBefore.length;
  report.newNodeBefore = (await client.platform.getCurrentValidators({ nodeIDs: [NEW_NODE] })).validators.length;
  const largest = (await utxosOf(staker)).sort((a, b) => Number((b.output as { amount: number }).amount) - Number((a.output as { amount: number }).amount))[0]!;
  const amount = Number((largest.output as { amount: number }).amount);
  const stake = 2_000_000_000_000;
  const { timestamp } = await client.platform.getTimestamp();
  const end = Date.parse(timestamp) / 1000 + 30 * 86_400;
  const owner = { addresses: [staker], locktime: 0, threshold: 1 };
  // A real BLS key's proof of possession (the node verifies it; @avanode/wallet proofOfPossession of a secret of 32 × 0x0a).
  const signer = {
    publicKey: '0xb8e4d419e229a1671b408d47eb1383d50a3078e00185979eabae3d58b71e02e384cdec6546ef52d3bb454868fcbd2d41',
    proofOfPossession: '0x8d28b689881abfb679899ce0491a06c6954af9d84c7370dcd6053621988b68a8f552bc110c2fb6c6cba3f7ce7d2741a80c09ea033491299403fafb70b814dbda825ffffc0082922787e88e39e5210177335fe4641b5f944fda4c6dfb7f65daa4',
  };
  const validatorTx = {
    unsignedTx: {
      type: 'AddPermissionlessValidatorTx',
      networkID: NETWORK_ID,
      blockchainID: EMPTY_ID,
      outputs: [transfer(assetID, staker, amount - stake - FEE)],
      inputs: [{ txID: largest.txID, outputIndex: largest.outputIndex, assetID, input: { amount, signatureIndices: [0] } }],
      memo: '0x',
      validator: { nodeID: NEW_NODE, start: 0, end, weight: stake },
      subnetID: EMPTY_ID,
      signer,
      stake: [transfer(assetID, staker, stake)],
      validationRewardsOwner: owner,
      delegationRewardsOwner: owner,
      shares: 25_000,
    },
  };
  report.staked = { utxoAmount: String(amount), stake: String(stake), end: String(end), signer };
  await issueAndCommit(signed(validatorTx, STAKER_KEY), 'validatorTx');
  report.stakerAfter = await balanceOf(staker);
  report.newNode = (await client.platform.getCurrentValidators({ nodeIDs: [NEW_NODE] })).validators;
  report.validatorsAfter = (await client.platform.getCurrentValidators({})).validators.length;
}

main()
  .then(() => {
    const pre = document.createElement('pre');
    pre.id = 'report';
    pre.textContent = JSON.stringify(report);
    document.body.append(pre);
  })
  .catch((error: unknown) => {
    const p = document.createElement('p');
    p.id = 'failure';
    p.textContent = `${String(error)} ${JSON.stringify(report)}`;
    document.body.append(p);
  });
