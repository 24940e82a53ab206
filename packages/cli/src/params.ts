// A method command's flags: parsed with node:util parseArgs from the method's entry in the
// table, turned into the params the node receives, and checked with the spec's validators.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { pointerExcerpt, validateParams } from '@avanode/validators';
import { usageError } from './errors.js';
import { forValidation, parseExact, toWire } from './json.js';
import type { CliMethod, CliParam } from './table.js';

export interface MethodInvocation {
  help: boolean;
  url: string;
  timeoutMs?: number;
  compact: boolean;
  /** The params as sent (bigints for integers beyond 2^53). */
  params: unknown;
  /** The path variable's value (the chain), when the method has one. */
  scope?: Record<string, string>;
}

export const DEFAULT_URL = 'http://127.0.0.1:9650';

/** `--url` or `$AVANODE_URL` or the default, checked. */
export function nodeUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  // An empty $AVANODE_URL is unset, as shells often leave it.
  const url = flag ?? (env.AVANODE_URL || DEFAULT_URL);
  if (!/^https?:\/\/[^/]/.test(url)) throw usageError(`--url must be an http(s) address, got ${JSON.stringify(url)}`);
  return url;
}

export function timeoutOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw usageError(`--timeout-ms must be a positive whole number of milliseconds, got ${JSON.stringify(text)}`);
  return value;
}

/** The names a param answers to: its flag and its own name (`--subnet-id`, `--subnetID`). */
const namesOf = (flag: string, name: string) => [...new Set([flag, name])];

/** parseArgs's messages are long and speak of positionals; say what is wrong in a line. */
export function flagError(error: unknown, command: string): Error {
  const message = (error as Error).message ?? String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return usageError(`${command}: unknown flag ${unknown[1]} (see avanode ${command} --help)`);
  const positional = /Unexpected argument '([^']+)'/.exec(message);
  if (positional) return usageError(`${command}: unexpected argument ${JSON.stringify(positional[1])}: params are flags (see avanode ${command} --help)`);
  return usageError(`${command}: ${message.split('\n')[0]!.replace(/\. To specify.*$/, '')}`);
}

function paramValue(param: CliParam, raw: string | boolean | Array<string | boolean>): unknown {
  if (param.kind === 'boolean') return raw;
  if (param.kind === 'string') return raw;
  const readJson = (text: string) => {
    try {
      return parseExact(text);
    } catch {
      return text;
    }
  };
  if (param.kind === 'json') return readJson(String(raw));
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
  let values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false, allowNegative: true }));
  } catch (error) {
    throw flagError(error, command);
  }
  if (values.help) return { help: true, url: '', compact: false, params: undefined };

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
      if (raw !== undefined) list[i] = paramValue(param, raw);
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
      if (raw !== undefined) object[param.name] = paramValue(param, raw);
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
  const timeoutMs = timeoutOf(values['timeout-ms'] as string | undefined);
  return {
    help: false,
    url: nodeUrl(values.url as string | undefined, env),
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
