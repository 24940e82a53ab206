// `avanode wallet address|balance|send|stake|delegate|transfer`: @avanode/wallet on the command line.
// The private key comes from a file (`--key-file`, readable by its owner only) or from
// $AVANODE_PRIVATE_KEY, never from argv: another user sees a process's arguments (ps,
// /proc/<pid>/cmdline) and shells keep them in their history. No message here quotes an
// argument's value, so a key pasted in the wrong place is never printed back.
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createClient } from '@avanode/client';
import { type Wallet, createWallet, formatAvax, keyAddress, parsePrivateKey } from '@avanode/wallet';
import { refuseKeysInArgv } from './argv-keys.js';
import { describeFailure } from './call.js';
import { terminalText } from './terminal-text.js';
import { CliError, EXIT, usageError } from './errors.js';
import { nodeAddress } from './node-url.js';
import { joinNegativeValues, milliseconds } from './numbers.js';

export const walletUsage = `usage: avanode wallet <command> [--url <url>] [--key-file <path>] [--compact] [flags]
  address         [--network local|fuji|mainnet|<id>]   the key's P-chain address (asks the node without --network)
  balance                                               P-chain: unlocked and locked amounts per asset (nAVAX; AVAX named,
                                                        also in AVAX); C-chain: the key's EVM account (wei and nAVAX);
                                                        shared memory: AVAX exported, not yet imported
  transfer        --from C --to P --amount <n>          move AVAX between the C-chain and the P-chain (or --from P --to C):
                  [--export-tx-id <id>]                 export, wait, import, wait; funds already waiting in shared memory
                                                        are imported and nothing is exported again; --export-tx-id resumes
                                                        with an export issued before (printed to stderr when it is sent)
  send            --to <P-…> --amount <n>               send AVAX (or --asset-id)
  stake           --node-id <NodeID-…> --amount <n> --end <time> --bls-public-key <0x…> --bls-proof <0x…> [--shares 20000]
  stake --auto-renew --period <time> [--auto-compound <millionths>] …   an auto-renewed validator (ACP-236), no --end
  set-auto-renew  --tx-id <id> --period <time> [--auto-compound <millionths>]   change it; --period 0 ends it after this period
  delegate        --node-id <NodeID-…> --amount <n> --end <time>
  consolidate     [--max-inputs <n>]                    merge the key's AVAX UTXOs into one (as many txs as needed)
  Amounts are nAVAX, or AVAX with the unit: 1.5avax (9 decimals at most). --end is Unix seconds, an RFC 3339
  time, or +<n>d / +<n>h from the chain's time (platform.getTimestamp). --period is seconds or <n>d / <n>h.
  Addresses are P-… of the node's network (an X-, C- or 0x address is refused: export to that chain instead).
  The key: --key-file <path> (mode 600: a file others can read is refused) or $AVANODE_PRIVATE_KEY,
  as PrivateKey-… or 0x + 64 hex digits; never on the command line.
  send, stake, set-auto-renew and delegate print {"txID", "status", "fee"} once the tx is Committed (--no-wait:
  once issued); consolidate prints one such line per tx; transfer prints {"exportTxID", "importTxID", "resumed",
  "imported", "fees"} once the import is accepted. --compact prints each result on one line.
  Exit codes: 0 done, 1 refused by the node or not enough funds, 2 a wrong flag or address, 3 no answer.`;

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
  'auto-renew': { type: 'boolean', default: false },
  period: { type: 'string' },
  'auto-compound': { type: 'string' },
  'tx-id': { type: 'string' },
  'max-inputs': { type: 'string' },
  compact: { type: 'boolean', default: false },
  from: { type: 'string' },
  'export-tx-id': { type: 'string' },
  'no-wait': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const COMMANDS = ['address', 'balance', 'send', 'stake', 'set-auto-renew', 'delegate', 'consolidate', 'transfer'] as const;
type Command = (typeof COMMANDS)[number];

