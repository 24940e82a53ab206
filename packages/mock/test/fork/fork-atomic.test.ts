// A fork's shared memory (src/fork/lazy.ts loadAtomic): AVAX exported from the upstream's
// C-chain to its P-chain before the fork, not yet imported there, is read on first use (the first
// getUTXOs with sourceChain for an address, or an ImportTx whose credentials name the owners) and
// imported on the fork with @avanode/wallet over HTTP on 127.0.0.1. The upstream's atomic UTXO
// stays unspent upstream; each address's atomic UTXOs are read once.
import { createClient } from '@avanode/client';
import { createForkedMockNode, startForkedMockServer, startMockServer, type ForkReader, type MockServer } from '@avanode/mock/server';
import { buildCChainExportTx, buildImportTx, createKeySigner, createWallet, keyAddress, readUtxos, sendTx, signAtomicTx, withBaseFeeMargin } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/fork/upstream.ts';
import { rpc } from './http-reader.js';

const NETWORK_ID = 12345;
const AVAX = 1_000_000_000n;
/** Two keys of this test alone: one imports through getUTXOs first, the other issues an ImportTx straight away. */
const KEY_A = `0x${'61'.repeat(32)}`;
const KEY_B = `0x${'62'.repeat(32)}`;

type Json = Record<string, unknown>;
let upstream: MockServer;
let fork: Awaited<ReturnType<typeof startForkedMockServer>>;
let reader: Upstream;
let cChainID = '';
const forkLog: string[] = [];

/** A key's signer, its P-chain address and its EVM account. */
const addressesOf = (key: string) => {
  const signer = createKeySigner(key);
  const hex = [...signer.evmAddresses![0]!].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { signer, p: keyAddress(key, NETWORK_ID), evm: `0x${hex}` };
};
const a = addressesOf(KEY_A);
const b = addressesOf(KEY_B);

/** What waits on a node's P-chain from the C-chain for `address`: the UTXO hexes. */
async function waiting(url: string, address: string): Promise<string[]> {
  const { result, error } = await rpc(url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [address], sourceChain: 'C', encoding: 'hex' });
  if (error) throw new Error(error.message);
  return (result as { utxos: string[] }).utxos;
}
const total = (hexes: string[]) => [...readUtxos(hexes, NETWORK_ID).values()].reduce((sum, u) => sum + u.amount, 0n);
const balance = async (url: string, address: string) => BigInt(((await rpc(url, '/ext/bc/P', 'platform.getBalance', { addresses: [address] })).result as Json).balance as string);
/** Requests the fork sent for what the C-chain exported to `address`. */
const atomicReads = (address: string) => reader.log.filter((entry) => entry.method === 'platform.getUTXOs' && (entry.params.addresses as string[])[0] === address && entry.params.sourceChain === cChainID).length;

/** An export of `amount` from the upstream's C-chain to `to` on its P-chain, accepted in a block. */
async function exportOnUpstream(evm: string, signer: ReturnType<typeof createKeySigner>, to: string, amount: bigint): Promise<string> {
  const call = (method: string, params: unknown) => rpc(upstream.url, '/ext/bc/C/rpc', method, params);
  const baseFeeWei = BigInt((await call('eth_baseFee', [])).result as string);
  const nonce = BigInt((await call('eth_getTransactionCount', [evm, 'latest'])).result as string);
  const avaxAssetID = ((await rpc(upstream.url, '/ext/bc/P', 'platform.getStakingAssetID', {})).result as Json).assetID as string;
  const built = buildCChainExportTx({ network: NETWORK_ID, cChainID, avaxAssetID, baseFeeWei: withBaseFeeMargin(baseFeeWei, 25n), destinationChain: 'P', from: evm, nonce, amount, to });
  const signed = await signAtomicTx(built, { signers: [signer] });
  const issued = await rpc(upstream.url, '/ext/bc/C/avax', 'avax.issueTx', { tx: signed.hex, encoding: 'hex' });
  expect(issued.error).toBeUndefined();
  upstream.control.mine();
  expect(((await rpc(upstream.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID: signed.id })).result as Json).status).toBe('Accepted');
  return signed.id;
}

beforeAll(async () => {
  upstream = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 5 } });
  cChainID = ((await rpc(upstream.url, '/ext/info', 'info.getBlockchainID', { alias: 'C' })).result as Json).blockchainID as string;
  for (const who of [a, b]) upstream.control.fund(who.evm, 10n * AVAX);
  await exportOnUpstream(a.evm, a.signer, a.p, 3n * AVAX);
  await exportOnUpstream(b.evm, b.signer, b.p, 2n * AVAX);
  expect(total(await waiting(upstream.url, a.p))).toBe(3n * AVAX);
  expect(total(await waiting(upstream.url, b.p))).toBe(2n * AVAX);
  reader = createUpstream({ url: upstream.url, logger: (line) => forkLog.push(line) });
  fork = await startForkedMockServer({ port: 0, host: '127.0.0.1', network: { fork: { reader, log: (line) => forkLog.push(line) } } });
});
afterAll(async () => {
  await fork?.close();
  await upstream?.close();
});

