// `avanode record`: records exchanges with a live node into a corpus (the format of
// ../shared/recordings), for the read-only methods, with params from a plan. Never calls a
// state-changing method (platform.issueTx); never overwrites a file without --force.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serverPath } from '@avanode/generators/model';
import { repoRoot } from './corpus.ts';

interface SpecMethod {
  name: string;
  paramStructure?: string;
  servers?: Array<{ url: string }>;
  params: Array<{ name: string }>;
  examples?: Array<{ params: Array<{ name: string; value: unknown }> }>;
  'x-mutating'?: boolean;
}

export interface PlanEntry {
  method: string;
  params?: unknown;
  /** For L1 EVM chain methods: the chain's ID or alias. */
  blockchainID?: string;
}

const spec = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8')) as { methods: SpecMethod[] };
const byName = new Map(spec.methods.map((m) => [m.name, m]));
const GROUP_FOLDERS: Record<string, string> = { info: 'info', platform: 'platform', health: 'health', eth: 'subnet-evm', validators: 'subnet-evm' };

/** The default plan: every read-only method with its first spec example's params. */
export function defaultPlan(blockchainID: string): PlanEntry[] {
  return spec.methods
    .filter((m) => !m['x-mutating'])
    .map((m) => {
      const example = m.examples?.[0]?.params ?? [];
      const params = m.paramStructure === 'by-position' ? example.map((p) => p.value) : Object.fromEntries(example.map((p) => [p.name, p.value]));
      return { method: m.name, params, ...(m.servers?.[0]?.url.includes('{blockchainID}') ? { blockchainID } : {}) };
    });
}

/** The base URL as written into recordings and messages: credentials (`http://user:secret@host`) replaced with `***`. */
const shownUrl = (url: string) => url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#\s]*@/, '$1***@');

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${shownUrl(url)}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

const usage = `usage: avanode record --url <node base url> [--methods m1,m2] [--plan plan.json] [--out dir] [--blockchain-id id] [--force]
  --methods        only these methods (default: every read-only method of the spec, and the health GET)
  --plan           a JSON list [{ "method": …, "params": …, "blockchainID": … }] (default: the spec's example params)
  --out            the corpus folder to write (default conformance/recordings/recorded)
  --force          overwrite files that exist
  -h, --help       this help`;

function parseFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      methods: { type: 'string' },
      plan: { type: 'string' },
      out: { type: 'string' },
      'blockchain-id': { type: 'string', default: 'C' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
}

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parseFlags>;
  try {
    values = parseFlags(argv);
  } catch (error) {
    console.error(`avanode record: ${(error as Error).message.split('\n')[0]}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.url || !/^https?:\/\//.test(values.url)) {
    console.error(`avanode record: --url must be the node's http(s) base address\n${usage}`);
    return 2;
  }
  const base = values.url.replace(/\/+$/, '');
  const out = resolve(values.out ?? join(repoRoot, 'conformance', 'recordings', 'recorded'));
  const wanted = values.methods?.split(',').map((m) => m.trim()).filter(Boolean);
  let plan = values.plan ? (JSON.parse(readFileSync(values.plan, 'utf8')) as PlanEntry[]) : defaultPlan(values['blockchain-id']);
  const refused = [...(wanted ?? []), ...plan.map((p) => p.method)].filter((m) => byName.get(m)?.['x-mutating']);
  if (refused.length > 0) {
    console.error(`avanode record: refusing ${[...new Set(refused)].join(', ')}: it changes state on the node; only read-only methods are recorded`);
    return 2;
  }
  const unknown = (wanted ?? []).filter((m) => !byName.has(m) && m !== 'health.get');
  if (unknown.length > 0) {
    console.error(`avanode record: not methods of the spec: ${unknown.join(', ')}`);
    return 2;
  }
  if (wanted) plan = plan.filter((p) => wanted.includes(p.method));
  const withGet = !wanted || wanted.includes('health.get');

  // Decide every file first: nothing is written when one would be overwritten.
  const targets = plan.map((entry) => {
    const group = GROUP_FOLDERS[entry.method.split(/[._]/)[0]!] ?? 'other';
    return { entry, file: join(out, group, entry.method, 'recorded-1.json') };
  });
  const healthFile = join(out, 'health', 'health.get', 'recorded-1.json');
  const existing = [...targets.map((t) => t.file), ...(withGet ? [healthFile] : [])].filter((file) => existsSync(file));
  if (existing.length > 0 && !values.force) {
    console.error(`avanode record: ${existing.length} file(s) exist (e.g. ${existing[0]}); use --force to overwrite`);
    return 1;
  }

  const versionAnswer = (await post(`${base}/ext/info`, { jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion' }).catch(() => undefined)) as { result?: { version?: string } } | undefined;
  const version = versionAnswer?.result?.version ?? 'unknown';
  const time = new Date().toISOString();
  const note = `recorded by avanode record from ${shownUrl(base)}, node ${version}, at ${time}`;
  const write = (file: string, content: object) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
  };
  let id = 1;
  for (const { entry, file } of targets) {
    const method = byName.get(entry.method)!;
    const path = serverPath(method.servers?.[0]?.url ?? '/').replace('{blockchainID}', encodeURIComponent(entry.blockchainID ?? 'C'));
    const request = { jsonrpc: '2.0', id: id++, method: entry.method, ...(entry.params === undefined ? {} : { params: entry.params }) };
    const response = await post(`${base}${path}`, request);
    write(file, { source: { repo: 'avanode-record', path: shownUrl(base), commit: null }, endpoint: path, httpMethod: 'POST', request, response, httpStatus: null, notes: note });
    console.log(`recorded ${entry.method} → ${file}`);
  }
  if (withGet) {
    const response = await fetch(`${base}/ext/health`, { signal: AbortSignal.timeout(30_000) });
    write(healthFile, { source: { repo: 'avanode-record', path: shownUrl(base), commit: null }, endpoint: '/ext/health', httpMethod: 'GET', request: {}, response: await response.json(), httpStatus: response.status, notes: note });
    console.log(`recorded health.get → ${healthFile}`);
  }
  return 0;
}
