// Bundle sizes of what an app imports: esbuild (bundle, minify, code splitting, as an app's
// bundler would), gzip -9, counting the entry and the chunks it imports statically. Chunks
// loaded on demand (retries, validation, bigint paths, batches) are counted apart. Each figure
// is a ratio against its whole package, measured in the same run. The codec's figures sit beside
// the client's: the client never imports it, so they add nothing to the client's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fixed, gzipBytes, verdict } from './measure.mjs';

/** Bytes loaded up front (entry + static imports) and bytes loaded on demand. */
async function measure(contents, external = []) {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-size-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, contents);
    const result = await build({
      entryPoints: [entry], bundle: true, minify: true, format: 'esm', splitting: true, outdir: join(dir, 'out'),
      write: false, platform: 'browser', nodePaths: [join(import.meta.dirname, 'node_modules'), join(import.meta.dirname, '..', 'packages', 'wallet', 'node_modules')], external,
    });
    const files = new Map(result.outputFiles.map((f) => [f.path.split('/').pop(), f.text]));
    const upFront = new Set();
    const visit = (name) => {
      if (upFront.has(name)) return;
      upFront.add(name);
      for (const [, imported] of files.get(name).matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)) visit(imported);
    };
    visit('entry.js');
    let eager = 0;
    let lazy = 0;
    for (const [name, text] of files) {
      if (upFront.has(name)) eager += gzipBytes(text);
      else lazy += gzipBytes(text);
    }
    return { eager, lazy };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const peers = ['@avanode/validators'];
  const client = await measure("export * from '@avanode/client';", peers);
  const validators = await measure("export * from '@avanode/validators';");
  const msw = await measure("export * from '@avanode/msw';", ['msw']);
  const codec = await measure("export * from '@avanode/codec';");
  const wallet = await measure("export * from '@avanode/wallet';", peers);
  // The audited primitives the wallet must use, alone: the floor under its figures.
  const secp256k1 = await measure("export { secp256k1 } from '@noble/curves/secp256k1.js';");
  const floor = await measure("export { secp256k1 } from '@noble/curves/secp256k1.js'; export { sha256 } from '@noble/hashes/sha2.js'; export { ripemd160 } from '@noble/hashes/legacy.js'; export { hex, base58, bech32 } from '@scure/base';");
  const rows = [
    ['client: createBareClient + one standalone method (getHeight)', await measure("import { createBareClient } from '@avanode/client'; import { getHeight } from '@avanode/client/platform'; export const run = (url) => getHeight(createBareClient({ url }));", peers), client, 2000],
    // The typed namespaces are plain objects: every method name of the document is in them.
    ['client: createClient (typed namespaces) + one method (client.platform.getHeight)', await measure("import { createClient } from '@avanode/client'; export const run = (url) => createClient({ url }).platform.getHeight();", peers), client, undefined],
    ['client: the whole package', client, client, 10_000],
    ['validators: one result validator (platform.getHeight)', await measure("export { validatePlatformGetHeightResult } from '@avanode/validators';"), validators, 3000],
    ['validators: one result validator (platform.getCurrentValidators)', await measure("export { validatePlatformGetCurrentValidatorsResult } from '@avanode/validators';"), validators, 3000],
    ['validators: all of them', validators, validators, undefined],
    ['msw: the whole package (msw itself not counted)', msw, msw, undefined],
    ['codec: amount and address helpers (formatAvax, parseAvax, formatAddress, parseAddress)', await measure("export { formatAvax, parseAvax, formatAddress, parseAddress } from '@avanode/codec/encoding';"), codec, 4000],
    ['codec: ID helpers (idToString, idFromString, nodeIdToString, nodeIdFromString; cb58 = sha256 + base58)', await measure("export { idToString, idFromString, nodeIdToString, nodeIdFromString } from '@avanode/codec/encoding';"), codec, undefined],
    ['codec: every ID, address, amount and hex helper (@avanode/codec/encoding)', await measure("export * from '@avanode/codec/encoding';"), codec, 8000],
    ['codec: the client\'s answers decoded (@avanode/codec/results)', await measure("export * from '@avanode/codec/results';"), codec, undefined],
    ['codec: the whole package', codec, codec, 15_000],
    ['wallet: keyAddress + signTx + buildBaseTx (sending AVAX, BLS12-381 not loaded)', await measure("export { keyAddress, signTx, buildBaseTx } from '@avanode/wallet';"), wallet, 20_000],
    ['wallet: sendTx + createWallet (the client\'s calls included)', await measure("export { sendTx, createWallet } from '@avanode/wallet';", peers), wallet, undefined],
    ['wallet: the whole package (BLS12-381 in the chunk a proof of possession loads)', wallet, wallet, undefined],
    ['wallet floor: the audited primitives alone (secp256k1 of @noble/curves, sha256 and ripemd160 of @noble/hashes, hex, base58, bech32 of @scure/base)', floor, wallet, undefined],
    ['wallet floor: secp256k1 of @noble/curves alone', secp256k1, wallet, undefined],
  ];
  return {
    title: 'Bundle sizes (esbuild, minified, gzip -9)',
    lines: rows.map(([label, { eager, lazy }, whole, goal]) => `${label}: ${eager} B${lazy ? ` (+${lazy} B in chunks loaded on demand)` : ''}, ${fixed(eager / whole.eager)}x the whole package${goal ? ` | goal < ${goal} B: ${verdict(eager < goal)}` : ''}`),
  };
}
