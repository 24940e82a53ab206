// Every published recording of the four groups validates against the document: its params
// against the method's params, its result against the method's result. A recording that is
// itself wrong is skipped only for the part the allow-list names, with the reason.
import { describe, expect, it } from 'vitest';
import { knownWrongReason, loadCorpus, sharedCorpus, type Recording } from '@avanode/conformance/corpus';
import { checkParams, checkResult, methodNamed, model } from './spec-fixture.ts';

const all = loadCorpus(sharedCorpus);
const current = all.filter((r) => !r.historical);
const historical = all.filter((r) => r.historical);

function paramsOf(recording: Recording): unknown {
  const method = methodNamed(recording.method);
  // A missing params member is how real clients call methods without parameters.
  return recording.request.params ?? (method.paramStructure === 'by-position' ? [] : {});
}

const resultOf = (recording: Recording) => (recording.response as { result?: unknown }).result;

describe('published recordings against the spec', () => {
  it('cover every method the published documents describe (the node additions have project recordings)', () => {
    const covered = new Set(current.map((r) => r.method));
    const missing = model.methods.map((m) => m.name).filter((name) => !covered.has(name));
    // Methods found in the node's source that no published document shows (spec/test/document.test.ts).
    // The C-chain's atomic API, the X-chain context methods and the eth_ reads a C-chain wallet
    // makes have no published recording: their examples and audit findings stand for them.
    expect(missing).toEqual([
      'avax.getAtomicTx', 'avax.getAtomicTxStatus', 'avax.getUTXOs', 'avax.issueTx', 'avm.getAssetDescription', 'avm.getTxFee',
      'eth_baseFee', 'eth_chainId', 'eth_getBalance', 'eth_getTransactionCount', 'platform.getAllValidatorsAt',
    ]);
    expect(current.length).toBeGreaterThanOrEqual(51);
  });

  for (const recording of current) {
    describe(recording.file, () => {
      it('params validate', () => {
        const reason = knownWrongReason(recording, 'params');
        const verdict = checkParams(recording.method, paramsOf(recording));
        if (reason) {
          // Allow-listed: the recording must still be wrong, or the entry is stale.
          expect(verdict.ok, `allow-listed as wrong (${reason}) but now validates`).toBe(false);
        } else {
          expect(verdict.errors).toBe('');
        }
      });
      it('result validates', () => {
        const reason = knownWrongReason(recording, 'result');
        const verdict = checkResult(recording.method, resultOf(recording));
        if (reason) expect(verdict.ok, `allow-listed as wrong (${reason}) but now validates`).toBe(false);
        else expect(verdict.errors).toBe('');
      });
    });
  }

  it('reports how many historical recordings still validate (informational)', () => {
    let valid = 0;
    const failures: string[] = [];
    for (const recording of historical) {
      const known = model.methods.some((m) => m.name === recording.method);
      const result = known ? checkResult(recording.method, resultOf(recording)) : { ok: false, errors: 'unknown method' };
      const params = known ? checkParams(recording.method, paramsOf(recording)) : result;
      if (result.ok && params.ok) valid += 1;
      else failures.push(`${recording.file}: ${(result.ok ? params.errors : result.errors).slice(0, 140)}`);
    }
    console.log(`historical recordings: ${valid} of ${historical.length} validate against the current spec`);
    // The list only when asked for (AVANODE_VERBOSE=1): a green run stays quiet.
    if (process.env.AVANODE_VERBOSE) for (const failure of failures) console.log(`  historical, not valid: ${failure}`);
    // Reported, not failed on shape; but every historical file must still name a method of the spec.
    expect(historical.length).toBeGreaterThan(0);
    expect(failures.filter((f) => f.endsWith('unknown method'))).toEqual([]);
  });
});
