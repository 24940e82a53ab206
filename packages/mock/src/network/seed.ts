// The network a seed stands for: a few validators with delegators, a permissioned subnet and an
// L1 with its validators, funded addresses. Everything comes from the seeded PRNG, so a seed is
// the whole description of a network (and its answers) and a failing test can be replayed. After
// the PRNG's UTXOs, each published test key (test-keys.ts) gets a fixed amount, so a user can
// spend seeded funds with their own signature at once; the PRNG's draws are not moved by them.
// Local, Fuji and mainnet seeds also hold the X- and C-chains their genesis creates.
import { EMPTY_ID, formatAddress, idToString, nodeIdToString } from '@avanode/codec';
import { createPrng } from './prng.js';
import { TEST_KEYS, testKeyAddress } from './test-keys.js';
import type { StateFile, StateOwner } from './state-file.js';
import { withDerivedIDs } from './state-txs.js';

/** 2026-01-01T00:00:00Z: seeded networks start near it, so their times look like a real chain's. */
const EPOCH_2026 = 1_767_225_600;
const AVAX = 1_000_000_000;

/** The VM IDs of the X-chain (avm) and the C-chain (evm): utils/constants/vm_ids.go. */
export const AVM_ID = 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq';
export const EVM_ID = 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6';
/** The X- and C-chains genesis creates on the networks whose IDs the node's tests name (genesis/genesis_test.go, v1.14.2). */
const PRIMARY_CHAINS: Record<number, StateFile['chains']> = {
  1: [
    { id: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', name: 'X-Chain', subnetID: EMPTY_ID, vmID: AVM_ID },
    { id: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', name: 'C-Chain', subnetID: EMPTY_ID, vmID: EVM_ID },
  ],
  5: [
    { id: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', name: 'X-Chain', subnetID: EMPTY_ID, vmID: AVM_ID },
    { id: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', name: 'C-Chain', subnetID: EMPTY_ID, vmID: EVM_ID },
  ],
  12345: [
    { id: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed', name: 'X-Chain', subnetID: EMPTY_ID, vmID: AVM_ID },
    { id: '2owdGqyG6FFzTHy5qhenDXQcEghvr571KZE3gSfRJERSJinuwC', name: 'C-Chain', subnetID: EMPTY_ID, vmID: EVM_ID },
  ],
};

export interface SeedOptions {
/** Default 12345 (a local network: addresses `P-local1…`). */
  networkID?: number;
}

export function generateState(seed: number, options: SeedOptions = {}): StateFile {
  const prng = createPrng(seed);
  const networkID = options.networkID ?? 12345;
  const id = () => idToString(prng.bytes(32));
  // The IDs of the txs that made the subnets and stakers, and the IDs an L1's conversion
  // derives, follow from those txs (state-txs.ts, withDerivedIDs below): still drawn here, so
  // the seed's other values stay what they were.
  const derived = (): undefined => void prng.bytes(32);
  const address = () => formatAddress(prng.bytes(20), networkID);
  const owner = (addresses = [address()]): StateOwner => ({ addresses, threshold: 1, locktime: 0 });
  const hex = (n: number) => `0x${Array.from(prng.bytes(n), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  const time = EPOCH_2026 + prng.int(0, 86_400 * 30);
  const funded = [address(), address(), address()];

  const validators: StateFile['validators'] = [];
  for (let i = 0, count = prng.int(3, 5); i < count; i++) {
    const startTime = time - prng.int(1, 90) * 86_400;
    const endTime = startTime + prng.int(180, 365) * 86_400;
    const rewardOwner = owner();
    const delegators = Array.from({ length: prng.int(0, 2) }, () => {
      const from = startTime + prng.int(0, 30) * 86_400;
      // A current delegation ends after the chain's time (a node's would have left with its RewardValidatorTx); within its validator's period, which ends 90 days on at the earliest.
      const end = Math.max(from + prng.int(14, 60) * 86_400, time + 86_400);
      return { txID: derived(), startTime: from, endTime: end, weight: String(prng.int(25, 500) * AVAX), rewardOwner: owner(), potentialReward: String(prng.int(1, 20) * AVAX) };
    });
    validators.push({
      nodeID: nodeIdToString(prng.bytes(20)),
      txID: derived(),
      startTime,
      endTime,
      weight: String(prng.int(2_000, 3_000_000) * AVAX),
      uptime: (80 + prng.int(0, 200_000) / 10_000).toFixed(4),
      connected: prng.next() < 0.9,
      delegationFee: (2 + prng.int(0, 8)).toFixed(4),
      potentialReward: String(prng.int(10, 5_000) * AVAX),
      rewardOwner,
      signer: { publicKey: hex(48), proofOfPossession: hex(96) },
      delegators,
    });
  }

  const subnetOwner = owner([funded[0]!, funded[1]!]);
  const l1Owner = owner([funded[0]!]);
  const nodeIDs = validators.map((v) => v.nodeID);
  return withDerivedIDs({
    networkID,
    time,
    height: prng.int(20, 200),
    avaxAssetID: id(),
    supply: String(BigInt(prng.int(400_000_000, 460_000_000)) * BigInt(AVAX)),
    subnets: [
      {
        id: derived(),
        owner: { ...subnetOwner, threshold: 2 },
        validators: nodeIDs.slice(0, 2).map((nodeID) => ({ nodeID, txID: derived(), startTime: time - 86_400, endTime: time + 86_400 * prng.int(30, 90), weight: prng.int(1, 100) })),
      },
      {
        id: derived(),
        owner: l1Owner,
        l1: { conversionID: derived(), managerChainID: id(), managerAddress: hex(20) },
        l1Validators: Array.from({ length: 2 }, () => ({
          validationID: derived(),
          nodeID: nodeIdToString(prng.bytes(20)),
          weight: prng.int(10, 200),
          startTime: time - prng.int(1, 30) * 86_400,
          publicKey: hex(48),
          balance: String(prng.int(1, 50) * AVAX),
          remainingBalanceOwner: l1Owner,
          deactivationOwner: l1Owner,
          minNonce: 0,
        })),
      },
    ],
    validators,
    ...(PRIMARY_CHAINS[networkID] ? { chains: PRIMARY_CHAINS[networkID] } : {}),
    utxos: [
      ...funded.flatMap((a) => Array.from({ length: prng.int(1, 3) }, () => ({ address: a, amount: String(prng.int(1, 5_000) * AVAX) }))),
      ...TEST_KEYS.map((key) => ({ address: testKeyAddress(key, networkID), amount: key.amount })),
    ],
  });
}
