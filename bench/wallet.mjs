// @avanode/wallet against @avalabs/avalanchejs 5.2.0 (its public API only: pvm.e.newBaseTx,
// addTxSignatures, utils), in the same run: a BaseTx built from a 2,000-UTXO getUTXOs answer
// (hex, as the node sends it: both sides read it), and the signing of a 20-input tx, by one key
// and by 20 keys. Goal: 2x faster (time ratio ≤ 0.5). Both sides are given the same price, and the
// fees they burn are checked equal first, so they are known to build the same tx.
import { encodeHex, encodeUtxo, formatAddress, idToString } from '@avanode/codec';
import { buildBaseTx, createKeySigner, keyAddressBytes, signTx } from '@avanode/wallet';
import { Common, TransferableOutput, Utxo, addTxSignatures, pvm, utils } from '@avalabs/avalanchejs';
import { fixed, quick, rounded, runAlone, timeAlternating, seededBytes } from './measure.mjs';

const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const P_CHAIN = '11111111111111111111111111111111LpoYY';
const WEIGHTS = [1, 1000, 1000, 4];
const PRICE = 1_000n;
const NOW = 1_900_000_000n;

const bytes = seededBytes(0x6d2b79f5);
const keyOf = (i) => {
  const key = bytes(32);
  key[0] = 1 + (i % 100); // below the curve order
  return key;
};

/** UTXOs (getUTXOs hex) of the given keys' addresses, round robin, amounts from 1 to 2 AVAX. */
function utxosOf(keys, count) {
  const addresses = keys.map((key) => formatAddress(keyAddressBytes(key), 1));
  return Array.from({ length: count }, (_, i) =>
    encodeHex(encodeUtxo({ txID: idToString(bytes(32)), outputIndex: i % 4, assetID: AVAX, output: { addresses: [addresses[i % keys.length]], amount: 1_000_000_000 + i * 7919, locktime: 0, threshold: 1 } })),
  );
}

const context = {
  networkID: 1,
  hrp: 'avax',
  xBlockchainID: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
  pBlockchainID: P_CHAIN,
  cBlockchainID: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  avaxAssetID: AVAX,
  baseTxFee: 1_000_000n,
  createAssetTxFee: 10_000_000n,
  platformFeeConfig: {
    weights: Common.createDimensions({ bandwidth: 1, dbRead: 1000, dbWrite: 1000, compute: 4 }),
    maxCapacity: 1_000_000n, maxPerSecond: 100_000n, targetPerSecond: 50_000n, minPrice: 1n, excessConversionConstant: 2_164_043n,
  },
};
const feeState = { capacity: 1_000_000n, excess: 0n, price: PRICE, timestamp: '2030-01-01T00:00:00Z' };
const pvmManager = utils.getManagerForVM('PVM');
const theirUtxo = (hex) => pvmManager.unpack(utils.hexToBuffer(hex).subarray(0, -4), Utxo);

function ours(keys, utxos, amount) {
  const from = keys.map((key) => formatAddress(keyAddressBytes(key), 1));
  return buildBaseTx({ utxos, fromAddresses: from, outputs: [{ address: formatAddress(new Uint8Array(20).fill(7), 1), amount }], feeState: { price: PRICE }, feeConfig: { weights: WEIGHTS }, network: 1, priceMultiplier: 1, minIssuanceTime: NOW });
}

function theirs(keys, utxos, amount) {
  return pvm.e.newBaseTx(
    // Change to the first address, as ours sends it (avalanchejs's default owner is all of fromAddresses).
    { feeState, fromAddressesBytes: keys.map(keyAddressBytes), changeAddressesBytes: [keyAddressBytes(keys[0])], outputs: [TransferableOutput.fromNative(AVAX, amount, [new Uint8Array(20).fill(7)])], utxos, minIssuanceTime: NOW },
    context,
  );
}

/** What a built avalanchejs tx burns: its AVAX inputs minus its AVAX outputs. */
const theirBurn = (unsignedTx) => utils.getBurnedAmountByTx(unsignedTx.getTx(), context).get(AVAX);

