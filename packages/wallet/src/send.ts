// One call from a client to a committed tx: read what the builders need from the node (UTXOs page
// by page as hex, the fee state and config, the network and its AVAX asset, the chain time), build,
// sign, issue once, wait. The one rule that matters here: a tx that may have reached the node is
// never issued again by this code (a second, re-priced copy would spend the same UTXOs and leave
// the caller with two IDs). `platform.issueTx` is `x-mutating`, so the client never retries it
// either; an answer that did not arrive is a TxOutcomeUnknownError carrying the tx ID to poll.
import { type Client, type MethodTypes, type RequestOptions, AvanodeError, RpcError, paginateUTXOs } from '@avanode/client';
import { type WaitForTxOptions, waitForTx } from '@avanode/client/wait-for-tx';
import { formatAddress } from '@avanode/codec';
import type { BuiltTx } from './builders/builders.js';
import type { CommonParams } from './builders/context.js';
import { WalletError } from './errors.js';
import { type Signer, createKeySigner } from './keys.js';
import { txFee } from './rules/fee.js';
import { type SignedTxResult, signTx } from './sign.js';

/** What sendTx needs of a client: its `call` (a `createClient` or `createBareClient` client). */
export type NodeClient<M extends MethodTypes = MethodTypes> = Pick<Client<M>, 'call'>;

/** The node refused the tx when it was issued (its answer was a JSON-RPC error): it was not accepted. */
export class TxRefusedError extends WalletError {
  override readonly name = 'TxRefusedError';
  /** The ID of the tx that was refused. */
  readonly txID: string;
  /** The node's own text, e.g. `couldn't issue tx: … insufficient funds …`. */
  readonly nodeMessage: string;

  constructor(txID: string, nodeMessage: string, cause: unknown) {
    super(`the node refused tx ${txID}: ${nodeMessage}`, { cause });
    this.txID = txID;
    this.nodeMessage = nodeMessage;
  }
}

/**
 * The tx was sent, but whether the node accepted it is not known: the issue's answer never came
 * (network error, timeout, abort, a proxy's error page), or the wait ended before a final status.
 * Never issue it again: poll `waitForTx(client, error.txID)`.
 */
export class TxOutcomeUnknownError extends WalletError {
  override readonly name = 'TxOutcomeUnknownError';
  readonly txID: string;
  /** `issue`: the issueTx answer did not arrive; `wait`: the tx was issued, its final status did not arrive. */
  readonly stage: 'issue' | 'wait';
  /** What getTxStatus said last (`Processing`, `Unknown`), when the wait got that far. */
  readonly lastStatus: string | undefined;

  constructor(txID: string, stage: 'issue' | 'wait', cause: unknown, lastStatus?: string) {
    const why = (cause as { message?: string } | undefined)?.message ?? String(cause);
    super(`tx ${txID} was sent but its outcome is unknown (${stage === 'issue' ? 'no answer to issueTx' : 'no final status'}: ${why}); do not send it again, poll waitForTx(client, '${txID}')`, { cause });
    this.txID = txID;
    this.stage = stage;
    this.lastStatus = lastStatus;
  }
}

/** The parameters a builder takes, minus those sendTx reads from the node (any of them may still be given). */
export type SendParams<P extends CommonParams> = Omit<P, keyof CommonParams> & Partial<CommonParams>;

