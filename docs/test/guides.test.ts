// Checks of the guides against the code and the spec, each one catching a mistake the guides
// once made: a C-Chain call of a method only L1s serve (`x-chains`), and mock options the msw
// guide left out.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const guides = readdirSync(join(root, 'docs', 'guide')).filter((f) => f.endsWith('.md'));
const text = (file: string) => readFileSync(join(root, 'docs', 'guide', file), 'utf8');
const spec = JSON.parse(readFileSync(join(root, 'spec', 'openrpc.json'), 'utf8')) as { methods: Array<{ name: string; 'x-chains'?: string[] }> };

/** The C-Chain as a guide may name it: its alias or its mainnet and Fuji IDs. */
const C_CHAIN = new Set(['C', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp']);

it('no guide calls an EVM extra on the C-Chain that only L1s serve', () => {
  const wrong: string[] = [];
  for (const file of guides) {
    for (const [, chain, member] of text(file).matchAll(/\.evm\(\s*['"]([^'"]+)['"]\s*\)\.(\w+)\(/g)) {
      const method = spec.methods.find((m) => m.name === `eth_${member}` || m.name === `validators.${member}`);
      if (method && C_CHAIN.has(chain!) && !(method['x-chains'] ?? []).includes('c-chain')) wrong.push(`${file}: evm('${chain}').${member}() — ${method.name} is served on ${(method['x-chains'] ?? []).join(', ')}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('the mock guides document every option of the mock and of the msw handlers', () => {
  const source = readFileSync(join(root, 'packages', 'mock', 'src', 'mock-node.ts'), 'utf8') + readFileSync(join(root, 'packages', 'msw', 'src', 'handlers.ts'), 'utf8');
  const options = [...source.matchAll(/export interface (?:MockNodeOptions|HandlerOptions)[^{]*\{([\s\S]*?)\n\}/g)].flatMap((m) => [...m[1]!.matchAll(/^ {2}(\w+)\??:/gm)].map((o) => o[1]!));
  expect(options).toEqual(expect.arrayContaining(['overrides', 'baseUrl', 'delayMs', 'seed', 'healthy', 'publicNode']));
  const documented = guides.filter((f) => /msw|mock|scenario/.test(f)).map(text).join('\n');
  // Named in code: `option` or `option: …` at the start of a code span.
  expect(options.filter((option) => !new RegExp(`\`${option}\\b`).test(documented))).toEqual([]);
});
