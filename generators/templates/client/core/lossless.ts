// Exact JSON, for the complete path (loaded only when needed): reading integers beyond 2^53
// without rounding them, and writing bigints as exact JSON numbers.

/** Rewrites integer tokens that are not safe integers as strings, outside of strings, leaving every other byte as it is. */
export function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string, honouring escapes.
      i++;
      while (i < text.length) {
        const d = text.charCodeAt(i);
        if (d === 92 /* backslash */) i += 2;
        else if (d === 34) break;
        else i++;
      }
      i++;
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      const start = i;
      i++;
      while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
      const next = text.charCodeAt(i);
      const isInteger = next !== 46 /* . */ && next !== 101 /* e */ && next !== 69; /* E */
      const token = text.slice(start, i);
      if (isInteger && token.length >= 16 && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(last, start)}"${token}"`;
        last = i;
      } else {
        while (i < text.length && /[0-9.eE+-]/.test(text[i]!)) i++;
      }
    } else {
      i++;
    }
  }
  return out + text.slice(last);
}

// A bigint is first written as a string with this prefix (a NUL no caller's string starts
// with), then unquoted. JSON.stringify writes the NUL as the six characters \u0000.
const BIGINT_MARK = '\u0000avanode-bigint:';

/** JSON.stringify that writes a bigint as an exact JSON number. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? BIGINT_MARK + v : v));
  return text.includes('\\u0000avanode-bigint:') ? text.replace(/"\\u0000avanode-bigint:(-?\d+)"/g, '$1') : text;
}
