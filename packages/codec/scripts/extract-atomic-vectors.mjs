// Extracts the golden atomic txs of avalanchego's C-chain tests into
// test/vectors/atomic-v1.15.0-fuji.json: each tx's bytes, ID and gas, from
// vms/saevm/cchain/tx/tx_test.go at v1.15.0-fuji (the `txData` values: mainnet txs of C-chain
// blocks 4, 48 and 132481, and synthetic ones), whose bytes are coreth's atomic codec's (the
// test's `old` values are coreth atomic.Tx; FuzzParseCompatibility checks both parse alike).
// The gas is TestAsOp's `Gas`. coreth's own tests at v1.14.2 hold no bytes (their IDs are
// random), so its gas cases are written by hand in test/cchain.test.ts with their source.
// Run from the repository root: node packages/codec/scripts/extract-atomic-vectors.mjs [repo]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const repo = process.argv[2] ?? '/work/.mirror/ava-labs+avalanchego/repo';
const tag = 'v1.15.0-fuji';
const file = 'vms/saevm/cchain/tx/tx_test.go';
const text = execFileSync('git', ['-C', repo, 'show', `${tag}:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });

const vectors = [];
for (const match of text.matchAll(/\n\t(\w+) = txData\{\n\t\tname: "([^"]+)",(?: \/\/ ([^\n]*))?/g)) {
  const [, variable, name, note] = match;
  const rest = text.slice(match.index);
  const id = /\n\t\tid: +ids\.FromStringOrPanic\("(\w+)"\)/.exec(rest)?.[1];
  const hex = /\n\t\tbytes: common\.FromHex\("0x([0-9a-f]*)"\)/.exec(rest)?.[1];
  // TestAsOp: `tx: <variable>,` then, within its case, `Gas: <n>,`.
  const asOp = text.slice(text.indexOf('func TestAsOp('), text.indexOf('func TestAsOp_Errors('));
  const at = asOp.indexOf(`tx: ${variable},`);
  const gas = at < 0 ? undefined : Number(/Gas: +([\d_]+),/.exec(asOp.slice(at))?.[1].replaceAll('_', ''));
  if (!id || !hex) throw new Error(`${variable}: no id or bytes`);
  vectors.push({ name, note: note ?? '', source: `${file}#${variable}`, id, hex, gas });
}
if (vectors.length === 0) throw new Error('no vectors found');
const out = new URL('../test/vectors/atomic-v1.15.0-fuji.json', import.meta.url);
writeFileSync(out, `${JSON.stringify({ tag, license: 'BSD-3-Clause (avalanchego)', vectors }, null, 2)}\n`);
console.log(`${vectors.length} vectors`);
