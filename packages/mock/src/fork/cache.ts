// The fork cache: every upstream answer (result or JSON-RPC error) of a fork pinned at a network
// and height, one file per read, so that a second run at the same height asks the upstream
// nothing it has seen and an offline run needs no upstream at all. Node only (node:fs); the
// upstream loads this module on first use.
//
// Layout: `<dir>/<networkID>-<forkHeight>/<sha256 of the read key, hex>.json`, each holding
// `{ "key": …, "answer": { "result": … } | { "error": { "code", "message" } } }`. Written to a
// temporary file and renamed, so a reader never sees half a file; read up to a bound and checked
// (the key must be the one asked for, the answer one of the two shapes): anything else is
// ignored with one warning and read again from the upstream.
//
// Node's modules are taken with process.getBuiltinModule (Node ≥ 20.16) when first needed, not
// imported: a browser bundle of the mock (esbuild, Vite) then never meets `node:fs`, which it
// cannot resolve, and only a fork given a cacheDir needs them.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { checkPin, UpstreamConfigError } from './upstream-config.js';

/** node:fs/promises and node:path, or an UpstreamConfigError where there is no Node. */
function nodeModules() {
  const get = (globalThis as { process?: { getBuiltinModule?: NodeJS.Process['getBuiltinModule'] } }).process?.getBuiltinModule;
  if (!get) throw new UpstreamConfigError('cacheDir', 'the fork cache needs Node (node:fs); leave cacheDir out elsewhere');
  return { fs: get('node:fs/promises'), path: get('node:path') };
}

/** What the upstream answered a read: its result, or the JSON-RPC error it answered with. */
export type CachedAnswer = { result: unknown } | { error: { code: number; message: string } };

export interface ForkCache {
  /** The folder of this network and height. */
  readonly dir: string;
  /** The answer kept for a read key, or undefined (none, or a file that is not a valid one: warned about once). */
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Keeps an answer (atomically); a failure to write is warned about, never thrown: the fork goes on without it. */
  put(key: string, answer: CachedAnswer): Promise<void>;
}

const FOLDER = /^(\d{1,10})-(\d{1,16})$/;

const forkFolder = (networkID: number, forkHeight: number) => `${networkID}-${forkHeight}`;

const fileOf = (key: string) => `${bytesToHex(sha256(utf8ToBytes(key)))}.json`;

/** Whether a parsed file is an answer in one of the two shapes. */
function isAnswer(value: unknown): value is CachedAnswer {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  if (keys[0] === 'result') return true;
  const error = (value as { error?: { code?: unknown; message?: unknown } }).error;
  return keys[0] === 'error' && error !== null && typeof error === 'object' && Number.isInteger(error.code) && typeof error.message === 'string';
}

/** Whether a parsed value holds a number beyond ±(2^53 − 1): JSON.parse rounded it, so the file is not what the upstream answered (its integers that long are kept as strings). */
function hasUnsafeNumber(value: unknown): boolean {
  if (typeof value === 'number') return !(Math.abs(value) < 2 ** 53);
  if (value !== null && typeof value === 'object') for (const member of Object.values(value)) if (hasUnsafeNumber(member)) return true;
  return false;
}

/** Reads a file up to `maxBytes`; undefined when it is missing, a reason string when it is longer. */
async function readBounded(path: string, maxBytes: number): Promise<string | { tooLong: true } | undefined> {
  let handle: Awaited<ReturnType<ReturnType<typeof nodeModules>['fs']['open']>>;
  try {
    handle = await nodeModules().fs.open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, (await handle.stat()).size + 1));
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, size);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    if (size > maxBytes) return { tooLong: true };
    return buffer.toString('utf8', 0, size);
  } finally {
    await handle.close();
  }
}

/** The cache of one fork (its folder made on first write). `maxBytes` bounds a file read; `warn` gets one line per problem file. */
export function openForkCache(options: { dir: string; networkID: number; forkHeight: number; maxBytes: number; warn: (line: string) => void }): ForkCache {
  checkPin(options.networkID, options.forkHeight);
  const { fs, path } = nodeModules();
  const join = path.join;
  const dir = join(options.dir, forkFolder(options.networkID, options.forkHeight));
  const warned = new Set<string>();
  const warnOnce = (file: string, line: string) => {
    if (warned.has(file)) return;
    warned.add(file);
    options.warn(line);
  };
  let made: Promise<unknown> | undefined;

  return {
    dir,
    async get(key) {
      const file = join(dir, fileOf(key));
      // The answer's bound, and room for the key as JSON writes it (at most 6 characters each).
      const maxBytes = options.maxBytes + 6 * key.length + 64;
      let reason: string;
      try {
        const text = await readBounded(file, maxBytes);
        if (text === undefined) return undefined;
        if (typeof text !== 'string') reason = `longer than ${maxBytes} bytes`;
        else {
          const parsed = JSON.parse(text) as { key?: unknown; answer?: unknown } | null;
          if (parsed?.key !== key) reason = 'it holds another read (or none)';
          else if (!isAnswer(parsed.answer)) reason = 'its answer is neither a result nor a JSON-RPC error';
          else if (hasUnsafeNumber(parsed.answer)) reason = 'it holds an integer beyond 2^53 that JSON.parse rounded';
          else return parsed.answer;
        }
      } catch (error) {
        reason = error instanceof SyntaxError ? `not JSON (${error.message.slice(0, 100)})` : `unreadable (${(error as Error).message?.slice(0, 100)})`;
      }
      warnOnce(file, `fork cache: ignored ${file}: ${reason}; reading it from the upstream again`);
      return undefined;
    },
    async put(key, answer) {
      const file = join(dir, fileOf(key));
      // Unique per process and write: two forks sharing a folder never write the same temporary file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        made ??= fs.mkdir(dir, { recursive: true });
        await made;
        await fs.writeFile(temporary, JSON.stringify({ key, answer }));
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => {});
        warnOnce(`write ${dir}`, `fork cache: could not write in ${dir} (${(error as Error).message?.slice(0, 100)}); going on without keeping answers there`);
      }
    },
  };
}

/**
 * The newest fork kept in a cache folder (the highest height), of `networkID` if given; undefined
 * when there is none. Without `networkID`, a folder holding forks of several networks is
 * ambiguous: an UpstreamConfigError names them.
 */
export async function latestCachedFork(dir: string, networkID?: number): Promise<{ networkID: number; forkHeight: number } | undefined> {
  let names: string[];
  try {
    names = await nodeModules().fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const forks = names
    .map((name) => FOLDER.exec(name))
    .filter((match) => match !== null)
    .map((match) => ({ networkID: Number(match[1]), forkHeight: Number(match[2]) }))
    .filter((fork) => Number.isSafeInteger(fork.forkHeight) && fork.networkID <= 0xffff_ffff && (networkID === undefined || fork.networkID === networkID));
  const networks = [...new Set(forks.map((fork) => fork.networkID))];
  if (networks.length > 1) throw new UpstreamConfigError('cacheDir', `${dir} holds forks of networks ${networks.sort((a, b) => a - b).join(', ')}: say which network`);
  return forks.sort((a, b) => b.forkHeight - a.forkHeight)[0];
}
