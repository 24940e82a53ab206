// A method command's flags: parsed with node:util parseArgs from the method's entry in the
// table, turned into the params the node receives, and checked with the spec's validators.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { pointerExcerpt, validateParams } from '@avanode/validators';
import { usageError } from './errors.js';
import { forValidation, parseExact, toWire } from './json.js';
import { nodeAddress, type NodeAddress } from './node-url.js';
import { INTEGER_RANGES, joinNegativeValues, looksNumeric, milliseconds, wholeNumber } from './numbers.js';
import type { CliMethod, CliParam } from './table.js';

export interface MethodInvocation {
  help: boolean;
  /** Where to send the call, and how to print that address. */
  node: NodeAddress;
  timeoutMs?: number;
  compact: boolean;
  /** The params as sent (bigints for integers beyond 2^53). */
  params: unknown;
  /** The path variable's value (the chain), when the method has one. */
  scope?: Record<string, string>;
}

/** The names a param answers to: its flag and its own name (`--subnet-id`, `--subnetID`). */
const namesOf = (flag: string, name: string) => [...new Set([flag, name])];

/** parseArgs's messages are long and speak of positionals; say what is wrong in a line, naming the flag. */
function flagError(error: unknown, command: string): Error {
  const message = (error as Error).message ?? String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return usageError(`${command}: unknown flag ${unknown[1]} (see avanode ${command} --help)`);
  const positional = /Unexpected argument '([^']+)'/.exec(message);
  if (positional) return usageError(`${command}: unexpected argument ${JSON.stringify(positional[1])}: params are flags (see avanode ${command} --help)`);
  const missing = /Option '(-\w, )?(--[^ ']+) <value>' argument missing/.exec(message);
  if (missing) return usageError(`${command}: ${missing[2]} needs a value`);
  const switchOnly = /Option '(-\w, )?(--[^ ']+)' does not take an argument/.exec(message);
  if (switchOnly) return usageError(`${command}: ${switchOnly[2]} is a switch and takes no value`);
  const ambiguous = /Option '(-\w, )?(--[^ ']+)' argument is ambiguous/.exec(message);
  if (ambiguous) return usageError(`${command}: ${ambiguous[2]} needs a value, and the next word starts with a dash: write ${ambiguous[2]}=<value>`);
  return usageError(`${command}: ${message.split('\n')[0]!.replace(/\. To specify.*$/, '')}`);
}

/** parseArgs over `argv`, a negative number after a flag that takes a value read as that value. */
type Flags<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false; allowNegative: true }>>['values'];

export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, command: string): Flags<T> {
  const takesValue = (name: string) => options[name]?.type === 'string';
  try {
    return parseArgs({ args: joinNegativeValues(argv, takesValue), options, strict: true, allowPositionals: false, allowNegative: true }).values;
  } catch (error) {
    throw flagError(error, command);
  }
}

/** An integer param's text as typed: digits, exactly, in its type's range (a number within 2^53, else a bigint). */
function integerValue(param: CliParam, text: string, command: string): unknown {
  const range = INTEGER_RANGES[param.type];
  if (!range || !looksNumeric(text)) return undefined;
  const value = wholeNumber(`${command}: --${param.flag}`, text.trim(), range[0], range[1]);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

function paramValue(param: CliParam, raw: string | boolean | Array<string | boolean>, command: string): unknown {
  if (param.kind === 'boolean') return raw;
  if (param.kind === 'string') return raw;
  const readJson = (text: string) => {
    try {
      return parseExact(text);
    } catch {
      return text;
    }
  };
  if (param.kind === 'json') return integerValue(param, String(raw), command) ?? readJson(String(raw));
  const texts = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (texts.length === 1 && texts[0]!.trimStart().startsWith('[')) {
    try {
      return parseExact(texts[0]!);
    } catch {
      throw usageError(`--${param.flag}: not a JSON array: ${texts[0]}`);
    }
  }
  // Items of text may also come comma-separated: `--node-ids A,B`.
  return param.items === 'string' ? texts.flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean) : texts.map(readJson);
}

