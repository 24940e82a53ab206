// Realistic response bodies for the benchmarks, generated deterministically.

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** A deterministic pseudo-random string over `alphabet`. */
function text(seed, length, alphabet) {
  let x = seed * 2654435761 >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

const owners = (i) => ({ locktime: '0', threshold: '1', addresses: [`P-avax1${text(i, 38, BECH)}`] });

/**
 * One entry of `platform.getCurrentValidators` for the whole primary network (no `nodeIDs`), as
 * avalanchego v1.14.2 writes it (vms/platformvm/service.go#getPrimaryOrSubnetValidators):
 * `accruedDelegateeReward` always, `uptime` and `connected` on the primary network, `signer` for
 * a BLS key, and no `delegators` list (only sent when `nodeIDs` names one node).
 */
export function validator(i) {
  return {
    txID: text(i, 49, B58),
    startTime: String(1_700_000_000 + i),
    endTime: String(1_730_000_000 + i),
    weight: String(2_000_000_000_000 + i * 1_000_000),
    nodeID: `NodeID-${text(i + 7, 33, B58)}`,
    validationRewardOwner: owners(i),
    delegationRewardOwner: owners(i + 1),
    potentialReward: String(117_431_493_426 + i),
    accruedDelegateeReward: String(1_250_000 + i),
    delegationFee: '2.0000',
    uptime: '99.8121',
    connected: true,
    signer: { publicKey: `0x${text(i, 96, '0123456789abcdef')}`, proofOfPossession: `0x${text(i + 3, 192, '0123456789abcdef')}` },
    delegatorCount: '1',
    delegatorWeight: '25000000000',
  };
}

/** How many validators make the benchmarks' large answer: about 2.4 MB of JSON. */
export const VALIDATOR_SET_SIZE = 2_600;

/** How the benchmarks' lines name that answer. */
export const VALIDATOR_SET = `${VALIDATOR_SET_SIZE.toLocaleString('en')} validators, whole primary network`;

export const bigValidatorsBody = (count = VALIDATOR_SET_SIZE) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { validators: Array.from({ length: count }, (_, i) => validator(i)) } });

export const heightBody = () => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { height: '1204' } });
