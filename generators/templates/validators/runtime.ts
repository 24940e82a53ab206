// The small runtime of a generated validators package: it turns ajv's standalone functions
// into validators that return a result instead of setting `.errors`, and never throw.

/** One reason a value was rejected: where (a JSON pointer into the value) and what was expected. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationResult = { ok: true } | { ok: false; errors: ValidationIssue[] };

export type Validator = (value: unknown) => ValidationResult;

interface RawError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The shape of a function in ajv's standalone output. */
export type RawValidateFunction = ((value: unknown) => boolean) & { errors?: RawError[] | null };

const OK: ValidationResult = Object.freeze({ ok: true });

/** Messages stay short (a pattern or a list of values is quoted up to this many characters): the path says where, the message what. */
const QUOTE = 60;
const MESSAGE = 120;

/**
 * A JSON pointer as a message shows it: whole up to `max` characters, else its start and end
 * around an ellipsis (a map key comes from the data and may be of any length). `/` for the root.
 */
export function pointerExcerpt(pointer: string, max = 80): string {
  if (pointer === '') return '/';
  if (pointer.length <= max) return pointer;
  const half = Math.floor((max - 1) / 2);
  return `${pointer.slice(0, half)}…${pointer.slice(-half)}`;
}

const cut = (text: string): string => (text.length > QUOTE ? `${text.slice(0, QUOTE - 1)}…` : text);
const quoted = (value: unknown): string => cut(JSON.stringify(value) ?? String(value));

function issueOf(error: RawError): ValidationIssue {
  const { instancePath: path, keyword, params } = error;
  if (keyword === 'required') return { path: `${path}/${String(params.missingProperty)}`, message: 'is required' };
  if (keyword === 'additionalProperties') return { path: `${path}/${String(params.additionalProperty)}`, message: 'is not allowed here' };
  if (keyword === 'enum') return { path, message: `must be one of ${quoted(params.allowedValues)}` };
  if (keyword === 'const') return { path, message: `must be ${quoted(params.allowedValue)}` };
  if (keyword === 'pattern') return { path, message: `must match pattern "${cut(String(params.pattern))}"` };
  return { path, message: error.message ?? `fails ${keyword}` };
}

const capped = (message: string): string => (message.length > MESSAGE ? `${message.slice(0, MESSAGE - 1)}…` : message);

/**
 * ajv reports each failed branch of an `anyOf`, then the `anyOf` itself. The branches say what
 * was expected, so they are joined into one message per path and the generic line is dropped.
 */
function describe(errors: RawError[]): ValidationIssue[] {
  const byPath = new Map<string, string[]>();
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const issue = issueOf(error);
    const messages = byPath.get(issue.path) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    byPath.set(issue.path, messages);
  }
  if (byPath.size === 0) return errors.map(issueOf);
  return [...byPath].map(([path, messages]) => ({ path, message: capped(messages.join(', or ')) }));
}

export function toValidator(raw: RawValidateFunction): Validator {
  return (value) => {
    try {
      if (raw(value)) return OK;
      return { ok: false, errors: describe(raw.errors ?? []) };
    } catch (error) {
      // Only a recursive schema over absurdly deep data can get here (stack overflow).
      return { ok: false, errors: [{ path: '', message: `could not be validated: ${(error as Error)?.message ?? String(error)}` }] };
    }
  };
}

/** Looks a validator up by method name; an unknown name is a failed result, not a throw. */
export function validateBy(table: Readonly<Record<string, Validator>>, kind: string, name: string, value: unknown): ValidationResult {
  const validate = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!validate) return { ok: false, errors: [{ path: '', message: `unknown ${kind} '${name}'` }] };
  return validate(value);
}