describe('the upstream\'s shared memory on a fork', () => {
  it('lists what the upstream\'s C-chain exported to an address (getUTXOs with sourceChain), read once', async () => {
    expect(atomicReads(a.p)).toBe(0);
    const upstreamHexes = await waiting(upstream.url, a.p);
    expect(await waiting(fork.url, a.p)).toEqual(upstreamHexes);
    // By the chain's ID too: the same UTXOs, and no second request for them.
    const byID = await rpc(fork.url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [a.p], sourceChain: cChainID, encoding: 'hex' });
    expect((byID.result as { utxos: string[] }).utxos).toEqual(upstreamHexes);
    expect(atomicReads(a.p)).toBe(1);
    // The X-chain exported nothing to it, upstream or here.
    const fromX = await rpc(fork.url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [a.p], sourceChain: 'X', encoding: 'hex' });
    expect((fromX.result as { utxos: string[] }).utxos).toEqual([]);
  });

  it('imports it on the fork with the wallet\'s transfer (resumed from shared memory); upstream it stays unspent', async () => {
    const wallet = createWallet({ client: createClient({ url: fork.url, retry: false }), signers: [a.signer] });
    const mining = setInterval(() => fork.control.mine(), 50);
    let result: Awaited<ReturnType<typeof wallet.transfer>>;
    try {
      result = await wallet.transfer({ from: 'C', to: 'P', amount: 3n * AVAX });
    } finally {
      clearInterval(mining);
    }
    expect(result.resumed).toBe(true);
    expect(result.exportTxID).toBeUndefined();
    expect(result.imported).toBe(3n * AVAX - result.fees.import);
    expect(result.fees.import).toBeGreaterThan(0n);
    expect(await balance(fork.url, a.p)).toBe(result.imported);
    // Spent on the fork: shared memory no longer holds it, and a later read does not put it back.
    expect(await waiting(fork.url, a.p)).toEqual([]);
    expect(atomicReads(a.p)).toBe(1);
    // Upstream: still waiting, nothing imported, the P-chain balance unchanged.
    expect(total(await waiting(upstream.url, a.p))).toBe(3n * AVAX);
    expect(await balance(upstream.url, a.p)).toBe(0n);
    expect(((await rpc(upstream.url, '/ext/bc/P', 'platform.getTxStatus', { txID: result.importTxID })).result as Json).status).toBe('Unknown');
  }, 30_000);

  it('reads an ImportTx\'s atomic UTXOs before it executes (the owners its credentials recover), with no getUTXOs first', async () => {
    const hexes = await waiting(upstream.url, b.p);
    expect(atomicReads(b.p)).toBe(0);
    const client = createClient({ url: fork.url, retry: false });
    const sent = await sendTx(client, { build: buildImportTx, params: { sourceChain: cChainID, atomicUtxos: hexes, to: b.p }, signers: [b.signer], wait: false });
    expect(atomicReads(b.p)).toBe(1);
    fork.control.mine();
    expect(((await rpc(fork.url, '/ext/bc/P', 'platform.getTxStatus', { txID: sent.txID })).result as Json).status).toBe('Committed');
    expect(await balance(fork.url, b.p)).toBe(2n * AVAX - sent.fee);
    // The same UTXO again: gone from the fork's shared memory, as on the node.
    const again = await rpc(fork.url, '/ext/bc/P', 'platform.issueTx', { tx: sent.signed.hex, encoding: 'hex' });
    expect(again.error?.message).toMatch(/failed to get shared memory: not found$/);
    expect(atomicReads(b.p)).toBe(1);
    expect(total(await waiting(upstream.url, b.p))).toBe(2n * AVAX);
    expect(forkLog).toEqual([]);
    // The fork's upstream was never written to.
    expect(reader.log.some((entry) => entry.method.endsWith('issueTx'))).toBe(false);
  });

  it('control.reset goes back to the fork\'s state: the imported UTXOs wait again, with no new request', async () => {
    const requests = reader.log.length;
    fork.control.reset();
    expect(await waiting(fork.url, a.p)).toEqual(await waiting(upstream.url, a.p));
    expect(await waiting(fork.url, b.p)).toEqual(await waiting(upstream.url, b.p));
    expect(await balance(fork.url, a.p)).toBe(0n);
    expect(reader.log.length).toBe(requests);
  });

  it('an upstream failure on an atomic read: the node\'s text (problem retrieving UTXOs: closed), the reason logged; the next read works', async () => {
    const log: string[] = [];
    let failing = true;
    const flaky: ForkReader = {
      read: (endpoint, method, params) => {
        if (failing && method === 'platform.getUTXOs' && params.sourceChain !== undefined) return Promise.reject(Object.assign(new Error('upstream unavailable'), { reason: 'HTTP 502 Bad Gateway (after 4 attempts)' }));
        return reader.read(endpoint, method, params);
      },
    };
    const node = await createForkedMockNode({ network: { fork: { reader: flaky, log: (line) => log.push(line) } } });
    try {
      const ask = async () => JSON.parse((await node.handle({ method: 'POST', path: '/ext/bc/P', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getUTXOs', params: { addresses: [a.p], sourceChain: 'C', encoding: 'hex' } }) })).body);
      expect((await ask()).error).toMatchObject({ code: -32000, message: 'problem retrieving UTXOs: closed' });
      expect(log).toEqual([expect.stringMatching(/^fork: the upstream could not answer platform\.getUTXOs .*HTTP 502 Bad Gateway \(after 4 attempts\)$/)]);
      failing = false;
      expect((await ask()).result.utxos).toEqual(await waiting(upstream.url, a.p));
    } finally {
      await node.close();
    }
  });
});
