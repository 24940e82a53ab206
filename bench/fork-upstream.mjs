// The fork's reads: first the fork itself (createForkedMockNode, src/fork/): getBalance of an
// address it has not read (one upstream read, kept in the fork cache), of one it has, and of one a
// second fork at the same height finds in the cache; then the upstream reader alone
// (packages/mock/src/fork/upstream.ts): a read the first time (one
// request through the client's core, with and without writing it to the fork cache) and again
// (from the cache on disk, by a new upstream pinned at the same height, as a second run reads it;
// and from memory, by the same upstream), against the same read made directly (plain fetch +
// text() + JSON.parse), in the same run. The upstream is avanode-mock in a process of its own
// (`--seed 42`), serving a funded address's balance (small) and, by an override, the whole
// primary network's getCurrentValidators (2,600 validators, ~2.4 MB, payloads.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyAddress } from '@avanode/wallet';
import { TEST_KEYS, testKeyAddress } from '../packages/mock/dist/index.js';
import { createUpstream } from '../packages/mock/dist/fork/upstream.js';
import { createForkedMockNode } from '../packages/mock/dist/server.js';
import { bigValidatorsBody, VALIDATOR_SET } from './payloads.mjs';
import { alternatingRounds, fixed, median, medianRatio, quick, rounded, runAlone } from './measure.mjs';

const root = join(import.meta.dirname, '..');
const NETWORK_ID = 12345;

