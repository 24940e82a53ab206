// The mock's import order (packages/mock/README.md, "Where things live"): no module of src/
// imports itself back through others, type-only imports included (Biome's noImportCycles in
// biome.jsonc fails `pnpm lint` on one; this checks that the rule, as configured, sees a type
// cycle), and no folder imports another that imports it back. The last folder cycle,
// network/ ↔ executor/, ended when the P-chain's state the executor reads (the Ledger's shape,
// the staking parameters, the validator sets, the fee state, the mempool) moved down to state/.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const src = join(import.meta.dirname, '..', 'src');

/** Every .ts file under `dir`, as paths relative to `src`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

/** File → the local files it imports or re-exports from, `import type` included. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(src, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(src, resolve(src, dirname(file), name)).replace(/\.js$/, '.ts'));
    for (const target of targets) if (!known.has(target)) throw new Error(`${file} imports ${target}, which is not a source file`);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan), each sorted, in sorted order. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The graph between rooms: a file's room is its folder; a file at the top of src/ is a room of
 * its own (the entry points and the few modules beside them, such as shared-memory.ts, are not one room).
 */
function roomGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const room = (file: string) => (dirname(file) === '.' ? file : dirname(file));
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = room(file);
    if (!rooms.has(from)) rooms.set(from, new Set());
    for (const target of targets) if (room(target) !== from) rooms.get(from)!.add(room(target));
  }
  return new Map([...rooms].map(([from, to]) => [from, [...to]]));
}

/** Each pair of rooms that import each other, as `a ↔ b`. */
function mutualPairs(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const pairs = new Set<string>();
  for (const [from, targets] of graph) for (const to of targets) if (graph.get(to)?.includes(from)) pairs.add([from, to].sort().join(' ↔ '));
  return [...pairs].sort();
}

const files = importGraph(sources(src));

describe('the mock\'s import order', () => {
  it('finds a cycle where there is one (the check itself)', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(mutualPairs(new Map([['x', ['y']], ['y', ['x', 'z']], ['z', []]]))).toEqual(['x ↔ y']);
  });

  it('reads every source file, type imports included', () => {
    expect(files.size).toBeGreaterThan(50);
    // validator-sets.ts names the ledger's shape itself (SetsSource) rather than import it back.
    expect(files.get('state/ledger.ts')).toContain('state/validator-sets.ts');
    expect(files.get('state/validator-sets.ts')).not.toContain('state/ledger.ts');
    // The executor reads the chain's state from state/, and network/ledger.ts builds it there.
    expect(files.get('executor/verify.ts')).toContain('state/ledger.ts');
    expect(files.get('network/ledger.ts')).toContain('state/ledger.ts');
    expect(files.get('mock-node.ts')).toEqual(expect.arrayContaining(['http/front.ts', 'http/routes.ts', 'rpc/dispatch.ts']));
  });

  it('has no cycle between files', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('has no cycle between folders', () => {
    const rooms = roomGraph(files);
    expect(mutualPairs(rooms)).toEqual([]);
    // Longer cycles too (a → b → c → a).
    expect(cycles(rooms)).toEqual([]);
  });

  it('keeps state/ below the executor and the network, and the executor below the network', () => {
    const below = (file: string) => file.startsWith('state/') || file.startsWith('util/') || file.startsWith('generated/') || file === 'shared-memory.ts';
    for (const [file, targets] of files) {
      if (file.startsWith('state/')) expect(targets.filter((t) => !below(t)), file).toEqual([]);
      if (file.startsWith('executor/')) expect(targets.filter((t) => t.startsWith('network/') || t.startsWith('fork/')), file).toEqual([]);
    }
  });

  it('lets the http/ and rpc/ rooms import nothing above them, and nothing below import them', () => {
    const above = ['mock-node.ts', 'index.ts', 'server.ts', 'cli.ts'];
    for (const [file, targets] of files) {
      if (file.startsWith('http/')) expect(targets.filter((t) => t.startsWith('rpc/') || t.startsWith('network/') || above.includes(t)), file).toEqual([]);
      if (file.startsWith('rpc/')) expect(targets.filter((t) => t.startsWith('http/') || above.includes(t)), file).toEqual([]);
      if (!file.startsWith('http/') && !file.startsWith('rpc/') && !above.includes(file)) {
        // json-rpc/ (any API's mock) answers overrides as the node's mock does.
        const allowed = file.startsWith('json-rpc/') ? ['rpc/override-answers.ts'] : [];
        expect(targets.filter((t) => (t.startsWith('http/') || t.startsWith('rpc/')) && !allowed.includes(t)), file).toEqual([]);
      }
    }
  });

  it('fails `pnpm lint` on a cycle of type-only imports, with the rule as biome.jsonc sets it', async () => {
    const config = readFileSync(join(repoRoot, 'biome.jsonc'), 'utf8');
    const rule = /"noImportCycles":\s*(\{[^}]*\{[^}]*\}\s*\})/.exec(config)?.[1];
    expect(rule, 'biome.jsonc turns noImportCycles on').toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'avanode-cycle-'));
    try {
      writeFileSync(join(dir, 'biome.json'), `{ "linter": { "rules": { "preset": "none", "suspicious": { "noImportCycles": ${rule} } } } }`);
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport interface A { b?: B }\n");
      writeFileSync(join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport interface B { a?: A }\n");
      writeFileSync(join(dir, 'c.ts'), "import type { A } from './a.ts';\nexport type C = A;\n");
      const stdout = await new Promise<string>((done, fail) =>
        execFile(process.execPath, [join(repoRoot, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'lint', '--reporter=json', '.'], { cwd: dir, timeout: 60_000 }, (error, out, err) =>
          // Biome exits 1 on findings: the report is what counts.
          out ? done(out) : fail(error ?? new Error(err)),
        ),
      );
      const report = JSON.parse(stdout) as { diagnostics: { category?: string; location?: { path?: string } }[] };
      const flagged = report.diagnostics.filter((d) => d.category === 'lint/suspicious/noImportCycles').map((d) => d.location?.path?.replace(/^.*[\\/]/, ''));
      expect(flagged.sort()).toEqual(['a.ts', 'b.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