function parseWalletFlags(argv: string[]) {
  try {
    // `--amount -1` is read as the value -1 (and refused for its sign), not as a flag.
    const takesValue = (name: string) => (OPTIONS as Record<string, { type: string }>)[name]?.type === 'string';
    return parseArgs({ args: joinNegativeValues(argv, takesValue), options: OPTIONS, strict: true, allowPositionals: true });
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
const AMOUNT_FORMS = 'a whole number of nAVAX (1500000000) or AVAX with the unit (1.5avax)';

/** `--amount`: nAVAX, or AVAX with its unit (`1.5avax`, 9 decimals at most). Messages never quote the value. */
function amountOf(text: string | undefined): bigint {
  if (text === undefined) throw usageError(`wallet: --amount is required: ${AMOUNT_FORMS}`);
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) throw usageError(`wallet: --amount cannot be negative: give ${AMOUNT_FORMS}`);
  const avax = /^(\d{1,11})(?:\.(\d+))?\s*avax$/i.exec(trimmed);
  if (avax) {
    if ((avax[2] ?? '').length > 9) throw usageError('wallet: --amount has more than 9 decimals: 1 nAVAX (0.000000001avax) is the smallest amount');
    const amount = BigInt(avax[1]!) * NAVAX_PER_AVAX + BigInt((avax[2] ?? '').padEnd(9, '0'));
    if (amount === 0n) throw usageError(`wallet: --amount must be above 0: give ${AMOUNT_FORMS}`);
    return amount;
  }
  if (/^\d+\.\d*$/.test(trimmed)) throw usageError('wallet: --amount has decimals but no unit: write AVAX with the unit (1.5avax), or a whole number of nAVAX');
  if (/^\d{1,20}$/.test(trimmed) && BigInt(trimmed) < 2n ** 64n) {
    if (BigInt(trimmed) === 0n) throw usageError(`wallet: --amount must be above 0: give ${AMOUNT_FORMS}`);
    return BigInt(trimmed);
  }
  throw usageError(`wallet: --amount must be ${AMOUNT_FORMS}, below 2^64 nAVAX`);
}

const END_FORMS = 'Unix seconds, an RFC 3339 time (2026-06-01T00:00:00Z), or +<n>d / +<n>h from the chain\'s time';

/** `--end`: Unix seconds, an RFC 3339 time, or `+<n>d` / `+<n>h` from the chain's time. */
async function endOf(text: string | undefined, now: () => Promise<bigint>): Promise<bigint> {
  if (text === undefined) throw usageError(`wallet: --end is required: ${END_FORMS}`);
  const relative = /^\+(\d{1,5})([dh])$/.exec(text);
  if (relative) return (await now()) + BigInt(relative[1]!) * (relative[2] === 'd' ? 86_400n : 3_600n);
  if (/^\d{1,12}$/.test(text)) return BigInt(text);
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isFinite(ms)) return BigInt(Math.floor(ms / 1000));
  throw usageError(`wallet: --end must be ${END_FORMS}`);
}

/** `--period`: seconds, or `<n>d` / `<n>h`. */
function periodOf(text: string | undefined): bigint {
  if (text === undefined) throw usageError('wallet: --period is required: seconds, or <n>d / <n>h (14d)');
  const unit = /^(\d{1,5})([dh])$/.exec(text);
  if (unit) return BigInt(unit[1]!) * (unit[2] === 'd' ? 86_400n : 3_600n);
  if (/^\d{1,12}$/.test(text)) return BigInt(text);
  throw usageError('wallet: --period must be seconds, or <n>d / <n>h (14d)');
}

/** A share in millionths: 0 to 1000000. */
function millionths(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,7}$/.test(text) || Number(text) > 1_000_000) throw usageError(`wallet: --${flag} must be a whole number of millionths from 0 to 1000000 (20000 = 2%)`);
  return Number(text);
}

/** P-chain balances as printed: AVAX named and also in AVAX (exact decimals); every amount stays in nAVAX. */
function shownP(balances: Awaited<ReturnType<Wallet['balance']>>) {
  return Object.fromEntries(
    Object.entries(balances).map(([assetID, b]) => [assetID, b.name === 'AVAX' ? { name: 'AVAX', unlocked: b.unlocked, locked: b.locked, unlockedAVAX: formatAvax(b.unlocked), lockedAVAX: formatAvax(b.locked) } : b]),
  );
}