export function parseMethodArgs(method: CliMethod, argv: string[], env: NodeJS.ProcessEnv): MethodInvocation {
  const command = `${method.namespace} ${method.member}`;
  const options: NonNullable<ParseArgsConfig['options']> = {
    url: { type: 'string' },
    params: { type: 'string' },
    'timeout-ms': { type: 'string' },
    validate: { type: 'boolean', default: true },
    compact: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  };
  if (method.scope) for (const name of namesOf(method.scope.flag, method.scope.name)) options[name] = { type: 'string' };
  for (const param of method.params) {
    for (const name of namesOf(param.flag, param.name)) {
      options[name] = param.kind === 'boolean' ? { type: 'boolean' } : param.kind === 'array' ? { type: 'string', multiple: true } : { type: 'string' };
    }
  }
  const values: Record<string, string | boolean | Array<string | boolean> | undefined> = parseFlags(argv, options, command);
  if (values.help) return { help: true, node: { url: '', shown: '', headers: {} }, compact: false, params: undefined };

  const given = (flag: string, name: string) => {
    const used = namesOf(flag, name).filter((n) => values[n] !== undefined);
    if (used.length > 1) throw usageError(`${command}: --${used[0]} and --${used[1]} are the same param; give it once`);
    return used[0] === undefined ? undefined : values[used[0]];
  };

  let scope: Record<string, string> | undefined;
  if (method.scope) {
    const value = given(method.scope.flag, method.scope.name);
    if (typeof value !== 'string' || value === '') throw usageError(`${command}: --${method.scope.flag} is required (the ${method.scope.name} in the method's path)`);
    scope = { [method.scope.name]: value };
  }

  let base: unknown = method.byPosition ? [] : {};
  if (typeof values.params === 'string') {
    try {
      base = parseExact(values.params);
    } catch (error) {
      throw usageError(`${command}: --params is not JSON: ${(error as Error).message}`);
    }
    const shapeOk = method.byPosition ? Array.isArray(base) : base !== null && typeof base === 'object' && !Array.isArray(base);
    if (!shapeOk) throw usageError(`${command}: --params must be a JSON ${method.byPosition ? 'array (the params are positional)' : 'object'}`);
  }
  let params: unknown;
  if (method.byPosition) {
    const list = [...(base as unknown[])];
    method.params.forEach((param, i) => {
      const raw = given(param.flag, param.name);
      if (raw !== undefined) list[i] = paramValue(param, raw, command);
    });
    let end = list.length;
    while (end > 0 && list[end - 1] === undefined) end--;
    const gap = list.slice(0, end).indexOf(undefined);
    if (gap >= 0) throw usageError(`${command}: --${method.params[gap]?.flag ?? `param ${gap}`} is needed before the params after it (they are positional)`);
    params = list.slice(0, end);
  } else {
    const object = { ...(base as Record<string, unknown>) };
    for (const param of method.params) {
      const raw = given(param.flag, param.name);
      if (raw !== undefined) object[param.name] = paramValue(param, raw, command);
    }
    params = object;
  }
  params = toWire(params);

  if (values.validate) {
    const verdict = validateParams(method.method, forValidation(params));
    if (!verdict.ok) {
      // The first issue only, so the line stays short; the flag names where it is.
      const [first] = verdict.errors;
      const more = verdict.errors.length > 1 ? ` (and ${verdict.errors.length - 1} more)` : '';
      throw usageError(`${command}: invalid params: ${where(method, first!.path)} ${first!.message}${more} (--no-validate sends them anyway)`);
    }
  }
  const timeoutMs = milliseconds(`${command}: --timeout-ms`, values['timeout-ms'] as string | undefined);
  return {
    help: false,
    node: nodeAddress(values.url as string | undefined, env),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    compact: values.compact === true,
    params,
    ...(scope ? { scope } : {}),
  };
}

/** A validator's JSON pointer as the flag the user typed: `/blockID` → `--block-id`, `/0` → the first positional param. */
function where(method: CliMethod, pointer: string): string {
  const [head, ...rest] = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (head === undefined || head === '') return 'params';
  const param = method.byPosition ? method.params[Number(head)] : method.params.find((p) => p.name === head);
  const label = param ? `--${param.flag}` : `params.${head}`;
  return rest.length > 0 ? `${label} (at ${pointerExcerpt(`/${rest.join('/')}`, 60).slice(1).replace(/\//g, '.')})` : label;
}
