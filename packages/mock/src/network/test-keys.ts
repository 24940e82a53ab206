// The published test keys a seeded network funds, as Anvil funds its dev accounts: a user spends
// them with @avanode/wallet at once, with no `fund` call. Both keys are public (avalanchego
// v1.14.2 genesis/genesis_local.go, which funds them on every local network): anyone can spend
// what they hold, so they are never for real funds. The mock derives the addresses from the public
// keys alone; the private keys are here for the user's tests, and nothing of the mock prints them.
import { formatAddress, fromHex } from '@avanode/codec';
import { publicKeyAddress } from '@avanode/wallet/rules';

export interface TestKey {
  /** The key's name in the node's source (`EWOQKey`, `VMRQKey`). */
  readonly name: string;
  /** The key as the node prints it: public, for tests only. */
  readonly privateKey: string;
  /** Its compressed secp256k1 public key, hex. */
  readonly publicKey: string;
  /** nAVAX in the one UTXO a seeded network gives its address. */
  readonly amount: string;
}

/** 1,000,000 AVAX. */
const FUNDS = '1000000000000000';

/** The test keys of the node's local network, in the order a seeded network funds them. */
export const TEST_KEYS: readonly TestKey[] = Object.freeze([
  Object.freeze({ name: 'ewoq', privateKey: 'PrivateKey-ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN', publicKey: '0327448e78ffa8cdb24cf19be0204ad954b1bdb4db8c51183534c1eecf2ebd094e', amount: FUNDS }),
  Object.freeze({ name: 'vmRQ', privateKey: 'PrivateKey-vmRQiZeXEXYMyJhEiqdC2z5JhuDbxL8ix9UVvjgMu2Er1NepE', publicKey: '02d5625f5341a824df63cf28c2502e0d4bd3497f9fad219c02c94a8715f51ba7ec', amount: FUNDS }),
]);

/** The P-chain address of a test key on a network (`P-local1…` on 12345). */
export function testKeyAddress(key: TestKey, networkID: number): string {
  return formatAddress(publicKeyAddress(fromHex(key.publicKey)), networkID);
}
