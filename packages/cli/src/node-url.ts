// The node's address as the user gave it (`--url`, `$AVANODE_URL`), and the same address as it
// may be printed. Credentials in a URL (`http://user:secret@host`) are sent as HTTP Basic
// authentication, as curl does (fetch refuses a URL that holds them), and never printed: every
// URL shown (in errors too) has its user part replaced with `***`.
import { usageError } from './errors.js';

export const DEFAULT_URL = 'http://127.0.0.1:9650';

export interface NodeAddress {
  /** The base URL requests go to, without credentials. */
  url: string;
  /** The URL as printed: credentials replaced with `***`. */
  shown: string;
  /** The Basic authorization header for credentials in the URL; empty without them. */
  headers: Record<string, string>;
}

/** `scheme://user:secret@` → `scheme://***@`; also a bare `user:secret@host`. The last `@` before the path ends the user part. */
const redactUrl = (text: string): string => text.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)?[^/?#\s]*@/, (_m, scheme: string | undefined) => `${scheme ?? ''}***@`);

/** Every URL with credentials inside a message, redacted (the last guard before anything is printed). */
export const redactCredentials = (text: string): string => text.replace(/\b([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#\s]*@/g, '$1***@');

/** At most 100 characters of what the user typed, for a message. */
const excerpt = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);

/** `--url`, else `$AVANODE_URL`, else the default; checked, with its credentials moved into a header. */
export function nodeAddress(flag: string | undefined, env: NodeJS.ProcessEnv): NodeAddress {
  // An empty $AVANODE_URL is unset, as shells often leave it.
  const source = flag !== undefined ? '--url' : env.AVANODE_URL ? '$AVANODE_URL' : undefined;
  const text = flag ?? (env.AVANODE_URL || DEFAULT_URL);
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.host === '' || !/^https?:\/\/[^/]/i.test(text)) {
    throw usageError(`${source ?? '--url'} must be an http(s) address such as ${DEFAULT_URL}, got ${excerpt(redactUrl(text))}`);
  }
  const headers: Record<string, string> = {};
  if (parsed.username !== '' || parsed.password !== '') {
    const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
  }
  // The URL as typed, less its credentials (URL's own text would add a slash to a bare host).
  return { url: text.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#\s]*@/, '$1'), shown: redactUrl(text), headers };
}
