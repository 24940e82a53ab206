import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * JSON.parse that keeps integers beyond 2^53 exact as bigints (the node prints uint64 values
 * inside txs and blocks as bare JSON numbers; Go's test files hold some near 2^64).
 */
export function parseJsonExact(text: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const value = (): unknown => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        ws();
        const key = value() as string;
        ws();
        if (text[i++] !== ':') throw new SyntaxError(`':' expected at ${i}`);
        out[key] = value();
        ws();
        const sep = text[i++];
        if (sep === '}') return out;
        if (sep !== ',') throw new SyntaxError(`',' expected at ${i}`);
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        const sep = text[i++];
        if (sep === ']') return out;
        if (sep !== ',') throw new SyntaxError(`',' expected at ${i}`);
      }
    }
    if (c === '"') {
      const start = i;
      i++;
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      return JSON.parse(text.slice(start, i));
    }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?|^true|^false|^null/.exec(text.slice(i, i + 40));
    if (!m) throw new SyntaxError(`unexpected ${c} at ${i}`);
    i += m[0].length;
    if (/^-?\d+$/.test(m[0])) {
      const n = Number(m[0]);
      return Number.isSafeInteger(n) ? n : BigInt(m[0]);
    }
    return JSON.parse(m[0]);
  };
  const out = value();
  ws();
  if (i !== text.length) throw new SyntaxError(`trailing text at ${i}`);
  return out;
}

/** Deep copy with own enumerable members only: what JSON.stringify would keep, bigints kept. */
export function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

const here = fileURLToPath(new URL('.', import.meta.url));
/** The published recordings, read where they are (never copied): ../shared/recordings by default. */
const recordingsDir = resolve(process.env.AVANODE_SHARED_RECORDINGS ?? join(here, '..', '..', '..', '..', 'shared', 'recordings'));

export interface Recording {
  file: string;
  request: { method: string; params?: Record<string, unknown> };
  response: { result?: Record<string, unknown> };
}

export function readRecordings(method: string): Recording[] {
  const dir = join(recordingsDir, 'platform', method);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `platform/${method}/${f}`, ...(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<Recording, 'file'>) }));
}

export interface GoVector {
  source: string;
  name: string;
  kind: 'unsignedTx' | 'block';
  hex: string;
  json?: string;
  jsonSource?: string;
  network?: number;
}

export interface GoVectorFile {
  tag: string;
  /** Set when the file holds only the vectors this tag adds to that earlier one. */
  addedSince?: string;
  vectors: GoVector[];
}

/** Each vectors file: the audited release's, then the newer releases' additions. */
export const goVectorFiles: GoVectorFile[] = ['avalanchego-v1.14.2.json', 'avalanchego-v1.15.0-fuji.json'].map(
  (name) => JSON.parse(readFileSync(join(here, 'vectors', name), 'utf8')) as GoVectorFile,
);

export const goVectors: GoVector[] = goVectorFiles.flatMap((file) => file.vectors);
