// Extracts the expected bytes (and, where the same test prints it, the expected JSON) of the
// P-chain serialization tests of an avalanchego tag into test/vectors/avalanchego-<tag>.json.
// Run from the repository root with a bare clone of avalanchego:
//   node packages/codec/scripts/extract-go-vectors.mjs /path/to/avalanchego.git            (v1.14.2)
//   node packages/codec/scripts/extract-go-vectors.mjs /path/to/avalanchego.git v1.15.0-fuji v1.14.2
// With a third argument, only the vectors the tag adds are written: those not extracted, with
// the same source and bytes, at that earlier tag.
// Each vector names the Go file and test function it comes from. Only tests that marshal with
// the P-chain codec (vms/platformvm/txs, vms/platformvm/block) are taken: other packages'
// tests register their own type IDs.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const repo = process.argv[2] ?? '/work/.mirror/ava-labs+avalanchego/repo';
const tag = process.argv[3] ?? 'v1.14.2';
const since = process.argv[4];
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

const networkIds = { MainnetID: 1, UnitTestID: 10, FujiID: 5, LocalID: 12345 };

/** Index of the brace closing the one at `open`. */
function closeBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i);
    else if (c === '`') i = text.indexOf('`', i + 1);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

function parseBytes(body) {
  const tokens = body
    .replace(/\/\/[^\n]*/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  const out = [];
  for (const token of tokens) {
    if (/^0x[0-9a-fA-F]+$/.test(token) || /^\d+$/.test(token)) out.push(Number(token));
    else if (/^'.'$/.test(token)) out.push(token.charCodeAt(1));
    else return undefined;
  }
  return out.every((b) => b >= 0 && b <= 255) ? out : undefined;
}

/** Every vector of the P-chain serialization tests at `tag`. */
function extract(tag) {
const files = git('ls-tree', '-r', '--name-only', tag, 'vms/platformvm/txs', 'vms/platformvm/block')
  .split('\n')
  .filter((f) => /^vms\/platformvm\/(txs|block)\/[^/]+_test\.go$/.test(f));
const vectors = [];
for (const file of files) {
  const text = git('show', `${tag}:${file}`);
  const embeds = new Map([...text.matchAll(/\/\/go:embed (\S+)\s*\n\s*(?:var\s+)?(\w+)\s+\[\]byte/g)].map((m) => [m[2], m[1]]));
  const funcs = [...text.matchAll(/^func (Test\w+)\(/gm)];
  funcs.forEach((fn, index) => {
    const start = fn.index;
    const end = index + 1 < funcs.length ? funcs[index + 1].index : text.length;
    const body = text.slice(start, end);
    const blocks = [];
    for (const m of body.matchAll(/(\w+)\s*(?::=|=|:)\s*\[\]byte\{/g)) {
      const open = m.index + m[0].length - 1;
      const close = closeBrace(body, open);
      const bytes = parseBytes(body.slice(open + 1, close));
      if (!bytes || !/expected|bytes/i.test(m[1]) || bytes.length < 40) continue;
      blocks.push({ at: m.index, name: m[1], bytes });
    }
    const jsons = [];
    for (const m of body.matchAll(/require\.JSONEq\(\s*`([\s\S]*?)`/g)) jsons.push({ at: m.index, json: m[1] });
    for (const m of body.matchAll(/(?:require\.JSONEq\(\s*string\((\w+)\)|expectedJSON:\s*(\w+))/g)) {
      const file2 = embeds.get(m[1] ?? m[2]);
      if (file2) jsons.push({ at: m.index, json: git('show', `${tag}:${file.replace(/[^/]+$/, file2)}`), jsonFile: file.replace(/[^/]+$/, file2) });
    }
    const network = (at) => {
      const before = body.slice(0, at);
      const literal = [...before.matchAll(/snow\.Context\{[\s\S]*?NetworkID:\s*(?:constants\.)?(\w+)/g)].pop();
      const viaTest = before.lastIndexOf('snowtest.Context(');
      if (literal && literal.index > viaTest) return networkIds[literal[1]] ?? Number(literal[1]);
      if (viaTest >= 0) return 10;
      // Table tests build the context after the table, in the loop that checks each case.
      return body.includes('snowtest.Context(') ? 10 : undefined;
    };
    for (const block of blocks) {
      const next = blocks.find((b) => b.at > block.at)?.at ?? Infinity;
      const json = jsons.find((j) => j.at > block.at && j.at < next);
      const kind = file.includes('/block/') ? 'block' : 'unsignedTx';
      vectors.push({
        source: `${file}#${fn[1]}`,
        name: block.name,
        kind,
        hex: Buffer.from(block.bytes).toString('hex'),
        ...(json ? { json: json.json, network: network(json.at), ...(json.jsonFile ? { jsonSource: json.jsonFile } : {}) } : {}),
      });
    }
  });
}

return vectors;
}

const key = (v) => `${v.source} ${v.hex}`;
const earlier = since ? new Set(extract(since).map(key)) : new Set();
const vectors = extract(tag).filter((v) => !earlier.has(key(v)));
const out = new URL(`../test/vectors/avalanchego-${tag}.json`, import.meta.url);
const added = since ? { addedSince: since } : {};
writeFileSync(out, `${JSON.stringify({ repository: 'ava-labs/avalanchego', tag, ...added, license: 'BSD-3-Clause (test data from the files named in each vector)', vectors }, null, 1)}\n`);
console.log(`${vectors.length} vectors (${vectors.filter((v) => v.json).length} with JSON) from ${new Set(vectors.map((v) => v.source.split('#')[0])).size} files`);
