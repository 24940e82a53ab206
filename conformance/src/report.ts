// Runs the checks over corpora and prints a table per method and a one-line total.
import { checkRecording, type Outcome } from './checks.ts';
import { loadRecordings, type Recording } from './corpus.ts';
import { startReplayServer } from './replay-server.ts';

export interface RecordingReport {
  recording: Recording;
  outcomes: Outcome[];
  /** Failed, unless only historical. */
  failed: boolean;
}

export async function runConformance(corpora?: string[]): Promise<RecordingReport[]> {
  const recordings = loadRecordings(corpora);
  const server = await startReplayServer();
  try {
    const reports: RecordingReport[] = [];
    for (const recording of recordings) {
      const outcomes = await checkRecording(recording, server);
      reports.push({ recording, outcomes, failed: outcomes.some((o) => o.status === 'failed') });
    }
    return reports;
  } finally {
    await server.close();
  }
}

/** The table per method (recordings, passed, failed, allow-listed), historical apart, and the total. */
export function formatReport(reports: RecordingReport[]): string {
  const lines: string[] = [];
  for (const historical of [false, true]) {
    const rows = new Map<string, { recordings: number; passed: number; failed: number; allowListed: number }>();
    for (const { recording, outcomes, failed } of reports.filter((r) => r.recording.historical === historical)) {
      const row = rows.get(recording.folder) ?? { recordings: 0, passed: 0, failed: 0, allowListed: 0 };
      row.recordings += 1;
      if (failed) row.failed += 1;
      else if (outcomes.some((o) => o.status === 'allow-listed')) row.allowListed += 1;
      else row.passed += 1;
      rows.set(recording.folder, row);
    }
    if (rows.size === 0) continue;
    lines.push(historical ? '\nhistorical corpus (reported, not failed):' : 'conformance:');
    lines.push(`${'method'.padEnd(36)} ${'recordings'.padStart(10)} ${'passed'.padStart(7)} ${'failed'.padStart(7)} ${'allow-listed'.padStart(13)}`);
    for (const [method, row] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1))) {
      lines.push(`${method.padEnd(36)} ${String(row.recordings).padStart(10)} ${String(row.passed).padStart(7)} ${String(row.failed).padStart(7)} ${String(row.allowListed).padStart(13)}`);
    }
  }
  const current = reports.filter((r) => !r.recording.historical);
  const historical = reports.filter((r) => r.recording.historical);
  const failed = current.filter((r) => r.failed);
  const methods = new Set(current.filter((r) => !r.failed).map((r) => r.recording.folder));
  lines.push(
    `\nconformance total: ${current.length} recordings, ${current.length - failed.length} passed, ${failed.length} failed, ${current.filter((r) => !r.failed && r.outcomes.some((o) => o.status === 'allow-listed')).length} with allow-listed parts; ${methods.size} methods with a passing replay; historical: ${historical.filter((r) => !r.failed).length} of ${historical.length} pass`,
  );
  for (const { recording, outcomes } of failed) {
    for (const outcome of outcomes.filter((o) => o.status === 'failed')) lines.push(`  FAILED ${recording.file} [${outcome.check}] ${outcome.detail}`);
  }
  return lines.join('\n');
}
