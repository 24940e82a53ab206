// avanode: the command line. Every method of the document is `avanode <namespace> <member>`
// (from the generated table), plus health, mock, record, conformance and completion. Failures
// are one line on stderr and an exit code (errors.ts); a stack trace only with AVANODE_DEBUG=1.
import { createRequire } from 'node:module';
import { refuseKeysInArgv } from './argv-keys.js';
import { callMethod } from './call.js';
import { bashCompletion, completionUsage, zshCompletion } from './completion.js';
import { CliError, EXIT, usageError } from './errors.js';
import { health } from './health.js';
import { mainHelp, methodHelp, namespaceHelp } from './help.js';
import { maintainer } from './maintainer.js';
import { mcp } from './mcp.js';
import { mock } from './mock.js';
import { redactCredentials } from './node-url.js';
import { terminalText } from './terminal-text.js';
import { parseMethodArgs } from './params.js';
import { closest, findMethod, findWireName, methods, namespaces, type CliMethod } from './table.js';

export { EXIT } from './errors.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

const COMMANDS = ['health', 'mock', 'mcp', 'wallet', 'record', 'conformance', 'completion', 'help', '--version'];

/** This package's version (src/ and dist/ both sit one folder below its package.json). */
const version = () => (createRequire(import.meta.url)('../package.json') as { version: string }).version;

async function runMethod(method: CliMethod, argv: string[], io: Io): Promise<number> {
  const invocation = parseMethodArgs(method, argv, io.env);
  if (invocation.help) {
    io.stdout(methodHelp(method));
    return EXIT.ok;
  }
  return callMethod(method, invocation, io.stdout);
}

function unknownCommand(word: string): CliError {
  const spaces = [...namespaces().keys()];
  const guess = closest(word, [...spaces, ...COMMANDS, ...methods.map((m) => m.method)]);
  return usageError(`unknown command ${JSON.stringify(word)}${guess ? ` (did you mean ${guess}?)` : ''}; avanode --help lists the commands`);
}

async function dispatch(argv: string[], io: Io): Promise<number> {
  const [first, second, ...rest] = argv;
  const line = (text: string) => io.stdout(`${text}\n`);
  refuseKeysInArgv(argv, first === 'wallet');
  if (first === undefined) {
    io.stderr(mainHelp());
    return EXIT.usage;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.stdout(mainHelp());
    return EXIT.ok;
  }
  if (first === '--version' || first === '-v') {
    if (second !== undefined) throw usageError(`${first} takes nothing after it, got ${JSON.stringify(second.slice(0, 40))}`);
    line(version());
    return EXIT.ok;
  }
  if (first === 'completion') {
    const words = argv.slice(1);
    if (words.some((word) => word === '--help' || word === '-h')) {
      line(completionUsage);
      return EXIT.ok;
    }
    const [shell, extra] = words;
    if (extra !== undefined) throw usageError(`completion: unexpected argument ${JSON.stringify(extra.slice(0, 40))} (see avanode completion --help)`);
    if (shell === 'bash') io.stdout(bashCompletion());
    else if (shell === 'zsh') io.stdout(zshCompletion());
    else throw usageError(`completion: say which shell: avanode completion bash|zsh${shell ? ` (not ${JSON.stringify(shell.slice(0, 40))})` : ''}`);
    return EXIT.ok;
  }
  if (first === 'mock') return mock(argv.slice(1), line, (text) => io.stderr(`${text}\n`));
  // stdout carries the MCP protocol in stdio mode: every line of the command goes to stderr.
  if (first === 'mcp') return mcp(argv.slice(1), (text) => io.stderr(`${text}\n`), io.env);
  // Loaded on use: the wallet (secp256k1, the builders) costs nothing to the other commands.
  if (first === 'wallet') return (await import('./wallet.js')).wallet(argv.slice(1), io.env, line);
  if (first === 'record' || first === 'conformance') return maintainer(first, argv.slice(1));

  const spaces = namespaces();
  const space = spaces.get(first);
  // `avanode health` with no method (or only flags) is the health check, not a namespace listing.
  if (first === 'health' && (second === undefined || second.startsWith('-'))) {
    if (second === '--help' || second === '-h') {
      io.stdout(`${(await import('./health.js')).healthUsage}\n\n${namespaceHelp('health')}`);
      return EXIT.ok;
    }
    return health(argv.slice(1), io.env, line);
  }
  if (space) {
    if (second === undefined || second === '--help' || second === '-h') {
      (second === undefined ? io.stderr : io.stdout)(namespaceHelp(first));
      return second === undefined ? EXIT.usage : EXIT.ok;
    }
    const method = findMethod(first, second);
    if (!method) {
      const guess = closest(second, space.map((m) => m.member));
      throw usageError(`unknown method ${first} ${second}${guess ? ` (did you mean ${first} ${guess}?)` : ''}; avanode ${first} --help lists them`);
    }
    return runMethod(method, rest, io);
  }
  const byWireName = findWireName(first);
  if (byWireName) return runMethod(byWireName, argv.slice(1), io);
  throw unknownCommand(first);
}

/** Runs the command line; resolves to the exit code. Never throws. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  // Credentials in a URL never reach the terminal, whatever message carries them; nor does a
  // control or escape sequence from the document or a node (terminal-text.ts).
  const stderr = (text: string) => io.stderr(terminalText(redactCredentials(text)));
  const stdout = (text: string) => io.stdout(terminalText(text));
  try {
    return await dispatch(argv, { ...io, stdout, stderr });
  } catch (error) {
    if (error instanceof CliError) {
      stderr(`avanode: ${error.message}\n`);
      return error.exitCode;
    }
    stderr(`avanode: internal error: ${(error as Error)?.message ?? String(error)}${io.env.AVANODE_DEBUG ? `\n${(error as Error)?.stack}` : ' (AVANODE_DEBUG=1 shows where)'}\n`);
    return EXIT.node;
  }
}
