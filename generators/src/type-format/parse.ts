// Reads what json-schema-to-typescript writes with `format: false`: exported type aliases and
// interfaces, each after its doc comment, built from a small part of TypeScript's type syntax.
// Anything outside that part (a `tsType` with generics or a function type, an enum, a comment
// in an odd place…) throws Unsupported, and the caller lets prettier format the text instead.

/** The text uses syntax this reader does not know; prettier formats it instead. */
export class Unsupported extends Error {
  override name = 'Unsupported';
}

export type TypeNode =
  | { kind: 'union'; types: TypeNode[] }
  | { kind: 'intersection'; types: TypeNode[] }
  | { kind: 'array'; element: TypeNode }
  | { kind: 'tuple'; elements: TypeNode[] }
  | { kind: 'rest'; type: TypeNode }
  | ObjectNode
  /** `raw` as written: a quoted string, a number (with its sign), `true` or `false`. */
  | { kind: 'literal'; literal: 'string' | 'number' | 'boolean'; raw: string; negative: boolean }
  | { kind: 'keyword'; name: string }
  | { kind: 'reference'; name: string };

export interface ObjectNode {
  kind: 'object';
  members: Member[];
  /** Whether the source breaks the line after `{` (prettier then keeps the object expanded). */
  brokenInSource: boolean;
}

export interface Member {
  /** Doc comments before the member: the text between `/*` and `*\/`. */
  comments: string[];
  /** A property's key, or an index signature (`[k: string]`). */
  key: { kind: 'identifier'; name: string } | { kind: 'string'; raw: string } | { kind: 'index'; parameter: string; type: TypeNode };
  optional: boolean;
  type: TypeNode;
  /** Whether an empty line follows the member in the source. */
  blankLineAfter: boolean;
}

export interface Declaration {
  /** Its text, doc comments included: what its formatted form depends on. */
  source: string;
  comments: string[];
  kind: 'type' | 'interface';
  name: string;
  /** The aliased type, or the interface's body. */
  type: TypeNode;
  blankLineAfter: boolean;
}

