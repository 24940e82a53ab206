// The simulated C-chain and shared memory (src/chains/c, src/shared-memory.ts) against a peer
// library: @avalabs/avalanchejs 5.2.0 (a dev-only peer, never read or copied) builds its context
// from the mock's URL, exports AVAX from the C-chain with its own builder and API client, then
// imports it on the P-chain, over real HTTP on 127.0.0.1. A second import of the same UTXO and an
// export at a used nonce are refused with coreth's and the P-chain's texts; AVAX is conserved
// across the C-chain's balances, shared memory and the P-chain's UTXOs, less the fees burnt.
import { Context, TransferableOutput, addTxSignatures, evm, pvm, secp256k1, utils } from '@avalabs/avalanchejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { TEST_KEYS } from '@avanode/mock';
import { atomicTxBurned } from '@avanode/wallet/rules';
import { decodeAtomicTx } from '@avanode/codec/cchain';
import { decodeTx } from '@avanode/codec';

const KEY = utils.base58check.decode(TEST_KEYS[0]!.privateKey.slice('PrivateKey-'.length));
const EVM_ADDRESS = utils.bufferToHex(secp256k1.publicKeyToEthAddress(secp256k1.getPublicKey(KEY)));
const SHORT_ADDRESS = secp256k1.publicKeyBytesToAddress(secp256k1.getPublicKey(KEY));
const WEI = 1_000_000_000n;
const AVAX = 1_000_000_000n;

let server: MockServer;
let context: Context.Context;
let evmApi: evm.EVMApi;
let pvmApi: pvm.PVMApi;

const post = async (action: string, body: unknown) => (await fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
async function rpc(path: string, method: string, params: unknown) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}
const cBalance = async () => BigInt((await rpc('/ext/bc/C/rpc', 'eth_getBalance', [EVM_ADDRESS, 'latest'])).result as string);
const cNonce = async () => BigInt((await rpc('/ext/bc/C/rpc', 'eth_getTransactionCount', [EVM_ADDRESS, 'latest'])).result as string);
const pAddress = () => `P-${utils.formatBech32(context.hrp, SHORT_ADDRESS)}`;
async function pAvax(): Promise<bigint> {
  const { utxos } = await pvmApi.getUTXOs({ addresses: [pAddress()] });
  return utxos.reduce((sum, u) => sum + (u.output as unknown as { amount(): bigint }).amount(), 0n);
}
async function waitingFromC(): Promise<bigint> {
  const { utxos } = await pvmApi.getUTXOs({ addresses: [pAddress()], sourceChain: 'C' });
  return utxos.reduce((sum, u) => sum + (u.output as unknown as { amount(): bigint }).amount(), 0n);
}

async function exportFromC(amount: bigint, nonce?: bigint) {
  const baseFeeWei = await evmApi.getBaseFee();
  // avalanchejs takes the base fee in nAVAX per gas: eth_baseFee's wei / 10^9.
  const tx = evm.newExportTxFromBaseFee(context, baseFeeWei / WEI, amount, context.pBlockchainID, utils.hexToBuffer(EVM_ADDRESS), [SHORT_ADDRESS], nonce ?? (await cNonce()));
  await addTxSignatures({ unsignedTx: tx, privateKeys: [KEY] });
  return tx.getSignedTx();
}

beforeAll(async () => {
  server = await startMockServer({ port: 0, network: { seed: 11 } });
  context = await Context.getContextFromURI(server.url);
  evmApi = new evm.EVMApi(server.url);
  pvmApi = new pvm.PVMApi(server.url);
});
afterAll(() => server.close());