/** avanode-mock on a free port in its own process; resolves with its URL once it listens. */
async function startUpstream(args) {
  const child = spawn(process.execPath, [join(root, 'packages', 'mock', 'bin', 'avanode-mock.mjs'), '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('avanode-mock did not start')), 30_000);
    child.once('exit', (code) => reject(new Error(`avanode-mock exited with ${code}`)));
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, url };
}

/** The read made directly: the floor any reader over HTTP pays. */
async function direct(url, endpoint, method, params) {
  const response = await fetch(url + endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const answer = JSON.parse(await response.text());
  if (!('result' in answer)) throw new Error(`${method}: no result`);
  return answer.result;
}

/** One read's five variants timed in alternating rounds; its rows. */
async function measureRead(url, name, [endpoint, method, params], perRound, rounds) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-fork-upstream-'));
  try {
    const options = { url, networkID: NETWORK_ID, logger: () => {} };
    const expected = JSON.stringify(await direct(url, endpoint, method, params));
    // The cache a second run finds: written once, at height 1.
    const warm = createUpstream({ ...options, cacheDir: dir, forkHeight: 1 });
    if (JSON.stringify(await warm.read(endpoint, method, params)) !== expected) throw new Error(`${method}: the upstream's answer differs from the node's`);
    let height = 1;
    const same = createUpstream({ ...options, forkHeight: 1 });
    await same.read(endpoint, method, params);
    const variants = [
      () => direct(url, endpoint, method, params),
      () => createUpstream({ ...options, forkHeight: 1 }).read(endpoint, method, params),
      // A new height each time: always a miss, so always a request and a file written.
      () => createUpstream({ ...options, cacheDir: dir, forkHeight: ++height }).read(endpoint, method, params),
      () => createUpstream({ ...options, cacheDir: dir, forkHeight: 1 }).read(endpoint, method, params),
      () => same.read(endpoint, method, params),
    ];
    const times = await alternatingRounds(variants, rounds, perRound);
    const check = await createUpstream({ ...options, cacheDir: dir, forkHeight: 1, offline: true }).read(endpoint, method, params);
    if (JSON.stringify(check) !== expected) throw new Error(`${method}: the cached answer differs from the node's`);
    const [directMs] = times.map(median);
    const baseline = { name: 'the same read direct from the upstream: fetch + text() + JSON.parse', value: rounded(directMs, 3), unit: 'ms' };
    const row = (figure, k, goal) => {
      const ratio = medianRatio(times[k], times[0]);
      return {
        figure: `${name}: ${figure}`,
        value: rounded(median(times[k]), 3),
        unit: 'ms',
        baseline,
        ratio: { value: rounded(ratio, 2), of: 'the direct read, round by round' },
        ...(goal ? { goal: { op: '≤', value: goal, unit: '×' }, met: ratio <= goal } : {}),
      };
    };
    return [
      row('first read, no cache', 1, 1.5),
      { ...row('first read, written to the fork cache', 2), detail: "a new fork's folder made, the file written to a temporary name and renamed" },
      row('cached, read from disk by a new upstream (a second run)', 3, 1),
      { ...row('cached, in memory (the same upstream)', 4), ratio: { value: rounded(medianRatio(times[4], times[0]), 4), of: 'the direct read, round by round' }, detail: `${fixed(median(times[4]) * 1000, 1)} µs` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A P-chain call to a mock node in process, its result (an error is a failed benchmark). */
async function callNode(node, method, params) {
  const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const parsed = JSON.parse(answer.body);
  if (!('result' in parsed)) throw new Error(`the fork answered ${method} with ${answer.body.slice(0, 200)}`);
  return parsed.result;
}

/**
 * The fork's own read of an object it has not read yet: `platform.getBalance` of an address, which
 * the fork reads from the upstream on first use (its UTXOs) and keeps. Each call takes an address
 * never asked before (the direct read asks the upstream the same addresses); cached: the same fork
 * again, and a second fork at the same height over the first one's cache (a second run).
 */
async function measureFork(url, perRound, rounds) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-fork-node-'));
  try {
    const height = Number((await direct(url, '/ext/bc/P', 'platform.getHeight', {})).height);
    const forkOf = () => createForkedMockNode({ network: { fork: { url, cacheDir: dir, height, log: () => {} } } });
    const first = await forkOf();
    // Warm-up and rounds of each variant, with room to spare: every call a new address.
    const count = (Math.min(perRound, 50) + perRound * rounds) * 2;
    const addresses = Array.from({ length: count }, (_, i) => keyAddress(`0x${(i + 1).toString(16).padStart(64, '0')}`, 'local'));
    const funded = testKeyAddress(TEST_KEYS[0], NETWORK_ID);
    if (JSON.stringify(await callNode(first, 'platform.getBalance', { addresses: [funded] })) !== JSON.stringify(await direct(url, '/ext/bc/P', 'platform.getBalance', { addresses: [funded] }))) {
      throw new Error("the fork's balance of a funded address differs from the upstream's");
    }
    const second = await forkOf();
    let directNext = 0;
    let firstNext = 0;
    let secondNext = 0;
    const variants = [
      () => direct(url, '/ext/bc/P', 'platform.getBalance', { addresses: [addresses[directNext++]] }),
      () => callNode(first, 'platform.getBalance', { addresses: [addresses[firstNext++]] }),
      () => callNode(first, 'platform.getBalance', { addresses: [funded] }),
      // Behind the first fork's reads (each round runs it after them): every address is in the cache.
      () => callNode(second, 'platform.getBalance', { addresses: [addresses[secondNext++]] }),
    ];
    const times = await alternatingRounds(variants, rounds, perRound);
    if (secondNext > firstNext) throw new Error('the second fork read an address the first had not cached');
    await first.close?.();
    await second.close?.();
    const baseline = { name: 'the same read direct from the upstream (getBalance of a new address): fetch + text() + JSON.parse', value: rounded(median(times[0]), 3), unit: 'ms' };
    const row = (figure, k, goal, detail) => {
      const ratio = medianRatio(times[k], times[0]);
      return {
        figure: `the fork's platform.getBalance of an address: ${figure}`,
        value: rounded(median(times[k]), 3),
        unit: 'ms',
        ...(detail ? { detail } : {}),
        baseline,
        ratio: { value: rounded(ratio, k === 2 ? 4 : 2), of: 'the direct read, round by round' },
        ...(goal ? { goal: { op: '≤', value: goal, unit: '×' }, met: ratio <= goal } : {}),
      };
    };
    return [
      row('first read (its UTXOs read from the upstream and written to the fork cache)', 1, 2),
      row('again, from the same fork', 2, undefined, `${fixed(median(times[2]) * 1000, 1)} µs`),
      row('first read of a second fork at the same height (from the fork cache: a second run)', 3, 1),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const work = mkdtempSync(join(tmpdir(), 'bench-fork-upstream-overrides-'));
  const overrides = join(work, 'overrides.json');
  writeFileSync(overrides, JSON.stringify({ 'platform.getCurrentValidators': JSON.parse(bigValidatorsBody()).result }));
  const { child, url } = await startUpstream(['--seed', '42', '--overrides', overrides]);
  try {
    const address = testKeyAddress(TEST_KEYS[0], NETWORK_ID);
    const balance = await measureRead(url, 'platform.getBalance of a funded address', ['/ext/bc/P', 'platform.getBalance', { addresses: [address] }], quick ? 1 : 40, quick ? 1 : 9);
    const validators = await measureRead(url, `platform.getCurrentValidators, ${VALIDATOR_SET} (~2.4 MB)`, ['/ext/bc/P', 'platform.getCurrentValidators', {}], quick ? 1 : 3, quick ? 1 : 9);
    // The fork's snapshot reads every subnet's validators: from an upstream without the 2.4 MB override.
    const plain = await startUpstream(['--seed', '42']);
    let fork;
    try {
      fork = await measureFork(plain.url, quick ? 1 : 40, quick ? 1 : 9);
    } finally {
      plain.child.kill();
    }
    return {
      id: 'fork-upstream',
      title: 'Fork upstream reads',
      about:
        "First the fork itself (`createForkedMockNode` of `@avanode/mock/server`, in process, over avanode-mock `--seed 42` in a process of its own, with a fork cache): `platform.getBalance` of an address it has not read yet (its UTXOs read from the upstream and written to the cache), of one it has, and of one a second fork at the same height finds in the first one's cache, against `getBalance` of the same new addresses made directly. Then the fork's upstream reader alone (`src/fork/upstream.ts`) against avanode-mock `--seed 42` in a process of its own, over loopback: a read the first time (a new upstream each time: the client's core, the allow-list, the dedupe and the answer kept; with a cache, the answer also written to a file) and again (a new upstream pinned at the same height reading the fork cache's file, as a second run does; the same upstream from memory), against the same read made directly. Times are medians of alternating rounds; ratios are medians of the per-round ratios. Goals: the fork's first read of an object at most 2× the direct read (it is one upstream read, the mock's own answer and a cache file), the upstream reader's first read at most 1.5×, and a cached read (a second run, from disk) no more than the direct read.",
      rows: [...fork, ...balance, ...validators],
    };
  } finally {
    child.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

// `node bench/fork-upstream.mjs` runs this benchmark alone (build @avanode/mock first).
await runAlone(import.meta.url, run);
