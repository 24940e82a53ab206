// The simulated network's core (src/network/) on its own: seeds, state files, the clock, txs
// and faults, without an HTTP layer (network.test.ts runs them through the three entry points).
import { describe, expect, it } from 'vitest';
import { EMPTY_ID, decodeBlock, decodeTx, decodeUtxo, encodeHex, encodeTransferableOutput, encodeTx, formatAddress, decodeHex, txId, type Utxo } from '@avanode/codec';
import { StateError, createSimulation, generateState, validateStateFile } from '../src/network/index.js';
import { Faults, parseLatency } from '../src/network/faults.js';
import { validateResult } from '@avanode/validators';
import { txFee } from '@avanode/wallet/rules';
import { keyAddress, signed } from './network-scenario.ts';

const SENDER_KEY = new Uint8Array(32).fill(0x61);
const SENDER = keyAddress(SENDER_KEY);
const RECIPIENT = keyAddress(new Uint8Array(32).fill(0x62));
const result = (answer: unknown) => (answer as { result: Record<string, unknown> }).result;
const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

function transferTx(utxo: Utxo, to: string, amount: number, fee: number) {
  const total = Number((utxo.output as { amount: number }).amount);
  const out = (address: string, value: number) => ({ assetID: utxo.assetID, output: { addresses: [address], amount: value, locktime: 0, threshold: 1 } });
  const outputs = [out(to, amount), out(SENDER, total - amount - fee)].sort((a, b) => compare(encodeTransferableOutput(a as never), encodeTransferableOutput(b as never)));
  const tx = {
    unsignedTx: { type: 'BaseTx', networkID: 12345, blockchainID: EMPTY_ID, outputs, inputs: [{ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, input: { amount: total, signatureIndices: [0] } }], memo: '0x' },
    credentials: [{ signatures: [`0x${'00'.repeat(65)}`] }],
  };
  return { tx: encodeHex(encodeTx(signed(tx, SENDER_KEY) as never)), encoding: 'hex', unsigned: tx };
}

describe('a seeded network', () => {
  it('is the same for the same seed, another for another', () => {
    expect(generateState(5)).toEqual(generateState(5));
    expect(generateState(5)).not.toEqual(generateState(6));
    const a = createSimulation({ network: { seed: 5 } });
    const b = createSimulation({ network: { seed: 5 } });
    for (const [method, params] of [['platform.getBlockByHeight', { height: 1 }], ['platform.getCurrentValidators', {}], ['platform.getSubnets', {}]] as const) {
      expect(JSON.stringify(a.answer(method, params))).toBe(JSON.stringify(b.answer(method, params)));
    }
  });

  it('mints its funded UTXOs in block 1, whose hex decodes to its json', () => {
    const sim = createSimulation({ network: { seed: 9 } });
    const state = generateState(9);
    const hex = result(sim.answer('platform.getBlockByHeight', { height: '1' })).block as string;
    const json = result(sim.answer('platform.getBlockByHeight', { height: '1', encoding: 'json' })).block;
    expect(JSON.parse(JSON.stringify(decodeBlock(hex)))).toEqual(json);
    const address = state.utxos![0]!.address;
    const balance = result(sim.answer('platform.getBalance', { addresses: [address] }));
    const expected = state.utxos!.filter((u) => u.address === address).reduce((sum, u) => sum + BigInt(u.amount), 0n);
    expect(balance.balance).toBe(String(expected));
  });

  it('makes a block per block time as the clock advances', () => {
    const sim = createSimulation({ network: { seed: 3, blockTimeMs: 1000 } });
    const start = Number(result(sim.answer('platform.getHeight', {})).height);
    sim.control.advance(5_500);
    expect(Number(result(sim.answer('platform.getHeight', {})).height)).toBe(start + 5);
    expect(sim.answer('platform.getBlockByHeight', { height: start + 6 })).toEqual({ error: `couldn't get block at height ${start + 6}: not found` });
  });
});