function required(value: string | undefined, flag: string, what: string): string {
  if (value === undefined || value === '') throw usageError(`wallet: --${flag} is required (${what})`);
  return value;
}

/** The builders' parameter names, as the flags that set them. */
const FLAG_OF: Readonly<Record<string, string>> = { nodeID: '--node-id', 'signer.publicKey': '--bls-public-key', 'signer.proofOfPossession': '--bls-proof', txID: '--tx-id', memo: '--memo' };

/** A builder's message about one of its parameters, naming the flag the user gave instead. */
const asFlags = (message: string) => message.replace(/^(nodeID|signer\.publicKey|signer\.proofOfPossession|txID|memo)\b/, (name) => FLAG_OF[name]!);

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
    case 'TxLimitError':
      // Nothing was sent, but the request is sound: the funds or the node's limits refuse it.
      return new CliError(`wallet ${command}: ${e.message}`, EXIT.node);
    case 'AddressError':
      return new CliError(`wallet ${command}: ${(e.message ?? '').replace(/^to:/, '--to:').replace(/^(validationRewardsOwner|delegationRewardsOwner|rewardsOwner):/, '--rewards-address:')}`, EXIT.usage);
    case 'BuildError':
    case 'KeyFormatError':
    case 'MissingDataError':
    case 'WalletError':
    case 'CodecError':
    case 'RangeError':
      return new CliError(`wallet ${command}: ${asFlags(e.message ?? '')}`, EXIT.usage);
    default:
      return describeFailure(error, url, `wallet ${command}`);
  }
}

