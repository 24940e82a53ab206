// The linters as part of the suite: Biome (biome.jsonc) and knip (knip.jsonc) must find nothing.
// Each runs as `pnpm lint` / `pnpm knip` would, but with a JSON reporter, so that every finding
// (Biome's infos included, which `pnpm lint` prints but does not fail on) counts, and a failure
// lists them all.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runNode(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(repoRoot, 'node_modules', script), ...args], { cwd: repoRoot, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

function parseJson<T>(run: Run, tool: string): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`${tool} printed no JSON report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}

interface BiomeReport {
  summary: { changed: number; unchanged: number; errors: number; warnings: number; infos: number };
  diagnostics: { severity: string; message: string; category?: string; location?: { path?: string; start?: { line: number } } }[];
}

interface KnipReport {
  issues: ({ file: string } & Record<string, unknown>)[];
}

describe('lint', () => {
  it('Biome finds nothing (errors, warnings or infos)', async () => {
    const run = await runNode('@biomejs/biome/bin/biome', ['lint', '--reporter=json', '--max-diagnostics=none']);
    const report = parseJson<BiomeReport>(run, 'biome');
    const findings = report.diagnostics.map((d) => `${d.location?.path ?? '?'}:${d.location?.start?.line ?? '?'} ${d.category ?? ''} (${d.severity}) ${d.message}`).sort();
    expect(findings.length, `${findings.length} Biome findings (\`pnpm lint\` shows them with context):\n${findings.join('\n')}\n`).toBe(0);
    const { errors, warnings, infos } = report.summary;
    expect({ errors, warnings, infos }).toEqual({ errors: 0, warnings: 0, infos: 0 });
    // A config that ignored everything would pass the lines above: the sources must have been read.
    expect(report.summary.changed + report.summary.unchanged).toBeGreaterThan(200);
    expect(run.code).toBe(0);
  });

  it('knip finds no unused file, export or dependency, and no stale configuration', async () => {
    const run = await runNode('knip/bin/knip.js', ['--reporter', 'json', '--no-progress']);
    const report = parseJson<KnipReport>(run, 'knip');
    const findings = report.issues.flatMap(({ file, ...kinds }) =>
      Object.entries(kinds).flatMap(([kind, items]) => {
        if (!Array.isArray(items)) return [];
        return items.map((item: { name?: string; line?: number }) => `${file}${item.line ? `:${item.line}` : ''} ${kind}: ${item.name ?? ''}`);
      }),
    ).sort();
    expect(findings.length, `${findings.length} knip findings (\`pnpm knip\` shows them by kind):\n${findings.join('\n')}\n`).toBe(0);
    // The JSON report leaves out configuration hints (stale entries, redundant ignores), which
    // fail the run too (treatConfigHintsAsErrors): knip's own report shows them.
    if (run.code !== 0) {
      const plain = await runNode('knip/bin/knip.js', ['--no-progress']);
      expect.fail(`knip exited ${run.code}:\n${plain.stdout}${plain.stderr}${run.stderr}`);
    }
  });
});