export async function run() {
  const count = quick ? 100 : 2000;
  const owner = [keyOf(0)];
  const page = utxosOf(owner, count);
  const small = 3_000_000_000n;
  // A send needing a few hundred UTXOs: within the block capacity a tx's gas must fit (1,000,000 at the fee config's maxCapacity).
  const large = (quick ? 80n : 300n) * 1_000_000_000n;
  const theirPage = page.map(theirUtxo);

  // Same tx on both sides: the same fee burnt, the same number of inputs.
  for (const amount of [small, large]) {
    const a = ours(owner, page, amount);
    const b = theirs(owner, theirPage, amount);
    if (a.fee !== theirBurn(b)) throw new Error(`the two builders burn different fees for ${amount}: ${a.fee} against ${theirBurn(b)}`);
    if (a.unsignedTx.inputs.length !== b.getTx().baseTx.inputs.length) throw new Error('the two builders spend different numbers of inputs');
  }
  const iterations = quick ? 1 : 10;
  const [oursSmall, theirsSmall] = await timeAlternating([async () => ours(owner, page, small), async () => theirs(owner, page.map(theirUtxo), small)], iterations);
  const [oursLarge, theirsLarge] = await timeAlternating([async () => ours(owner, page, large), async () => theirs(owner, page.map(theirUtxo), large)], quick ? 1 : 3);
  const [theirsSmallParsed] = await timeAlternating([async () => theirs(owner, theirPage, small)], iterations);
  const inputsLarge = ours(owner, page, large).unsignedTx.inputs.length;

  // A 20-input tx: one key owning all 20 UTXOs, and 20 keys owning one each.
  const sign = async (keys) => {
    const utxos = utxosOf(keys, 20);
    const amount = 19n * 1_000_000_000n;
    const built = ours(keys, utxos, amount);
    if (built.unsignedTx.inputs.length !== 20) throw new Error(`expected 20 inputs, got ${built.unsignedTx.inputs.length}`);
    const theirUtxos = utxos.map(theirUtxo);
    const ourSigned = await signTx(built, { keys });
    const theirTx = theirs(keys, theirUtxos, amount);
    await addTxSignatures({ unsignedTx: theirTx, privateKeys: keys });
    // Same bytes: RFC 6979 signatures are deterministic, so both sides write the same signed tx.
    if (encodeHex(theirTx.getSignedTx().toBytes()) !== ourSigned.hex) {
      throw new Error(`the two signers wrote different signed txs (${keys.length} keys)`);
    }
    const signers = keys.map((key) => createKeySigner(key));
    return timeAlternating(
      [
        async () => signTx(built, { keys }),
        // Signers made once (as createWallet and sendTx make them): no public key derived per tx.
        async () => signTx(built, { signers }),
        async () => {
          const fresh = theirs(keys, theirUtxos, amount);
          await addTxSignatures({ unsignedTx: fresh, privateKeys: keys });
          return fresh.getSignedTx().toBytes();
        },
        // The build alone, to take it out of avalanchejs's figure (addTxSignatures signs the tx it is given, once).
        async () => theirs(keys, theirUtxos, amount),
      ],
      quick ? 1 : 20,
    );
  };
  const [oursOne, oursOneSigner, theirsOneWithBuild, theirsOneBuild] = await sign([keyOf(1)]);
  const [oursTwenty, oursTwentySigners, theirsTwentyWithBuild, theirsTwentyBuild] = await sign(Array.from({ length: 20 }, (_, i) => keyOf(i + 2)));
  const theirsOne = Math.max(theirsOneWithBuild - theirsOneBuild, 1e-6);
  const theirsTwenty = Math.max(theirsTwentyWithBuild - theirsTwentyBuild, 1e-6);

  const baseline = (ms) => ({ name: '@avalabs/avalanchejs 5.2.0, same tx, same fee, same signed bytes (checked before timing)', value: rounded(ms, 2), unit: 'ms' });
  const row = (figure, a, b, detail) => ({
    figure, value: rounded(a, 2), unit: 'ms', ...(detail ? { detail } : {}),
    baseline: baseline(b), ratio: { value: rounded(a / b, 2), of: "the baseline's time" },
    goal: { op: '≤', value: 0.5, unit: '×' }, met: a / b <= 0.5,
  });
  return {
    id: 'wallet',
    title: 'Wallet (build and sign)',
    about: 'Both sides burn the same fee at the same price and write the same signed bytes (checked before timing); ours returns the signed hex and tx ID too. Goal: 2× as fast as the baseline.',
    rows: [
      row(`BaseTx from a ${count.toLocaleString('en')}-UTXO getUTXOs answer (hex), a send needing 3 UTXOs`, oursSmall, theirsSmall, `avalanchejs given parsed Utxo instances: ${fixed(theirsSmallParsed, 2)} ms`),
      row(`BaseTx from the same answer, a send needing ${inputsLarge} UTXOs`, oursLarge, theirsLarge),
      row('signing a 20-input tx, one key (20 signature slots, one signature)', oursOne, theirsOne, `avalanchejs: build + addTxSignatures, less the build alone; ours with the signer made once: ${fixed(oursOneSigner, 2)} ms`),
      row('signing a 20-input tx, 20 keys', oursTwenty, theirsTwenty, `ours with the signers made once: ${fixed(oursTwentySigners, 2)} ms`),
    ],
  };
}

// `node bench/wallet.mjs` runs this benchmark alone (`pnpm bench` runs them all).
await runAlone(import.meta.url, run);
