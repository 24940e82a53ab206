
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_KEYS, createMockNode, testKeyAddress, type MockNode, type Overrides } from '@avanode/mock';
import { buildBaseTx, keyAddress, signTx } from '@avanode/wallet';
import { runs } from '../../../scripts/properties.ts';
import { MIN_CHECKED, Relations, checkAgreement } from './agreement.ts';

type Step =
  | { kind: 'fund'; to: number; amount: bigint }
  | { kind: 'advance'; ms: number }
  | { kind: 'mine' }
  | { kind: 'send'; from: number; to: number; amount: bigint; lockedFor: number };

/** Recipients: the test keys, then keys no seed funds. */
const recipientKeys = [...TEST_KEYS.map((key) => key.privateKey), `0x${'43'.repeat(32)}`, `0x${'44'.repeat(32)}`];

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('fund' as const), to: fc.nat(recipientKeys.length - 1), amount: fc.bigInt(1n, 10n ** 15n) }),
    fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 20_000 }) }),
    fc.record({ kind: fc.constant('mine' as const) }),
    // lockedFor: the output's locktime, seconds after the chain's time (0: none), so getBalance has locked amounts to classify.
    fc.record({ kind: fc.constant('send' as const), from: fc.nat(TEST_KEYS.length - 1), to: fc.nat(recipientKeys.length - 1), amount: fc.bigInt(1n, 10n ** 12n), lockedFor: fc.constantFrom(0, 0, 5, 3600) }),
  ),
  { maxLength: 12 },
);

async function play(node: MockNode, sequence: Step[], networkID: number): Promise<{ recipients: string[]; committed: number; lockedCommitted: number }> {
  const r = new Relations(node);
  const recipients = recipientKeys.map((key) => keyAddress(key, networkID));
  const avaxAssetID = (await r.call('platform.getStakingAssetID', {})).result!.assetID as string;
  const issued: Array<{ txID: string; locked: boolean }> = [];
  for (const step of sequence) {
    if (step.kind === 'fund') node.control.fund(recipients[step.to]!, step.amount);
    else if (step.kind === 'advance') node.control.advance(step.ms);
    else if (step.kind === 'mine') node.control.mine();
    else {
      const key = TEST_KEYS[step.from]!;
      const from = testKeyAddress(key, networkID);
      const { utxos } = (await r.call('platform.getUTXOs', { addresses: [from], encoding: 'hex' })).result as { utxos: string[] };
      const feeState = (await r.call('platform.getFeeState', {})).result as { price: number };
      const feeConfig = (await r.call('platform.getFeeConfig', {})).result as { weights: number[] };
      const now = Date.parse((await r.call('platform.getTimestamp', {})).result!.timestamp as string) / 1000;
      const locktime = step.lockedFor ? now + step.lockedFor : 0;
      // The mempool may already spend these UTXOs: the node then refuses the tx as a conflict, which changes nothing.
      // minIssuanceTime: the chain's time, not this machine's clock, decides which UTXOs are still locked.
      const output = { address: recipients[step.to]!, amount: step.amount, locktime };
      const built = buildBaseTx({ utxos, fromAddresses: [from], outputs: [output], feeState, feeConfig, network: networkID, avaxAssetID, minIssuanceTime: now });
      const signed = await signTx(built, { keys: [key.privateKey] });
      const answer = await r.call('platform.issueTx', { tx: signed.hex, encoding: 'hex' });
      if (answer.result) issued.push({ txID: signed.id, locked: locktime > 0 });
      else expect(answer.error?.message, 'an honest tx is refused only as a conflict').toBe(`couldn't issue tx: tx conflicts with other tx: ${signed.id}`);
    }
  }
  let committed = 0;
  let lockedCommitted = 0;
  for (const { txID, locked } of issued) {
    if (((await r.call('platform.getTxStatus', { txID })).result as { status: string }).status !== 'Committed') continue;
    committed++;
    if (locked) lockedCommitted++;
  }
  expect(r.broken).toEqual([]);
  return { recipients, committed, lockedCommitted };
}

describe('related answers agree', () => {
  for (const seed of [1, 42, 987_654]) {
    it(`on the network seeded ${seed}, before any call`, async () => {
      const node = createMockNode({ network: { seed } });
      const { checked } = await checkAgreement(node);
      expect(checked).toBeGreaterThan(MIN_CHECKED);
      node.close();
    });
  }

  it('property: on seeded networks, after random sequences of fund, advance, mine and issued txs', async () => {
    const seen = { committed: 0, lockedCommitted: 0, blocksMade: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(1, 42, 987_654), steps, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }), async (seed, sequence, fractions) => {
        const node = createMockNode({ network: { seed } });
        const networkID = 12345;
        const before = node.control.status();
        const { recipients, committed, lockedCommitted } = await play(node, sequence, networkID);
        seen.committed += committed;
        seen.lockedCommitted += lockedCommitted;
        const after = node.control.status();
        if (before.network && after.network) seen.blocksMade += after.height - before.height;
        const { checked } = await checkAgreement(node, { fractions, addresses: recipients });
        expect(checked).toBeGreaterThan(MIN_CHECKED);
        node.close();
      }),
      runs(40),
    );
    // The sequences reached what the relations are about: new blocks, and txs committed in them.
    expect(seen.blocksMade).toBeGreaterThan(0);
    expect(seen.committed).toBeGreaterThan(0);
    expect(seen.lockedCommitted).toBeGreaterThan(0);
  }, 60_000);

  it('on the default node (the spec\'s examples\' state)', async () => {
    const node = createMockNode();
    const { checked } = await checkAgreement(node);
    expect(checked).toBeGreaterThan(MIN_CHECKED);
    node.close();
  });

  // checkAgreement can fail: an answer overridden to disagree is named, with what differed.
  const disagreeing: Array<[string, Overrides, RegExp]> = [
    ['getCurrentSupply at a height no block has', { 'platform.getCurrentSupply': { supply: '1', height: '999999' } }, /getCurrentSupply\.height = getHeight: got "999999"/],
    ['getTimestamp a second after the last block', { 'platform.getTimestamp': { timestamp: '2026-01-01T08:25:39Z' } }, /getTimestamp = the last block's json time: got 1767255939, expected 1767255938/],
    ['getTotalStake one nAVAX off', { 'platform.getTotalStake': { stake: '1', weight: '1' } }, /getTotalStake\(\{\}\)\.weight = getCurrentValidators\(\{\}\) weights \+ delegator weights: got "1"/],
    ['getValidatorsAt missing every validator', { 'platform.getValidatorsAt': {} }, /getValidatorsAt\(getHeight, \{\}\) weights = getTotalStake\(\{\}\)\.weight: got "0"/],
    ['getBalance missing its UTXO IDs', { 'platform.getBalance': { balance: '0', unlocked: '0', lockedStakeable: '0', lockedNotStakeable: '0', balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: null } }, /getBalance\(the address set\) = the sums of its getUTXOs pages: balance: got "0", expected "\d+"; .*utxoIDs: got \[\]/],
  ];
  for (const [what, overrides, message] of disagreeing) {
    it(`names the relation that broke: ${what}`, async () => {
      const node = createMockNode({ network: { seed: 7 } }).withOverrides(overrides);
      await expect(checkAgreement(node)).rejects.toThrow(message);
    });
  }
});
