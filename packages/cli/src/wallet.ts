// `avanode wallet address|balance|send|stake|delegate|transfer`: @avanode/wallet on the command line.
// The private key comes from a file (`--key-file`, readable by its owner only) or from
// $AVANODE_PRIVATE_KEY, never from argv: another user sees a process's arguments (ps,
// /proc/<pid>/cmdline) and shells keep them in their history. No message here quotes an
// argument's value, so a key pasted in the wrong place is never printed back.
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createClient } from '@avanode/client';
import { type Wallet, createWallet, keyAddress, parsePrivateKey } from '@avanode/wallet';
import { refuseKeysInArgv } from './argv-keys.js';
import { describeFailure } from './call.js';
import { CliError, EXIT, usageError } from './errors.js';
import { nodeAddress } from './node-url.js';
import { milliseconds } from './numbers.js';

export const walletUsage = `usage: avanode wallet <command> [--url <url>] [--key-file <path>] [flags]
  address    [--network local|fuji|mainnet|<id>]   the key's P-chain address (asks the node without --network)
  balance                                          P-chain: unlocked and locked per asset (nAVAX); C-chain: the key's
                                                   EVM account (wei and nAVAX); shared memory: AVAX exported, not yet imported
  transfer   --from C --to P --amount <n>          move AVAX between the C-chain and the P-chain (or --from P --to C):
             [--export-tx-id <id>]                 export, wait, import, wait; funds already waiting in shared memory
                                                   are imported and nothing is exported again; --export-tx-id resumes
                                                   with an export issued before (printed to stderr when it is sent)
  send       --to <P-…> --amount <n>               send AVAX (or --asset-id)
  stake      --node-id <NodeID-…> --amount <n> --end <time> --bls-public-key <0x…> --bls-proof <0x…> [--shares 20000]
  delegate   --node-id <NodeID-…> --amount <n> --end <time>
  Amounts are nAVAX, or AVAX with the unit: 1.5avax. --end is Unix seconds, an RFC 3339 time or +<days>d.
  The key: --key-file <path> (mode 600: a file others can read is refused) or $AVANODE_PRIVATE_KEY,
  as PrivateKey-… or 0x + 64 hex digits; never on the command line.
  send, stake and delegate print {"txID", "status", "fee"} once the tx is Committed (--no-wait: once issued);
  transfer prints {"exportTxID", "importTxID", "resumed", "imported", "fees"} once the import is accepted.`;

const OPTIONS = {
  url: { type: 'string' },
  'key-file': { type: 'string' },
  'timeout-ms': { type: 'string' },
  network: { type: 'string' },
  to: { type: 'string' },
  amount: { type: 'string' },
  'asset-id': { type: 'string' },
  memo: { type: 'string' },
  'node-id': { type: 'string' },
  end: { type: 'string' },
  'bls-public-key': { type: 'string' },
  'bls-proof': { type: 'string' },
  shares: { type: 'string' },
  'rewards-address': { type: 'string' },
  from: { type: 'string' },
  'export-tx-id': { type: 'string' },
  'no-wait': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const COMMANDS = ['address', 'balance', 'send', 'stake', 'delegate', 'transfer'] as const;
type Command = (typeof COMMANDS)[number];

function parseWalletFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs names the flag (never a value after `=`); keep only its first line.
    const message = ((error as Error).message ?? '').split('\n')[0]!.replace(/\. To specify.*$/, '');
    const unknown = /Unknown option '([^'=]+)/.exec(message);
    throw usageError(unknown ? `wallet: unknown flag ${unknown[1]} (see avanode wallet --help)` : `wallet: ${message}`);
  }
}

const MAX_KEY_FILE_BYTES = 4096;

