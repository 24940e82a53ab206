// The conformance suite inside the test run: one test per current recording (each of its
// checks must pass or be allow-listed with a reason), then the table and the total.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecording } from '../src/checks.ts';
import { defaultCorpora, loadRecordings } from '../src/corpus.ts';
import { formatReport, type RecordingReport } from '../src/report.ts';
import { startReplayServer, type ReplayServer } from '../src/replay-server.ts';

const recordings = loadRecordings(defaultCorpora());
const reports: RecordingReport[] = [];
let server: ReplayServer;

beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(async () => {
  await server.close();
  // The table per method only when asked for (AVANODE_VERBOSE=1) or when something failed; the total always.
  const report = formatReport(reports);
  console.log(process.env.AVANODE_VERBOSE || reports.some((r) => r.failed && !r.recording.historical) ? report : report.trim().split('\n').at(-1));
});

describe('conformance: recordings replayed through validators, client and mock', () => {
  for (const recording of recordings.filter((r) => !r.historical)) {
    it(`${recording.corpus.endsWith('recordings') && recording.corpus.includes('conformance') ? 'project' : 'shared'}: ${recording.file}`, async () => {
      const outcomes = await checkRecording(recording, server);
      reports.push({ recording, outcomes, failed: outcomes.some((o) => o.status === 'failed') });
      expect(outcomes.filter((o) => o.status === 'failed').map((o) => `[${o.check}] ${o.detail}`)).toEqual([]);
      expect(outcomes.map((o) => o.check)).toEqual(expect.arrayContaining(['validators', 'client', 'mock', 'id']));
    });
  }

  it('every method of the spec has at least one passing replay', () => {
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { methods: Array<{ name: string }> };
    const passing = new Set(reports.filter((r) => !r.failed).map((r) => r.recording.method));
    expect(spec.methods.map((m) => m.name).filter((name) => !passing.has(name))).toEqual([]);
  });

  it('reports the historical corpus (not failed on its older shapes)', async () => {
    const historical = recordings.filter((r) => r.historical);
    for (const recording of historical) {
      const outcomes = await checkRecording(recording, server);
      reports.push({ recording, outcomes, failed: outcomes.some((o) => o.status === 'failed') });
    }
    expect(historical.length).toBeGreaterThan(0);
    expect(reports.filter((r) => r.recording.historical)).toHaveLength(historical.length);
  });
});
