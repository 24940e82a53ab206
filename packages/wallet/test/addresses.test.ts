// Every address a builder takes is checked against the network (constants.GetHRP) and the chain
// it is used on: every network (mainnet, Fuji, local, a custom network ID) × every form (P-, X-,
// C-, 0x EVM, bare bech32, bare short ID) × every place (recipient, change, owner, rewards owner,
// an export's recipient), messages checked word for word.
import { encodeCB58, formatAddress, formatBech32 } from '@avanode/codec';
import { AddressError, buildAddPermissionlessDelegatorTx, buildBaseTx, buildCreateSubnetTx, buildExportTx, keyAddressBytes } from '@avanode/wallet';
import { describe, expect, it } from 'vitest';
import { AVAX, feeConfig } from './fixtures.js';

const KEY = `0x${'44'.repeat(32)}`;
const BYTES = keyAddressBytes(KEY);
const OTHER = keyAddressBytes(`0x${'45'.repeat(32)}`);
const EVM = `0x${'ab'.repeat(20)}`;

const NETWORKS = [
  { id: 1, hrp: 'avax', name: 'mainnet', article: 'a mainnet address' },
  { id: 5, hrp: 'fuji', name: 'Fuji', article: 'a Fuji address' },
  { id: 12345, hrp: 'local', name: 'local', article: 'a local address' },
  { id: 1337, hrp: 'custom', name: 'a custom network', article: 'an address of a custom network' },
] as const;

type Form = 'P' | 'X' | 'C' | '0x' | 'bech32' | 'shortID';
const FORMS: readonly Form[] = ['P', 'X', 'C', '0x', 'bech32', 'shortID'];

function text(form: Form, hrp: string, bytes = OTHER): string {
  switch (form) {
    case '0x':
      return EVM;
    case 'bech32':
      return formatBech32(hrp, bytes);
    case 'shortID':
      return encodeCB58(bytes);
    default:
      return formatAddress(bytes, { hrp }, form);
  }
}

function utxoOf(networkID: number) {
  // A UTXO of KEY's address, decoded (the builders take decoded UTXOs as well as getUTXOs hex).
  return { txID: encodeCB58(new Uint8Array(32).fill(3)), outputIndex: 0, assetID: AVAX, output: { type: 'secp256k1fx.TransferOutput', amount: 50_000_000_000n, locktime: 0n, threshold: 1, addresses: [encodeCB58(BYTES)] }, networkID };
}

const common = (network: (typeof NETWORKS)[number]) => ({
  utxos: [utxoOf(network.id)] as never,
  fromAddresses: [formatAddress(BYTES, network.id === 1337 ? { hrp: 'custom' } : network.id, 'P')],
  feeState: { price: 1 },
  feeConfig,
  network: network.id,
  avaxAssetID: AVAX,
  minIssuanceTime: 1_000,
});

/** What each place says of each form on a network, or undefined where the form is accepted. */
function expected(place: string, form: Form, network: (typeof NETWORKS)[number], allowed: { chains: readonly string[]; bare: boolean }): string | undefined {
  const here = `${allowed.chains[0]}-${network.hrp}1…`;
  if (form === '0x') return `${place}: 0x… is a C-chain EVM address: transfer to the C-chain (export to it, then import into that EVM address); here give ${here}`;
  if (form === 'shortID') return allowed.bare ? undefined : `${place}: a bare short ID names no network or chain: write it as ${here} (formatAddress from @avanode/codec)`;
  if (form === 'bech32') return allowed.bare ? undefined : `${place}: ${network.hrp}1… has no chain prefix: write ${allowed.chains[0]}-${network.hrp}1… (the chain it is on)`;
  if (allowed.chains.includes(form)) return undefined;
  const advice = {
    P: 'an address on the P-chain itself: use it in a P-chain tx (buildBaseTx, wallet.send)',
    X: 'an X-chain address: export to the X-chain (buildExportTx with the X-chain as destinationChain)',
    C: 'a C-chain address: export to the C-chain (buildExportTx with the C-chain as destinationChain)',
  }[form];
  return `${place}: ${form}-${network.hrp}1… is ${advice}; here give ${here}`;
}

