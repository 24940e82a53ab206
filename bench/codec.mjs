// @avanode/codec: decoding a 2,000-UTXO getUTXOs page and a full block (hex strings, as the node
// sends them) against @avalabs/avalanchejs 5.2.0 unpacking the same bytes, in the same run; and
// the bundle sizes of the whole codec, of the ID/address/amount helpers by use, and of the
// audited primitives they stand on, each alone.
//
// What each side does differs, and the figures say so: @avanode/codec verifies each string's
// checksum and builds the node's JSON shape (cb58 IDs, bech32 addresses, hex memos, tx and block
// IDs); avalanchejs (utils.getManagerForVM('PVM').unpack / unpackTransaction) builds class
// instances over the bytes, formatting nothing. avalanchejs has no P-chain block parser, so it is
// given each tx of the block as its own bytes (`unpackTransaction` per tx).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { decodeBlock, decodeUtxo, encodeBlock, encodeHex, encodeTx, encodeUtxo, formatAddress, idToString } from '@avanode/codec';
import { Utxo, utils } from '@avalabs/avalanchejs';
import { fixed, gzipBytes, quick, timeAlternating, verdict } from './measure.mjs';

// Deterministic pseudo-random bytes (xorshift), so every run measures the same data.
let seed = 0x2545f491;
const bytes = (n) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    out[i] = seed & 0xff;
  }
  return out;
};
const id = () => idToString(bytes(32));
const address = () => formatAddress(bytes(20), 1);
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';

function transferOutput(i) {
  return { addresses: Array.from({ length: 1 + (i % 2) }, address).sort(), amount: 1_000_000 + i * 7919, locktime: 0, threshold: 1 };
}

/** A getUTXOs page: UTXOs of one address set, a fifth of them stakeable-locked. */
export function utxoPage(count) {
  return Array.from({ length: count }, (_, i) => {
    const output = i % 5 === 0 ? { locktime: 1_900_000_000 + i, output: transferOutput(i) } : transferOutput(i);
    return encodeHex(encodeUtxo({ txID: id(), outputIndex: i % 3, assetID: AVAX, output }));
  });
}

/** A Banff standard block of `count` BaseTxs, 2 inputs, 2 outputs and 2 credentials each. */
export function fullBlock(count) {
  const tx = (i) => ({
    unsignedTx: {
      networkID: 1,
      blockchainID: '11111111111111111111111111111111LpoYY',
      outputs: [0, 1].map((k) => ({ assetID: AVAX, output: transferOutput(i + k) })),
      inputs: [0, 1].map((k) => ({ txID: id(), outputIndex: k, assetID: AVAX, input: { amount: 5_000_000 + i, signatureIndices: [0] } })),
      memo: '0x',
    },
    credentials: [0, 1].map(() => ({ signatures: [`0x${Buffer.from(bytes(65)).toString('hex')}`] })),
  });
  return encodeHex(encodeBlock({ time: 1_732_000_000, parentID: id(), height: 20_000_000, txs: Array.from({ length: count }, (_, i) => tx(i)) }));
}

