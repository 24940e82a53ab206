// The declarations read by parse.ts as prettier's documents, built the way prettier's TypeScript
// printer builds them for these nodes (its printers of unions, intersections, tuples, type
// literals, interface bodies, type aliases and doc comments), so that prettier's own document
// printer lays them out byte for byte as formatting the text with prettier would. Top-level
// statements are laid out independently of each other (one per line, a blank line kept), so
// each declaration is a document of its own.
import type { Declaration, Member, ObjectNode, TypeNode } from './parse.ts';
import { Unsupported } from './parse.ts';
import type { DocBuilders, Doc } from './prettier-doc.ts';

/** Where a type stands, as far as the printers below care. */
type Place =
  | { in: 'alias' }
  | { in: 'alias-broken-after-operator' }
  | { in: 'annotation' }
  | { in: 'union' }
  | { in: 'intersection' }
  | { in: 'array' }
  | { in: 'rest' }
  | { in: 'tuple'; size: number };

const isUnionLike = (node: TypeNode) => node.kind === 'union' || node.kind === 'intersection';

/** prettier's `needsParens` for the nodes parse.ts makes. */
const needsParens = (node: TypeNode, place: Place) =>
  isUnionLike(node) && (place.in === 'union' || place.in === 'intersection' || place.in === 'array' || place.in === 'rest');

/** `{…} | null`: one object-like type and nothing but `null` or `void` beside it (prettier's `shouldHugUnionType`). */
function shouldHug(node: Extract<TypeNode, { kind: 'union' }>): boolean {
  const objectLike = node.types.find((type) => type.kind === 'object' || type.kind === 'reference');
  return objectLike !== undefined && node.types.every((type) => type === objectLike || (type.kind === 'keyword' && (type.name === 'null' || type.name === 'void')));
}

/**
 * A string literal, kept when it is already in the form prettier prints (double quotes, no quote
 * or backslash inside: what the compiler writes for the spec's enums and keys); anything else is
 * left to prettier itself, which picks quotes and escapes.
 */
