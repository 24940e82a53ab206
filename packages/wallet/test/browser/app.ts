// The wallet in a page, run in Chromium by browser.test.ts against the mock node's HTTP server
// (cross-origin, as a dapp talks to a node): step by step (build, sign, issue, wait), then
// createWallet's send and a stake whose proof of possession loads BLS12-381 on first use. It
// reports what it saw; the test checks the balances from Node. No polyfill: the bundle is built
// for the browser platform, where a Node built-in or Buffer would not resolve.
import { createClient } from '@avanode/client';
import { waitForTx } from '@avanode/client/wait-for-tx';
import { buildBaseTx, createWallet, keyAddress, proofOfPossession, signTx } from '@avanode/wallet';
import { burned } from '../burned.js';

const params = new URLSearchParams(location.search);
const url = params.get('node')!;
const KEY = `0x${'5a'.repeat(32)}`;
const TO = keyAddress(`0x${'42'.repeat(32)}`, 'local');
const AVAX = 1_000_000_000n;

async function run(): Promise<Record<string, string>> {
  const client = createClient({ url, bigint: true, retry: false });
  const from = keyAddress(KEY, 'local');
  const assetID = (await client.platform.getStakingAssetID()).assetID;
  const { utxos } = await client.platform.getUTXOs({ addresses: [from], encoding: 'hex' });
  const built = buildBaseTx({ utxos, fromAddresses: [from], outputs: [{ address: TO, amount: 5n * AVAX }], feeState: await client.platform.getFeeState(), feeConfig: await client.platform.getFeeConfig(), network: 'local', avaxAssetID: assetID });
  const signed = await signTx(built, { keys: [KEY] });
  const issued = await client.platform.issueTx({ tx: signed.hex, encoding: 'hex' });
  await waitForTx(client, issued.txID, { timeoutMs: 20_000, intervalMs: 20 });

  const wallet = createWallet({ client, keys: [KEY] });
  const sent = await wallet.send({ to: TO, amount: 2n * AVAX, wait: { timeoutMs: 20_000, intervalMs: 20 } });
  const pop = await proofOfPossession(`0x${'19'.repeat(32)}`);
  const end = BigInt(Math.floor(Date.parse((await client.platform.getTimestamp()).timestamp) / 1000)) + 30n * 86_400n;
  const staked = await wallet.stake({ nodeID: 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', amount: 2000n * AVAX, end, signer: pop, shares: 20_000, wait: { timeoutMs: 20_000, intervalMs: 20 } });
  return {
    from,
    assetID,
    stepsTxID: issued.txID,
    stepsID: signed.id,
    stepsBurned: String(burned(signed.bytes, assetID)),
    stepsFee: String(built.fee),
    sentTxID: sent.txID,
    sentStatus: sent.status,
    sentBurned: String(burned(sent.signed.bytes, assetID)),
    stakedStatus: staked.status,
    stakedBurned: String(burned(staked.signed.bytes, assetID)),
    popKey: pop.publicKey,
  };
}

run().then(
  (report) => {
    const pre = document.createElement('pre');
    pre.id = 'report';
    pre.textContent = JSON.stringify(report);
    document.body.append(pre);
  },
  (error: Error) => {
    const pre = document.createElement('pre');
    pre.id = 'failure';
    pre.textContent = `${error.name}: ${error.message}\n${error.stack}`;
    document.body.append(pre);
  },
);
