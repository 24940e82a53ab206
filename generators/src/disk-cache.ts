// What a run keeps on disk for the next one: the slow results (the validators' standalone code,
// the compiled types, that the spec's examples pass), each keyed by the content it was made from
// and by the build of the generator that made it, so `pnpm generate` after an edit redoes only
// what the edit changed. bin/avanode-gen.mjs says where (generators/dist/avanode-gen/cache) and
// which build (its bundle's name, a hash of the sources and packages it was made from); when the
// sources run without the bundle (tests, tsx), nothing is cached.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Entries kept; beyond this the oldest go (a run writes a handful). */
const MAX_ENTRIES = 64;

function entryPath(kind: string, key: string): string | undefined {
  const build = process.env.AVANODE_GEN_BUILD;
  const dir = process.env.AVANODE_GEN_CACHE_DIR;
  if (!build || !dir) return undefined;
  return join(dir, `${kind}-${createHash('sha256').update(build).update('\0').update(key).digest('hex').slice(0, 32)}.txt`);
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes through a temporary sibling and a rename; a cache that cannot be written is no cache. */
function write(path: string, value: string): void {
  try {
    const dir = join(path, '..');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${path}.${process.pid}.tmp`, value);
    renameSync(`${path}.${process.pid}.tmp`, path);
    const entries = readdirSync(dir).filter((file) => file.endsWith('.txt'));
    if (entries.length > MAX_ENTRIES) {
      const byAge = entries.map((file) => [file, statSync(join(dir, file)).mtimeMs] as const).sort((a, b) => a[1] - b[1]);
      for (const [file] of byAge.slice(0, entries.length - MAX_ENTRIES)) rmSync(join(dir, file), { force: true });
    }
  } catch {
    // Read-only or full: the next run computes again.
  }
}

/** `compute()`'s text, from the cache when the same build made it from the same `key`. */
export async function diskCached(kind: string, key: string, compute: () => Promise<string>): Promise<string> {
  const path = entryPath(kind, key);
  const kept = path && read(path);
  if (kept !== undefined && kept !== '') return kept;
  const value = await compute();
  if (path) write(path, value);
  return value;
}

/** Whether `check()` held for this `key` in a run of the same build; only `true` is kept. */
export function diskCachedTrue(kind: string, key: string, check: () => boolean): boolean {
  const path = entryPath(kind, key);
  if (path && read(path) === 'true') return true;
  const value = check();
  if (path && value) write(path, 'true');
  return value;
}

/**
 * A map of small results (text → text) kept from one run of this build to the next, as one
 * entry: `load` gives what the last run saved (empty when none), `save` replaces it.
 */
export function keptMap(kind: string): { load(): Map<string, string>; save(map: ReadonlyMap<string, string>): void } {
  return {
    load() {
      const path = entryPath(kind, '');
      const kept = path && read(path);
      if (!kept) return new Map();
      try {
        return new Map(JSON.parse(kept) as Array<[string, string]>);
      } catch {
        return new Map();
      }
    },
    save(map) {
      const path = entryPath(kind, '');
      if (path) write(path, JSON.stringify([...map]));
    },
  };
}
