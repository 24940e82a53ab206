// Go's encoding/json as the node's two JSON-RPC servers meet it (Go 1.25, avalanchego v1.14.2
// go.mod): a json.Decoder reads only the first value of a body and reports syntax errors with
// Go's exact messages; values are then read member by member (names matched case-insensitively,
// the last duplicate wins), ids and params kept as raw text; the encoder writes compact JSON with
// `<`, `>`, `&`, U+2028 and U+2029 escaped.

/** The first JSON value of a text, as a json.Decoder reads it. */
export type FirstValue =
  | { ok: true; raw: string }
  /** `eof`: nothing but whitespace (Go's io.EOF). */
  | { ok: false; eof: boolean; message: string };

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

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

/** strconv.Quote (the `%q` of fmt): Go escapes for control and non-printable characters. */
export function goQuote(text: string): string {
  const escapes: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };
  let out = '"';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (escapes[char]) out += escapes[char];
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
const invalid = (char: string, context: string) => new SyntaxError_(`invalid character ${quoteChar(char)} ${context}`);
const MAX_DEPTH = 10_000; // encoding/json scanner.go maxNestingDepth

/** Reads the first value of `text` as json.Decoder.Decode does (trailing bytes are never read). */
export function firstValue(text: string): FirstValue {
  let i = 0;
  const end = text.length;
  const skipSpace = () => {
    while (isSpace(text[i])) i++;
  };
  const char = (): string => {
    if (i >= end) throw new SyntaxError_('unexpected EOF');
    return String.fromCodePoint(text.codePointAt(i)!);
  };
  const expect = (want: string, context: string) => {
    const c = char();
    if (c !== want) throw invalid(c, context);
    i++;
  };
  function string() {
    i++; // the opening quote
    for (;;) {
      const c = char();
      if (c === '"') return void i++;
      if (c === '\\') {
        i++;
        const e = char();
        if (e === 'u') {
          i++;
          for (let k = 0; k < 4; k++) {
            const h = char();
            if (!isHex(h)) throw invalid(h, 'in \\u hexadecimal character escape');
            i++;
          }
        } else if ('"\\/bfnrt'.includes(e)) i++;
        else throw invalid(e, 'in string escape code');
      } else if (c.codePointAt(0)! < 0x20) throw invalid(c, 'in string literal');
      else i += c.length;
    }
  }
  function number() {
    if (text[i] === '-') {
      i++;
      const c = char();
      if (!isDigit(c)) throw invalid(c, 'in numeric literal');
    }
    if (text[i] === '0') i++;
    else while (isDigit(text[i])) i++;
    if (text[i] === '.') {
      i++;
      const c = char();
      if (!isDigit(c)) throw invalid(c, 'after decimal point in numeric literal');
      while (isDigit(text[i])) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      const c = char();
      if (!isDigit(c)) throw invalid(c, 'in exponent of numeric literal');
      while (isDigit(text[i])) i++;
    }
    // A number ends at any other byte; at the very end the decoder feeds a space, so "1" is whole.
  }
  function literal(word: 'true' | 'false' | 'null') {
    for (let k = 1; k < word.length; k++) {
      i++;
      const c = char();
      if (c !== word[k]) throw invalid(c, `in literal ${word} (expecting '${word[k]}')`);
    }
    i++;
  }
  // Containers are walked with an explicit stack: 10,000 levels deep is legal.
  const stack: Array<'object' | 'array'> = [];
  /** Reads a value; true when it opened a container whose first element is still to read. */
  function value(): boolean {
    skipSpace();
    const c = char();
    if (c === '{' || c === '[') {
      stack.push(c === '{' ? 'object' : 'array');
      if (stack.length > MAX_DEPTH) throw invalid(c, 'exceeded max depth');
      i++;
      skipSpace();
      if (char() === (c === '{' ? '}' : ']')) {
        i++;
        stack.pop();
        return false;
      }
      if (c === '{') key();
      return true;
    }
    if (c === '"') string();
    else if (c === '-' || isDigit(c)) number();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else throw invalid(c, 'looking for beginning of value');
    return false;
  }
  function key() {
    skipSpace();
    if (char() !== '"') throw invalid(char(), 'looking for beginning of object key string');
    string();
    skipSpace();
    expect(':', 'after object key');
  }
  try {
    skipSpace();
    if (i >= end) return { ok: false, eof: true, message: 'EOF' };
    const start = i;
    let opened = value();
    while (opened || stack.length > 0) {
      if (opened) {
        opened = value();
        continue;
      }
      // After a member's value: its container goes on or closes.
      skipSpace();
      const c = char();
      const inObject = stack.at(-1) === 'object';
      if (c === ',') {
        i++;
        if (inObject) key();
        opened = value();
      } else if (c === (inObject ? '}' : ']')) {
        i++;
        stack.pop();
      } else throw invalid(c, inObject ? 'after object key:value pair' : 'after array element');
    }
    return { ok: true, raw: text.slice(start, i) };
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
  if (text[i] !== '"' && text[i] !== '{' && text[i] !== '[') {
    while (i < text.length && !isSpace(text[i]) && !',:}]'.includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return i;
}

/** The members of a valid raw object: [name, raw value] in order. */
export function membersOf(raw: string): Array<[string, string]> {
  const members: Array<[string, string]> = [];
  let i = 1;
  for (;;) {
    while (isSpace(raw[i]) || raw[i] === ',') i++;
    if (raw[i] !== '"') return members;
    const keyEnd = skipValue(raw, i);
    const key = JSON.parse(raw.slice(i, keyEnd)) as string;
    i = keyEnd;
    while (isSpace(raw[i]) || raw[i] === ':') i++;
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
    while (isSpace(raw[i]) || raw[i] === ',') i++;
    if (raw[i] === ']' || i >= raw.length) return elements;
    const next = skipValue(raw, i);
    elements.push(raw.slice(i, next));
    i = next;
  }
}

/**
 * The members of a raw object matched to Go struct fields by name, case-insensitively, the
 * last one winning (encoding/json decode.go `object`). Absent fields are undefined.
 */
export function fieldsOf<K extends string>(raw: string, fields: readonly K[]): Partial<Record<K, string>> {
  const byFolded = new Map(fields.map((f) => [f.toLowerCase(), f]));
  const out: Partial<Record<K, string>> = {};
  if (kindOf(raw) !== 'object') return out;
  for (const [key, value] of membersOf(raw)) {
    const field = byFolded.get(key.toLowerCase());
    if (field) out[field] = value;
  }
  return out;
}

/** A raw JSON string's text, or undefined for any other kind (Go leaves the field as it was). */
export const stringOf = (raw: string | undefined): string | undefined => (raw !== undefined && kindOf(raw) === 'string' ? (JSON.parse(raw) as string) : undefined);

/** Raw JSON without insignificant whitespace, as json.RawMessage is written. */
export function compact(raw: string): string {
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
    } else if (!isSpace(c)) out += c;
  }
  return out;
}

/** Go's HTML-safe escaping over a JSON text (the characters only occur inside strings). */
export const htmlSafe = (json: string) => json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A JS value as Go's encoder writes it (plain JSON.stringify, then the HTML escapes). */
export const goJson = (value: unknown) => htmlSafe(JSON.stringify(value === undefined ? null : value));
