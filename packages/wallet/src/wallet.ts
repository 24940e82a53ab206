// A small wallet over sendTx for the three things most people do: send AVAX, stake, delegate;
// plus its addresses and balance. The node's network and AVAX asset are read once per wallet.
import type { MethodTypes, RequestOptions } from '@avanode/client';
import { formatAddress } from '@avanode/codec';
import type { ProofOfPossession } from './bls.js';
import { type AddPermissionlessDelegatorTxParams, type AddPermissionlessValidatorTxParams, type BaseTxParams, buildAddPermissionlessDelegatorTx, buildAddPermissionlessValidatorTx, buildBaseTx } from './builders/builders.js';
import type { OwnerParam } from './builders/context.js';
import { WalletError } from './errors.js';
import { type Signer, createKeySigner } from './keys.js';
import type { Uint64Like } from './rules/uint64.js';
import { type NodeClient, type NodeContext, type SendTxOptions, type SentTx, readNodeContext, readUtxoHexes, sendTx } from './send.js';
import { readUtxos } from './utxos.js';

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

/**
 * Per asset ID: what the wallet's addresses can spend now and what is locked (stakeable-locked or
 * time-locked), in the asset's smallest unit (nAVAX); the node's AVAX asset is named `AVAX`
 * (`formatAvax(unlocked)` prints it in AVAX).
 */
export interface WalletBalance {
  readonly [assetID: string]: { readonly name?: string; readonly unlocked: bigint; readonly locked: bigint };
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
  };
}
