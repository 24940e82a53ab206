// The bounds of what a test sets through the control API (health settings, queued failures,
// slow and drop rules): each setting's size, their number, and the memory they hold together,
// so a stream of control calls cannot grow the mock without end (issue 38: 150 health settings
// of 2 MiB each had grown it by 375 MB and made `health.health` answer 316 MB).

/** A check or method name: far more than any the node has. */
export const MAX_NAME_CHARS = 256;
/** A health message or a failure's message. */
export const MAX_MESSAGE_CHARS = 4096;
/** A failure's `data`, as JSON. */
const MAX_DATA_CHARS = 16_384;
/** Health checks set at once (the node reports a few dozen). */
export const MAX_HEALTH_SETTINGS = 64;
/** Methods with failures queued at once. */
export const MAX_FAILING_METHODS = 256;
/** Every setting together, in characters of their texts (the counts above allow more). */
const MAX_SETTINGS_CHARS = 1024 * 1024;

const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A name or a message within its bound; the error names what and how long. */
export function boundedText(text: string, what: string, max: number): string {
  if (text.length > max) throw new RangeError(`${what}: at most ${max} characters, got ${text.length} ("${shown(text)}")`);
  return text;
}

/** A failure's data as the JSON it is answered with, within its bound: its size. */
export function dataChars(data: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch (error) {
    throw new TypeError(`data: JSON expected (${(error as Error).message})`);
  }
  const size = json?.length ?? 0;
  if (size > MAX_DATA_CHARS) throw new RangeError(`data: at most ${MAX_DATA_CHARS} characters of JSON, got ${size}`);
  return size;
}

/** Refuses a setting of `adding` characters when the settings would hold more than MAX_SETTINGS_CHARS. */
export function withinTotal(held: number, adding: number, action: string): void {
  if (held + adding > MAX_SETTINGS_CHARS) throw new RangeError(`${action}: the control settings hold ${held} characters; ${adding} more would pass ${MAX_SETTINGS_CHARS}; reset or let rules run out`);
}
