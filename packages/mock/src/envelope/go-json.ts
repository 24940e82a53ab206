// Go's encoding/json as the node's two JSON-RPC servers meet it (Go 1.25, avalanchego v1.14.2
// go.mod): a json.Decoder reads only the first value of a body and reports syntax errors with
// Go's exact messages; values are then read member by member (names matched case-insensitively,
// the last duplicate wins), ids and params kept as raw text; the encoder writes compact JSON with
// `<`, `>`, `&`, U+2028 and U+2029 escaped.

/** The first JSON value of a text, as a json.Decoder reads it. */
export type FirstValue =
  /** `members`: when asked for and the value is an object, its members as membersOf gives them. */
  | { ok: true; raw: string; members?: Array<[string, string]> }
  /** `eof`: nothing but whitespace (Go's io.EOF). */
  | { ok: false; eof: boolean; message: string };

// The scanner compares UTF-16 code units (charCodeAt: no string per character); a character is
// made a string only for an error message. Past the end, charCodeAt gives NaN, which no test accepts.
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number) => c === SPACE || c === TAB || c === LF || c === CR;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
/** What may follow a backslash in a JSON string: `"`, `\`, `/`, b, f, n, r, t (u is read apart). */
const isEscape = (c: number) => c === QUOTE || c === BACKSLASH || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74;

/** The first byte of a character's UTF-8 form: Go's scanner reports bytes, not characters. */
function firstByte(char: string): number {
  const cp = char.codePointAt(0)!;
  if (cp < 0x80) return cp;
  if (cp < 0x800) return 0xc0 | (cp >> 6);
  if (cp < 0x10000) return 0xe0 | (cp >> 12);
  return 0xf0 | (cp >> 18);
}

/** Go's strconv.IsPrint, near enough: letters, marks, numbers, punctuation, symbols and ASCII space. */
const isPrint = (char: string) => char === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(char);

const QUOTE_ESCAPES: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };

/** strconv.Quote (the `%q` of fmt): Go escapes for control and non-printable characters. */
/**
 * JSON text whose bare integers beyond 2^53 − 1 are quoted: JSON.parse then reads them as their
 * exact decimal strings (the form an exact reader gives them, as the validators' uint64 checks
 * expect) where it would round them to a double. Go decodes such a number exactly into a uint64
 * (or a json.Uint64, which takes the string too), so the mock must see the same digits.
 * Strings, fractions and exponents are left as they are. Linear in the text.
 */
export function withExactIntegers(raw: string): string {
  if (!/[0-9]{16}/.test(raw)) return raw;
  let out = '';
  let last = 0;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === 0x22) {
      // Skip a string, escapes included.
      for (i++; i < raw.length && raw.charCodeAt(i) !== 0x22; i++) if (raw.charCodeAt(i) === 0x5c) i++;
      continue;
    }
    if ((code < 0x30 || code > 0x39) && code !== 0x2d) continue;
    let end = i + 1;
    while (end < raw.length && /[0-9.eE+-]/.test(raw[end]!)) end++;
    const token = raw.slice(i, end);
    if (/^-?[0-9]{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
      out += `${raw.slice(last, i)}"${token}"`;
      last = end;
    }
    i = end - 1;
  }
  return last === 0 ? raw : out + raw.slice(last);
}

export function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const escaped = QUOTE_ESCAPES[char];
    if (escaped) out += escaped;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (isPrint(char)) out += char;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** encoding/json's quoteChar: how a syntax error names the offending byte. */
function quoteChar(char: string): string {
  if (char === "'") return "'\\''";
  if (char === '"') return "'\"'";
  return `'${goQuote(String.fromCodePoint(firstByte(char))).slice(1, -1)}'`;
}

class SyntaxError_ extends Error {}
const MAX_DEPTH = 10_000; // encoding/json scanner.go maxNestingDepth

/**
 * json.Decoder.Decode's scan of the first value, one instance per text. Containers are walked
 * with an explicit stack (10,000 levels deep is legal); `true` on it is an object.
 */
class Scanner {
  i = 0;
  private readonly end: number;
  private readonly stack: boolean[] = [];
  /**
   * With `record`, where each member of a top-level object lies: key start and end, value start
   * and end, four numbers a member, found on the way (no second pass over the text for them).
   */
  readonly spans: number[] = [];
  constructor(
    private readonly text: string,
    private readonly record: boolean,
  ) {
    this.end = text.length;
  }

  /** At a member of the top-level object (its key, or its value): the place is recorded. */
  private atTopMember(): boolean {
    return this.record && this.stack.length === 1 && this.stack[0] === true;
  }

  /** The code unit at the position; past the end, the decoder's "unexpected EOF". */
  private code(): number {
    if (this.i >= this.end) throw new SyntaxError_('unexpected EOF');
    return this.text.charCodeAt(this.i);
  }

