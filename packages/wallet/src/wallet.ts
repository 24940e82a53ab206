// A small wallet over sendTx for the three things most people do: send AVAX, stake, delegate;
// plus its addresses and balance. The node's network and AVAX asset are read once per wallet.
import type { MethodTypes, RequestOptions } from '@avanode/client';
import { formatAddress } from '@avanode/codec';
import type { ProofOfPossession } from './bls.js';
import { type AddPermissionlessDelegatorTxParams, type AddPermissionlessValidatorTxParams, type BaseTxParams, buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, buildBaseTx } from './build/builders.js';
import type { OwnerParam } from './build/context.js';
import { WalletError } from './errors.js';
import { type Signer, createKeySigner } from './keys.js';
import type { Uint64Like } from './rules/uint64.js';
import { type NodeClient, type NodeContext, type SendTxOptions, type SentTx, readNodeContext, readUtxoHexes, sendTx } from './send.js';
import { readUtxos } from './utxos.js';
import { cchainReader } from './cchain/node.js';
import { type TransferParams, type TransferResult, readCChainID, transfer, transferAddresses } from './cchain/transfer.js';

export interface WalletOptions<M extends MethodTypes> {
  readonly client: NodeClient<M>;
  readonly keys?: readonly (string | Uint8Array)[];
  readonly signers?: readonly Signer[];
}

/** What every send, stake and delegate takes besides its own fields. */
type SendControls = Pick<SendTxOptions<BaseTxParams>, 'wait' | 'onIssue' | 'signal' | 'timeoutMs' | 'maxReprices'> & { readonly memo?: string; readonly priceMultiplier?: number };

export interface SendParams extends SendControls {
  /** `P-…` address. */
  readonly to: string;
  /** nAVAX (or the asset's smallest unit). */
  readonly amount: Uint64Like;
  readonly assetID?: string;
}

export interface StakeParams extends SendControls {
  readonly nodeID: string;
  /** nAVAX to stake (the validator's weight). */
  readonly amount: Uint64Like;
  /** Unix seconds the staking ends. */
  readonly end: Uint64Like;
  /** Unix seconds; post-Durango the node starts a staker when its tx is accepted. Default: the chain's time. */
  readonly start?: Uint64Like;
  /** Where rewards go. Default: the wallet's first address. */
  readonly rewardsOwner?: OwnerParam | string;
}

export interface ValidateParams extends StakeParams {
  /** The node's BLS key and proof of possession (`info.getNodeID`'s `nodePOP`). */
  readonly signer: ProofOfPossession;
  /** Delegation fee in millionths (20000 = 2%). */
  readonly shares: number;
  /** Where delegation fees go. Default: `rewardsOwner`. */
  readonly delegationRewardsOwner?: OwnerParam | string;
}

/** Per asset: what the wallet's addresses can spend now, and what is locked (stakeable-locked or time-locked). */
export interface WalletBalance {
  readonly [assetID: string]: { readonly unlocked: bigint; readonly locked: bigint };
}

/** AVAX on both chains and in shared memory between them, in nAVAX (the C-chain's wei too). */
export interface CrossChainBalance {
  /** The P-chain address's AVAX: spendable now, and locked. */
  readonly p: { readonly address: string; readonly unlocked: bigint; readonly locked: bigint };
  /** The EVM account's balance: wei as the C-chain holds it, and whole nAVAX (rounded down). */
  readonly c: { readonly address: string; readonly wei: bigint; readonly nanoAvax: bigint };
  /** Exported and not yet imported: on the P-chain from the C-chain, on the C-chain from the P-chain. */
  readonly sharedMemory: { readonly toP: bigint; readonly toC: bigint };
}

export interface Wallet {
  /** The wallet's `P-…` addresses on the node's network. */
  addresses(): Promise<string[]>;
  /** Sums of the wallet's UTXOs, at the chain's time. */
  balance(): Promise<WalletBalance>;
  send(params: SendParams): Promise<SentTx>;
  /** Adds a primary-network validator (AddPermissionlessValidatorTx). */
  stake(params: ValidateParams): Promise<SentTx>;
  /** Delegates to a validator (AddPermissionlessDelegatorTx). */
  delegate(params: StakeParams): Promise<SentTx>;
  /**
   * Moves AVAX between the C-chain and the P-chain (export, wait, import, wait) with the first
   * key's EVM account and P-chain address. Funds already waiting in shared memory are imported
   * and nothing is exported again (see TransferParams).
   */
  transfer(params: TransferParams): Promise<TransferResult>;
  /** AVAX on the P-chain, on the C-chain, and waiting in shared memory in between. */
  crossChainBalance(): Promise<CrossChainBalance>;
}