export interface SendTxOptions<P extends CommonParams> {
  /** A builder: `buildBaseTx`, `buildAddPermissionlessDelegatorTx`, … */
  readonly build: (params: P) => BuiltTx;
  /** The builder's own parameters (`outputs`, `nodeID`, …); `utxos`, `feeState`, `network`, … are read from the node unless given. */
  readonly params: SendParams<P>;
  /** Private keys (`PrivateKey-…`, `0x…` or 32 bytes). */
  readonly keys?: readonly (string | Uint8Array)[];
  /** Signers of any kind. `fromAddresses` defaults to the addresses of the keys and signers. */
  readonly signers?: readonly Signer[];
  /** Wait for a final status (default: `waitForTx`'s defaults), or `false` to return once issued. */
  readonly wait?: Omit<WaitForTxOptions, 'signal'> | false;
  /** Called with the tx ID just before it is sent: the moment to write it down. */
  readonly onIssue?: (txID: string) => void;
  /**
   * Before the tx is sent, the fee state is read again; if the node's price has risen so that the
   * fee no longer pays, the tx is built again at the new price, up to this many times (default 2).
   * Never after it is sent.
   */
  readonly maxReprices?: number;
  readonly signal?: AbortSignal;
  /** Per request (the client's own timeout otherwise). */
  readonly timeoutMs?: number;
}

export interface SentTx {
  readonly txID: string;
  /** `Committed` after a wait; `Issued` when `wait: false`. */
  readonly status: 'Committed' | 'Issued';
  /** The nAVAX the tx burns (inputs − outputs in AVAX). */
  readonly fee: bigint;
  /** How many times the tx was built again at a higher price before it was sent. */
  readonly reprices: number;
  readonly signed: SignedTxResult;
  readonly built: BuiltTx;
}

/** What the node says about itself and its chain, read once per sendTx (and by createWallet once per wallet). */
export interface NodeContext {
  readonly networkID: number;
  readonly avaxAssetID: string;
}

type Call = <T>(method: string, params?: unknown) => Promise<T>;

function caller<M extends MethodTypes>(client: NodeClient<M>, options: RequestOptions): Call {
  return <T>(method: string, params?: unknown) => client.call<T>(method, params, options);
}

/** The network ID and the AVAX asset ID, from `info.getNetworkID` and `platform.getStakingAssetID`. */
export async function readNodeContext<M extends MethodTypes>(client: NodeClient<M>, options: RequestOptions = {}): Promise<NodeContext> {
  const call = caller(client, options);
  const [network, asset] = await Promise.all([call<{ networkID: string | number | bigint }>('info.getNetworkID'), call<{ assetID: string }>('platform.getStakingAssetID')]);
  const networkID = Number(network?.networkID);
  if (!Number.isInteger(networkID) || networkID < 0 || networkID > 0xffffffff) throw new WalletError('info.getNetworkID answered something that is not a uint32 network ID');
  if (typeof asset?.assetID !== 'string') throw new WalletError('platform.getStakingAssetID answered no assetID');
  return { networkID, avaxAssetID: asset.assetID };
}

/** Every UTXO (hex) of `addresses`, page by page. */
export async function readUtxoHexes<M extends MethodTypes>(client: NodeClient<M>, addresses: readonly string[], options: RequestOptions & { sourceChain?: string } = {}): Promise<string[]> {
  const [first, ...rest] = addresses;
  if (first === undefined) throw new WalletError('readUtxoHexes needs at least one address');
  const out: string[] = [];
  for await (const utxo of paginateUTXOs(client, { addresses: [first, ...rest], ...options })) out.push(utxo);
  return out;
}

/** Unix seconds of the chain's last block (`platform.getTimestamp`): what the node checks locktimes against. */
async function chainTime(call: Call): Promise<bigint> {
  const { timestamp } = await call<{ timestamp: string }>('platform.getTimestamp');
  const ms = Date.parse(timestamp);
  if (!Number.isFinite(ms)) throw new WalletError('platform.getTimestamp answered no RFC 3339 time');
  return BigInt(Math.floor(ms / 1000));
}

function signersOf(keys: SendTxOptions<CommonParams>['keys'], signers: SendTxOptions<CommonParams>['signers']): Signer[] {
  const all = [...(signers ?? []), ...(keys ?? []).map((key) => createKeySigner(key))];
  if (all.length === 0) throw new WalletError('sendTx needs keys or signers');
  return all;
}

