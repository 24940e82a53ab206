// The checks of the node's integer wire forms (spec/src/schemas/base-types.yaml, `x-wire-form`):
// one function per form, over any value, bundled into the generated validators in place of the
// form's schema (src/wire-forms.ts). Nothing here may import: the validators carry no dependency.
// test/wire-forms.test.ts compares each check with the schema it stands for.

const UINT64_MAX = '18446744073709551615';
const UINT32_MAX = '4294967295';
/** 2^64 − 1 as a double is 2^64, the bound a JSON Schema `maximum: 18446744073709551615` checks numbers against. */
const UINT64_MAX_NUMBER = 2 ** 64;

/** Digits only, at least one, no more than `max`'s length; `canonical`: no leading zero (what strconv.FormatUint writes). */
function decimalUpTo(value: unknown, max: string, canonical: boolean): boolean {
  if (typeof value !== 'string') return false;
  let text = value;
  if (!canonical) {
    // strconv.ParseUint with base 10 reads leading zeros.
    let start = 0;
    while (start < text.length - 1 && text.charCodeAt(start) === 48) start++;
    text = text.slice(start);
  }
  const { length } = text;
  if (length === 0 || length > max.length) return false;
  if (canonical && length > 1 && text.charCodeAt(0) === 48) return false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  // Same length: digit strings compare as their numbers.
  return length < max.length || text <= max;
}

const integerUpTo = (value: unknown, max: number): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** json.Uint64 as MarshalJSON writes it (results). */
export const uint64 = (value: unknown): boolean => decimalUpTo(value, UINT64_MAX, true);

/** json.Uint64 as UnmarshalJSON reads it (params): a decimal string, leading zeros allowed, or a number. */
export const uint64Param = (value: unknown): boolean => decimalUpTo(value, UINT64_MAX, false) || integerUpTo(value, UINT64_MAX_NUMBER);

/**
 * A plain Go uint64 as encoding/json writes it: a bare number. Beyond 2^53 − 1 an exact reader
 * (the client's, which never rounds) holds that number as its decimal string, so such a string
 * is the same wire value; a smaller one in a string was a string on the wire.
 */
export const uint64Number = (value: unknown): boolean =>
  integerUpTo(value, UINT64_MAX_NUMBER) || (uint64(value) && (value as string).length >= 16 && !Number.isSafeInteger(Number(value)));

/** json.Uint32 as MarshalJSON writes it (results). */
export const uint32 = (value: unknown): boolean => decimalUpTo(value, UINT32_MAX, true);

/** json.Uint32 as UnmarshalJSON reads it (params). */
export const uint32Param = (value: unknown): boolean => decimalUpTo(value, UINT32_MAX, false) || integerUpTo(value, 4294967295);

/** A plain Go uint32 as encoding/json writes it: a bare number. */
export const uint32Number = (value: unknown): boolean => integerUpTo(value, 4294967295);

/** json.Float64 / Float32 as MarshalJSON writes them: strconv.FormatFloat(f, 'f', 4, …), `-?digits.dddd`. */
export const decimal = (value: unknown): boolean => typeof value === 'string' && /^-?[0-9]+\.[0-9]{4}$/.test(value);
