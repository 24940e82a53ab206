// Keys never come from argv: a key flag or a key-shaped value is refused before anything reads
// argv, so no message can quote it back (ps and /proc/<pid>/cmdline show a process's arguments to
// other users, and shells keep them in their history). Apart from wallet.ts so every command runs
// the check without loading the wallet.
import { usageError } from './errors.js';

/** Flags that would carry a key. */
const KEY_FLAGS = /^--?(key|private-key|privatekey|private_key|secret|secret-key|pk)(=|$)/i;
/** What a key looks like in either format the node prints: refused wherever it appears in argv. */
const KEY_SHAPED = /PrivateKey-[1-9A-HJ-NP-Za-km-z]{20,}|(^|=)(0x)?[0-9a-fA-F]{64}$/;

const NO_ARGV_KEYS = 'keys are never taken from the command line (other users can read a process\'s arguments, and shells keep them in their history): use --key-file <path> or $AVANODE_PRIVATE_KEY';

/**
 * Refuses an argv that carries a key: a key flag, or a value shaped like a key. Checked before
 * anything else reads argv, for every command, so no error can quote it back.
 */
export function refuseKeysInArgv(argv: readonly string[], walletCommand: boolean): void {
  for (const arg of argv) {
    if (walletCommand && KEY_FLAGS.test(arg)) throw usageError(`wallet: ${arg.split('=')[0]} is refused: ${NO_ARGV_KEYS}`);
    // The 0x form only in wallet commands: elsewhere 32-byte hex values are hashes (an EVM block's).
    if (/PrivateKey-[1-9A-HJ-NP-Za-km-z]{20,}/.test(arg) || (walletCommand && KEY_SHAPED.test(arg))) throw usageError(`an argument looks like a private key and was not used: ${NO_ARGV_KEYS}`);
  }
}
