// What the tests share: `avanode mcp` started the way an MCP client starts it (the SDK's client
// over stdio, or over Streamable HTTP after reading the address it prints), against a mock node.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** The `avanode` command (its built dist, else its sources through tsx). */
const AVANODE = fileURLToPath(new URL('../../cli/bin/avanode.mjs', import.meta.url));

export interface Connected {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  close: () => Promise<void>;
}

/** The protocol revision a client speaks: the SDK's default (the 2025 `initialize` handshake), or pinned to 2026-07-28 (`server/discover`, no `initialize`). */
export type Revision = 'legacy' | '2026-07-28';

const newClient = (revision: Revision) =>
  new Client({ name: 'avanode-test', version: '1.0.0' }, revision === 'legacy' ? {} : { versionNegotiation: { mode: { pin: revision } } });

export async function overStdio(args: string[], revision: Revision = 'legacy'): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [AVANODE, 'mcp', ...args], stderr: 'pipe', env: { PATH: process.env.PATH ?? '' } });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = newClient(revision);
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Starts `avanode mcp --http 0`, waits for the line naming its address; the child is stopped with SIGTERM. */
export async function startHttp(args: string[]): Promise<{ url: string; child: ChildProcess; stderr: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [AVANODE, 'mcp', '--http', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within 30 s; stderr: ${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /Streamable HTTP on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stderr: () => stderr + stdout,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export async function overHttp(url: string, revision: Revision = 'legacy'): Promise<Connected> {
  const client = newClient(revision);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, stderr: () => '', close: () => client.close() };
}

/** The text of a tool result's first content block. */
export const textOf = (result: { content?: unknown }) => ((result.content as Array<{ type: string; text?: string }> | undefined)?.[0]?.text ?? '');

/** Every text block of a result, one per line: the JSON, then (for a page) the note on the pages. */
export const allTextOf = (result: { content?: unknown }) => ((result.content as Array<{ type: string; text?: string }> | undefined) ?? []).map((c) => c.text ?? '').join('\n');
