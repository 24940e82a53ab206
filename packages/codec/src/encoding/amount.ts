import { CodecError } from '../errors.js';

/** nAVAX per AVAX (utils/units: Avax = 1e9 NanoAvax). */
export const NANO_AVAX_PER_AVAX = 1_000_000_000n;
const MAX_UINT64 = (1n << 64n) - 1n;

/** An amount of nAVAX as a bigint from a number, bigint or decimal string; must fit a uint64. */
export function toNanoAvax(value: number | bigint | string): bigint {
  let amount: bigint;
  if (typeof value === 'bigint') amount = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new CodecError(`not an exact integer amount: ${value}`);
    amount = BigInt(value);
  } else {
    if (!/^\d+$/.test(value)) throw new CodecError(`not a decimal amount of nAVAX: ${JSON.stringify(value)}`);
    amount = BigInt(value);
  }
  if (amount < 0n || amount > MAX_UINT64) throw new CodecError(`amount out of the uint64 range: ${amount}`);
  return amount;
}

export interface FormatAvaxOptions {
  /** Digits after the point to keep at least (trailing zeros beyond are dropped). Default 0. */
  readonly minDecimals?: number;
  /** Group the whole part by thousands with this separator (e.g. `,`). Default none. */
  readonly groupSeparator?: string;
}

/** nAVAX → exact decimal AVAX text: `1234500000n` → `'1.2345'`. No floats involved. */
export function formatAvax(nanoAvax: number | bigint | string, options: FormatAvaxOptions = {}): string {
  const amount = typeof nanoAvax === 'bigint' && nanoAvax < 0n ? nanoAvax : toNanoAvax(nanoAvax);
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  let whole = (abs / NANO_AVAX_PER_AVAX).toString();
  let fraction = (abs % NANO_AVAX_PER_AVAX).toString().padStart(9, '0').replace(/0+$/, '');
  const min = Math.min(options.minDecimals ?? 0, 9);
  if (fraction.length < min) fraction = fraction.padEnd(min, '0');
  if (options.groupSeparator) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, options.groupSeparator);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Decimal AVAX text → nAVAX bigint: `'1.2345'` → `1234500000n`. At most 9 decimals (refused, not
 * rounded); `_` and `,` are not accepted, a leading `+`/`-` is not either (amounts are uint64).
 */
export function parseAvax(text: string): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) throw new CodecError(`not a decimal AVAX amount: ${JSON.stringify(text)}`);
  const fraction = match[2] ?? '';
  if (fraction.length > 9) throw new CodecError(`more than 9 decimals (1 nAVAX = 0.000000001 AVAX): ${JSON.stringify(text)}`);
  const amount = BigInt(match[1] || '0') * NANO_AVAX_PER_AVAX + BigInt(fraction.padEnd(9, '0') || '0');
  if (amount > MAX_UINT64) throw new CodecError(`amount out of the uint64 range: ${JSON.stringify(text)}`);
  return amount;
}