const KEYWORDS = new Set(['any', 'unknown', 'never', 'string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'null', 'undefined', 'void']);

interface Token {
  type: 'comment' | 'identifier' | 'string' | 'number' | 'punctuation' | 'end';
  text: string;
  start: number;
  end: number;
  /** A line break stands between the previous token and this one. */
  newlineBefore: boolean;
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const NUMBER = /(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\n\r\u2028\u2029]|\\.)*"|'(?:[^'\\\n\r\u2028\u2029]|\\.)*'/y;
const PUNCTUATION = /\.\.\.|[{}[\]()|&:;,?=.-]/y;

function tokenize(text: string): Token[] {
  // Line breaks other than \n, tabs and control characters never come from the generator; but a
  // description may hold tabs (Filecoin's quote Go code), which prettier keeps as they are inside
  // a doc comment's lines, as the printer here does.
  if (/[\r\u2028\u2029\v\f\0]/.test(text) || /\t/.test(text.replace(/\/\*[\s\S]*?\*\//g, ''))) throw new Unsupported('unusual whitespace');
  const tokens: Token[] = [];
  let index = 0;
  let newlineBefore = false;
  const take = (type: Token['type'], pattern: RegExp): boolean => {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (!match) return false;
    tokens.push({ type, text: match[0], start: index, end: index + match[0].length, newlineBefore });
    index += match[0].length;
    newlineBefore = false;
    return true;
  };
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\n') {
      newlineBefore = true;
      index++;
    } else if (char === ' ') {
      index++;
    } else if (text.startsWith('/*', index)) {
      const close = text.indexOf('*/', index + 2);
      if (close < 0) throw new Unsupported('unclosed comment');
      tokens.push({ type: 'comment', text: text.slice(index, close + 2), start: index, end: close + 2, newlineBefore });
      index = close + 2;
      newlineBefore = false;
    } else if (!(take('identifier', IDENTIFIER) || take('number', NUMBER) || take('string', STRING) || take('punctuation', PUNCTUATION))) {
      throw new Unsupported(`unexpected '${char}'`);
    }
  }
  tokens.push({ type: 'end', text: '', start: text.length, end: text.length, newlineBefore: true });
  return tokens;
}

/** Whether the line after the one `index` stands on is empty (prettier's `isNextLineEmpty` for a node ending at `index`). */
function nextLineEmpty(text: string, index: number): boolean {
  let i = index;
  while (i < text.length && (text[i] === ' ' || text[i] === ';' || text[i] === ',')) i++;
  if (text[i] !== '\n') return false;
  i++;
  while (i < text.length && text[i] === ' ') i++;
  return text[i] === '\n';
}

/** The declarations of the text, in order. */
export function parseDeclarations(text: string): Declaration[] {
  const tokens = tokenize(text);
  let position = 0;
  const peek = (offset = 0) => tokens[position + offset]!;
  const next = () => tokens[position++]!;
  const is = (value: string, offset = 0) => peek(offset).type !== 'string' && peek(offset).type !== 'comment' && peek(offset).text === value;
  const expect = (value: string) => {
    if (!is(value)) throw new Unsupported(`expected '${value}', found '${peek().text}'`);
    return next();
  };
  const comments = (): string[] => {
    const found: string[] = [];
    while (peek().type === 'comment') {
      const comment = next();
      // A comment prettier would print on the line of something else.
      if (!comment.newlineBefore && position > 1) throw new Unsupported('comment after code on its line');
      if (!peek().newlineBefore) throw new Unsupported('code after a comment on its line');
      if (!comment.text.startsWith('/**')) throw new Unsupported('not a doc comment');
      if (nextLineEmpty(text, comment.end)) throw new Unsupported('empty line after a comment');
      found.push(comment.text.slice(2, -2));
    }
    return found;
  };

  function type(): TypeNode {
    if (is('|') || is('&')) throw new Unsupported('leading operator');
    const types = [intersection()];
    while (is('|')) {
      next();
      types.push(intersection());
    }
    return types.length === 1 ? types[0]! : { kind: 'union', types };
  }

  function intersection(): TypeNode {
    const types = [postfix()];
    while (is('&')) {
      next();
      types.push(postfix());
    }
    return types.length === 1 ? types[0]! : { kind: 'intersection', types };
  }

  function postfix(): TypeNode {
    let node = primary();
    // `T[]`; TypeScript reads `[` on a new line as the start of something else.
    while (is('[') && !peek().newlineBefore) {
      next();
      expect(']');
      node = { kind: 'array', element: node };
    }
    return node;
  }

  function primary(): TypeNode {
    const token = peek();
    if (token.type === 'comment') throw new Unsupported('comment inside a type');
    if (token.type === 'string') {
      next();
      return { kind: 'literal', literal: 'string', raw: token.text, negative: false };
    }
    if (token.type === 'number') {
      next();
      return { kind: 'literal', literal: 'number', raw: token.text, negative: false };
    }
    if (is('-') && peek(1).type === 'number') {
      next();
      return { kind: 'literal', literal: 'number', raw: next().text, negative: true };
    }
    if (token.type === 'identifier') {
      next();
      if (token.text === 'true' || token.text === 'false') return { kind: 'literal', literal: 'boolean', raw: token.text, negative: false };
      if (KEYWORDS.has(token.text)) return { kind: 'keyword', name: token.text };
      if (is('.')) throw new Unsupported('qualified name');
      return { kind: 'reference', name: token.text };
    }
    if (is('(')) {
      next();
      const inner = type();
      expect(')');
      return inner;
    }
    if (is('[')) {
      next();
      const elements: TypeNode[] = [];
      while (!is(']')) {
        if (is('...')) {
          next();
          elements.push({ kind: 'rest', type: type() });
        } else {
          elements.push(type());
        }
        if (is('?') || is(':')) throw new Unsupported('optional or named tuple member');
        if (!is(']')) expect(',');
      }
      next();
      return { kind: 'tuple', elements };
    }
    if (is('{')) return objectBody();
    throw new Unsupported(`unexpected '${token.text}'`);
  }

  function objectBody(): ObjectNode {
    expect('{');
    const brokenInSource = peek().newlineBefore;
    const members: Member[] = [];
    for (;;) {
      const memberComments = comments();
      if (is('}')) {
        if (memberComments.length > 0) throw new Unsupported('comment at the end of an object');
        next();
        return { kind: 'object', members, brokenInSource };
      }
      let key: Member['key'];
      const token = next();
      if (token.type === 'identifier') key = { kind: 'identifier', name: token.text };
      else if (token.type === 'string') key = { kind: 'string', raw: token.text };
      else if (token.text === '[' && peek().type === 'identifier' && is(':', 1)) {
        const parameter = next().text;
        next();
        const keyType = type();
        expect(']');
        key = { kind: 'index', parameter, type: keyType };
      } else throw new Unsupported(`unexpected member '${token.text}'`);
      const optional = key.kind !== 'index' && is('?');
      if (optional) next();
      if (is('(')) throw new Unsupported('method signature');
      expect(':');
      const memberType = type();
      const member: Member = { comments: memberComments, key, optional, type: memberType, blankLineAfter: nextLineEmpty(text, tokens[position - 1]!.end) };
      members.push(member);
      if (is(';') || is(',')) next();
      else if (!is('}') && !peek().newlineBefore) throw new Unsupported('members on one line without a separator');
    }
  }

  const declarations: Declaration[] = [];
  while (peek().type !== 'end') {
    const start = peek().start;
    const declarationComments = comments();
    expect('export');
    const keyword = next().text;
    const name = next();
    if (name.type !== 'identifier' || KEYWORDS.has(name.text)) throw new Unsupported('unexpected declaration name');
    let declared: TypeNode;
    if (keyword === 'type') {
      expect('=');
      declared = type();
    } else if (keyword === 'interface') {
      if (!is('{')) throw new Unsupported('interface with heritage or type parameters');
      declared = objectBody();
    } else {
      throw new Unsupported(`'export ${keyword}'`);
    }
    if (is(';')) next();
    if (!peek().newlineBefore) throw new Unsupported('two declarations on one line');
    declarations.push({
      source: text.slice(start, tokens[position - 1]!.end),
      comments: declarationComments,
      kind: keyword,
      name: name.text,
      type: declared,
      blankLineAfter: nextLineEmpty(text, tokens[position - 1]!.end),
    });
  }
  return declarations;
}
