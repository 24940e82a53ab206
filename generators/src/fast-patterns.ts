// Faster, equivalent testers for the two pattern shapes that cost V8 the most on a node's large
// answers (a CPU profile of validating a whole validator set put half its time in regular
// expressions; bench/validators.mjs measures the validation as a whole):
//
// - a counted run after a literal, `^0x[0-9a-fA-F]{192}$` or `^NodeID-[…]{20,40}$`: irregexp
//   keeps a counter for `{m,n}` and runs 2–3× slower than the same class with `*`, so the tester
//   checks the length first and then the uncounted pattern;
// - a bounded decimal, `^0*(?:[0-9]{1,19}|1[0-7][0-9]{18}|…)$` (uint64, uint32): every string of
//   up to 19 digits is in range, so a short string only needs to be all digits.
//
// Both rewrites apply only where they are exact: an ASCII literal and an ASCII, non-negated class
// (so a match is ASCII and its `length` counts the characters the `u` flag counts), and an
// alternation of digits only. test/fast-patterns.test.ts compares each tester with the pattern
// it stands for.

/** The helpers a rewritten pattern calls, by name: each written once into the validators module that uses it. */
export const FAST_PATTERN_HELPERS: Readonly<Record<'lengthBounded' | 'shortDecimal', string>> = {
  lengthBounded: `/** A pattern \`^literal[class]{min,max}$\`: the length checked first, then \`^literal[class]*$\` (faster in V8). */
function lengthBounded(uncounted, min, max) {
  return { test: (text) => text.length >= min && text.length <= max && uncounted.test(text) };
}`,
  shortDecimal: `/** A decimal pattern whose first branch is \`[0-9]{1,digits}\`: a string that short needs only be all digits (a loop: faster than a regular expression on a few characters). */
function shortDecimal(full, digits) {
  return {
    test(text) {
      if (text.length > digits) return full.test(text);
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 48 || code > 57) return false;
      }
      return text.length > 0;
    },
  };
}`,
};

/** Characters that stand for themselves in a pattern: letters, digits, `-`, `:`, `_`. */
const LITERAL = /^[A-Za-z0-9_:-]*$/;
/** A class's contents that are ASCII and not negated: characters, ranges, `\-`. */
const ASCII_CLASS = /^(?!\^)(?:[ -Z_-~]|\\-)+$/;
const COUNTED_RUN = /^\^([^[\\]*)\[([^\]]+)\]\{(\d+)(?:,(\d*))?\}\$$/;
const SHORT_DECIMAL = /^\^0\*\(\?:\[0-9\]\{1,(\d+)\}((?:\|[0-9[\]{},-]+)*)\)\$$/;

/**
 * The JavaScript expression of a faster tester equivalent to `new RegExp(source, flags)`, or
 * undefined when the pattern has neither shape.
 */
export function fastPattern(source: string, flags: string): string | undefined {
  // Other flags change what `^`, `$` or a class match (`m`, `i`, `s`): not rewritten.
  if (!/^u?$/.test(flags)) return undefined;
  const run = COUNTED_RUN.exec(source);
  if (run) {
    const [, literal, charClass, min, max] = run as unknown as [string, string, string, string, string | undefined];
    if (!LITERAL.test(literal) || !ASCII_CLASS.test(charClass)) return undefined;
    const upper = max === undefined ? Number(min) : max === '' ? Number.POSITIVE_INFINITY : Number(max);
    const bound = (n: number) => (n === Number.POSITIVE_INFINITY ? 'Infinity' : String(literal.length + n));
    return `/*#__PURE__*/ lengthBounded(new RegExp(${JSON.stringify(`^${literal}[${charClass}]*$`)}, ${JSON.stringify(flags)}), ${bound(Number(min))}, ${bound(upper)})`;
  }
  const decimal = SHORT_DECIMAL.exec(source);
  if (decimal) return `/*#__PURE__*/ shortDecimal(new RegExp(${JSON.stringify(source)}, ${JSON.stringify(flags)}), ${decimal[1]})`;
  return undefined;
}

/** A JavaScript string literal's value when it is also JSON, else undefined. */
function jsonString(literal: string): string | undefined {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

/**
 * The standalone module's `const pattern_… = new RegExp("…", "…")` lines with faster testers
 * where `fastPattern` has one, and the helpers they call appended once each.
 */
export function withFastPatterns(code: string): string {
  const used = new Set<keyof typeof FAST_PATTERN_HELPERS>();
  const out = code.replace(/^((?:const|var|let) pattern_\w+ = )new RegExp\(("(?:[^"\\]|\\.)*"), ("\w*")\);$/gm, (line, head: string, source: string, flags: string) => {
    // esbuild writes a control character as a JavaScript escape (`\x1B`), which is no JSON: such a
    // pattern (a document's, holding a control) has neither fast shape, and is kept as it is.
    const literal = jsonString(source);
    const fast = literal === undefined ? undefined : fastPattern(literal, JSON.parse(flags) as string);
    if (!fast) return line;
    used.add(fast.includes('lengthBounded(') ? 'lengthBounded' : 'shortDecimal');
    return `${head}${fast};`;
  });
  if (used.size === 0) return out;
  return `${out.trimEnd()}\n\n${[...used].sort().map((name) => FAST_PATTERN_HELPERS[name]).join('\n\n')}\n`;
}