describe('avalanchejs against the mock\'s C-chain', () => {
  it('builds its context from the mock\'s URL: the network, the three chains, AVAX and the fees', async () => {
    expect(context.networkID).toBe(12345);
    expect(context.hrp).toBe('local');
    expect(context.pBlockchainID).toBe('11111111111111111111111111111111LpoYY');
    const { result } = await rpc('/ext/info', 'info.getBlockchainID', { alias: 'C' });
    expect(context.cBlockchainID).toBe((result as { blockchainID: string }).blockchainID);
    expect(context.xBlockchainID).not.toBe(context.cBlockchainID);
    expect(context.avaxAssetID).toBe(((await rpc('/ext/bc/P', 'platform.getStakingAssetID', {})).result as { assetID: string }).assetID);
    expect(context.baseTxFee).toBe(1_000_000n);
  });

  it('funds a 0x address through the control API; eth_getBalance, eth_chainId and eth_baseFee answer from the state', async () => {
    const before = await cBalance();
    const funded = await post('fund', { address: EVM_ADDRESS, amount: String(10n * AVAX) });
    expect(funded.balance).toBe(String(before + 10n * AVAX * WEI));
    expect(await cBalance()).toBe(before + 10n * AVAX * WEI);
    expect((await rpc('/ext/bc/C/rpc', 'eth_chainId', [])).result).toBe('0xa868');
    expect(await post('base-fee', { wei: '30000000000' })).toEqual({ baseFee: '0x6fc23ac00' });
    expect(await evmApi.getBaseFee()).toBe(30_000_000_000n);
  });

  it('C → P: an export signed by avalanchejs, avax.issueTx, a block; then pvm.newImportTx from C and platform.issueTx move the AVAX', async () => {
    const startC = await cBalance();
    const startP = await pAvax();
    const nonce = await cNonce();
    const signedExport = await exportFromC(3n * AVAX);
    const exportFee = atomicTxBurned(decodeAtomicTx(signedExport.toBytes()).unsignedTx, context.avaxAssetID);
    const { txID: exportID } = await evmApi.issueSignedTx(signedExport);
    expect((await evmApi.getAtomicTxStatus(exportID)).status).toBe('Processing');
    await post('advance', { ms: 2000 });
    expect((await rpc('/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID: exportID })).result).toMatchObject({ status: 'Accepted', blockHeight: expect.any(String) });
    expect(await cBalance()).toBe(startC - (3n * AVAX + exportFee) * WEI);
    // Issued again once accepted: verified again, its nonce is spent (export_tx.go EVMStateTransfer).
    expect((await rpc('/ext/bc/C/avax', 'avax.issueTx', { tx: utils.bufferToHex(utils.addChecksum(signedExport.toBytes())), encoding: 'hex' })).error?.message).toBe('invalid nonce');
    expect(await cNonce()).toBe(nonce + 1n);
    expect(await waitingFromC()).toBe(3n * AVAX);

    const { utxos } = await pvmApi.getUTXOs({ addresses: [pAddress()], sourceChain: 'C' });
    const importTx = pvm.e.newImportTx({ feeState: await pvmApi.getFeeState(), fromAddressesBytes: [SHORT_ADDRESS], sourceChainId: context.cBlockchainID, toAddressesBytes: [SHORT_ADDRESS], utxos }, context);
    await addTxSignatures({ unsignedTx: importTx, privateKeys: [KEY] });
    const { txID: importID } = await pvmApi.issueSignedTx(importTx.getSignedTx());
    await post('advance', { ms: 2000 });
    expect((await pvmApi.getTxStatus({ txID: importID })).status).toBe('Committed');
    expect(await waitingFromC()).toBe(0n);
    const gained = (await pAvax()) - startP;
    expect(gained).toBeGreaterThan(0n);
    expect(gained).toBeLessThan(3n * AVAX);

    // The same import again: its UTXO is gone from shared memory (standard_tx_executor.go ImportTx).
    const again = await rpc('/ext/bc/P', 'platform.issueTx', { tx: utils.bufferToHex(utils.addChecksum(importTx.getSignedTx().toBytes())), encoding: 'hex' });
    expect(again.error?.message).toBe(`couldn't issue tx: failed verification: failed execution: standard tx ${importID} failed execution: failed to get shared memory: not found`);
  });

  it('refuses an export at a used nonce (coreth EVMStateTransfer: invalid nonce)', async () => {
    const nonce = await cNonce();
    expect(nonce).toBeGreaterThan(0n);
    const stale = await exportFromC(1n * AVAX, nonce - 1n);
    const answer = await rpc('/ext/bc/C/avax', 'avax.issueTx', { tx: utils.bufferToHex(utils.addChecksum(stale.toBytes())), encoding: 'hex' });
    expect(answer.error).toEqual({ code: -32000, message: 'invalid nonce', data: null });
  });

  it('refuses an export signed by another key, one that underpays the fee, and one beyond the balance (coreth\'s texts)', async () => {
    const other = new Uint8Array(32).fill(0x42);
    const wrongSigner = evm.newExportTxFromBaseFee(context, (await evmApi.getBaseFee()) / WEI, AVAX, context.pBlockchainID, utils.hexToBuffer(EVM_ADDRESS), [SHORT_ADDRESS], await cNonce());
    await addTxSignatures({ unsignedTx: wrongSigner, privateKeys: [other] });
    const issue = async (bytes: Uint8Array) => (await rpc('/ext/bc/C/avax', 'avax.issueTx', { tx: utils.bufferToHex(utils.addChecksum(bytes)), encoding: 'hex' })).error;
    // avalanchejs leaves the slot of a key it does not hold empty (65 zero bytes), which no key recovers from.
    expect((await issue(wrongSigner.getSignedTx().toBytes()))?.message).toBe('invalid signature');
    // The right key's signature with its recovery byte flipped recovers another key.
    const flipped = (await exportFromC(AVAX)).toBytes();
    flipped[flipped.length - 1] ^= 1;
    expect(await issue(flipped)).toEqual({ code: -32000, message: "signature doesn't match public key", data: null });
    // Priced at 1 nAVAX per gas where the chain asks 30: the flow check fails.
    const cheap = evm.newExportTxFromBaseFee(context, 1n, AVAX, context.pBlockchainID, utils.hexToBuffer(EVM_ADDRESS), [SHORT_ADDRESS], await cNonce());
    await addTxSignatures({ unsignedTx: cheap, privateKeys: [KEY] });
    expect(await issue(cheap.getSignedTx().toBytes())).toEqual({ code: -32000, message: 'export tx flow check failed due to: insufficient funds', data: null });
    const tooMuch = await exportFromC((await cBalance()) / WEI + AVAX);
    expect(await issue(tooMuch.toBytes())).toEqual({ code: -32000, message: 'insufficient funds', data: null });
    expect((await rpc('/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID: decodeAtomicTx(tooMuch.toBytes()).id })).result).toEqual({ status: 'Unknown' });
  });

  it('refuses a second import of a UTXO a first import took (coreth: failed to fetch import UTXOs … not found)', async () => {
    // P → C: an export from the P-chain to the C-chain, then two imports into the EVM address.
    const { utxos } = await pvmApi.getUTXOs({ addresses: [pAddress()] });
    const exportTx = pvm.e.newExportTx({ feeState: await pvmApi.getFeeState(), fromAddressesBytes: [SHORT_ADDRESS], destinationChainId: context.cBlockchainID, outputs: [TransferableOutput.fromNative(context.avaxAssetID, 2n * AVAX, [SHORT_ADDRESS])], utxos }, context);
    await addTxSignatures({ unsignedTx: exportTx, privateKeys: [KEY] });
    const { txID } = await pvmApi.issueSignedTx(exportTx.getSignedTx());
    await post('advance', { ms: 2000 });
    expect((await pvmApi.getTxStatus({ txID })).status).toBe('Committed');
    const waiting = await evmApi.getUTXOs({ addresses: [`C-${utils.formatBech32(context.hrp, SHORT_ADDRESS)}`], sourceChain: 'P' });
    expect(waiting.utxos).toHaveLength(1);
    const before = await cBalance();
    const build = () => evm.newImportTxFromBaseFee(context, utils.hexToBuffer(EVM_ADDRESS), [SHORT_ADDRESS], waiting.utxos, context.pBlockchainID, 30n);
    const first = build();
    await addTxSignatures({ unsignedTx: first, privateKeys: [KEY] });
    await evmApi.issueSignedTx(first.getSignedTx());
    await post('advance', { ms: 2000 });
    const burnt = atomicTxBurned(decodeAtomicTx(first.getSignedTx().toBytes()).unsignedTx, context.avaxAssetID);
    expect(await cBalance()).toBe(before + (2n * AVAX - burnt) * WEI);
    const left = await evmApi.getUTXOs({ addresses: [`C-${utils.formatBech32(context.hrp, SHORT_ADDRESS)}`], sourceChain: 'P' });
    expect(left.utxos).toHaveLength(0);
    // Another import of the same UTXO (a different output amount, so another tx ID).
    const second = evm.newImportTxFromBaseFee(context, utils.hexToBuffer(EVM_ADDRESS), [SHORT_ADDRESS], waiting.utxos, context.pBlockchainID, 31n);
    await addTxSignatures({ unsignedTx: second, privateKeys: [KEY] });
    const answer = await rpc('/ext/bc/C/avax', 'avax.issueTx', { tx: utils.bufferToHex(utils.addChecksum(second.getSignedTx().toBytes())), encoding: 'hex' });
    expect(answer.error?.message).toBe(`failed to fetch import UTXOs from ${context.pBlockchainID} due to: not found`);
  });
});

describe('conservation across the C-chain, shared memory and the P-chain', () => {
  /** What a P-chain tx burns: its inputs (imported ones included) less its outputs (exported ones included). */
  const pBurned = (bytes: Uint8Array) => {
    const unsigned = decodeTx(bytes).unsignedTx as unknown as Record<string, Array<{ input?: { amount: number | bigint }; output?: { amount: number | bigint } }> | undefined>;
    const sum = (list: typeof unsigned[string], key: 'input' | 'output') => (list ?? []).reduce((s, x) => s + BigInt(x[key]!.amount), 0n);
    return sum(unsigned.inputs, 'input') + sum(unsigned.importedInputs, 'input') - sum(unsigned.outputs, 'output') - sum(unsigned.exportedOutputs, 'output');
  };
  const cAddress = () => `C-${utils.formatBech32(context.hrp, SHORT_ADDRESS)}`;
  const sumUtxos = (utxos: Array<{ output: unknown }>) => utxos.reduce((s, u) => s + (u.output as { amount(): bigint }).amount(), 0n);
  const total = async () => (await cBalance()) / WEI + (await pAvax()) + (await waitingFromC()) + sumUtxos((await evmApi.getUTXOs({ addresses: [cAddress()], sourceChain: 'P' })).utxos);

  it('random transfers both ways: the total falls by exactly each tx\'s fee, and every tx is accepted', async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    let expected = await total();
    for (let step = 0; step < 6; step++) {
      const amount = BigInt(1 + (next() % 5)) * (AVAX / 10n);
      const toP = step % 2 === 0;
      if (toP) {
        const signedExport = await exportFromC(amount);
        const { txID } = await evmApi.issueSignedTx(signedExport);
        await post('advance', { ms: 2000 });
        expect((await evmApi.getAtomicTxStatus(txID)).status).toBe('Accepted');
        expected -= atomicTxBurned(decodeAtomicTx(signedExport.toBytes()).unsignedTx, context.avaxAssetID);
        const { utxos } = await pvmApi.getUTXOs({ addresses: [pAddress()], sourceChain: 'C' });
        const importTx = pvm.e.newImportTx({ feeState: await pvmApi.getFeeState(), fromAddressesBytes: [SHORT_ADDRESS], sourceChainId: context.cBlockchainID, toAddressesBytes: [SHORT_ADDRESS], utxos }, context);
        await addTxSignatures({ unsignedTx: importTx, privateKeys: [KEY] });
        const imported = await pvmApi.issueSignedTx(importTx.getSignedTx());
        await post('advance', { ms: 2000 });
        expect((await pvmApi.getTxStatus({ txID: imported.txID })).status).toBe('Committed');
        expected -= pBurned(importTx.getSignedTx().toBytes());
      } else {
        const { utxos } = await pvmApi.getUTXOs({ addresses: [pAddress()] });
        const exportTx = pvm.e.newExportTx({ feeState: await pvmApi.getFeeState(), fromAddressesBytes: [SHORT_ADDRESS], destinationChainId: context.cBlockchainID, outputs: [TransferableOutput.fromNative(context.avaxAssetID, amount, [SHORT_ADDRESS])], utxos }, context);
        await addTxSignatures({ unsignedTx: exportTx, privateKeys: [KEY] });
        const exported = await pvmApi.issueSignedTx(exportTx.getSignedTx());
        await post('advance', { ms: 2000 });
        expect((await pvmApi.getTxStatus({ txID: exported.txID })).status).toBe('Committed');
        expected -= pBurned(exportTx.getSignedTx().toBytes());
        const waiting = await evmApi.getUTXOs({ addresses: [cAddress()], sourceChain: 'P' });
        const importTx = evm.newImportTxFromBaseFee(context, utils.hexToBuffer(EVM_ADDRESS), [SHORT_ADDRESS], waiting.utxos, context.pBlockchainID, (await evmApi.getBaseFee()) / WEI);
        await addTxSignatures({ unsignedTx: importTx, privateKeys: [KEY] });
        const imported = await evmApi.issueSignedTx(importTx.getSignedTx());
        await post('advance', { ms: 2000 });
        expect((await evmApi.getAtomicTxStatus(imported.txID)).status).toBe('Accepted');
        expected -= atomicTxBurned(decodeAtomicTx(importTx.getSignedTx().toBytes()).unsignedTx, context.avaxAssetID);
      }
      expect(await total(), `after step ${step}`).toBe(expected);
    }
  });
});

describe('@avanode/wallet\'s transfer against the mock', () => {
  it('C → P then P → C with one call each: the AVAX arrives less the fees the wallet reports', async () => {
    const { createClient } = await import('@avanode/client');
    const { createWallet } = await import('@avanode/wallet');
    const wallet = createWallet({ client: createClient({ url: server.url }), keys: [KEY] });
    const advancing = setInterval(() => void post('advance', { ms: 2000 }), 50);
    try {
      const startC = await cBalance();
      const startP = await pAvax();
      const toP = await wallet.transfer({ from: 'C', to: 'P', amount: 2n * AVAX });
      expect(toP.resumed).toBe(false);
      expect(await cBalance()).toBe(startC - (2n * AVAX + toP.fees.export) * WEI);
      expect((await pAvax()) - startP).toBe(toP.imported);
      const midP = await pAvax();
      const midC = await cBalance();
      const toC = await wallet.transfer({ from: 'P', to: 'C', amount: AVAX });
      expect(await cBalance()).toBe(midC + toC.imported * WEI);
      expect(midP - (await pAvax())).toBe(AVAX + toC.fees.export);
    } finally {
      clearInterval(advancing);
    }
  }, 30_000);
});
