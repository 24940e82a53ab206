// avanode: the command line. Every method of the document is `avanode <namespace> <member>`
// (from the generated table), plus health, mock, record, conformance and completion. Failures
// are one line on stderr and an exit code (errors.ts); a stack trace only with AVANODE_DEBUG=1.
import { refuseKeysInArgv } from './argv-keys.js';
import { callMethod } from './call.js';
import { bashCompletion, zshCompletion } from './completion.js';
import { CliError, EXIT, usageError } from './errors.js';
import { health } from './health.js';
import { mainHelp, methodHelp, namespaceHelp } from './help.js';
import { maintainer } from './maintainer.js';
import { mock } from './mock.js';
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

const COMMANDS = ['health', 'mock', 'wallet', 'record', 'conformance', 'completion', 'help'];

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
  if (first === 'completion') {
    if (second === 'bash') io.stdout(bashCompletion());
    else if (second === 'zsh') io.stdout(zshCompletion());
    else throw usageError(`completion: say which shell: avanode completion bash|zsh${second ? ` (not ${JSON.stringify(second)})` : ''}`);
    return EXIT.ok;
  }
  if (first === 'mock') return mock(argv.slice(1), line, (text) => io.stderr(`${text}\n`));
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
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`avanode: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`avanode: internal error: ${(error as Error)?.message ?? String(error)}${io.env.AVANODE_DEBUG ? `\n${(error as Error)?.stack}` : ' (AVANODE_DEBUG=1 shows where)'}\n`);
    return EXIT.node;
  }
}