async function runCommand(command: Command, wallet: Wallet & { chainTime(): Promise<bigint> }, values: ReturnType<typeof parseWalletFlags>['values'], key: Uint8Array, out: (line: string) => void): Promise<void> {
  const stringify = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v), values.compact ? undefined : 2);
  const wait = values['no-wait'] ? false : { timeoutMs: 120_000 };
  const common = { wait, ...(values.memo !== undefined ? { memo: values.memo } : {}) } as const;
  const print = (sent: { txID: string; status: string; fee: bigint }) => out(stringify({ txID: sent.txID, status: sent.status, fee: sent.fee }));
  // Relative times count from the chain's time (platform.getTimestamp), not this machine's clock.
  const now = () => wallet.chainTime();
  switch (command) {
    case 'address': {
      const network = values.network;
      if (network !== undefined && !/^(local|fuji|mainnet|testnet|\d{1,10})$/i.test(network)) throw usageError('wallet: --network must be local, fuji, mainnet or a network ID (12345)');
      if (network !== undefined) out(keyAddress(key, /^\d+$/.test(network) ? Number(network) : network));
      else out((await wallet.addresses())[0]!);
      return;
    }
    case 'balance': {
      const [p, cross] = await Promise.all([wallet.balance(), wallet.crossChainBalance().catch((error: unknown) => error)]);
      // A node without the C-chain's atomic API (an L1's, an older mock) still gets its P-chain balance.
      if (cross instanceof Error) {
        out(stringify({ P: shownP(p), C: null, sharedMemory: null, note: `no C-chain balance: ${cross.message.slice(0, 200)}` }));
        return;
      }
      const crossChain = cross as Awaited<ReturnType<Wallet['crossChainBalance']>>;
      out(stringify({ P: shownP(p), C: { address: crossChain.c.address, wei: crossChain.c.wei, nAVAX: crossChain.c.nanoAvax }, sharedMemory: { toP: crossChain.sharedMemory.toP, toC: crossChain.sharedMemory.toC } }));
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
        onExportIssued: (txID) => process.stderr.write(terminalText(`export ${txID} sent; if this stops before the import, run again (or with --export-tx-id ${txID})\n`)),
      });
      out(stringify(result));
      return;
    }
    case 'send': {
      const assetID = values['asset-id'];
      // An asset ID is 32 bytes in cb58 (about 50 characters); a typo would otherwise read as an asset the key holds none of.
      if (assetID !== undefined && !/^[1-9A-HJ-NP-Za-km-z]{48,52}$/.test(assetID)) throw usageError('wallet: --asset-id must be an asset ID in cb58 (as platform.getStakingAssetID answers one)');
      print(await wallet.send({ to: required(values.to, 'to', 'a P-… address'), amount: amountOf(values.amount), ...(assetID ? { assetID } : {}), ...common }));
      return;
    }
    case 'stake': {
      const shares = values.shares === undefined ? 20_000 : Number(values.shares);
      if (!Number.isInteger(shares) || shares < 0 || shares > 1_000_000) throw usageError('wallet: --shares must be a whole number of millionths from 0 to 1000000 (20000 = 2%)');
      const signer = { publicKey: required(values['bls-public-key'], 'bls-public-key', "the node's BLS key: info getNodeID's nodePOP.publicKey"), proofOfPossession: required(values['bls-proof'], 'bls-proof', "info getNodeID's nodePOP.proofOfPossession") };
      const nodeID = required(values['node-id'], 'node-id', 'NodeID-…');
      const amount = amountOf(values.amount);
      const rewards = values['rewards-address'] ? { rewardsOwner: values['rewards-address'] } : {};
      if (values['auto-renew']) {
        if (values.end !== undefined) throw usageError('wallet: --auto-renew takes --period, not --end: an auto-renewed validator renews at the end of each period');
        const autoRenew = { period: periodOf(values.period), autoCompoundRewardShares: millionths(values['auto-compound'], 'auto-compound', 0) };
        print(await wallet.stake({ nodeID, amount, autoRenew, signer, shares, ...rewards, ...common }));
        return;
      }
      if (values.period !== undefined || values['auto-compound'] !== undefined) throw usageError('wallet: --period and --auto-compound go with --auto-renew');
      print(await wallet.stake({ nodeID, amount, end: await endOf(values.end, now), signer, shares, ...rewards, ...common }));
      return;
    }
    case 'set-auto-renew':
      print(
        await wallet.setAutoRenew({
          txID: required(values['tx-id'], 'tx-id', "the AddAutoRenewedValidatorTx's ID"),
          period: periodOf(values.period),
          autoCompoundRewardShares: millionths(values['auto-compound'], 'auto-compound', 0),
          ...common,
        }),
      );
      return;
    case 'delegate':
      print(await wallet.delegate({ nodeID: required(values['node-id'], 'node-id', 'NodeID-…'), amount: amountOf(values.amount), end: await endOf(values.end, now), ...(values['rewards-address'] ? { rewardsOwner: values['rewards-address'] } : {}), ...common }));
      return;
    case 'consolidate': {
      if (values['no-wait']) throw usageError('wallet: consolidate waits for each tx to commit before the next: --no-wait is not taken');
      const maxInputs = values['max-inputs'] === undefined ? undefined : Number(values['max-inputs']);
      if (maxInputs !== undefined && (!/^\d{1,5}$/.test(values['max-inputs']!) || maxInputs < 2)) throw usageError('wallet: --max-inputs must be a whole number from 2 to 99999');
      const sent = await wallet.consolidate({ ...(maxInputs !== undefined ? { maxInputs } : {}), ...(values.memo !== undefined ? { memo: values.memo } : {}) });
      for (const tx of sent) print(tx);
      if (sent.length === 0) out(stringify({ txs: 0, note: 'nothing to consolidate: at most one spendable AVAX UTXO' }));
      return;
    }
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
  const walletOfKey = Object.assign(createWallet({ client, keys: [key] }), {
    async chainTime() {
      const { timestamp } = await client.call<{ timestamp: string }>('platform.getTimestamp');
      const ms = Date.parse(timestamp);
      if (!Number.isFinite(ms)) throw new CliError('wallet: the node answered platform.getTimestamp with no readable time', EXIT.node);
      return BigInt(Math.floor(ms / 1000));
    },
  });
  try {
    await runCommand(command, walletOfKey, values, key, out);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw describeWalletFailure(error, node.shown, command);
  }
  return EXIT.ok;
}