  /** The syntax error naming the character (the whole code point) at the position. */
  private invalid(context: string): SyntaxError_ {
    return new SyntaxError_(`invalid character ${quoteChar(String.fromCodePoint(this.text.codePointAt(this.i)!))} ${context}`);
  }

  skipSpace(): void {
    while (isSpace(this.text.charCodeAt(this.i))) this.i++;
  }

  atEnd(): boolean {
    return this.i >= this.end;
  }

  private string(): void {
    this.i++; // the opening quote
    for (;;) {
      const c = this.code();
      if (c === QUOTE) {
        this.i++;
        return;
      }
      if (c === BACKSLASH) {
        this.i++;
        const e = this.code();
        if (e === 0x75) {
          this.i++;
          for (let k = 0; k < 4; k++) {
            if (!isHex(this.code())) throw this.invalid('in \\u hexadecimal character escape');
            this.i++;
          }
        } else if (isEscape(e)) this.i++;
        else throw this.invalid('in string escape code');
      } else if (c < 0x20) throw this.invalid('in string literal');
      // Either half of a surrogate pair is neither a quote, a backslash nor a control character.
      else this.i++;
    }
  }

  private number(): void {
    const text = this.text;
    if (text.charCodeAt(this.i) === MINUS) {
      this.i++;
      if (!isDigit(this.code())) throw this.invalid('in numeric literal');
    }
    if (text.charCodeAt(this.i) === ZERO) this.i++;
    else while (isDigit(text.charCodeAt(this.i))) this.i++;
    if (text.charCodeAt(this.i) === DOT) {
      this.i++;
      if (!isDigit(this.code())) throw this.invalid('after decimal point in numeric literal');
      while (isDigit(text.charCodeAt(this.i))) this.i++;
    }
    const e = text.charCodeAt(this.i);
    if (e === 0x65 || e === 0x45) {
      this.i++;
      const sign = text.charCodeAt(this.i);
      if (sign === PLUS || sign === MINUS) this.i++;
      if (!isDigit(this.code())) throw this.invalid('in exponent of numeric literal');
      while (isDigit(text.charCodeAt(this.i))) this.i++;
    }
    // A number ends at any other byte; at the very end the decoder feeds a space, so "1" is whole.
  }

  private literal(word: 'true' | 'false' | 'null'): void {
    for (let k = 1; k < word.length; k++) {
      this.i++;
      if (this.code() !== word.charCodeAt(k)) throw this.invalid(`in literal ${word} (expecting '${word[k]}')`);
    }
    this.i++;
  }

  /** Reads a value; true when it opened a container whose first element is still to read. */
  private value(): boolean {
    this.skipSpace();
    const top = this.atTopMember();
    if (top) this.spans.push(this.i);
    const c = this.code();
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      this.stack.push(c === OPEN_OBJECT);
      if (this.stack.length > MAX_DEPTH) throw this.invalid('exceeded max depth');
      this.i++;
      this.skipSpace();
      if (this.code() === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        this.i++;
        this.stack.pop();
        if (top) this.spans.push(this.i);
        return false;
      }
      if (c === OPEN_OBJECT) this.key();
      // Its end is recorded when it closes (whole()).
      return true;
    }
    if (c === QUOTE) this.string();
    else if (c === MINUS || isDigit(c)) this.number();
    else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else throw this.invalid('looking for beginning of value');
    if (top) this.spans.push(this.i);
    return false;
  }

  private key(): void {
    this.skipSpace();
    if (this.code() !== QUOTE) throw this.invalid('looking for beginning of object key string');
    const top = this.atTopMember();
    if (top) this.spans.push(this.i);
    this.string();
    if (top) this.spans.push(this.i);
    this.skipSpace();
    if (this.code() !== COLON) throw this.invalid('after object key');
    this.i++;
  }

  /** Reads one whole value from the position. */
  whole(): void {
    let opened = this.value();
    const stack = this.stack;
    while (opened || stack.length > 0) {
      if (opened) {
        opened = this.value();
        continue;
      }
      // After a member's value: its container goes on or closes.
      this.skipSpace();
      const c = this.code();
      const inObject = stack[stack.length - 1]!;
      if (c === COMMA) {
        this.i++;
        if (inObject) this.key();
        opened = this.value();
      } else if (c === (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        this.i++;
        stack.pop();
        // A member's container of the top-level object closed: the member ends here.
        if (this.atTopMember()) this.spans.push(this.i);
      } else throw this.invalid(inObject ? 'after object key:value pair' : 'after array element');
    }
  }
}

