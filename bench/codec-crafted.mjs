// @avanode/codec on crafted bytes (crafted.mjs): 50 MB of each shape, against JSON.parse of a
// JSON text of the same size in the same run (the baseline: what reading 50 MB into JavaScript
// values costs anyway), with the heap the decoded value holds per input byte. Each input is
// either decoded, time and heap reported, or refused by the decoder's budgets, where the figure
// is how far it read and how long that took. Goals (issue 27): under 3 s and under 4 bytes of
// heap per input byte for 50 MB of any bytes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { CodecError, decodeBlock, decodeHex, decodeTx, decodeUtxo } from '@avanode/codec';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { crafted } from './crafted.mjs';
import { fullBlock } from './codec.mjs';
import { fixed, median, quick, rounded, runAlone } from './measure.mjs';

// The sha256 the codec itself uses, resolved from its folder (not a dependency of the bench).
const codecRequire = createRequire(join(import.meta.dirname, '..', 'packages', 'codec', 'package.json'));
const { sha256 } = await import(pathToFileURL(codecRequire.resolve('@noble/hashes/sha2.js')).href);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

const decoders = { tinyTxs: decodeBlock, badUtf8Names: decodeBlock, addresses: decodeUtxo };

/** A JSON array of 8-digit numbers, `size` characters long. */
function jsonOfSize(size) {
  const count = Math.floor((size - 2) / 9);
  const text = `[${'12345678,'.repeat(count).slice(0, -1)}${' '.repeat(size - 2 - (count * 9 - 1))}]`;
  return text;
}

/** Time and heap held of `decode(bytes)`, or where it was refused. */
function measure(decode, input) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  let value;
  let refused;
  try {
    value = decode(input);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    refused = error;
  }
  const ms = performance.now() - started;
  gc();
  const held = process.memoryUsage().heapUsed - before;
  if (value === undefined && refused === undefined) throw new Error('decoded nothing');
  return { ms, heapPerByte: held / input.length, refused };
}

export async function run() {
  const size = quick ? 1_000_000 : 50_000_000;
  const mb = `${size / 1_000_000} MB`;
  const json = jsonOfSize(size);
  const parseTimes = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const started = performance.now();
    JSON.parse(json);
    parseTimes.push(performance.now() - started);
  }
  const baseline = median(parseTimes);
  // The floor of any decoder that prints the node's IDs: a tx's ID hashes its bytes, a block's
  // ID all of them, so a block's bytes go through sha256 twice.
  const hashed = new Uint8Array(size);
  for (let i = 0; i < 20; i++) sha256(hashed.subarray(0, 65_536)); // warmed up, as the decoder's is by then
  const hashTimes = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const started = performance.now();
    sha256(hashed);
    hashTimes.push(performance.now() - started);
  }
  const hashMs = median(hashTimes);
  const jsonBaseline = { name: `JSON.parse of ${mb} of JSON (an array of numbers)`, value: rounded(baseline), unit: 'ms' };
  const rows = [
    {
      figure: `sha256 of ${mb} (@noble/hashes): the floor of any decoder that prints tx and block IDs (a block's bytes are hashed twice)`,
      value: rounded(hashMs), unit: 'ms', baseline: jsonBaseline, ratio: { value: rounded(hashMs / baseline, 2), of: 'JSON.parse' },
    },
  ];
  const timeGoal = (ms) => ({ goal: { op: '<', value: 3000, unit: 'ms' }, met: ms < 3000 });
  for (const [name, build] of Object.entries(crafted)) {
    const input = build(size);
    const { ms, heapPerByte, refused } = measure(decoders[name] ?? decodeTx, input);
    const common = { value: rounded(ms), unit: 'ms', baseline: jsonBaseline, ratio: { value: rounded(ms / baseline, 2), of: 'JSON.parse' }, ...timeGoal(ms) };
    if (refused) {
      const budget = /memory/.test(refused.reason) ? 'heap budget' : 'print budget';
      rows.push({ figure: `${name}, ${mb} crafted: refused`, ...common, detail: `by the ${budget} after ${fixed(refused.offset / 1_000_000, 2)} MB` });
    } else {
      rows.push({ figure: `${name}, ${mb} crafted: decoded`, ...common });
      rows.push({ figure: `${name}, ${mb} crafted: heap held per input byte`, value: rounded(heapPerByte, 2), unit: 'B', goal: { op: '<', value: 4, unit: 'B' }, met: heapPerByte < 4 });
    }
  }
  // The real shape, for scale: a Banff standard block of BaseTxs (random IDs and addresses, 2
  // inputs, 2 outputs, 2 credentials each: codec.mjs), ten times the node's largest.
  const txs = quick ? 10 : 4000;
  const real = decodeHex(fullBlock(txs));
  const { ms, heapPerByte, refused } = measure(decodeBlock, real);
  if (refused) throw refused;
  rows.push({ figure: `a real-shaped block of ${txs} txs (${fixed(real.length / 1_000_000, 1)} MB): decoded`, value: rounded(ms), unit: 'ms' });
  rows.push({ figure: `a real-shaped block of ${txs} txs: heap held per input byte`, value: rounded(heapPerByte, 2), unit: 'B', goal: { op: '<', value: 4, unit: 'B' }, met: heapPerByte < 4 });
  return {
    id: 'codec-crafted',
    title: 'Codec on crafted bytes',
    about: `@avanode/codec on ${mb} of each crafted shape (bytes packing the codec's smallest elements), against JSON.parse of ${mb} of JSON in the same run: each input is decoded (time, and the heap the value holds per input byte after a forced GC) or refused by the decoder's budgets (how far it read, how long).`,
    rows,
  };
}

// `node bench/codec-crafted.mjs` runs this benchmark alone (`pnpm bench` runs them all).
await runAlone(import.meta.url, run);
