// Size budgets with size-limit (`.size-limit.json`: esbuild, brotli, every chunk counted, lazily
// loaded ones included). The client's "createClient + one method" has no limit there yet: its
// 2 kB goal is not met (see docs/benchmarks.md and issue 4); the figure is printed.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');

it('the size budgets hold, and every figure is printed', () => {
  let output: string;
  try {
    output = execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'size-limit', 'bin.js'), '--json'], { cwd: repoRoot, encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout);
  }
  const results = JSON.parse(output) as Array<{ name: string; passed: boolean; size: number; sizeLimit?: number }>;
  for (const r of results) console.log(`size-limit: ${r.name}: ${r.size} B${r.sizeLimit ? ` (limit ${r.sizeLimit} B)` : ' (no limit; goal 2000 B not met)'}`);
  expect(results.map((r) => r.name)).toEqual([
    'client: createClient + one method (getHeight)',
    'client: the whole package',
    'validators: one result validator (platform.getCurrentValidators)',
  ]);
  expect(results.filter((r) => r.sizeLimit && !r.passed)).toEqual([]);
});
