#!/usr/bin/env node
// `pnpm audit:sources --repo <avalanchego git dir> [--to <tag>]`: the starting point of a
// re-audit (spec/AUDIT.md). Reads every `x-source` of spec/openrpc.json (methods, schemas and
// their members), then, against a checkout or bare clone of the node's repository:
// - checks that each `file.go#Symbol` still exists at `--to` (the file, and the symbol's last
//   part as a Go identifier in it); a reference pinned to another tag of the same repository
//   (`ava-labs/avalanchego@v1.15.0-fuji:…`, what the node's next release adds) is checked at
//   its own tag;
// - lists, per method, the referenced files that changed between the audited release
//   (`x-audited-release`) and `--to`, with the size of each change.
// What it prints is a reading list, not a verdict: a changed file may change nothing on the wire.
// Exit 0 when every symbol is found, 1 when some are gone, 2 on bad usage.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const usage = 'usage: pnpm audit:sources --repo <avalanchego git dir> [--to <tag>] [--spec spec/openrpc.json]';

/** Every x-source string in the document, with where it stands (a method name or a schema path). */
export function sourcesOf(document) {
  const found = [];
  const walk = (value, where) => {
    if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(item, `${where}/${i}`);
    else if (value !== null && typeof value === 'object') {
      if (Array.isArray(value['x-source'])) for (const source of value['x-source']) found.push({ source, where });
      for (const [key, item] of Object.entries(value)) if (key !== 'x-source') walk(item, `${where}/${key}`);
    }
  };
  for (const method of document.methods ?? []) walk(method, method.name);
  walk(document.components?.schemas ?? {}, '#/components/schemas');
  return found;
}

/** `[owner/repo@tag:]path/file.go#Symbol.Part` → its parts; only references into the audited repository have no prefix. */
export function parseSource(source) {
  const match = /^(?:([\w.-]+\/[\w.-]+)@([\w.-]+):)?([\w./-]+\.go)#([\w.]+)$/.exec(source);
  if (!match) return undefined;
  const [, repo, tag, file, symbol] = match;
  return { repo, tag, file, symbol };
}

const git = (repo, args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

function fileAt(repo, tag, file) {
  try {
    return git(repo, ['show', `${tag}:${file}`]);
  } catch {
    return undefined;
  }
}

export function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { repo: { type: 'string' }, to: { type: 'string' }, spec: { type: 'string' } } }));
  } catch (error) {
    console.error(`audit:sources: ${error.message}\n${usage}`);
    return 2;
  }
  if (!values.repo) {
    console.error(`audit:sources: --repo is required\n${usage}`);
    return 2;
  }
  const specPath = values.spec ?? join(import.meta.dirname, '..', 'spec', 'openrpc.json');
  const document = JSON.parse(readFileSync(specPath, 'utf8'));
  const from = document['x-audited-release']?.tag;
  if (!from) {
    console.error('audit:sources: the document has no x-audited-release tag');
    return 2;
  }
  const to = values.to ?? from;
  const references = sourcesOf(document);
  const audited = document['x-audited-release'].repo;
  // References into the node's repository: unpinned ones are checked at `--to`, pinned ones at their tag.
  const local = references
    .map((r) => ({ ...r, parsed: parseSource(r.source) }))
    .filter((r) => r.parsed && (!r.parsed.repo || r.parsed.repo === audited))
    .map((r) => ({ ...r, at: r.parsed.repo ? r.parsed.tag : to }));
  const pinned = local.filter((r) => r.parsed.repo).length;
  const malformed = references.filter((r) => !parseSource(r.source));

  const texts = new Map();
  const missing = [];
  for (const { source, where, parsed, at } of local) {
    const key = `${at}:${parsed.file}`;
    if (!texts.has(key)) texts.set(key, fileAt(values.repo, at, parsed.file));
    const text = texts.get(key);
    const last = parsed.symbol.split('.').pop();
    if (text === undefined) missing.push(`${where}: ${source}: the file is gone at ${at}`);
    else if (!new RegExp(`\\b${last}\\b`).test(text)) missing.push(`${where}: ${source}: no '${last}' in the file at ${at}`);
  }

  const changed = new Map();
  if (to !== from) {
    const files = [...new Set(local.filter((r) => !r.parsed.repo).map((r) => r.parsed.file))];
    const stat = git(values.repo, ['diff', '--numstat', from, to, '--', ...files]);
    for (const line of stat.trim().split('\n').filter(Boolean)) {
      const [added, removed, file] = line.split('\t');
      changed.set(file, `+${added} -${removed}`);
    }
  }

  const pins = pinned > 0 ? `, ${pinned} of them pinned at a tag` : '';
  console.log(`audit:sources: ${references.length} references (${local.length} into the node's repository${pins}), ${texts.size} files, audited ${from}, checked at ${to}`);
  for (const r of malformed) console.log(`  malformed: ${r.where}: ${r.source}`);
  for (const line of missing) console.log(`  missing: ${line}`);
  if (changed.size > 0) {
    const byPlace = new Map();
    for (const { where, parsed } of local) {
      if (parsed.repo || !changed.has(parsed.file)) continue;
      const owner = where.split('/')[0] === '#' ? where.split('/').slice(0, 4).join('/') : where;
      if (!byPlace.has(owner)) byPlace.set(owner, new Set());
      byPlace.get(owner).add(`${parsed.file} (${changed.get(parsed.file)})`);
    }
    console.log(`changed since ${from}, by method or schema (read these):`);
    for (const [owner, files] of [...byPlace].sort()) console.log(`  ${owner}: ${[...files].join(', ')}`);
  } else if (to !== from) {
    console.log(`no referenced file changed between ${from} and ${to}`);
  }
  return missing.length > 0 || malformed.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