function controls(params: SendControls) {
  const { wait, onIssue, signal, timeoutMs, maxReprices, memo, priceMultiplier } = params;
  return {
    options: { ...(wait !== undefined ? { wait } : {}), ...(onIssue ? { onIssue } : {}), ...(signal ? { signal } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(maxReprices !== undefined ? { maxReprices } : {}) },
    common: { ...(memo !== undefined ? { memo } : {}), ...(priceMultiplier !== undefined ? { priceMultiplier } : {}) },
  };
}

/** A wallet of keys or signers on the node a client talks to. Keys stay in their signers' closures. */
export function createWallet<M extends MethodTypes>(options: WalletOptions<M>): Wallet {
  const { client } = options;
  const signers = [...(options.signers ?? []), ...(options.keys ?? []).map((key) => createKeySigner(key))];
  if (signers.length === 0) throw new WalletError('createWallet needs keys or signers');
  let context: Promise<NodeContext> | undefined;
  const node = (requestOptions: RequestOptions = {}) => {
    context ??= readNodeContext(client, requestOptions).catch((error) => {
      context = undefined;
      throw error;
    });
    return context;
  };
  const addressesOn = (networkID: number) => [...new Set(signers.flatMap((s) => s.addresses.map((a) => formatAddress(a, networkID, 'P'))))];
  const send = async <P extends BaseTxParams | AddPermissionlessValidatorTxParams | AddPermissionlessDelegatorTxParams>(build: (p: P) => ReturnType<typeof buildBaseTx>, own: Record<string, unknown>, params: SendControls) => {
    const { networkID, avaxAssetID } = await node(params.signal ? { signal: params.signal } : {});
    const { options: sendOptions, common } = controls(params);
    return sendTx(client, { build, params: { ...own, ...common, network: networkID, avaxAssetID } as never, signers, ...sendOptions });
  };
  let cChainID: Promise<string> | undefined;
  const cChain = () => {
    cChainID ??= readCChainID(client).catch((error) => {
      cChainID = undefined;
      throw error;
    });
    return cChainID;
  };
  const chainSeconds = async () => {
    const { timestamp } = await client.call<{ timestamp: string }>('platform.getTimestamp');
    return BigInt(Math.floor(Date.parse(timestamp) / 1000));
  };
  return {
    async addresses() {
      return addressesOn((await node()).networkID);
    },
    async balance() {
      const { networkID } = await node();
      const [hexes, now] = await Promise.all([readUtxoHexes(client, addressesOn(networkID)), chainSeconds()]);
      const sums: Record<string, { unlocked: bigint; locked: bigint }> = {};
      for (const utxo of readUtxos(hexes, networkID).values()) {
        const sum = sums[utxo.assetID] ?? { unlocked: 0n, locked: 0n };
        sums[utxo.assetID] = sum;
        if (utxo.stakeableLocktime > now || utxo.owner.locktime > now) sum.locked += utxo.amount;
        else sum.unlocked += utxo.amount;
      }
      return sums;
    },
    send(params) {
      return send(buildBaseTx, { outputs: [{ address: params.to, amount: params.amount, ...(params.assetID ? { assetID: params.assetID } : {}) }] }, params);
    },
    async stake(params) {
      const first = (await this.addresses())[0]!;
      const rewards = params.rewardsOwner ?? first;
      return send(
        buildAddPermissionlessValidatorTx,
        {
          nodeID: params.nodeID,
          start: params.start ?? (await chainSeconds()),
          end: params.end,
          weight: params.amount,
          signer: params.signer,
          shares: params.shares,
          validationRewardsOwner: rewards,
          delegationRewardsOwner: params.delegationRewardsOwner ?? rewards,
        },
        params,
      );
    },
    async delegate(params) {
      const first = (await this.addresses())[0]!;
      return send(
        buildAddPermissionlessDelegatorTx,
        { nodeID: params.nodeID, start: params.start ?? (await chainSeconds()), end: params.end, weight: params.amount, rewardsOwner: params.rewardsOwner ?? first },
        params,
      );
    },
    async transfer(params) {
      const [context, id] = await Promise.all([node(params?.signal ? { signal: params.signal } : {}), cChain()]);
      return transfer({ client, signers, node: context, cChainID: id }, params);
    },
    async crossChainBalance() {
      const [{ networkID, avaxAssetID }, id] = await Promise.all([node(), cChain()]);
      const me = transferAddresses(signers, networkID);
      const c = cchainReader(client);
      const [pHexes, toPHexes, toCHexes, wei, now] = await Promise.all([readUtxoHexes(client, [me.p]), readUtxoHexes(client, [me.p], { sourceChain: id }), c.atomicUtxos([me.c], 'P'), c.balanceWei(me.evm), chainSeconds()]);
      const avaxOf = (hexes: string[]) => [...readUtxos(hexes, networkID).values()].filter((u) => u.assetID === avaxAssetID);
      let unlocked = 0n;
      let locked = 0n;
      for (const utxo of avaxOf(pHexes)) {
        if (utxo.stakeableLocktime > now || utxo.owner.locktime > now) locked += utxo.amount;
        else unlocked += utxo.amount;
      }
      const total = (hexes: string[]) => avaxOf(hexes).reduce((a, u) => a + u.amount, 0n);
      return {
        p: { address: me.p, unlocked, locked },
        c: { address: me.evm, wei, nanoAvax: wei / 1_000_000_000n },
        sharedMemory: { toP: total(toPHexes), toC: total(toCHexes) },
      };
    },
  };
}
