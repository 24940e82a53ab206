import { expectInteger, expectOptions, expectString } from '../arguments.js';
import { CodecError, excerpt } from '../errors.js';

/** nAVAX per AVAX (utils/units: Avax = 1e9 NanoAvax). */
export const NANO_AVAX_PER_AVAX = 1_000_000_000n;
const MAX_UINT64 = (1n << 64n) - 1n;

/**
 * The longest amount text read (blanks and leading zeros included). The largest uint64 is 20
 * digits (21 characters as AVAX with its point); the cap refuses a megabyte of digits before
 * BigInt, whose parsing is quadratic in the length, ever sees it.
 */
const MAX_AMOUNT_TEXT = 64;

function capped(text: string, what: string): string {
  if (text.length > MAX_AMOUNT_TEXT) throw new CodecError(`${what} longer than ${MAX_AMOUNT_TEXT} characters (${text.length}): ${excerpt(text)}`);
  return text;
}

/** An amount of nAVAX as a bigint from a number, bigint or decimal string; must fit a uint64. */
export function toNanoAvax(value: number | bigint | string): bigint {
  let amount: bigint;
  if (typeof value === 'bigint') amount = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new CodecError(`not an exact integer amount: ${excerpt(value)}`);
    amount = BigInt(value);
  } else if (typeof value === 'string') {
    if (!/^\d+$/.test(capped(value, 'an amount of nAVAX'))) throw new CodecError(`not a decimal amount of nAVAX: ${excerpt(value)}`);
    amount = BigInt(value);
  } else throw new CodecError(`not an amount: ${excerpt(value)}`);
  if (amount < 0n || amount > MAX_UINT64) throw new CodecError(`amount out of the uint64 range: ${excerpt(amount)}`);
  return amount;
}

export interface FormatAvaxOptions {
  /** Digits after the point to keep at least, 0 to 9 (trailing zeros beyond are dropped). Default 0. */
  readonly minDecimals?: number;
  /** Group the whole part by thousands with this separator (e.g. `,`), inserted as it is. Default none. */
  readonly groupSeparator?: string;
}

/**
 * nAVAX → exact decimal AVAX text: `1234500000n` → `'1.2345'`. No floats involved. The amount
 * is a uint64 as `parseAvax` reads one: a negative amount is refused, as there.
 */
export function formatAvax(nanoAvax: number | bigint | string, options?: FormatAvaxOptions): string {
  const amount = toNanoAvax(nanoAvax);
  const { minDecimals = 0, groupSeparator = '' } = expectOptions(options) ?? {};
  expectInteger(minDecimals, 0, 9, 'minDecimals');
  expectString(groupSeparator, 'groupSeparator');
  let whole = (amount / NANO_AVAX_PER_AVAX).toString();
  let fraction = (amount % NANO_AVAX_PER_AVAX).toString().padStart(9, '0').replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  // A function as the replacement: a separator such as `$&` is inserted as it is, not read as a pattern.
  if (groupSeparator !== '') whole = whole.replace(/\B(?=(\d{3})+$)/g, () => groupSeparator);
  return `${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Decimal AVAX text → nAVAX bigint: `'1.2345'` → `1234500000n`. At most 9 decimals (refused, not
 * rounded); `_` and `,` are not accepted, a leading `+`/`-` is not either (amounts are uint64).
 * Text longer than 64 characters is refused before it is read.
 */
export function parseAvax(text: string): bigint {
  const trimmed = capped(expectString(text, 'an AVAX amount'), 'an AVAX amount').trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) throw new CodecError(`not a decimal AVAX amount: ${excerpt(text)}`);
  const fraction = match[2] ?? '';
  if (fraction.length > 9) throw new CodecError(`more than 9 decimals (1 nAVAX = 0.000000001 AVAX): ${excerpt(text)}`);
  const amount = BigInt(match[1] || '0') * NANO_AVAX_PER_AVAX + BigInt(fraction.padEnd(9, '0') || '0');
  if (amount > MAX_UINT64) throw new CodecError(`amount out of the uint64 range: ${excerpt(text)}`);
  return amount;
}
