// The faster pattern testers (src/fast-patterns.ts) accept exactly what the patterns they stand
// for accept: every pattern of the spec that is rewritten is compared with its RegExp on strings
// around its bounds (lengths, class edges, leading zeros, the largest values, non-ASCII).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST_PATTERN_HELPERS, fastPattern, withFastPatterns } from '../src/fast-patterns.ts';

const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'openrpc.json'), 'utf8')) as unknown;

/** Every `pattern` in the document. */
function patternsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) patternsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'pattern' && typeof item === 'string') found.add(item);
      else patternsOf(item, found);
    }
  }
  return found;
}

const testerOf = (expression: string) => new Function(`${Object.values(FAST_PATTERN_HELPERS).join('\n')}\nreturn ${expression};`)() as { test(text: string): boolean };

/** A deterministic generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const ODD = ['é', '😀', '\n', '\u0000', '\u212A' /* Kelvin sign: folds to k under /iu */];

/**
 * Strings near what `source` accepts: each literal and class of the pattern in turn, a class
 * repeated from one below its minimum to one past its maximum, now and then a character from
 * elsewhere (another printable one, a non-ASCII one), and decimals with leading zeros.
 */
function candidates(source: string, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const out = new Set<string>(['', '0', '00', '18446744073709551615', '18446744073709551616', '4294967295', '4294967296', '0018446744073709551615']);
  const tokens = [...source.matchAll(/\[([^\]]+)\](?:\{(\d+)(?:,(\d*))?\}|([*+?]))?|([A-Za-z0-9_:-])/g)].map(([, charClass, min, max, sign, literal]) => {
    if (literal !== undefined) return { members: [literal], min: 1, max: 1 };
    const members = PRINTABLE.filter((c) => new RegExp(`^[${charClass}]$`, 'u').test(c));
    const low = sign === '+' ? 1 : sign ? 0 : Number(min ?? 1);
    const high = sign === '?' ? 1 : sign ? low + 8 : max === undefined ? (min === undefined ? 1 : low) : max === '' ? low + 8 : Number(max);
    return { members, min: low, max: high };
  });
  for (let n = 0; n < 4000; n++) {
    // Half the strings keep to the pattern; the other half break it in one place: a token one
    // too short or too long, or one character replaced.
    const broken = next() < 0.5 ? Math.floor(next() * tokens.length) : -1;
    const parts = tokens.map(({ members, min, max }, k) => {
      let count = min + Math.floor(next() * (max - min + 1));
      if (k === broken && next() < 0.5) count = next() < 0.5 ? min - 1 : max + 1;
      const chars = Array.from({ length: Math.max(0, count) }, () => pick(members));
      if (k === broken && chars.length > 0 && count >= min && count <= max) chars[Math.floor(next() * chars.length)] = next() < 0.7 ? pick(PRINTABLE) : pick(ODD);
      return chars.join('');
    });
    const text = parts.join('');
    out.add(text);
    const decimal = Array.from({ length: Math.floor(next() * 24) }, () => (next() < 0.2 ? '0' : next() < 0.5 ? '1' : String(Math.floor(next() * 10)))).join('');
    out.add(decimal);
    out.add(`${'0'.repeat(Math.floor(next() * 3))}${decimal}`);
    const at = Math.floor(next() * decimal.length);
    out.add(decimal.slice(0, at) + (next() < 0.7 ? pick(PRINTABLE) : pick(ODD)) + decimal.slice(at + 1));
  }
  return [...out];
}

describe('fast pattern testers', () => {
  // The document's patterns, and a few more with edges it lacks: a run with no upper bound, a
  // run that may be empty, a short decimal bound.
  const patterns = [...patternsOf(spec), '^ab[a-c]{2,}$', '^[a-c]{0,3}$', '^0*(?:[0-9]{1,3}|1[0-9]{3})$'];
  const rewritten = patterns.filter((source) => fastPattern(source, 'u') !== undefined);

  it('rewrite the document’s counted runs and bounded decimals', () => {
    // uint64 and uint32, the hex strings, cb58 IDs and node IDs at least.
    expect(rewritten.length).toBeGreaterThanOrEqual(10);
    expect(rewritten.some((source) => source.startsWith('^0*(?:[0-9]{1,19}|'))).toBe(true);
    expect(rewritten).toContain('^0x[0-9a-fA-F]{192}$');
  });

  it.each(rewritten.map((source, index) => [source, index] as const))('accepts what %s accepts', (source, index) => {
    const pattern = new RegExp(source, 'u');
    const tester = testerOf(fastPattern(source, 'u')!);
    const texts = candidates(source, index + 1);
    // Both sides of the pattern are tried, many times over.
    expect(texts.filter((text) => pattern.test(text)).length).toBeGreaterThan(30);
    expect(texts.filter((text) => !pattern.test(text)).length).toBeGreaterThan(30);
    expect(texts.filter((text) => tester.test(text) !== pattern.test(text))).toEqual([]);
  });

  it('leaves alone what it cannot rewrite exactly', () => {
    expect(fastPattern('^[^a-f]{4}$', 'u')).toBeUndefined(); // negated class
    expect(fastPattern('^[é]{4}$', 'u')).toBeUndefined(); // non-ASCII class
    expect(fastPattern('^a.b[0-9]{4}$', 'u')).toBeUndefined(); // `.` in the literal
    expect(fastPattern('^[0-9]{4}$', 'mu')).toBeUndefined(); // `^` and `$` per line
    expect(fastPattern('^[a-z]{4}$', 'iu')).toBeUndefined(); // case folding (K and the Kelvin sign)
    expect(fastPattern('^0*(?:[0-9]{1,9}|[a-z]{10})$', 'u')).toBeUndefined(); // a branch that is not digits
    expect(fastPattern('^[0-9]{4}x$', 'u')).toBeUndefined(); // something after the run
    expect(fastPattern('^a|b[0-9]{6,}$', 'u')).toBeUndefined(); // an alternative
  });

  it('rewrites the module’s pattern constants and appends the helpers once', () => {
    const code = 'var pattern_a = new RegExp("^0x[0-9a-f]{4}$", "u");\nvar pattern_b = new RegExp("^a|b$", "u");\nvar pattern_c = new RegExp("^[0-9]{1,3}$", "u");\n';
    const out = withFastPatterns(code);
    expect(out).toContain('var pattern_a = /*#__PURE__*/ lengthBounded(new RegExp("^0x[0-9a-f]*$", "u"), 6, 6);');
    expect(out).toContain('var pattern_b = new RegExp("^a|b$", "u");');
    expect(out).toContain('var pattern_c = /*#__PURE__*/ lengthBounded(new RegExp("^[0-9]*$", "u"), 1, 3);');
    expect(out.match(/function lengthBounded/g)).toHaveLength(1);
    expect(out).not.toContain('function shortDecimal');
    expect(withFastPatterns('var pattern_b = new RegExp("^a|b$", "u");\n')).not.toContain('function lengthBounded');
  });

  it('keeps a pattern esbuild wrote with a JavaScript escape (a control character) as it is, without failing', () => {
    // A document's pattern holding ESC: `\x1B` is JavaScript, not JSON (this once stopped generation with a SyntaxError).
    const line = 'var pattern_e = new RegExp("^\\x1B\\\\[2J$", "u");\n';
    expect(withFastPatterns(line)).toBe(line);
  });
});
