// A small wallet over sendTx for the three things most people do: send AVAX, stake, delegate;
// plus its addresses and balance. The node's network and AVAX asset are read once per wallet.
import type { MethodTypes, RequestOptions } from '@avanode/client';
import { formatAddress } from '@avanode/codec';
import type { ProofOfPossession } from './bls.js';
import {
  type AddAutoRenewedValidatorTxParams,
  type AddPermissionlessDelegatorTxParams,
  type AddPermissionlessValidatorTxParams,
  type BaseTxParams,
  type SetAutoRenewedValidatorConfigTxParams,
  buildAddAutoRenewedValidatorTx,
  buildAddPermissionlessDelegatorTx,
  buildAddPermissionlessValidatorTx,
  buildBaseTx,
  buildSetAutoRenewedValidatorConfigTx,
} from './builders/builders.js';
import { type ConsolidationTxParams, NothingToConsolidateError, buildConsolidationTx } from './builders/consolidate.js';
import { checkedAddress, hrpOfNetwork } from './builders/addresses.js';
import type { OwnerParam } from './builders/context.js';
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

/** ACP-236: a validator that renews itself each period instead of ending. */
export interface AutoRenewParams {
  /** Seconds of each validation period. */
  readonly period: Uint64Like;
  /** The part of each period's rewards restaked, in millionths. Default 0. */
  readonly autoCompoundRewardShares?: number;
  /** Who may change the auto-renewal later (signs SetAutoRenewedValidatorConfigTx). Default: the wallet's first address. */
  readonly validatorAuthority?: OwnerParam | string;
}

export interface ValidateParams extends Omit<StakeParams, 'end'> {
  /** Unix seconds the staking ends (not with `autoRenew`, which has a period instead). */
  readonly end?: Uint64Like;
  /** Stake as an auto-renewed validator (AddAutoRenewedValidatorTx) for periods of this length. */
  readonly autoRenew?: AutoRenewParams;
  /** The node's BLS key and proof of possession (`info.getNodeID`'s `nodePOP`). */
  readonly signer: ProofOfPossession;
  /** Delegation fee in millionths (20000 = 2%). */
  readonly shares: number;
  /** Where delegation fees go. Default: `rewardsOwner`. */
  readonly delegationRewardsOwner?: OwnerParam | string;
}

/**
 * Per asset ID: what the wallet's addresses can spend now and what is locked (stakeable-locked or
 * time-locked), in the asset's smallest unit (nAVAX); the node's AVAX asset is named `AVAX`
 * (`formatAvax(unlocked)` prints it in AVAX).
 */
export interface WalletBalance {
  readonly [assetID: string]: { readonly name?: string; readonly unlocked: bigint; readonly locked: bigint };
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
  /** Changes an auto-renewed validator's restaked share and period; period 0 ends it after the current one (SetAutoRenewedValidatorConfigTx). */
  setAutoRenew(params: SetAutoRenewParams): Promise<SentTx>;
  /**
   * Merges the wallet's spendable AVAX UTXOs into one, in as many txs as the node's size and gas
   * limits need, each committed before the next is built. Returns the txs sent (none if there
   * was nothing to merge).
   */
  consolidate(params?: ConsolidateParams): Promise<SentTx[]>;
  /**
   * Moves AVAX between the C-chain and the P-chain (export, wait, import, wait) with the first
   * key's EVM account and P-chain address. Funds already waiting in shared memory are imported
   * and nothing is exported again (see TransferParams).
   */
  transfer(params: TransferParams): Promise<TransferResult>;
  /** AVAX on the P-chain, on the C-chain, and waiting in shared memory in between. */
  crossChainBalance(): Promise<CrossChainBalance>;
}

export interface SetAutoRenewParams extends SendControls {
  /** The AddAutoRenewedValidatorTx's ID. */
  readonly txID: string;
  readonly autoCompoundRewardShares: number;
  /** Seconds of each next period; 0 to stop at the end of the current one. */
  readonly period: Uint64Like;
  /** That validator's authority. Default: the wallet's first address alone (threshold 1). */
  readonly validatorAuthority?: OwnerParam;
}