/**
 * Reads the first value of `text` as json.Decoder.Decode does (trailing bytes are never read);
 * with `withMembers`, an object's members too (what membersOf gives, found in the same pass).
 */
export function firstValue(text: string, withMembers = false): FirstValue {
  const scanner = new Scanner(text, withMembers);
  try {
    scanner.skipSpace();
    if (scanner.atEnd()) return { ok: false, eof: true, message: 'EOF' };
    const start = scanner.i;
    const isObject = text.charCodeAt(start) === OPEN_OBJECT;
    scanner.whole();
    const raw = text.slice(start, scanner.i);
    if (!withMembers || !isObject) return { ok: true, raw };
    const { spans } = scanner;
    const members: Array<[string, string]> = [];
    for (let k = 0; k < spans.length; k += 4) members.push([stringText(text.slice(spans[k]!, spans[k + 1]!)), text.slice(spans[k + 2]!, spans[k + 3]!)]);
    return { ok: true, raw, members };
  } catch (error) {
    if (error instanceof SyntaxError_) return { ok: false, eof: false, message: error.message };
    throw error;
  }
}

/** The Go kind name a type error reports for a raw value ("number", "string", …), or null. */
export function kindOf(raw: string): 'object' | 'array' | 'string' | 'bool' | 'number' | null {
  const c = raw[0];
  return c === '{' ? 'object' : c === '[' ? 'array' : c === '"' ? 'string' : c === 't' || c === 'f' ? 'bool' : c === 'n' ? null : 'number';
}

/** The index just past the valid JSON value starting at `i` (no checks: the text is valid). */
function skipValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first !== QUOTE && first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (isSpace(c) || c === COMMA || c === COLON || c === CLOSE_OBJECT || c === CLOSE_ARRAY) break;
    }
    return i;
  }
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return i + 1;
  }
  return i;
}

/** A valid raw JSON string's text; without escapes it is what lies between the quotes. */
export function stringText(raw: string): string {
  const inner = raw.slice(1, -1);
  return inner.includes('\\') ? (JSON.parse(raw) as string) : inner;
}

/** The members of a valid raw object: [name, raw value] in order. */
export function membersOf(raw: string): Array<[string, string]> {
  const members: Array<[string, string]> = [];
  let i = 1;
  for (;;) {
    for (let c = raw.charCodeAt(i); isSpace(c) || c === COMMA; c = raw.charCodeAt(i)) i++;
    if (raw.charCodeAt(i) !== QUOTE) return members;
    const keyEnd = skipValue(raw, i);
    const key = stringText(raw.slice(i, keyEnd));
    i = keyEnd;
    for (let c = raw.charCodeAt(i); isSpace(c) || c === COLON; c = raw.charCodeAt(i)) i++;
    const valueEnd = skipValue(raw, i);
    members.push([key, raw.slice(i, valueEnd)]);
    i = valueEnd;
  }
}

/** The elements of a valid raw array, each as raw text. */
export function elementsOf(raw: string): string[] {
  const elements: string[] = [];
  let i = 1;
  for (;;) {
    for (let c = raw.charCodeAt(i); isSpace(c) || c === COMMA; c = raw.charCodeAt(i)) i++;
    if (raw.charCodeAt(i) === CLOSE_ARRAY || i >= raw.length) return elements;
    const next = skipValue(raw, i);
    elements.push(raw.slice(i, next));
    i = next;
  }
}

/** Raw JSON without insignificant whitespace, as json.RawMessage is written. */
export function compact(raw: string): string {
  // Most ids and params hold no whitespace at all: nothing to take out.
  if (!/[ \t\n\r]/.test(raw)) return raw;
  let out = '';
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += raw[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!isSpace(c.charCodeAt(0))) out += c;
  }
  return out;
}

const HTML_UNSAFE = /[<>&\u2028\u2029]/;
const HTML_UNSAFE_ALL = /[<>&\u2028\u2029]/g;

/**
 * Go's HTML-safe escaping over a JSON text (the characters only occur inside strings). It maps
 * each character on its own, so the escaped pieces of a text join into the escaped text.
 */
export const htmlSafe = (json: string) => (HTML_UNSAFE.test(json) ? json.replace(HTML_UNSAFE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json);

/**
 * A value as Go's encoder writes it, where JSON.stringify would throw: a bigint (a uint64 the
 * codec read above 2^53 − 1) as a bare number, as Go prints a uint64. Every value the codec
 * decodes can be printed. Plain JSON.stringify first: the common case has no bigint.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value === undefined ? null : value) ?? 'null';
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    return writeWithBigints(value);
  }
}

function writeWithBigints(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return writeWithBigints(toJSON.call(value));
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : writeWithBigints(item))).join(',')}]`;
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${writeWithBigints(member)}`);
  }
  return `{${members.join(',')}}`;
}
