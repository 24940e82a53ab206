// `avanode wallet` at its edges, as a child process against mock nodes on 127.0.0.1: addresses of
// every network and chain refused with what to do, every bad flag answered with the accepted form
// (word for word), relative times from the chain's clock, --compact, the exit code of a refusal
// for funds (1, not the usage 2), the new verbs (stake --auto-renew, set-auto-renew, consolidate),
// and no key on stdout, stderr or argv for any of them.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@avanode/client';
import { decodeHex, decodeTx, encodeCB58, formatAddress, formatBech32 } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { keyAddress, keyAddressBytes, parsePrivateKey, proofOfPossession, readUtxoHexes, readUtxos } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cliDir = join(import.meta.dirname, '..');
const HEX = '5d'.repeat(16) + '2e'.repeat(16);
const KEY_HEX = `0x${HEX}`;
const KEY_CB58 = `PrivateKey-${encodeCB58(parsePrivateKey(KEY_HEX))}`;
const FROM = keyAddress(KEY_HEX, 'local');
const OTHER = keyAddressBytes(`0x${'43'.repeat(32)}`);
const AVAX = 1_000_000_000n;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/bin.ts', ...args], { cwd: cliDir, env: { ...process.env, AVANODE_URL: '', AVANODE_PRIVATE_KEY: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function expectNoKey(result: Run) {
  const text = `${result.stdout}\n${result.stderr}`;
  for (const form of [KEY_CB58, KEY_CB58.slice('PrivateKey-'.length), KEY_HEX, HEX, HEX.toUpperCase()]) expect(text).not.toContain(form);
}

const NETWORKS = [
  { id: 1, hrp: 'avax', name: 'mainnet', article: 'a mainnet address' },
  { id: 5, hrp: 'fuji', name: 'Fuji', article: 'a Fuji address' },
  { id: 12345, hrp: 'local', name: 'local', article: 'a local address' },
  { id: 1337, hrp: 'custom', name: 'a custom network', article: 'an address of a custom network' },
] as const;

const servers = new Map<number, MockServer>();
let dir: string;
let keyFile: string;
let local: MockServer;