/** The key from --key-file (owner-only) or $AVANODE_PRIVATE_KEY, as 32 bytes. */
function readKey(path: string | undefined, env: NodeJS.ProcessEnv): Uint8Array {
  const fromEnv = env.AVANODE_PRIVATE_KEY;
  if (path !== undefined && fromEnv) throw usageError('wallet: both --key-file and $AVANODE_PRIVATE_KEY are set: say which key to use by giving one');
  let text: string;
  if (path !== undefined) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch (error) {
      throw usageError(`wallet: cannot read the key file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
    if (!stat.isFile()) throw usageError(`wallet: the key file ${path} is not a file`);
    // Readable by the group or by others: refused, as ssh refuses such a private key.
    if ((stat.mode & 0o044) !== 0) throw usageError(`wallet: the key file ${path} is readable by others (mode ${(stat.mode & 0o777).toString(8)}): chmod 600 ${path}`);
    if (stat.size > MAX_KEY_FILE_BYTES) throw usageError(`wallet: the key file ${path} is ${stat.size} bytes: a key file holds one key`);
    text = readFileSync(path, 'utf8');
  } else if (fromEnv) {
    text = fromEnv;
  } else {
    throw usageError('wallet: no key: give --key-file <path> (mode 600) or set $AVANODE_PRIVATE_KEY');
  }
  try {
    return parsePrivateKey(text);
  } catch (error) {
    // KeyFormatError says what is wrong (length, prefix), never the text.
    throw usageError(`wallet: the key ${path !== undefined ? `in ${path}` : 'in $AVANODE_PRIVATE_KEY'} cannot be read: ${(error as Error).message}`);
  }
}

const NAVAX_PER_AVAX = 1_000_000_000n;

/** `--amount`: nAVAX, or AVAX with its unit (`1.5avax`, 9 decimals at most). */
function amountOf(text: string | undefined): bigint {
  if (text === undefined) throw usageError('wallet: --amount is required (nAVAX, or AVAX with the unit: 1.5avax)');
  const avax = /^(\d{1,11})(?:\.(\d{1,9}))?\s*avax$/i.exec(text.trim());
  if (avax) return BigInt(avax[1]!) * NAVAX_PER_AVAX + BigInt((avax[2] ?? '').padEnd(9, '0'));
  if (/^\d{1,20}$/.test(text) && BigInt(text) < 2n ** 64n) return BigInt(text);
  throw usageError('wallet: --amount must be a whole number of nAVAX below 2^64, or AVAX with the unit (1.5avax)');
}

/** `--end`: Unix seconds, an RFC 3339 time, or `+<days>d` from now. */
function endOf(text: string | undefined): bigint {
  if (text === undefined) throw usageError('wallet: --end is required (Unix seconds, an RFC 3339 time, or +<days>d)');
  const days = /^\+(\d{1,4})d$/.exec(text);
  if (days) return BigInt(Math.floor(Date.now() / 1000) + Number(days[1]) * 86_400);
  if (/^\d{1,12}$/.test(text)) return BigInt(text);
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isFinite(ms)) return BigInt(Math.floor(ms / 1000));
  throw usageError('wallet: --end must be Unix seconds, an RFC 3339 time, or +<days>d');
}

function required(value: string | undefined, flag: string, what: string): string {
  if (value === undefined || value === '') throw usageError(`wallet: --${flag} is required (${what})`);
  return value;
}

/** A wallet's failure as one line: the wallet's own errors by name, the client's as other commands say them. */
function describeWalletFailure(error: unknown, url: string, command: Command): CliError {
  const e = error as { name?: string; message?: string; txID?: string };
  switch (e?.name) {
    case 'TxRefusedError':
      return new CliError(`wallet ${command}: ${e.message}`, EXIT.node);
    case 'TxFailedError':
      return new CliError(`wallet ${command}: ${e.message}`, EXIT.node);
    case 'TxOutcomeUnknownError':
      return new CliError(`wallet ${command}: ${e.message}`, EXIT.network);
    case 'InsufficientFundsError':
    case 'BuildError':
    case 'KeyFormatError':
    case 'MissingDataError':
    case 'WalletError':
    case 'CodecError':
    case 'RangeError':
      return new CliError(`wallet ${command}: ${e.message}`, EXIT.usage);
    default:
      return describeFailure(error, url, `wallet ${command}`);
  }
}

const stringify = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v), 2);

async function runCommand(command: Command, wallet: Wallet, values: ReturnType<typeof parseWalletFlags>['values'], key: Uint8Array, out: (line: string) => void): Promise<void> {
  const wait = values['no-wait'] ? false : { timeoutMs: 120_000 };
  const common = { wait, ...(values.memo !== undefined ? { memo: values.memo } : {}) } as const;
  const print = (sent: { txID: string; status: string; fee: bigint }) => out(stringify({ txID: sent.txID, status: sent.status, fee: sent.fee }));
  switch (command) {
    case 'address': {
      const network = values.network;
      if (network !== undefined) out(keyAddress(key, /^\d+$/.test(network) ? Number(network) : network));
      else out((await wallet.addresses())[0]!);
      return;
    }
    case 'balance': {
      const [p, cross] = await Promise.all([wallet.balance(), wallet.crossChainBalance().catch((error: unknown) => error)]);
      // A node without the C-chain's atomic API (an L1's, an older mock) still gets its P-chain balance.
      if (cross instanceof Error) {
        out(stringify({ P: p, C: null, sharedMemory: null, note: `no C-chain balance: ${cross.message.slice(0, 200)}` }));
        return;
      }
      const crossChain = cross as Awaited<ReturnType<Wallet['crossChainBalance']>>;
      out(stringify({ P: p, C: { address: crossChain.c.address, wei: crossChain.c.wei, nAVAX: crossChain.c.nanoAvax }, sharedMemory: { toP: crossChain.sharedMemory.toP, toC: crossChain.sharedMemory.toC } }));
      return;
    }
    case 'transfer': {
      const from = values.from?.toUpperCase();
      const to = values.to?.toUpperCase();
      if (!((from === 'C' && to === 'P') || (from === 'P' && to === 'C'))) throw usageError('wallet transfer: --from C --to P, or --from P --to C');
      const exportTxID = values['export-tx-id'];
      if (exportTxID !== undefined && !/^[1-9A-HJ-NP-Za-km-z]{40,60}$/.test(exportTxID)) throw usageError('wallet transfer: --export-tx-id must be a cb58 tx ID');
      const result = await wallet.transfer({
        from,
        to,
        amount: amountOf(values.amount),
        ...(exportTxID !== undefined ? { exportTxID } : {}),
        // Written down before it is sent: the ID to resume with if this process stops before the import.
        onExportIssued: (txID) => process.stderr.write(`export ${txID} sent; if this stops before the import, run again (or with --export-tx-id ${txID})\n`),
      });
      out(stringify(result));
      return;
    }
    case 'send':
      print(await wallet.send({ to: required(values.to, 'to', 'a P-… address'), amount: amountOf(values.amount), ...(values['asset-id'] ? { assetID: values['asset-id'] } : {}), ...common }));
      return;
    case 'stake': {
      const shares = values.shares === undefined ? 20_000 : Number(values.shares);
      if (!Number.isInteger(shares) || shares < 0 || shares > 1_000_000) throw usageError('wallet: --shares must be a whole number of millionths from 0 to 1000000 (20000 = 2%)');
      const signer = { publicKey: required(values['bls-public-key'], 'bls-public-key', "the node's BLS key: info getNodeID's nodePOP.publicKey"), proofOfPossession: required(values['bls-proof'], 'bls-proof', "info getNodeID's nodePOP.proofOfPossession") };
      print(await wallet.stake({ nodeID: required(values['node-id'], 'node-id', 'NodeID-…'), amount: amountOf(values.amount), end: endOf(values.end), signer, shares, ...(values['rewards-address'] ? { rewardsOwner: values['rewards-address'] } : {}), ...common }));
      return;
    }
    case 'delegate':
      print(await wallet.delegate({ nodeID: required(values['node-id'], 'node-id', 'NodeID-…'), amount: amountOf(values.amount), end: endOf(values.end), ...(values['rewards-address'] ? { rewardsOwner: values['rewards-address'] } : {}), ...common }));
      return;
  }
}

export async function wallet(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  refuseKeysInArgv(argv, true);
  const { values, positionals } = parseWalletFlags(argv);
  if (values.help || positionals.length === 0) {
    if (!values.help) throw usageError(`wallet: say what to do: ${COMMANDS.join('|')} (avanode wallet --help)`);
    out(walletUsage);
    return EXIT.ok;
  }
  const [word, ...extra] = positionals;
  const command = COMMANDS.find((c) => c === word);
  // Never quote a positional: it may be a key pasted in the wrong place.
  if (command === undefined) throw usageError(`wallet: unknown command (one of ${COMMANDS.join('|')}; avanode wallet --help)`);
  if (extra.length > 0) throw usageError(`wallet ${command}: takes no further arguments, only flags (avanode wallet --help)`);
  const key = readKey(values['key-file'], env);
  const node = nodeAddress(values.url, env);
  const timeoutMs = milliseconds('wallet: --timeout-ms', values['timeout-ms']);
  const client = createClient({ url: node.url, headers: node.headers, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  const walletOfKey = createWallet({ client, keys: [key] });
  try {
    await runCommand(command, walletOfKey, values, key, out);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw describeWalletFailure(error, node.shown, command);
  }
  return EXIT.ok;
}
