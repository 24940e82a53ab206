// The two halves of moving AVAX from the C-chain to the P-chain, built and signed by
// @avanode/wallet against @avalabs/avalanchejs 5.2.0 (its public API only:
// evm.newExportTxFromBaseFee, pvm.e.newImportTx, addTxSignatures, utils), in the same run:
// the C-chain ExportTx from one EVM account, and the P-chain ImportTx of the UTXOs it left in
// shared memory (one, as after one export, and 20, as after many). Goal: 2x faster (time ratio
// ≤ 0.5). Both sides are given the same inputs and base fee or gas price, and their signed bytes
// are checked equal first, so they are known to build and sign the same txs.
import { encodeHex, encodeUtxo, idToString } from '@avanode/codec';
import { buildCChainExportTx, buildImportTx, createKeySigner, keyAddress, keyAddressBytes, signAtomicTx, signTx } from '@avanode/wallet';
import { Common, Utxo, addTxSignatures, evm, pvm, secp256k1, utils } from '@avalabs/avalanchejs';
import { fixed, quick, rounded, runAlone, seededBytes, timeAlternating } from './measure.mjs';

const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const P_CHAIN = '11111111111111111111111111111111LpoYY';
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const BASE_FEE_NANO_AVAX = 25n; // 25 gwei: avalanchejs takes nAVAX per gas, ours wei per gas (eth_baseFee)
const PRICE = 1_000n;

const context = {
  networkID: 1,
  hrp: 'avax',
  xBlockchainID: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
  pBlockchainID: P_CHAIN,
  cBlockchainID: C_CHAIN,
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

const bytes = seededBytes(0x1c2c3c4c);
const key = bytes(32);
key[0] = 7; // below the curve order
const pAddress = keyAddress(key, 1, 'P');
const evmAddress = keyAddress(key, 1, 'EVM');
const theirEvmAddress = secp256k1.publicKeyToEthAddress(secp256k1.getPublicKey(key));
const amount = 30_000_000_000n;

function oursExport(keys) {
  const built = buildCChainExportTx({ network: 1, baseFeeWei: BASE_FEE_NANO_AVAX * 1_000_000_000n, destinationChain: 'P', from: evmAddress, nonce: 12, amount, to: pAddress });
  return signAtomicTx(built, keys);
}

async function theirsExport() {
  const tx = evm.newExportTxFromBaseFee(context, BASE_FEE_NANO_AVAX, amount, P_CHAIN, theirEvmAddress, [keyAddressBytes(key)], 12n);
  await addTxSignatures({ unsignedTx: tx, privateKeys: [key] });
  return tx.getSignedTx().toBytes();
}

/** `count` UTXOs exported from the C-chain to the key's P-chain address (getUTXOs hex with sourceChain C). */
const atomicUtxos = (count) =>
  Array.from({ length: count }, (_, i) => encodeHex(encodeUtxo({ txID: idToString(bytes(32)), outputIndex: 0, assetID: AVAX, output: { addresses: [pAddress], amount: amount + BigInt(i), locktime: 0, threshold: 1 } })));

function oursImport(utxos, keys) {
  const built = buildImportTx({ utxos: [], atomicUtxos: utxos, sourceChain: C_CHAIN, fromAddresses: [pAddress], feeState: { price: PRICE }, feeConfig: { weights: [1, 1000, 1000, 4] }, network: 1, priceMultiplier: 1 });
  return signTx(built, keys);
}

async function theirsImport(utxos) {
  const tx = pvm.e.newImportTx({ feeState, fromAddressesBytes: [keyAddressBytes(key)], sourceChainId: C_CHAIN, toAddressesBytes: [keyAddressBytes(key)], utxos: utxos.map(theirUtxo) }, context);
  await addTxSignatures({ unsignedTx: tx, privateKeys: [key] });
  return tx.getSignedTx().toBytes();
}

export async function run() {
  const keys = { keys: [key] };
  const signer = { signers: [createKeySigner(key)] };
  // Same signed bytes on both sides first: RFC 6979 signatures are deterministic.
  if ((await oursExport(keys)).hex !== encodeHex(await theirsExport())) throw new Error('the two C-chain exports differ');
  const one = atomicUtxos(1);
  const twenty = atomicUtxos(20);
  for (const utxos of [one, twenty]) if ((await oursImport(utxos, keys)).hex !== encodeHex(await theirsImport(utxos))) throw new Error(`the two P-chain imports of ${utxos.length} UTXOs differ`);

  const iterations = quick ? 1 : 40;
  const [oursExportMs, oursExportSignerMs, theirsExportMs] = await timeAlternating([() => oursExport(keys), () => oursExport(signer), theirsExport], iterations);
  const [oursOneMs, theirsOneMs] = await timeAlternating([() => oursImport(one, keys), () => theirsImport(one)], iterations);
  const [oursTwentyMs, theirsTwentyMs] = await timeAlternating([() => oursImport(twenty, keys), () => theirsImport(twenty)], quick ? 1 : 10);

  const row = (figure, a, b, detail) => ({
    figure, value: rounded(a, 3), unit: 'ms', ...(detail ? { detail } : {}),
    baseline: { name: '@avalabs/avalanchejs 5.2.0, same inputs, same signed bytes (checked before timing)', value: rounded(b, 3), unit: 'ms' },
    ratio: { value: rounded(a / b, 2), of: "the baseline's time" },
    goal: { op: '≤', value: 0.5, unit: '×' }, met: a / b <= 0.5,
  });
  return {
    id: 'cchain',
    title: 'C-chain to P-chain (build and sign)',
    about: 'The two txs of a C → P transfer, each built and signed from the same inputs on both sides (the export at a base fee of 25 gwei, the import at a P-chain gas price of 1,000 nAVAX), their signed bytes checked equal before timing. Ours reads the UTXOs as getUTXOs hex and returns the signed hex and tx ID too. Goal: 2× as fast as the baseline.',
    rows: [
      row('C-chain ExportTx from one EVM account, built and signed', oursExportMs, theirsExportMs, `ours with the signer made once: ${fixed(oursExportSignerMs, 3)} ms`),
      row('P-chain ImportTx of 1 UTXO from the C-chain, built and signed', oursOneMs, theirsOneMs),
      row('P-chain ImportTx of 20 UTXOs from the C-chain, built and signed', oursTwentyMs, theirsTwentyMs),
    ],
  };
}

// `node bench/cchain.mjs` runs this benchmark alone (`pnpm bench` runs them all).
await runAlone(import.meta.url, run);