const PLACES = [
  { place: 'outputs[0].address', allowed: { chains: ['P'], bare: false }, build: (c: ReturnType<typeof common>, a: string) => buildBaseTx({ ...c, outputs: [{ address: a, amount: 1_000n }] }) },
  { place: 'changeAddress', allowed: { chains: ['P'], bare: false }, build: (c: ReturnType<typeof common>, a: string) => buildBaseTx({ ...c, changeAddress: a, outputs: [] }) },
  { place: 'owner.addresses[0]', allowed: { chains: ['P'], bare: true }, build: (c: ReturnType<typeof common>, a: string) => buildCreateSubnetTx({ ...c, owner: { addresses: [a] } }) },
  {
    place: 'rewardsOwner',
    allowed: { chains: ['P'], bare: false },
    build: (c: ReturnType<typeof common>, a: string) => buildAddPermissionlessDelegatorTx({ ...c, nodeID: 'NodeID-111111111111111111116DBWJs', start: 2_000, end: 3_000, weight: 1_000n, rewardsOwner: a }),
  },
  {
    place: 'outputs[0].address',
    export: true,
    allowed: { chains: ['X', 'C'], bare: false },
    build: (c: ReturnType<typeof common>, a: string) => buildExportTx({ ...c, destinationChain: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed', outputs: [{ address: a, amount: 1_000n }] }),
  },
] as const;

describe('addresses checked against the network and the chain', () => {
  for (const network of NETWORKS) {
    for (const { place, allowed, build, ...rest } of PLACES) {
      const label = `${'export' in rest ? 'ExportTx ' : ''}${place} on ${network.name}`;
      it(`${label}: every chain prefix`, () => {
        for (const form of FORMS) {
          const message = expected(place, form, network, allowed);
          const run = () => build(common(network), text(form, network.hrp));
          if (message === undefined) expect(run, `${label} ${form}`).not.toThrow();
          else expect(run, `${label} ${form}`).toThrow(new AddressError(message));
        }
      });
      it(`${label}: an address of every other network`, () => {
        for (const other of NETWORKS.filter((n) => n !== network)) {
          for (const form of ['P', 'X', 'C', 'bech32'] as const) {
            const shown = form === 'bech32' ? `${other.hrp}1…` : `${form}-${other.hrp}1…`;
            expect(() => build(common(network), text(form, other.hrp)), `${label} ${form} ${other.name}`).toThrow(
              new AddressError(`${place}: ${shown} is ${other.article}; this node is ${network.name} (its addresses start with ${network.hrp}1)`),
            );
          }
        }
      });
    }
  }

  it('fromAddresses too, and text that is no address at all', () => {
    const local = NETWORKS[2];
    expect(() => buildBaseTx({ ...common(local), fromAddresses: [text('P', 'fuji', BYTES)], outputs: [] })).toThrow(new AddressError('fromAddresses[0]: P-fuji1… is a Fuji address; this node is local (its addresses start with local1)'));
    expect(() => buildBaseTx({ ...common(local), outputs: [{ address: 'P-local1notbech32', amount: 1n }] })).toThrow(new AddressError('outputs[0].address: not a valid bech32 address (bad character, length or checksum)'));
    expect(() => buildBaseTx({ ...common(local), outputs: [{ address: 'PrivateKey-abc', amount: 1n }] })).toThrow(new AddressError('outputs[0].address: an address starts with P-, X- or C- and the network\'s HRP (P-local1…)'));
    expect(() => buildBaseTx({ ...common(local), outputs: [{ address: `0x${'12'.repeat(32)}`, amount: 1n }] })).toThrow(new AddressError('outputs[0].address: 0x… is not an address here; give P-local1…'));
  });
});
