// Extracts the node's own test vectors that the wallet's rules are checked against into
// test/vectors/avalanchego-v1.14.2.json. Run from the repository root with a bare clone:
//   node packages/wallet/scripts/extract-go-vectors.mjs /path/to/avalanchego.git
// - vms/platformvm/txs/fee/calculator_test.go (txTests): each tx's hex, its bandwidth (the
//   tx's length, as the test asserts), its dynamic fee at testDynamicWeights and
//   testDynamicPrice, or the error the complexity calculation expects.
// - vms/components/gas/gas_test.go (calculatePriceTests).
// - utils/crypto/secp256k1/rfc6979_test.go (rfc6979Tests).
// - staking/local/signer1.key and genesis/genesis_local.json: a BLS key and its proof of possession.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const repo = process.argv[2] ?? '/work/.mirror/ava-labs+avalanchego/repo';
const tag = 'v1.14.2';
// ACP-236 (Helicon) types 40–42 are priced from the first tag that has them.
const heliconTag = 'v1.15.0-fuji';
const showAt = (at, file) => execFileSync('git', ['-C', repo, 'show', `${at}:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
const show = (file) => showAt(tag, file);
const goNumber = (text) => {
  const t = text.trim().replace(/_/g, '');
  if (t === 'math.MaxUint64') return ((1n << 64n) - 1n).toString();
  const minus = /^math\.MaxUint64 - (\d+)$/.exec(t);
  if (minus) return ((1n << 64n) - 1n - BigInt(minus[1])).toString();
  if (t === 'math.MaxUint32') return String(2 ** 32 - 1);
  if (/^\d+$/.test(t)) return t;
  throw new Error(`unknown Go number: ${text}`);
};

// --- fee ---
const calculatorFile = 'vms/platformvm/txs/fee/calculator_test.go';
function feeVectors(calculator) {
  const weights = /testDynamicWeights = gas\.Dimensions\{\s*gas\.Bandwidth:\s*(\d+),\s*gas\.DBRead:\s*(\d+),\s*gas\.DBWrite:\s*(\d+),\s*gas\.Compute:\s*(\d+),/.exec(calculator);
  if (!weights || !/testDynamicPrice = gas\.Price\(units\.NanoAvax\)/.test(calculator)) throw new Error('calculator_test.go changed shape');
  const fees = [];
  for (const m of calculator.matchAll(/\{\s*name:\s*"([^"]+)",\s*tx:\s*"([0-9a-f]+)",([\s\S]*?)\n\t\t\},/g)) {
    const body = m[3];
    const bandwidth = /gas\.Bandwidth:\s*(\d+),/.exec(body);
    const fee = /expectedDynamicFee:\s*([\d_]+) \* units\.NanoAvax/.exec(body);
    const error = /expectedComplexityErr:\s*(\w+)/.exec(body);
    fees.push({
      name: m[1],
      hex: m[2],
      ...(bandwidth ? { bandwidth: Number(bandwidth[1]) } : {}),
      ...(fee ? { fee: goNumber(fee[1]) } : {}),
      ...(error ? { complexityError: error[1] } : {}),
    });
  }
  return { weights: weights.slice(1, 5).map(Number), fees };
}
const { weights, fees } = feeVectors(show(calculatorFile));

// --- gas price ---
const gasFile = 'vms/components/gas/gas_test.go';
const gasTests = show(gasFile);
const prices = [];
for (const m of gasTests.matchAll(/\{\s*minPrice:\s*([^,]+),[^\n]*\n\s*excess:\s*([^,]+),\s*excessConversionConstant:\s*([^,]+),\s*expected:\s*([^,]+),/g)) {
  prices.push({ minPrice: goNumber(m[1]), excess: goNumber(m[2]), excessConversionConstant: goNumber(m[3]), expected: goNumber(m[4]) });
}

// --- RFC 6979 ---
const rfcFile = 'utils/crypto/secp256k1/rfc6979_test.go';
const rfc = show(rfcFile);
const signatures = [...rfc.matchAll(/skHex:\s*"([0-9a-f]+)",\s*msg:\s*"([^"]*)",\s*rsHex:\s*"([0-9a-f]+)"/g)].map((m) => ({ privateKey: m[1], message: m[2], rs: m[3] }));

// --- proof of possession: the local network's first staker (its key is public, staking/local/README.md) ---
const keyFile = 'staking/local/signer1.key';
const genesisFile = 'genesis/genesis_local.json';
const secretKey = execFileSync('git', ['-C', repo, 'show', `${tag}:${keyFile}`]);
const staker = JSON.parse(show(genesisFile)).initialStakers[0];

const out = {
  repository: 'ava-labs/avalanchego',
  tag,
  license: 'BSD-3-Clause (test data from the files named in each group)',
  fee: { source: `${calculatorFile}#txTests`, weights, price: 1, vectors: fees },
  gasPrice: { source: `${gasFile}#calculatePriceTests`, vectors: prices },
  rfc6979: { source: `${rfcFile}#rfc6979Tests`, vectors: signatures },
  proofOfPossession: { source: `${keyFile}, ${genesisFile}#initialStakers[0].signer`, secretKey: `0x${secretKey.toString('hex')}`, ...staker.signer },
};
writeFileSync(new URL('../test/vectors/avalanchego-v1.14.2.json', import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
const helicon = feeVectors(showAt(heliconTag, calculatorFile));
const heliconFees = helicon.fees.filter((v) => v.name.includes('AutoRenewed'));
writeFileSync(
  new URL(`../test/vectors/avalanchego-${heliconTag}.json`, import.meta.url),
  `${JSON.stringify({ repository: 'ava-labs/avalanchego', tag: heliconTag, license: 'BSD-3-Clause (test data from the file named)', fee: { source: `${calculatorFile}#txTests`, weights: helicon.weights, price: 1, vectors: heliconFees } }, null, 1)}\n`,
);
console.log(`fee ${fees.length}, gas price ${prices.length}, rfc6979 ${signatures.length}, ${heliconTag} fee ${heliconFees.length}`);
