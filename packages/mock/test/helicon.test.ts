// Helicon's txs (avalanchego v1.15.0-fuji, ACP-236) on the mock: the activation time per network
// as upgrade/upgrade.go has it (Fuji 2026-07-28T15:00:00Z; mainnet and local unscheduled),
// settable in a state file, and the executor's first answer to an auto-renewed validator's txs on
// each side of it: before, the node's errHeliconUpgradeNotActive; at it, the tx's own checks (here
// SyntacticVerify's errMissingTxID of a tx naming no validator). Driven through the executor
// itself at each network's time; auto-renewed.test.ts executes them over platform.issueTx.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPTY_ID, decodeTx, encodeTx, encodeUnsignedTx, type SignedTx } from '@avanode/codec';
import { executionError } from '../src/executor/verify.ts';
import { createSimulation } from '../src/network/index.ts';
import { createLedger, lastBlock, type Ledger } from '../src/network/ledger.ts';
import { StateError, validateStateFile } from '../src/network/state-file.ts';

const FUJI_HELICON = Date.UTC(2026, 6, 28, 15) / 1000;

function ledgerOf(networkID: number, time: number, upgrades?: { heliconTime: string }): Ledger {
  return createLedger(validateStateFile({ networkID, time, height: 1, ...(upgrades ? { upgrades } : {}) }), 2000);
}

/** A tx of `type` as the codec writes it, and what the executor answers for it at the ledger's last block time. */
function answer(ledger: Ledger, unsignedTx: Record<string, unknown>): string | undefined {
  const tx = decodeTx(encodeTx({ unsignedTx, credentials: [] } as never)) as SignedTx;
  return executionError({ ledger, tx, unsignedBytes: encodeUnsignedTx(tx.unsignedTx), nowSec: BigInt(lastBlock(ledger).time), price: 1n });
}

const base = (networkID: number) => ({ networkID, blockchainID: EMPTY_ID, outputs: [], inputs: [], memo: '0x' });
const setConfig = (networkID: number) => ({ type: 'SetAutoRenewedValidatorConfigTx', ...base(networkID), txID: EMPTY_ID, auth: { signatureIndices: [0] }, autoCompoundRewardShares: 0, period: 0 });

describe('Helicon (upgrade/upgrade.go at v1.15.0-fuji)', () => {
  it("is active on Fuji from 2026-07-28T15:00:00Z: a second before, the node's refusal; at it, the tx's own checks", () => {
    expect(answer(ledgerOf(5, FUJI_HELICON - 1), setConfig(5))).toBe('attempting to use a Helicon-upgrade feature prior to activation');
    expect(answer(ledgerOf(5, FUJI_HELICON), setConfig(5))).toBe('missing tx id');
  });

  it('is unscheduled on mainnet and local networks (9999-12-01)', () => {
    for (const networkID of [1, 12345, 1337]) expect(ledgerOf(networkID, FUJI_HELICON + 86_400).heliconTime).toBe(BigInt(Date.UTC(9999, 11, 1) / 1000));
    expect(answer(ledgerOf(12345, FUJI_HELICON + 86_400), setConfig(12345))).toBe('attempting to use a Helicon-upgrade feature prior to activation');
  });

  it("takes a local network's activation from its state file's upgrades.heliconTime (RFC 3339)", () => {
    const ledger = ledgerOf(12345, 1_900_000_000, { heliconTime: '2030-01-01T00:00:00Z' });
    expect(ledger.heliconTime).toBe(BigInt(Date.UTC(2030, 0, 1) / 1000));
    expect(answer(ledger, setConfig(12345))).toBe('missing tx id');
    expect(() => validateStateFile({ networkID: 12345, time: 1, height: 1, upgrades: { heliconTime: '2030-01-01' } })).toThrow(StateError);
    expect(() => validateStateFile({ networkID: 12345, time: 1, height: 1, upgrades: { heliconTime: '2030-01-01' } })).toThrow('state.upgrades.heliconTime: expected an RFC 3339 time such as 2026-07-28T15:00:00Z, got "2030-01-01"');
  });

  it('refuses a RewardAutoRenewedValidatorTx issued as a standard tx (ErrWrongTxType), as it does a RewardValidatorTx', () => {
    expect(answer(ledgerOf(5, FUJI_HELICON), { type: 'RewardAutoRenewedValidatorTx', txID: EMPTY_ID, timestamp: FUJI_HELICON })).toBe('wrong transaction type');
  });
});

describe('--helicon-time and NetworkOptions.heliconTime', () => {
  it("sets a local network's activation; refuses mainnet's and Fuji's, and a time that is not RFC 3339", () => {
    const sim = createSimulation({ network: { seed: 3, heliconTime: '2026-01-01T00:00:00Z' } });
    expect(sim.ledger()!.heliconTime).toBe(BigInt(Date.UTC(2026, 0, 1) / 1000));
    expect(() => createSimulation({ network: { seed: 3, networkID: 5, heliconTime: '2026-01-01T00:00:00Z' } })).toThrow('heliconTime: network 5 activates Helicon when the node says');
    expect(() => createSimulation({ network: { seed: 3, heliconTime: 'tomorrow' } })).toThrow('heliconTime: expected an RFC 3339 time such as 2026-07-28T15:00:00Z, got "tomorrow"');
  });

  it('avanode-mock --helicon-time refuses a bad time with exit 2, naming it', async () => {
    const bin = fileURLToPath(new URL('../bin/avanode-mock.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, '--port', '0', '--helicon-time', 'soon'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('heliconTime: expected an RFC 3339 time such as 2026-07-28T15:00:00Z, got "soon"');
  });
});