async function size(contents, external = []) {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-codec-size-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, contents);
    const result = await build({
      entryPoints: [entry], bundle: true, minify: true, format: 'esm', write: false, platform: 'browser',
      // The codec's own dependencies resolve from its folder (the primitives' floor imports them).
      nodePaths: [join(import.meta.dirname, 'node_modules'), join(import.meta.dirname, '..', 'packages', 'codec', 'node_modules')], external,
    });
    return gzipBytes(result.outputFiles[0].text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const pageSize = quick ? 50 : 2000;
  const blockTxs = quick ? 10 : 400;
  const page = utxoPage(pageSize);
  const blockHex = fullBlock(blockTxs);
  const blockBytes = (blockHex.length - 10) / 2;
  const pvm = utils.getManagerForVM('PVM');
  const pageBytes = page.map((hex) => utils.hexToBuffer(hex).subarray(0, -4));
  const txBytes = decodeBlock(blockHex).txs.map((tx) => encodeTx(tx));

  // Same inputs, same answers: both sides read every UTXO and tx.
  if (typeof pvm.unpack(pageBytes[0], Utxo) !== 'object') throw new Error('avalanchejs did not unpack a UTXO');
  if (txBytes.some((b) => typeof pvm.unpackTransaction(b) !== 'object')) throw new Error('avalanchejs did not unpack a tx');

  const iterations = quick ? 1 : 20;
  const [oursPage, theirsPage] = await timeAlternating([async () => page.map((hex) => decodeUtxo(hex)), async () => page.map((hex) => pvm.unpack(utils.hexToBuffer(hex).subarray(0, -4), Utxo))], iterations);
  const [oursBlock, theirsBlock] = await timeAlternating([async () => decodeBlock(blockHex), async () => txBytes.map((b) => pvm.unpackTransaction(b))], iterations);

  const whole = await size("export * from '@avanode/codec';");
  const helpers = await size("export * from '@avanode/codec/encoding';");
  const amounts = await size("export { formatAvax, parseAvax } from '@avanode/codec/encoding';");
  const addresses = await size("export { formatAddress, parseAddress } from '@avanode/codec/encoding';");
  const amountsAndAddresses = await size("export { formatAvax, parseAvax, formatAddress, parseAddress } from '@avanode/codec/encoding';");
  const ids = await size("export { idToString, idFromString, nodeIdToString, nodeIdFromString } from '@avanode/codec/encoding';");
  const results = await size("export * from '@avanode/codec/results';");
  // What the audited primitives cost alone, imported as narrowly as they can be (named imports,
  // @noble/hashes/sha2.js; @scure/base has one entry, tree-shaken per export).
  const primitive = (names) => size(names.map((n) => (n === 'sha256' ? "export { sha256 } from '@noble/hashes/sha2.js';" : `export { ${n} } from '@scure/base';`)).join(' '));
  const [sha256Alone, base58Alone, bech32Alone, hexAlone, cb58Floor, floor] = [
    await primitive(['sha256']), await primitive(['base58']), await primitive(['bech32']), await primitive(['hex']),
    await primitive(['sha256', 'base58']), await primitive(['sha256', 'base58', 'bech32', 'hex']),
  ];
  // avalanchejs imports Node's `util`, which a browser bundle lacks: left out of its figure.
  const theirs = await size("export * from '@avalabs/avalanchejs';", ['util']);
  return {
    title: 'Codec (P-chain bytes)',
    lines: [
      `getUTXOs page of ${pageSize.toLocaleString('en')} UTXOs (hex): ${fixed(oursPage, 1)} ms to the node's JSON shape (@avalabs/avalanchejs 5.2.0 unpack, class instances: ${fixed(theirsPage, 1)} ms; ${fixed(oursPage / theirsPage)}x)`,
      `Banff standard block of ${blockTxs} txs (${fixed(blockBytes / 1024, 0)} KiB): ${fixed(oursBlock, 1)} ms, block and tx IDs included (@avalabs/avalanchejs unpackTransaction per tx, given each tx's bytes: ${fixed(theirsBlock, 1)} ms; ${fixed(oursBlock / theirsBlock)}x)`,
      `bundle, the whole codec: ${whole} B | goal ≤ 15,000 B: ${verdict(whole <= 15_000)} (@avalabs/avalanchejs whole, Node's util left out: ${theirs} B; ${fixed(whole / theirs)}x)`,
      `bundle, every ID/address/amount/hex helper (@avanode/codec/encoding, import *): ${helpers} B | goal ≤ 4,000 B: ${verdict(helpers <= 4000)} (the audited primitives it needs weigh ${floor} B alone${floor > 4000 ? ': more than the goal, which cannot be met with them' : ''})`,
      `  the primitives alone, imported narrowly: @noble/hashes sha256 ${sha256Alone} B, @scure/base base58 ${base58Alone} B, bech32 ${bech32Alone} B, hex ${hexAlone} B; all four ${floor} B; the codec's own helper code ${helpers - floor} B`,
      `bundle, amount and address helpers (formatAvax, parseAvax, formatAddress, parseAddress): ${amountsAndAddresses} B | goal ≤ 4,000 B: ${verdict(amountsAndAddresses <= 4000)} (amounts alone ${amounts} B, addresses alone ${addresses} B)`,
      `bundle, ID helpers (cb58: idToString, idFromString, nodeIdToString, nodeIdFromString): ${ids} B | goal ≤ 4,000 B: ${verdict(ids <= 4000)} (sha256 + base58 alone: ${cb58Floor} B, ${fixed(cb58Floor / ids)}x)`,
      `bundle, the result decoders (@avanode/codec/results, import *): ${results} B, ${fixed(results / whole)}x the whole codec; @avanode/client imports none of it`,
    ],
  };
}

// `node bench/codec.mjs` runs this benchmark alone (`pnpm bench` runs them all).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await run();
  console.log(section.title);
  for (const line of section.lines) console.log(`  ${line}`);
}
