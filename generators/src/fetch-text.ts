// The bytes of a foreign document or of a file it refers to, read as hostile input: a local
// file only when it is a regular file, an http(s) URL with redirects followed only on its own
// origin and at most MAX_REDIRECTS times, and every read bounded while the bytes arrive (an
// endless body is cut off at the cap, not buffered first) and in time (until the answer's
// headers, and in all).
import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface ReadLimits {
  /** The most bytes one file or answer may have. */
  maxBytes: number;
  /** How long an http(s) server has to answer with its headers (connecting included). */
  headersTimeoutMs: number;
  /** How long one http(s) read may take in all, body included. */
  totalTimeoutMs: number;
}

export const DEFAULT_LIMITS: ReadLimits = { maxBytes: 20 * 1024 * 1024, headersTimeoutMs: 10_000, totalTimeoutMs: 30_000 };
/** Redirects followed, each on the origin of the URL asked for. */
const MAX_REDIRECTS = 5;

/** A read that was refused or failed: its message is one line naming the URL and the rule. */
export class ReadError extends Error {
  override name = 'ReadError';
}

const tooLarge = (href: string, limits: ReadLimits) => new ReadError(`${href} is larger than the ${limits.maxBytes}-byte cap`);

async function readLocal(url: URL, limits: ReadLimits): Promise<Read> {
  const path = fileURLToPath(url);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new ReadError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    // A device or a FIFO (/dev/zero, /dev/stdin) would never end or block: only regular files.
    if (!(await handle.stat()).isFile()) throw new ReadError(`${path} is not a regular file`);
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > limits.maxBytes) throw tooLarge(path, limits);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return { text: Buffer.concat(chunks, length).toString('utf8'), url };
  } finally {
    await handle.close();
  }
}

/** The body of `response`, counting bytes as they arrive and giving up past the cap. */
async function boundedBody(response: Response, href: string, limits: ReadLimits): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) throw tooLarge(href, limits);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limits.maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(href, limits);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length).toString('utf8');
}

async function readRemote(url: URL, limits: ReadLimits): Promise<Read> {
  const total = AbortSignal.timeout(limits.totalTimeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const headers = new AbortController();
    const headersTimer = setTimeout(() => headers.abort(), limits.headersTimeoutMs);
    let response: Response;
    try {
      response = await fetch(current, { redirect: 'manual', signal: AbortSignal.any([total, headers.signal]) });
    } catch (error) {
      if (headers.signal.aborted) throw new ReadError(`${current.href} sent no answer within ${limits.headersTimeoutMs} ms`);
      if (total.aborted) throw new ReadError(`${current.href} was not read within ${limits.totalTimeoutMs} ms`);
      throw new ReadError(`${current.href} cannot be fetched (${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message})`);
    } finally {
      clearTimeout(headersTimer);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel().catch(() => {});
      const next = new URL(response.headers.get('location')!, current);
      if (next.origin !== url.origin) throw new ReadError(`${current.href} redirects to another origin (${next.origin}): redirects are followed only within ${url.origin}`);
      if (redirects >= MAX_REDIRECTS) throw new ReadError(`${url.href} redirects more than ${MAX_REDIRECTS} times`);
      current = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new ReadError(`${current.href} answered HTTP ${response.status}`);
    }
    try {
      return { text: await boundedBody(response, current.href, limits), url: current };
    } catch (error) {
      if (error instanceof ReadError) throw error;
      if (total.aborted) throw new ReadError(`${current.href} was not read within ${limits.totalTimeoutMs} ms`);
      throw new ReadError(`${current.href} cannot be read (${(error as Error).message})`);
    }
  }
}

/** What was read, and where it was in the end (after redirects): what its relative references are relative to. */
export interface Read {
  text: string;
  url: URL;
}

/** The text at a file: or http(s): URL, within `limits`; a ReadError (one line) otherwise. */
export function readText(url: URL, limits: ReadLimits = DEFAULT_LIMITS): Promise<Read> {
  if (url.protocol === 'file:') return readLocal(url, limits);
  if (url.protocol === 'http:' || url.protocol === 'https:') return readRemote(url, limits);
  return Promise.reject(new ReadError(`${url.href}: only files and http(s) URLs are read`));
}
