// Prints the closing line CI reads: `N passed, N failed` (and `, N skipped`), counting every
// test that ran. A file that failed to load, a file whose hook failed (its tests then skipped),
// or an error outside any test, counts as failed.
import type { Reporter, TestModule } from 'vitest/node';

export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // The file failed with no test failing: it did not load, or a beforeAll threw and vitest
      // skipped its tests. One failure, so the closing line never says 0 when the run failed.
      failed += failedHere + (failedHere === 0 && testModule.state() === 'failed' ? 1 : 0);
    }
    // AVANODE_RUN_LABEL names a run of several (CI's runs on other Node versions): `node22: 940 passed, 0 failed`.
    const label = process.env.AVANODE_RUN_LABEL ? `${process.env.AVANODE_RUN_LABEL}: ` : '';
    const line = `${label}${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
    // After vitest's own summary, on a line of its own.
    process.stdout.write(`\n${line}\n`);
  }
}