export interface ConsolidateParams extends SendControls {
  /** At most this many UTXOs per tx. Default: as many as fit. */
  readonly maxInputs?: number;
  /** Where the merged amount goes. Default: the wallet's first address. */
  readonly to?: string;
  /** At most this many txs (a bound on the loop). Default 1000. */
  readonly maxTxs?: number;
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
  const send = async <P extends BaseTxParams | AddPermissionlessValidatorTxParams | AddPermissionlessDelegatorTxParams | AddAutoRenewedValidatorTxParams | SetAutoRenewedValidatorConfigTxParams | ConsolidationTxParams>(build: (p: P) => ReturnType<typeof buildBaseTx>, own: Record<string, unknown>, params: SendControls) => {
    const { networkID, avaxAssetID } = await node(params.signal ? { signal: params.signal } : {});
    const { options: sendOptions, common } = controls(params);
    return sendTx(client, { build, params: { ...own, ...common, network: networkID, avaxAssetID } as never, signers, ...sendOptions });
  };
  /**
   * Waits until the fee state's gas capacity is back to most of its maximum (it refills at
   * maxPerSecond): a large merge uses nearly all of it, and the node refuses a tx whose gas
   * exceeds the current capacity. Bounded by the time a full refill takes, twice over.
   */
  const refilled = async (signal: AbortSignal | undefined) => {
    const config = await client.call<{ maxCapacity: string | number; maxPerSecond: string | number }>('platform.getFeeConfig');
    const max = BigInt(config.maxCapacity);
    const perSecond = BigInt(config.maxPerSecond) > 0n ? BigInt(config.maxPerSecond) : 1n;
    const polls = Math.min(600, Number((2n * max) / perSecond) * 4 + 4);
    for (let poll = 0; poll < polls; poll++) {
      const state = await client.call<{ capacity: string | number }>('platform.getFeeState');
      if (BigInt(state.capacity) * 10n >= max * 9n) return;
      signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
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
      const { networkID, avaxAssetID } = await node();
      const [hexes, now] = await Promise.all([readUtxoHexes(client, addressesOn(networkID)), chainSeconds()]);
      const sums: Record<string, { name?: string; unlocked: bigint; locked: bigint }> = {};
      for (const utxo of readUtxos(hexes, networkID).values()) {
        const sum = sums[utxo.assetID] ?? (utxo.assetID === avaxAssetID ? { name: 'AVAX', unlocked: 0n, locked: 0n } : { unlocked: 0n, locked: 0n });
        sums[utxo.assetID] = sum;
        if (utxo.stakeableLocktime > now || utxo.owner.locktime > now) sum.locked += utxo.amount;
        else sum.unlocked += utxo.amount;
      }
      return sums;
    },
    async send(params) {
      // Checked here to name the parameter as the caller wrote it (`to`), before anything is read for the build.
      checkedAddress(params.to, hrpOfNetwork((await node(params.signal ? { signal: params.signal } : {})).networkID), { what: 'to', chains: ['P'], bare: false });
      return send(buildBaseTx, { outputs: [{ address: params.to, amount: params.amount, ...(params.assetID ? { assetID: params.assetID } : {}) }] }, params);
    },
    async stake(params) {
      const first = (await this.addresses())[0]!;
      const rewards = params.rewardsOwner ?? first;
      if (params.autoRenew !== undefined) {
        if (params.end !== undefined) throw new WalletError('stake: an auto-renewed validator has a period, not an end: give autoRenew.period or end, not both');
        const { period, autoCompoundRewardShares = 0, validatorAuthority = first } = params.autoRenew;
        return send(
          buildAddAutoRenewedValidatorTx,
          {
            nodeID: params.nodeID,
            weight: params.amount,
            signer: params.signer,
            validationRewardsOwner: rewards,
            delegationRewardsOwner: params.delegationRewardsOwner ?? rewards,
            validatorAuthority,
            delegationShares: params.shares,
            autoCompoundRewardShares,
            period,
          },
          params,
        );
      }
      if (params.end === undefined) throw new WalletError('stake: end is required (Unix seconds), or autoRenew with a period');
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
    async setAutoRenew(params) {
      const first = (await this.addresses())[0]!;
      return send(
        buildSetAutoRenewedValidatorConfigTx,
        { txID: params.txID, autoCompoundRewardShares: params.autoCompoundRewardShares, period: params.period, validatorAuthority: params.validatorAuthority ?? { addresses: [first], threshold: 1 } },
        params,
      );
    },
    async consolidate(params = {}) {
      const first = (await this.addresses())[0]!;
      const maxTxs = params.maxTxs ?? 1000;
      if (params.wait === false) throw new WalletError('consolidate waits for each tx to commit before building the next: wait cannot be false');
      const sent: SentTx[] = [];
      // Each tx is committed before the next reads the UTXOs again: the merged output is spent by the next.
      while (sent.length < maxTxs) {
        await refilled(params.signal);
        try {
          sent.push(await send(buildConsolidationTx, { to: params.to ?? first, ...(params.maxInputs !== undefined ? { maxInputs: params.maxInputs } : {}) }, { ...params, wait: params.wait ?? {} }));
        } catch (error) {
          if (error instanceof NothingToConsolidateError) return sent;
          throw error;
        }
      }
      return sent;
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