beforeAll(async () => {
  for (const network of NETWORKS) {
    servers.set(network.id, await startMockServer({ port: 0, network: { seed: 13, networkID: network.id, clock: 'real', blockTimeMs: 100 }, overrides: { 'platform.getFeeState': { capacity: 1_000_000, excess: 0, price: 10_000, timestamp: '2026-01-01T00:00:00Z' } } as never }));
  }
  local = servers.get(12345)!;
  local.control.fund(FROM, (3000n * AVAX).toString());
  dir = mkdtempSync(join(tmpdir(), 'avanode-wallet-edges-'));
  keyFile = join(dir, 'key');
  writeFileSync(keyFile, `${KEY_HEX}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
});

afterAll(async () => {
  for (const server of servers.values()) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (url: string, to: string) => run(['wallet', 'send', '--key-file', keyFile, '--url', url, '--to', to, '--amount', '1']);

describe('avanode wallet: addresses', () => {
  it('--to of every form on every network: refused with what it is and what to do (exit 2)', async () => {
    const cases = NETWORKS.flatMap((network) => {
      const other = NETWORKS.find((n) => n !== network)!;
      const url = servers.get(network.id)!.url;
      const here = `P-${network.hrp}1…`;
      return [
        [url, formatAddress(OTHER, { hrp: other.hrp }, 'P'), `--to: P-${other.hrp}1… is ${other.article}; this node is ${network.name} (its addresses start with ${network.hrp}1)`],
        [url, formatAddress(OTHER, { hrp: network.hrp }, 'X'), `--to: X-${network.hrp}1… is an X-chain address: export to the X-chain (buildExportTx with the X-chain as destinationChain); here give ${here}`],
        [url, formatAddress(OTHER, { hrp: network.hrp }, 'C'), `--to: C-${network.hrp}1… is a C-chain address: export to the C-chain (buildExportTx with the C-chain as destinationChain); here give ${here}`],
        [url, `0x${'ab'.repeat(20)}`, `--to: 0x… is a C-chain EVM address: transfer to the C-chain (export to it, then import into that EVM address); here give ${here}`],
        [url, formatBech32(network.hrp, OTHER), `--to: ${network.hrp}1… has no chain prefix: write P-${network.hrp}1… (the chain it is on)`],
        [url, encodeCB58(OTHER), `--to: a bare short ID names no network or chain: write it as ${here} (formatAddress from @avanode/codec)`],
      ] as const;
    });
    const results = await Promise.all(cases.map(([url, to]) => send(url, to)));
    results.forEach((result, i) => {
      expect(result.stderr).toBe(`avanode: wallet send: ${cases[i]![2]}\n`);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expectNoKey(result);
    });
  });

  it('--rewards-address of another chain or network', async () => {
    const pop = await proofOfPossession(`0x${'29'.repeat(32)}`);
    const [x, fuji] = await Promise.all([
      run(['wallet', 'delegate', '--key-file', keyFile, '--url', local.url, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '25avax', '--end', '+20d', '--rewards-address', formatAddress(OTHER, 'local', 'X')]),
      run(['wallet', 'stake', '--key-file', keyFile, '--url', local.url, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '2000avax', '--end', '+20d', '--bls-public-key', pop.publicKey, '--bls-proof', pop.proofOfPossession, '--rewards-address', formatAddress(OTHER, 'fuji', 'P')]),
    ]);
    expect(x!.stderr).toBe('avanode: wallet delegate: --rewards-address: X-local1… is an X-chain address: export to the X-chain (buildExportTx with the X-chain as destinationChain); here give P-local1…\n');
    expect(fuji!.stderr).toBe('avanode: wallet stake: --rewards-address: P-fuji1… is a Fuji address; this node is local (its addresses start with local1)\n');
    for (const result of [x!, fuji!]) expect(result.code).toBe(2);
  });
});

describe('avanode wallet: flags', () => {
  it('every bad flag is answered with what was wrong and the accepted form, word for word', async () => {
    const bare = join(dir, 'bare-key');
    writeFileSync(bare, HEX, { mode: 0o600 });
    chmodSync(bare, 0o600);
    const at = (extra: string[]) => ['wallet', 'send', '--key-file', keyFile, '--url', local.url, '--to', keyAddress(`0x${'43'.repeat(32)}`, 'local'), ...extra];
    const cases: [string[], string][] = [
      [at(['--amount', '-1']), 'wallet: --amount cannot be negative: give a whole number of nAVAX (1500000000) or AVAX with the unit (1.5avax)'],
      [at(['--amount', '1.0000000001avax']), 'wallet: --amount has more than 9 decimals: 1 nAVAX (0.000000001avax) is the smallest amount'],
      [at(['--amount', '1.5']), 'wallet: --amount has decimals but no unit: write AVAX with the unit (1.5avax), or a whole number of nAVAX'],
      [at(['--amount', '0']), 'wallet: --amount must be above 0: give a whole number of nAVAX (1500000000) or AVAX with the unit (1.5avax)'],
      [at(['--amount', 'ten']), 'wallet: --amount must be a whole number of nAVAX (1500000000) or AVAX with the unit (1.5avax), below 2^64 nAVAX'],
      [at([]), 'wallet: --amount is required: a whole number of nAVAX (1500000000) or AVAX with the unit (1.5avax)'],
      [['wallet', 'delegate', '--key-file', keyFile, '--url', local.url, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '25avax', '--end', 'next week'], "wallet: --end must be Unix seconds, an RFC 3339 time (2026-06-01T00:00:00Z), or +<n>d / +<n>h from the chain's time"],
      [['wallet', 'set-auto-renew', '--key-file', keyFile, '--url', local.url, '--tx-id', encodeCB58(new Uint8Array(32)), '--period', 'fortnight'], 'wallet: --period must be seconds, or <n>d / <n>h (14d)'],
      [['wallet', 'set-auto-renew', '--key-file', keyFile, '--url', local.url, '--tx-id', encodeCB58(new Uint8Array(32)), '--period', '14d', '--auto-compound', '2000000'], 'wallet: --auto-compound must be a whole number of millionths from 0 to 1000000 (20000 = 2%)'],
      [['wallet', 'consolidate', '--key-file', keyFile, '--url', local.url, '--max-inputs', '1'], 'wallet: --max-inputs must be a whole number from 2 to 99999'],
      [['wallet', 'stake', '--key-file', keyFile, '--url', local.url, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '1', '--bls-public-key', '0x00', '--bls-proof', '0x00', '--auto-renew', '--end', '+14d'], 'wallet: --auto-renew takes --period, not --end: an auto-renewed validator renews at the end of each period'],
      [['wallet', 'delegate', '--key-file', keyFile, '--url', local.url, '--node-id', 'node-7', '--amount', '25avax', '--end', '+20d'], 'wallet delegate: --node-id must be a NodeID-… string'],
      [['wallet', 'set-auto-renew', '--key-file', keyFile, '--url', local.url, '--tx-id', 'nope', '--period', '1d'], 'wallet set-auto-renew: --tx-id must be a cb58 ID'],
      [['wallet', 'stake', '--key-file', keyFile, '--url', local.url, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '2000avax', '--end', '+20d', '--bls-public-key', 'zz', '--bls-proof', '0x00'], 'wallet stake: --bls-public-key must be bytes or 0x-prefixed hex'],
      [at(['--amount', '1', '--asset-id', 'zzz']), 'wallet: --asset-id must be an asset ID in cb58 (as platform.getStakingAssetID answers one)'],
      [['wallet', 'address', '--key-file', keyFile, '--network', 'bogus'], 'wallet: --network must be local, fuji, mainnet or a network ID (12345)'],
      [['wallet', 'address', '--key-file', bare, '--network', 'local'], `wallet: the key in ${bare} cannot be read: a private key must start with PrivateKey- or 0x: these 64 hex digits have no 0x; write them as 0x followed by the 64 digits, or use the node's PrivateKey-… form`],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args)));
    results.forEach((result, i) => {
      expect(result.stderr).toBe(`avanode: ${cases[i]![1]}\n`);
      expect(result.code).toBe(2);
      expectNoKey(result);
    });
  });

  it('--end +14d counts from the chain clock (platform.getTimestamp), not this machine; --compact prints one line; a shortfall exits 1 in AVAX', async () => {
    const client = createClient({ url: local.url });
    const { timestamp } = await client.call<{ timestamp: string }>('platform.getTimestamp');
    const chainNow = BigInt(Math.floor(Date.parse(timestamp) / 1000));
    // The mock's chain runs at its own time, far from this machine's clock.
    expect(Math.abs(Number(chainNow) - Date.now() / 1000)).toBeGreaterThan(86_400);
    const delegated = await run(['wallet', 'delegate', '--key-file', keyFile, '--url', local.url, '--node-id', (await client.call<{ validators: { nodeID: string }[] }>('platform.getCurrentValidators', {})).validators[0]!.nodeID, '--amount', '25avax', '--end', '+14d', '--no-wait', '--compact']);
    expect(delegated.stderr).toBe('');
    expect(delegated.stdout.trimEnd().split('\n')).toHaveLength(1);
    const { txID } = JSON.parse(delegated.stdout) as { txID: string };
    // --no-wait returns once issued; getTx finds only accepted txs (the node's state), so wait for the
    // next block (100 ms here), bounded.
    for (let poll = 0; poll < 100; poll++) {
      if ((await client.call<{ status: string }>('platform.getTxStatus', { txID })).status === 'Committed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tx = (await client.call<{ tx: { unsignedTx: { validator: { end: number | string } } } }>('platform.getTx', { txID, encoding: 'json' })).tx;
    const end = BigInt(tx.unsignedTx.validator.end);
    expect(end - chainNow).toBeGreaterThanOrEqual(14n * 86_400n);
    expect(end - chainNow).toBeLessThan(14n * 86_400n + 60n);
    const balance = await run(['wallet', 'balance', '--key-file', keyFile, '--url', local.url, '--compact']);
    expect(balance.stdout.trimEnd().split('\n')).toHaveLength(1);
    const avax = Object.values((JSON.parse(balance.stdout) as { P: Record<string, { name?: string; unlockedAVAX?: string; unlocked: string }> }).P).find((b) => b.name === 'AVAX')!;
    expect(avax.unlockedAVAX).toMatch(/^\d+(\.\d{1,9})?$/);
    const poor = await run(['wallet', 'send', '--key-file', keyFile, '--url', local.url, '--to', keyAddress(`0x${'43'.repeat(32)}`, 'local'), '--amount', '999999avax']);
    expect(poor.code).toBe(1);
    expect(poor.stderr).toMatch(/^avanode: wallet send: insufficient funds: AVAX needs 999999\.\d+ AVAX, \d+(\.\d+)? AVAX available\n$/);
    for (const result of [delegated, balance, poor]) expectNoKey(result);
  });
});

describe('avanode wallet: new verbs', () => {
  it('consolidate merges the key\'s UTXOs into one, one line per tx', async () => {
    const key = `0x${'3c'.repeat(32)}`;
    const file = join(dir, 'key-consolidate');
    writeFileSync(file, key, { mode: 0o600 });
    chmodSync(file, 0o600);
    const address = keyAddress(key, 'local');
    for (let i = 0; i < 12; i++) local.control.fund(address, (AVAX + BigInt(i)).toString());
    const merged = await run(['wallet', 'consolidate', '--key-file', file, '--url', local.url, '--compact']);
    expect(merged.stderr).toBe('');
    const lines = merged.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { status: string });
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line.status).toBe('Committed');
    expect(readUtxos(await readUtxoHexes(createClient({ url: local.url }), [address]), 'local').size).toBe(1);
    const again = await run(['wallet', 'consolidate', '--key-file', file, '--url', local.url, '--compact']);
    expect(again.stdout).toBe('{"txs":0,"note":"nothing to consolidate: at most one spendable AVAX UTXO"}\n');
  });

  it('stake --auto-renew and set-auto-renew issue types 40 and 41 with the flags given', async () => {
    // What the CLI puts in types 40 and 41 (ACP-236), byte for byte: a proxy on 127.0.0.1 forwards every
    // call to the mock but platform.issueTx, which it records and answers as a node accepting the tx
    // would (the mock's execution of both is packages/mock/test/auto-renewed.test.ts).
    const issued: string[] = [];
    const proxy = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', async () => {
        const call = JSON.parse(body) as { id: number; method: string; params: { tx: string } };
        if (call.method === 'platform.issueTx') {
          issued.push(call.params.tx);
          const txID = encodeCB58(createHash('sha256').update(decodeHex(call.params.tx)).digest());
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { txID } }));
          return;
        }
        const answer = await fetch(`${local.url}${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const via = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const pop = await proofOfPossession(`0x${'39'.repeat(32)}`);
      const staked = await run(['wallet', 'stake', '--key-file', keyFile, '--url', via, '--node-id', 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst', '--amount', '2000avax', '--auto-renew', '--period', '14d', '--auto-compound', '500000', '--shares', '30000', '--bls-public-key', pop.publicKey, '--bls-proof', pop.proofOfPossession, '--no-wait', '--compact']);
      expect(staked.stderr).toBe('');
      expect(JSON.parse(staked.stdout)).toMatchObject({ status: 'Issued' });
      const added = decodeTx(issued[0]!).unsignedTx as unknown as Record<string, unknown>;
      expect(added).toMatchObject({ type: 'AddAutoRenewedValidatorTx', delegationShares: 30_000, autoCompoundRewardShares: 500_000 });
      expect(BigInt(added.period as number)).toBe(1_209_600n);
      expect((added.validatorAuthority as { addresses: string[] }).addresses).toEqual([FROM]);
      const { txID } = JSON.parse(staked.stdout) as { txID: string };
      const changed = await run(['wallet', 'set-auto-renew', '--key-file', keyFile, '--url', via, '--tx-id', txID, '--period', '0', '--auto-compound', '1000000', '--no-wait']);
      expect(changed.stderr).toBe('');
      const signed = decodeTx(issued[1]!);
      expect(signed.unsignedTx).toMatchObject({ type: 'SetAutoRenewedValidatorConfigTx', txID, autoCompoundRewardShares: 1_000_000, auth: { signatureIndices: [0] } });
      // The authority's signature is the auth's credential, after the inputs'.
      expect(signed.credentials.length).toBe((signed.unsignedTx as unknown as { inputs: unknown[] }).inputs.length + 1);
      for (const result of [staked, changed]) expectNoKey(result);
    } finally {
      proxy.close();
    }
  });

  it('never takes a key from argv in the new verbs and flags either', async () => {
    const runs = await Promise.all([
      run(['wallet', 'consolidate', '--key', KEY_CB58]),
      run(['wallet', 'consolidate', '--key-file', keyFile, '--max-inputs', KEY_HEX]),
      run(['wallet', 'set-auto-renew', '--key-file', keyFile, '--tx-id', KEY_CB58, '--period', '14d']),
      run(['wallet', 'set-auto-renew', '--key-file', keyFile, `--tx-id=${HEX}`, '--period', '14d']),
      run(['wallet', 'stake', '--auto-renew', '--key-file', keyFile, '--period', KEY_HEX]),
      run(['wallet', 'stake', '--auto-renew', '--key-file', keyFile, '--auto-compound', HEX.toUpperCase()]),
    ]);
    for (const result of runs) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/never taken from the command line/);
      expectNoKey(result);
    }
  });
});