/**
 * Builds, signs, issues and waits: `sendTx(client, { build: buildBaseTx, params: { outputs }, keys })`.
 * Resolves when the tx is `Committed` (or issued, with `wait: false`). Rejects with:
 * - any builder or signing error (InsufficientFundsError, …) before anything is sent;
 * - TxRefusedError when the node refuses the tx (not accepted; fix and call again);
 * - TxOutcomeUnknownError (with `txID`) when the tx was sent and the answer or the final status
 *   did not come: it may be accepted, so it is never sent again here;
 * - the client's TxFailedError (with `txID`, `status`, `reason`) when it ends `Aborted` or `Dropped`.
 */
export async function sendTx<P extends CommonParams, M extends MethodTypes>(client: NodeClient<M>, options: SendTxOptions<P>): Promise<SentTx> {
  const requestOptions: RequestOptions = { ...(options.signal ? { signal: options.signal } : {}), ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
  const call = caller(client, requestOptions);
  const signers = signersOf(options.keys, options.signers);
  const given = options.params as Partial<CommonParams>;
  const node = given.network !== undefined && given.avaxAssetID !== undefined ? undefined : await readNodeContext(client, requestOptions);
  const network = given.network ?? node!.networkID;
  const fromAddresses = given.fromAddresses ?? [...new Set(signers.flatMap((s) => s.addresses.map((a) => formatAddress(a, network, 'P'))))];
  const [utxos, feeConfig, minIssuanceTime] = await Promise.all([
    given.utxos ?? readUtxoHexes(client, fromAddresses, requestOptions),
    given.feeConfig ?? call<CommonParams['feeConfig']>('platform.getFeeConfig'),
    given.minIssuanceTime ?? chainTime(call),
  ]);
  const maxReprices = options.maxReprices ?? 2;
  let feeState = given.feeState ?? (await call<CommonParams['feeState']>('platform.getFeeState'));
  let reprices = 0;
  let built: BuiltTx;
  let signed: SignedTxResult;
  for (;;) {
    const params = { ...options.params, utxos, fromAddresses, feeConfig, feeState, network, minIssuanceTime, ...(node && given.avaxAssetID === undefined ? { avaxAssetID: node.avaxAssetID } : {}) } as unknown as P;
    built = options.build(params);
    signed = await signTx(built, { signers });
    // The price may have risen since the fee state was read: re-price now, while nothing is sent.
    if (given.feeState !== undefined || reprices >= maxReprices) break;
    const current = await call<CommonParams['feeState']>('platform.getFeeState');
    if (txFee(signed.bytes, { weights: feeConfig.weights, price: current.price }) <= built.fee) break;
    feeState = current;
    reprices++;
  }
  const txID = signed.id;
  // Aborted before sending: nothing reached the node, so this is no unknown outcome.
  options.signal?.throwIfAborted();
  options.onIssue?.(txID);
  try {
    const answer = await call<{ txID?: string }>('platform.issueTx', { tx: signed.hex, encoding: 'hex' });
    if (answer?.txID !== undefined && answer.txID !== txID) throw new WalletError(`the node answered issueTx with tx ID ${answer.txID}, not ${txID}`);
  } catch (error) {
    if (error instanceof RpcError) throw new TxRefusedError(txID, error.rpcMessage ?? error.message, error);
    if (error instanceof WalletError) throw error;
    throw new TxOutcomeUnknownError(txID, 'issue', error);
  }
  const result = { txID, fee: built.fee, reprices, signed, built };
  if (options.wait === false) return { ...result, status: 'Issued' };
  try {
    await waitForTx(client, txID, { ...options.wait, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    // Aborted or Dropped is final: the client's TxFailedError says so, with the node's reason.
    if ((error as { name?: string })?.name === 'TxFailedError') throw error;
    const lastStatus = error instanceof AvanodeError ? (error as { lastStatus?: string }).lastStatus : undefined;
    throw new TxOutcomeUnknownError(txID, 'wait', error, lastStatus);
  }
  return { ...result, status: 'Committed' };
}
