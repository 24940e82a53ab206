// Exact JSON for a command line: numbers are kept as the text they were written in, both ways.
// A node may send integers beyond 2^53 as bare JSON numbers; JSON.parse would round them.

// A number token whose text JavaScript would not write back the same is carried through
// JSON.parse as a string with this prefix (a NUL cannot occur unescaped in JSON text), then
// written out bare again.
const NUMBER_MARK = '\u0000avanode-number:';

/** Parses JSON; a number that would not survive a round trip through a double becomes an {@link ExactNumber}. */
export function parseExact(text: string): unknown {
  // Escaped, the mark could be a caller's string: keep the plain reading then.
  if (text.includes('\\u0000avanode-number:')) return JSON.parse(text);
  let marked = '';
  let last = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const start = i;
      i++;
      while (i < text.length && /[0-9.eE+-]/.test(text[i]!)) i++;
      const token = text.slice(start, i);
      if (String(Number(token)) !== token) {
        // Written escaped: JSON text may not hold a raw NUL.
        marked += `${text.slice(last, start)}"\\u0000avanode-number:${token}"`;
        last = i;
      }
    } else {
      i++;
    }
  }
  return revive(JSON.parse(marked + text.slice(last)));
}

/** A JSON number kept as its text (written back bare by {@link formatJson}). */
class ExactNumber {
  constructor(readonly text: string) {}
  /** The value as a JavaScript number or, for an integer, a bigint (what the client sends exactly). */
  toValue(): number | bigint {
    return /^-?\d+$/.test(this.text) ? BigInt(this.text) : Number(this.text);
  }
}

function revive(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(NUMBER_MARK) ? new ExactNumber(value.slice(NUMBER_MARK.length)) : value;
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === 'object') {
    // defineProperty, not assignment: a member named `__proto__` stays a member.
    for (const [key, item] of Object.entries(value)) Object.defineProperty(value, key, { value: revive(item), enumerable: true, writable: true, configurable: true });
  }
  return value;
}

/** JSON text of a value; exact numbers and bigints are written as bare numbers, digit for digit. */
export function formatJson(value: unknown, indent: number | undefined): string {
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => (v instanceof ExactNumber ? NUMBER_MARK + v.text : typeof v === 'bigint' ? NUMBER_MARK + v.toString() : v),
    indent,
  );
  return text === undefined ? 'null' : text.replace(/"\\u0000avanode-number:([^"]*)"/g, '$1');
}

/** The value to send: exact numbers become bigints (integers) or numbers, as the client writes them. */
export function toWire(value: unknown): unknown {
  if (value instanceof ExactNumber) return value.toValue();
  if (Array.isArray(value)) return value.map(toWire);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
  return value;
}

/**
 * The value a validator can read: a bigint as a number while exact, else as its decimal string,
 * as the client's exact reader holds it (a uint64's string form bounds it exactly; a double would
 * round 2^64 down to the limit).
 */
export function forValidation(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(forValidation);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forValidation(v)]));
  return value;
}
