// Mock node throughput on loopback (autocannon) against @open-rpc/mock-server serving the same
// document, in the same run: once by default, answering from the spec's examples' chain (a mix of small and large
// methods), once with the simulated network on (reads of a seeded chain: its height, a funded
// address's balance and UTXOs), each set against the baseline answering the same calls.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateState } from '@avanode/msw';
import { fixed, quick, rounded, runAlone } from './measure.mjs';

const root = join(import.meta.dirname, '..');
/**
 * The goals for both modes: more requests/s than the baseline, and at most this much server CPU
 * per request. (Not a multiple of the baseline's requests/s: a bare node:http server answering
 * one fixed body, the ceiling below, is itself only 2-4x the baseline on this machine.)
 */
const CPU_GOAL_US = 40;
/** The goal this benchmark had before the baseline was sent calls it answers (issue 18). */
const FIRST_GOAL = 10;
const SEED = 42;

const call = (path, method, params = {}) => ({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
const examplesMix = (pathOf) => [
  call(pathOf('/ext/bc/P'), 'platform.getHeight'),
  call(pathOf('/ext/bc/P'), 'platform.getCurrentValidators', { nodeIDs: ['NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }),
  call(pathOf('/ext/info'), 'info.upgrades'),
  call(pathOf('/ext/health'), 'health.health'),
];
/** The seed's first funded address: the network answers it from its ledger (three UTXOs for seed 42). */
const funded = generateState(SEED).utxos[0].address;
const networkMix = (pathOf) => [
  call(pathOf('/ext/bc/P'), 'platform.getHeight'),
  call(pathOf('/ext/bc/P'), 'platform.getBalance', { addresses: [funded] }),
  call(pathOf('/ext/bc/P'), 'platform.getUTXOs', { addresses: [funded], encoding: 'hex' }),
];
/**
 * The same methods for the baseline, with its examples' params: @open-rpc/mock-server answers a
 * call whose params match an example with that example, and others by generating from the
 * schema, which fails on this document (`6969 unknown error`).
 */
const spec = JSON.parse(readFileSync(join(root, 'spec', 'openrpc.json'), 'utf8'));
const exampleParams = (name) => Object.fromEntries(spec.methods.find((m) => m.name === name).examples[0].params.map((p) => [p.name, p.value]));
const networkMixForBaseline = (pathOf) => [
  call(pathOf('/'), 'platform.getHeight'),
  call(pathOf('/'), 'platform.getBalance', exampleParams('platform.getBalance')),
  call(pathOf('/'), 'platform.getUTXOs', exampleParams('platform.getUTXOs')),
];

/** Clock ticks per second of /proc/<pid>/stat (Linux); undefined elsewhere. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return undefined;
  }
})();

/**
 * CPU time (user + system, ms) a process has used, from /proc (Linux): the server's own cost per
 * request, which on a shared machine varies far less than requests/s (autocannon competes for the
 * same cores). Undefined where /proc is not there.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

async function load(url, requests, pid) {
  // A short run first, so both servers are measured warm (JIT-compiled), not starting up.
  if (!quick) await autocannon({ url, connections: 50, duration: 1, requests });
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 50, duration: quick ? 1 : 8, requests });
  const after = cpuMs(pid);
  const cpuPerRequestUs = before === undefined || after === undefined || !result.requests.total ? undefined : ((after - before) * 1000) / result.requests.total;
  return { rps: result.requests.average, errors: result.errors + result.non2xx + result.timeouts, cpuPerRequestUs };
}

/** Starts a server process and waits for the line that says it listens; `pattern` picks its URL out of it. */
async function startProcess(args, pattern, name) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start`)), 15_000);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      const match = pattern.exec(String(chunk));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, url };
}

/** Every call of the mix answered with a result, not an error: a fast wrong answer must not count. */
async function checkAnswers(url, requests) {
  for (const request of requests) {
    const response = await fetch(`${url}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
    const answer = await response.json();
    if (!('result' in answer)) throw new Error(`${url}${request.path} ${JSON.parse(request.body).method}: no result: ${JSON.stringify(answer).slice(0, 200)}`);
  }
}

/** @open-rpc/mock-server on a free port: it answers on one path for every method, from the examples. */
async function measureBaseline(mixes) {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const cli = join(import.meta.dirname, 'node_modules', '@open-rpc', 'mock-server', 'build', 'cli.js');
  const { child } = await startProcess([cli, '-d', join(root, 'spec', 'openrpc.json'), '-p', String(port)], /(Server Started)/, '@open-rpc/mock-server');
  try {
    const base = `http://127.0.0.1:${port}`;
    await checkAnswers(base, mixes.flatMap((mix) => mix(() => '/')));
    const results = [];
    for (const mix of mixes) results.push(await load(base, mix(() => '/'), child.pid));
    return results;
  } finally {
    child.kill();
  }
}

/** avanode-mock (the built command), in its own process as the baseline is, so autocannon has this one to itself. */
async function measureOurs(args, mix) {
  const bin = join(root, 'packages', 'mock', 'bin', 'avanode-mock.mjs');
  const { child, url } = await startProcess([bin, '--port', '0', ...args], /on (http:\/\/127\.0\.0\.1:\d+)/, 'avanode-mock');
  try {
    await checkAnswers(url, mix((p) => p));
    return await load(url, mix((p) => p), child.pid);
  } finally {
    child.kill();
  }
}

/**
 * The ceiling: a bare node:http server in its own process answering every request with one fixed
 * JSON-RPC body, under the same load. No mock built on node:http can pass it on this machine.
 */
const BARE_SERVER = `
const body = '{"jsonrpc":"2.0","result":{"height":"1204"},"id":1}\\n';
const server = require('node:http').createServer((req, res) => {
  req.on('data', () => {}).on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body));
});
server.listen(0, '127.0.0.1', () => console.log('on http://127.0.0.1:' + server.address().port));
`;

async function measureCeiling(mix) {
  const { child, url } = await startProcess(['-e', BARE_SERVER], /on (http:\/\/127\.0\.0\.1:\d+)/, 'the bare node:http server');
  try {
    return await load(url, mix((p) => p), child.pid);
  } finally {
    child.kill();
  }
}

export async function run() {
  const examples = await measureOurs([], examplesMix);
  // The command's default clock: a block every 2 s of wall time while the load runs.
  const network = await measureOurs(['--seed', String(SEED)], networkMix);
  const [baseline, baselineNetwork] = await measureBaseline([examplesMix, networkMixForBaseline]);
  const ceiling = await measureCeiling(networkMix);
  const ratio = examples.rps / baseline.rps;
  const networkRatio = network.rps / baselineNetwork.rps;
  const cpu = (result) => (result.cpuPerRequestUs === undefined ? '' : `, ${fixed(result.cpuPerRequestUs, 0)} µs of server CPU per request`);
  const ofCeiling = (ours) => (ours.cpuPerRequestUs === undefined || ceiling.cpuPerRequestUs === undefined ? '' : ` (${fixed(ours.cpuPerRequestUs / ceiling.cpuPerRequestUs)}× the ceiling's CPU)`);
  const served = (result) => `${result.errors} errors${cpu(result)}`;
  const against = (base, name) => ({ name, value: rounded(base.rps), unit: 'req/s', detail: served(base) });
  // Where /proc is missing, the CPU part of the goal cannot be judged: requests/s alone decide.
  const met = (ours, ratioToBaseline) => ratioToBaseline > 1 && (ours.cpuPerRequestUs === undefined || ours.cpuPerRequestUs <= CPU_GOAL_US);
  const goal = { op: '>', value: 1, unit: '×', also: `≤ ${CPU_GOAL_US} µs of server CPU per request` };
  const ceilingRatio = ceiling.rps / baselineNetwork.rps;
  return {
    id: 'mock-throughput',
    title: 'Mock node throughput (50 connections, loopback)',
    about: 'autocannon against each server in a process of its own, warmed up; server CPU per request from /proc, steadier than requests/s on a shared machine.',
    rows: [
      {
        figure: "avanode-mock by default, the examples' chain (platform.getHeight, getCurrentValidators, info.upgrades, health.health)",
        value: rounded(examples.rps), unit: 'req/s', detail: `${served(examples)}${ofCeiling(examples)}`,
        baseline: against(baseline, '@open-rpc/mock-server 1.7.8'), ratio: { value: rounded(ratio, 2), of: "the baseline's requests/s" },
        goal, met: met(examples, ratio),
      },
      {
        figure: `avanode-mock --seed ${SEED}, the simulated network (a block every 2 s; platform.getHeight, getBalance and getUTXOs of a funded address)`,
        value: rounded(network.rps), unit: 'req/s', detail: `${served(network)}${ofCeiling(network)}`,
        baseline: against(baselineNetwork, '@open-rpc/mock-server 1.7.8, the same calls from its examples'), ratio: { value: rounded(networkRatio, 2), of: "the baseline's requests/s" },
        goal, met: met(network, networkRatio),
      },
      {
        figure: 'the ceiling on this machine: a bare node:http server answering one fixed body',
        value: rounded(ceiling.rps), unit: 'req/s', detail: served(ceiling).replace(/^0 errors, /, ''),
        baseline: against(baselineNetwork, '@open-rpc/mock-server 1.7.8, the same calls from its examples'), ratio: { value: rounded(ceilingRatio, 2), of: "the baseline's requests/s" },
      },
      // The goal first set for this benchmark, still reported: it was met only against a baseline
      // that failed most of its calls; against one that answers them, it lies above the ceiling.
      {
        figure: "avanode-mock in both modes, the benchmark's first goal (the lower of the two ratios)",
        value: rounded(Math.min(ratio, networkRatio), 2), unit: '×',
        baseline: { name: '@open-rpc/mock-server 1.7.8' }, ratio: { value: rounded(Math.min(ratio, networkRatio), 2), of: "the baseline's requests/s" },
        goal: { op: '≥', value: FIRST_GOAL, unit: '×' }, met: ratio >= FIRST_GOAL && networkRatio >= FIRST_GOAL,
        note: `A bare node:http server answering one fixed body is itself only ${fixed(ceilingRatio)}× the baseline here, so no mock built on node:http can reach it; the goal of more requests/s than the baseline at ≤ 40 µs of server CPU per request replaced it.`,
      },
    ],
  };
}

// Run alone (`node bench/mock-throughput.mjs`): print the section; bench/run.mjs imports run() instead.
await runAlone(import.meta.url, run);