function printString(raw: string): string {
  if (/^"[^"'\\]*"$/.test(raw)) return raw;
  throw new Unsupported(`string literal ${raw}`);
}

/** A number literal, kept when it is a plain decimal integer; any other form is left to prettier. */
function printNumber(raw: string): string {
  if (/^(0|[1-9]\d*)$/.test(raw)) return raw;
  throw new Unsupported(`number literal ${raw}`);
}

/** One declaration (`export type …;` or `export interface … {…}`), its doc comments first. */
export function printDeclaration(declaration: Declaration, b: DocBuilders): Doc {
  const { align, group, hardline, ifBreak, indent, indentIfBreak, join, line, lineSuffixBoundary, literalline, markAsRoot, softline } = b;

  /** A `/** … *\/` comment: re-indented when every line starts with `*` (prettier's indentable block comment). */
  function comment(value: string): Doc {
    const lines: string[] = [];
    if (value.includes('\n')) {
      for (const raw of `*${value}*`.split('\n')) {
        const trimmed = raw.trimStart();
        if (!trimmed.startsWith('*')) {
          lines.length = 0;
          break;
        }
        lines.push(trimmed);
      }
    }
    if (lines.length === 0) return ['/*', join(literalline, value.split('\n')), '*/'];
    const isJsdoc = value[0] === '*' && value[1] !== '*';
    return [
      '/',
      lines.map((text, index) => {
        if (index === 0) return [text.trimEnd(), hardline];
        if (index === lines.length - 1) return [' ', text];
        const trimmed = text.trimEnd();
        const content = [' ', trimmed];
        if (isJsdoc && trimmed !== '*' && text.endsWith('  ')) return [content, '  ', markAsRoot(literalline)];
        return [content, hardline];
      }),
      '/',
    ];
  }

  const withComments = (comments: string[], doc: Doc): Doc => (comments.length === 0 ? doc : [...comments.map((c) => [comment(c), hardline]), doc]);

  function type(node: TypeNode, place: Place): Doc {
    const doc = typeWithoutParens(node, place);
    return needsParens(node, place) ? ['(', doc, ')'] : doc;
  }

  function typeWithoutParens(node: TypeNode, place: Place): Doc {
    switch (node.kind) {
      case 'keyword':
      case 'reference':
        return node.name;
      case 'literal':
        if (node.literal === 'string') return printString(node.raw);
        if (node.literal === 'number') return `${node.negative ? '-' : ''}${printNumber(node.raw)}`;
        return node.raw;
      case 'array':
        return [type(node.element, { in: 'array' }), '[]'];
      case 'rest':
        return ['...', type(node.type, { in: 'rest' })];
      case 'tuple': {
        if (node.elements.length === 0) return group(['[', '', ']']);
        const size = node.elements.length;
        const elements = node.elements.map((element, i) => [group(type(element, { in: 'tuple', size })), i < size - 1 ? [',', line, ''] : '']);
        return group(['[', indent([softline, [elements, '']]), softline, ']']);
      }
      case 'object':
        return objectType(node);
      case 'intersection':
        return intersection(node);
      case 'union':
        return union(node, place);
    }
  }

  function union(node: Extract<TypeNode, { kind: 'union' }>, place: Place): Doc {
    if (shouldHug(node)) return join(' | ', node.types.map((t) => type(t, { in: 'union' })));
    const printed = group(node.types.map((t, i) => [i === 0 ? ifBreak('| ') : [line, '| '], align(2, type(t, { in: 'union' }))]));
    if (needsParens(node, place)) return group([indent([softline, printed]), softline]);
    if (place.in === 'tuple' && place.size > 1) return group([indent([ifBreak(['(', softline]), printed]), softline, ifBreak(')')]);
    if (place.in === 'alias-broken-after-operator' || place.in === 'tuple') return printed;
    return group(indent([softline, printed]));
  }

  function intersection(node: Extract<TypeNode, { kind: 'intersection' }>): Doc {
    let wasIndented = false;
    return group(
      node.types.map((t, index) => {
        const doc = type(t, { in: 'intersection' });
        if (index === 0) return doc;
        const isObjectType = t.kind === 'object';
        const previousIsObject = node.types[index - 1]!.kind === 'object';
        if (previousIsObject && isObjectType) return [' & ', wasIndented ? indent(doc) : doc];
        if (!previousIsObject && !isObjectType) return indent([' &', line, doc]);
        if (index > 1) wasIndented = true;
        return [' & ', index > 1 ? indent(doc) : doc];
      }),
    );
  }

  function key(member: Member): Doc {
    const { key } = member;
    if (key.kind === 'identifier') return key.name;
    if (key.kind === 'index') return ['[', group([indent([softline, join([', ', softline], [[key.parameter, ': ', type(key.type, { in: 'annotation' })]])]), '', softline]), ']'];
    // prettier's quoteProps "as-needed": a quoted key that is an identifier loses its quotes.
    if (!key.raw.startsWith('"')) throw new Unsupported('single-quoted key');
    const value = JSON.parse(key.raw) as string;
    if (/[^\x20-\x7e]/.test(value)) throw new Unsupported('key with characters outside printable ASCII');
    if (/^[A-Za-z_$][\w$]*$/.test(value) && printString(key.raw).slice(1, -1) === value) return value;
    return printString(key.raw);
  }

  const memberSignature = (member: Member): Doc => group([key(member), member.optional ? '?' : '', ': ', type(member.type, { in: 'annotation' })]);

  /** A type literal (`TSTypeLiteral`): a group, kept expanded when the source breaks after `{`. */
  function objectType(node: ObjectNode): Doc {
    if (node.members.length === 0) return group('{}');
    const parts: Doc[] = [];
    node.members.forEach((member, i) => {
      const last = i === node.members.length - 1;
      parts.push(withComments(member.comments, [memberSignature(member), last ? ifBreak(';') : ';']));
      if (!last) {
        parts.push(line);
        if (member.blankLineAfter) parts.push(hardline);
      }
    });
    return group(['{', indent([softline, ...parts]), softline, '}'], { shouldBreak: node.brokenInSource });
  }

  /** An interface body (`TSInterfaceBody`): one member a line. */
  function interfaceBody(node: ObjectNode): Doc {
    const parts: Doc[] = [];
    node.members.forEach((member, i) => {
      parts.push(withComments(member.comments, [memberSignature(member), ';']));
      if (i < node.members.length - 1) {
        parts.push(hardline);
        if (member.blankLineAfter) parts.push(hardline);
      }
    });
    return ['{', parts.length > 0 ? [indent([hardline, parts]), hardline] : '', '}'];
  }

  /** `type X = …;` (prettier's assignment layouts "break-after-operator" for a union, else "fluid"). */
  function typeAlias(name: string, right: TypeNode): Doc {
    const left = ['', 'type ', name, ''];
    if (right.kind === 'union' && !shouldHug(right)) {
      return [group([group(left), ' =', group(indent([line, type(right, { in: 'alias-broken-after-operator' })]))]), ';'];
    }
    const groupId = Symbol('assignment');
    return [group([group(left), ' =', group(indent(line), { id: groupId }), lineSuffixBoundary, indentIfBreak(type(right, { in: 'alias' }), { groupId })]), ';'];
  }

  const body = declaration.kind === 'type'
    ? typeAlias(declaration.name, declaration.type)
    : ['interface', ' ', declaration.name, ' ', interfaceBody(declaration.type as ObjectNode)];
  return withComments(declaration.comments, ['export', ' ', body]);
}
