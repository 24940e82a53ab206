// Reads corpora of recorded exchanges (the layout of ../shared/recordings, see its README)
// and the project's allow-list of recordings that are themselves wrong.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface Recording {
  /** Path inside its corpus, e.g. `platform/platform.getHeight/avalanche-docs-1.json`. */
  file: string;
  /** The corpus folder it came from. */
  corpus: string;
  /** True for files under `historical/`: older shapes, reported but not required to pass. */
  historical: boolean;
  method: string;
  endpoint: string;
  httpMethod: 'POST' | 'GET';
  httpStatus: number | null;
  request: { jsonrpc?: string; id?: number | string; method?: string; params?: unknown; query?: Record<string, string[]> };
  response: { jsonrpc?: string; id?: number | string | null; result?: unknown; error?: { code: number; message: string; data?: unknown } } | unknown;
  notes: string;
  /** The method the file is filed under (its folder): the request's method, or the one it misspells. */
  folder: string;
  /** Project recordings only: the mock options the exchange was made under (`publicNode`, `healthy`). */
  mock?: { publicNode?: boolean; healthy?: boolean };
}

export type RecordingPart = 'params' | 'result' | 'mock';

export interface KnownWrong {
  file: string;
  part: RecordingPart;
  reason: string;
}

const conformanceDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(conformanceDir, '..');

/** The published corpus; CI has it beside the clone, as developers do. */
export const sharedCorpus = resolve(process.env.AVANODE_SHARED_RECORDINGS ?? join(repoRoot, '..', 'shared', 'recordings'));
/** The project's own recordings: what the published corpus lacks. */
export const projectCorpus = join(conformanceDir, 'recordings');

/** Default corpora plus any listed in AVANODE_CORPORA (separated like PATH). */
export function defaultCorpora(): string[] {
  const extra = (process.env.AVANODE_CORPORA ?? '').split(delimiter).filter(Boolean).map((dir) => resolve(dir));
  return [sharedCorpus, projectCorpus, ...extra].filter((dir, i, all) => all.indexOf(dir) === i);
}

function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...jsonFilesUnder(path));
    else if (entry.endsWith('.json')) out.push(path);
  }
  return out;
}

/** Every recording of one corpus folder. A missing folder is an error, not an empty corpus. */
export function loadCorpus(dir: string): Recording[] {
  if (!existsSync(dir)) throw new Error(`recordings corpus not found: ${dir}`);
  return jsonFilesUnder(dir).map((path) => {
    const file = relative(dir, path).split('\\').join('/');
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
    }
    const request = (raw.request ?? {}) as Recording['request'];
    const parts = file.split('/');
    return {
      file,
      corpus: dir,
      historical: parts[0] === 'historical',
      // The folder names the method; GET recordings have no JSON-RPC method in the body.
      method: request.method ?? parts[parts.length - 2]!,
      endpoint: String(raw.endpoint),
      httpMethod: raw.httpMethod === 'GET' ? 'GET' : 'POST',
      httpStatus: typeof raw.httpStatus === 'number' ? raw.httpStatus : null,
      request,
      response: raw.response,
      notes: String(raw.notes ?? ''),
      folder: parts[parts.length - 2]!,
      ...(raw.mock && typeof raw.mock === 'object' ? { mock: raw.mock as Recording['mock'] } : {}),
    };
  });
}

export function loadRecordings(corpora: string[] = defaultCorpora()): Recording[] {
  return corpora.filter((dir) => dir !== projectCorpus || existsSync(dir)).flatMap(loadCorpus);
}

let knownWrongCache: KnownWrong[] | undefined;

/** The committed allow-list: recordings whose params or result are wrong, with the reason. */
export function knownWrong(): KnownWrong[] {
  knownWrongCache ??= parse(readFileSync(join(conformanceDir, 'known-wrong.yaml'), 'utf8')) as KnownWrong[];
  return knownWrongCache;
}

export function knownWrongReason(recording: Recording, part: RecordingPart): string | undefined {
  return knownWrong().find((entry) => entry.file === recording.file && entry.part === part)?.reason;
}