describe('txs', () => {
  it('commits a transfer at the next block and moves its UTXOs', () => {
    const sim = createSimulation({ network: { seed: 11 } });
    sim.control.fund(SENDER, 4_000_000_000);
    const [hex] = result(sim.answer('platform.getUTXOs', { addresses: [SENDER] })).utxos as string[];
    const { txID } = result(sim.answer('platform.issueTx', transferTx(decodeUtxo(hex!, { network: 12345 }), RECIPIENT, 1_000_000_000, 1_000_000))) as { txID: string };
    expect(result(sim.answer('platform.getTxStatus', { txID }))).toEqual({ status: 'Processing' });
    expect(sim.answer('platform.getTx', { txID })).toEqual({ error: "couldn't get tx: not found" });
    sim.control.mine();
    expect(result(sim.answer('platform.getTxStatus', { txID }))).toEqual({ status: 'Committed' });
    expect(result(sim.answer('platform.getBalance', { addresses: [RECIPIENT] })).balance).toBe('1000000000');
    expect(result(sim.answer('platform.getBalance', { addresses: [SENDER] })).balance).toBe('2999000000');
  });

  it('refuses a tx burning less than the fee, with the verifier\'s text', () => {
    const sim = createSimulation({ network: { seed: 11 } });
    sim.control.fund(SENDER, 4_000_000_000);
    const [hex] = result(sim.answer('platform.getUTXOs', { addresses: [SENDER] })).utxos as string[];
    const params = transferTx(decodeUtxo(hex!, { network: 12345 }), RECIPIENT, 1_000_000_000, 0);
    const answer = sim.answer('platform.issueTx', params) as { error: string };
    // vms/platformvm/utxo/verifier.go VerifySpendUTXOs: ErrInsufficientUnlockedFunds; the fee is
    // the dynamic fee (txs/fee/dynamic_calculator.go) at the fee state's price.
    const { weights } = result(sim.answer('platform.getFeeConfig', {})) as { weights: number[] };
    const { price } = result(sim.answer('platform.getFeeState', {})) as { price: number };
    const fee = txFee(decodeTx(params.tx), { weights, price });
    expect(fee).toBeGreaterThan(0n);
    expect(answer.error).toMatch(new RegExp(`^couldn't issue tx: failed verification: failed execution: standard tx \\w+ failed execution: insufficient unlocked funds: needs ${fee} more \\w+$`));
  });

  it('drops a mempool tx that no longer pays at the block\'s price, with the builder\'s text (no "failed execution: " in front)', () => {
    const sim = createSimulation({ network: { seed: 11 } });
    sim.control.fund(SENDER, 4_000_000_000);
    const [hex] = result(sim.answer('platform.getUTXOs', { addresses: [SENDER] })).utxos as string[];
    const params = transferTx(decodeUtxo(hex!, { network: 12345 }), RECIPIENT, 1_000_000_000, 1_000_000);
    const { txID } = result(sim.answer('platform.issueTx', params)) as { txID: string };
    expect(result(sim.answer('platform.getTxStatus', { txID }))).toEqual({ status: 'Processing' });
    // The price rises before the block: block/builder/builder.go executeTx runs the executor again
    // and MarkDropped keeps its error as StandardTx wrapped it.
    sim.control.fees({ config: { minPrice: '1000000' } });
    sim.control.mine();
    const status = result(sim.answer('platform.getTxStatus', { txID })) as { status: string; reason: string };
    expect(status.status).toBe('Dropped');
    expect(status.reason).toMatch(new RegExp(`^standard tx ${txID} failed execution: insufficient unlocked funds: needs \\d+ more \\w+$`));
    expect(sim.answer('platform.getTx', { txID })).toEqual({ error: "couldn't get tx: not found" });
  });

  it('getBalance reads the locks against the node\'s clock, which runs ahead of the last block between blocks', () => {
    // vms/platformvm/service.go Service.GetBalance: currentTime := s.vm.clock.Unix().
    const state = { networkID: 12345, time: 1_800_000_000, height: 3, utxos: [{ address: SENDER, amount: 7, locktime: 1_800_000_001 }] };
    const sim = createSimulation({ network: { state, blockTimeMs: 10_000 } });
    expect(result(sim.answer('platform.getBalance', { addresses: [SENDER] }))).toMatchObject({ unlocked: '0', lockedNotStakeable: '7' });
    sim.control.advance(1_500);
    expect(result(sim.answer('platform.getTimestamp', {}))).toEqual({ timestamp: '2027-01-15T08:00:00Z' });
    expect(result(sim.answer('platform.getBalance', { addresses: [SENDER] }))).toMatchObject({ unlocked: '7', lockedNotStakeable: '0' });
  });

  it('refuses a tx whose UTXO a tx in the mempool already spends', () => {
    const sim = createSimulation({ network: { seed: 11 } });
    sim.control.fund(SENDER, 4_000_000_000);
    const [hex] = result(sim.answer('platform.getUTXOs', { addresses: [SENDER] })).utxos as string[];
    const utxo = decodeUtxo(hex!, { network: 12345 });
    sim.answer('platform.issueTx', transferTx(utxo, RECIPIENT, 1_000_000_000, 1_000_000));
    // vms/txs/mempool/mempool.go ErrConflictsWithOtherTx, the tx's ID appended
    const second = transferTx(utxo, RECIPIENT, 2_000_000_000, 1_000_000);
    expect(sim.answer('platform.issueTx', second)).toEqual({ error: `couldn't issue tx: tx conflicts with other tx: ${txId(decodeHex(second.tx))}` });
  });
});

