// A document's text as a value: JSON when it starts like JSON (and is not named .yaml), else YAML (OpenRPC documents are
// written in both), a syntax error named by its line and column. YAML's aliases can make a small
// text stand for a huge tree (the "billion laughs"): the tree is counted as it would be walked,
// and refused past MAX_NODES, before any walk of the document meets it.
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { ReadError } from './fetch-text.ts';

/** Values (objects, arrays, scalars) a document may hold once its aliases are expanded. */
const MAX_NODES = 5_000_000;

/** Line and column (1-based) of a character offset in `text`. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = (error as Error).message;
    // V8 names the offset ("… at position 12"); newer ones also the line and column.
    const at = /line (\d+) column (\d+)/.exec(message);
    const position = /position (\d+)/.exec(message);
    const where = at ? `${at[1]}:${at[2]}` : position ? lineAndColumn(text, Number(position[1])) : lineAndColumn(text, text.length);
    const reason = message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)/, '');
    throw new ReadError(`${name}:${where}: malformed JSON: ${reason}`);
  }
}

function parseYaml(text: string, name: string): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA, filename: name });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const mark = (error as YAMLException & { mark?: { line: number; column: number } }).mark;
    const where = mark ? `${mark.line + 1}:${mark.column + 1}` : '1:1';
    throw new ReadError(`${name}:${where}: malformed YAML: ${error.reason}`);
  }
}

/** Throws when `value`, walked as a tree (a shared alias counted each time it appears), has more than MAX_NODES values. */
function checkExpandedSize(value: unknown, name: string): void {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > MAX_NODES) throw new ReadError(`${name}: holds more than ${MAX_NODES} values once its YAML aliases are expanded`);
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === 'object') stack.push(...Object.values(node));
  }
}

/** The value of a document's text (`name` says which file or URL, for the message): a ReadError with its line and column when it is malformed. */
export function parseText(text: string, name: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!/\.ya?ml$/i.test(name) && /^\s*[{[]/.test(body)) return parseJson(body, name);
  const value = parseYaml(body, name);
  checkExpandedSize(value, name);
  return value;
}