describe('a state file', () => {
  it('loads one a user wrote', () => {
    const state = { networkID: 5, time: 1_770_000_000, height: 3, utxos: [{ address: formatAddress(new Uint8Array(20).fill(1), 5), amount: '7' }] };
    const sim = createSimulation({ network: { state } });
    expect(result(sim.answer('platform.getHeight', {}))).toEqual({ height: '3' });
    expect(result(sim.answer('info.getNetworkName', {}))).toEqual({ networkName: 'fuji' });
    expect(result(sim.answer('platform.getTimestamp', {}))).toEqual({ timestamp: '2026-02-02T02:40:00Z' });
  });

  it('names the path at fault', () => {
    const bad = (patch: object) => () => validateStateFile({ networkID: 1, time: 0, height: 1, ...patch });
    expect(bad({ validators: [{ nodeID: 'x' }] })).toThrow(new StateError('state.validators[0].nodeID: expected a NodeID-… string, got "x"'));
    expect(bad({ utxos: [{ address: 'P-local1nope', amount: 1 }] })).toThrow(/^state\.utxos\[0\]\.address: expected a P-chain address/);
    expect(bad({ utxos: [{ address: formatAddress(new Uint8Array(20), 1), amount: '-1' }] })).toThrow('state.utxos[0].amount: expected a uint64');
    expect(bad({ heigth: 2 })).toThrow('state.heigth: unknown member');
    expect(() => validateStateFile({ networkID: 1, time: 0 })).toThrow('state.height: missing');
  });
});

describe('faults', () => {
  it('draws the same latencies and faults from the same seed', () => {
    const run = (seed: number) => {
      const faults = new Faults({ seed, latency: '10-50', faultRate: 0.25 });
      return Array.from({ length: 50 }, () => faults.beforeRequest());
    };
    const first = run(1);
    expect(run(1)).toEqual(first);
    expect(run(2)).not.toEqual(first);
    expect(first.every((r) => r.delayMs >= 10 && r.delayMs <= 50)).toBe(true);
    expect(first.some((r) => r.fault?.kind === 'reset')).toBe(true);
    expect(first.some((r) => r.fault?.kind === 'unavailable')).toBe(true);
  });

  it('queues failures per method, N at a time', () => {
    const faults = new Faults({});
    faults.fail('platform.getHeight', { count: 2, code: -32000, message: 'timed out' });
    expect(faults.beforeCall('platform.getHeight').failure).toEqual({ code: -32000, message: 'timed out' });
    expect(faults.beforeCall('platform.getTx').failure).toBeUndefined();
    expect(faults.beforeCall('platform.getHeight').failure).toBeDefined();
    expect(faults.beforeCall('platform.getHeight').failure).toBeUndefined();
  });

  it('reads latency as ms or a range', () => {
    expect(parseLatency(25)).toEqual([25, 25]);
    expect(parseLatency('20-200')).toEqual([20, 200]);
    expect(() => parseLatency('fast')).toThrow(RangeError);
  });
});

describe('the network\'s answers fit the spec', () => {
  it('every covered method answers a result its schema accepts', () => {
    const sim = createSimulation({ network: { seed: 21 } });
    const state = generateState(21);
    const address = state.utxos![0]!.address;
    const l1 = state.subnets!.find((s) => s.l1)!;
    const validator = state.validators![0]!;
    const block = result(sim.answer('platform.getBlockByHeight', { height: '1', encoding: 'json' })).block as { id: string; txs: Array<{ id: string }> };
    const calls: Array<[string, Record<string, unknown>]> = [
      ['info.getNetworkID', {}],
      ['info.getNetworkName', {}],
      ['platform.getHeight', {}],
      ['platform.getProposedHeight', {}],
      ['platform.getTimestamp', {}],
      ['platform.getBlock', { blockID: block.id }],
      ['platform.getBlock', { blockID: block.id, encoding: 'json' }],
      ['platform.getBlockByHeight', { height: '1', encoding: 'hexnc' }],
      ['platform.getTx', { txID: block.txs[0]!.id }],
      ['platform.getTx', { txID: block.txs[0]!.id, encoding: 'json' }],
      ['platform.getTxStatus', { txID: block.txs[0]!.id }],
      ['platform.getUTXOs', { addresses: [address], limit: 1 }],
      ['platform.getBalance', { addresses: [address] }],
      ['platform.getCurrentValidators', {}],
      ['platform.getCurrentValidators', { nodeIDs: [validator.nodeID] }],
      ['platform.getCurrentValidators', { subnetID: l1.id }],
      ['platform.getCurrentValidators', { subnetID: state.subnets![0]!.id }],
      ['platform.getTotalStake', {}],
      ['platform.getCurrentSupply', {}],
      ['platform.getStakingAssetID', {}],
      ['platform.getSubnet', { subnetID: l1.id }],
      ['platform.getSubnets', {}],
      ['platform.getL1Validator', { validationID: l1.l1Validators![0]!.validationID }],
    ];
    for (const [method, params] of calls) {
      const answer = sim.answer(method, params);
      expect(answer, method).toHaveProperty('result');
      expect(validateResult(method, result(answer)), `${method} ${JSON.stringify(params)}`).toEqual({ ok: true });
    }
  });
});
