// The subnet and L1 authorizations of an issued tx, as avalanchego v1.14.2 checks them:
// vms/platformvm/txs/executor/subnet_tx_verification.go (verifySubnetAuthorization,
// verifyPoASubnetAuthorization, verifyAuthorization: the tx's last credential against the
// owner, through secp256k1fx Fx#VerifyPermission), the owner read as state.GetSubnetOwner reads it
// (vms/platformvm/state/state.go), and for DisableL1ValidatorTx the validator's deactivation owner
// (standard_tx_executor.go). The rules themselves are @avanode/wallet/rules' verifyPermission.
import type { SignedTx } from '@avanode/codec';
import { RuleError, verifyPermission } from '@avanode/wallet/rules';
import type { Ledger } from '../state/ledger.js';
import type { Owner } from '../state/utxo.js';

type Fields = Record<string, unknown>;

/** Where a tx names the subnet it changes, and whether it also needs the subnet not to be converted (verifyPoASubnetAuthorization). */
const SUBNET_AUTHORIZED: Record<string, { subnetOf: (unsigned: Fields) => unknown; poa: boolean }> = {
  AddSubnetValidatorTx: { subnetOf: (u) => (u.validator as Fields | undefined)?.subnetID, poa: true },
  CreateChainTx: { subnetOf: (u) => u.subnetID, poa: true },
  ConvertSubnetToL1Tx: { subnetOf: (u) => u.subnetID, poa: true },
  RemoveSubnetValidatorTx: { subnetOf: (u) => u.subnetID, poa: false },
  TransferSubnetOwnershipTx: { subnetOf: (u) => u.subnetID, poa: false },
};

/** An authorization refusal, with the node's text. */
export class AuthorizationError extends Error {}
const refuse = (text: string): never => {
  throw new AuthorizationError(text);
};

/** state.GetSubnetOwner: the owner, or the node's error for an ID that is no subnet. */
function subnetOwner(ledger: Ledger, subnetID: string): { owner: Owner; converted: boolean } {
  const subnet = ledger.subnets.find((s) => s.id === subnetID);
  if (subnet) return { owner: subnet.owner, converted: subnet.l1 !== undefined };
  // GetTx of an ID that is not a CreateSubnetTx: `"<id>" is not a subnet`; no tx at all: database.ErrNotFound.
  return refuse(ledger.txs.has(subnetID) ? `"${subnetID}" is not a subnet` : 'not found');
}

/** verifyAuthorization: the last credential against `owner`; the other credentials are returned for the inputs. */
export function verifyAuthorization(tx: SignedTx, unsignedBytes: Uint8Array, owner: Owner, auth: unknown, nowSec: bigint): SignedTx['credentials'] {
  const creds = tx.credentials;
  if (creds.length === 0) refuse('should have the same number of credentials as inputs');
  const credential = creds[creds.length - 1] as { signatures?: unknown };
  // Fx#VerifyPermission's type checks: a secp256k1fx.Input and a secp256k1fx.Credential.
  if (auth === null || typeof auth !== 'object' || !Array.isArray((auth as Fields).signatureIndices)) refuse('unauthorized modification: wrong input type');
  if (!Array.isArray(credential?.signatures)) refuse('unauthorized modification: wrong credential type');
  try {
    verifyPermission({ unsignedBytes, input: auth as never, credential: credential as never, owner, now: nowSec });
  } catch (error) {
    if (error instanceof RuleError) refuse(`unauthorized modification: ${error.message}`);
    throw error;
  }
  return creds.slice(0, -1);
}

/**
 * The credentials left for the inputs once a tx's authorization is verified (all of them for a
 * tx without one); throws an AuthorizationError with the node's text when it is not.
 */
export function authorize(ledger: Ledger, tx: SignedTx, type: string, unsignedBytes: Uint8Array, nowSec: bigint): SignedTx['credentials'] {
  const unsigned = tx.unsignedTx as unknown as Fields;
  if (type === 'DisableL1ValidatorTx') {
    const validator = ledger.l1Validators.find((v) => v.validationID === unsigned.validationID);
    if (!validator) return refuse('could not load L1 validator: not found');
    // A message.PChainOwner has no locktime.
    const owner = { ...validator.deactivationOwner, locktime: 0n };
    return verifyAuthorization(tx, unsignedBytes, owner, unsigned.disableAuthorization, nowSec);
  }
  const rule = Object.hasOwn(SUBNET_AUTHORIZED, type) ? SUBNET_AUTHORIZED[type] : undefined;
  if (!rule) return tx.credentials;
  const subnetID = String(rule.subnetOf(unsigned));
  const { owner, converted } = subnetOwner(ledger, subnetID);
  const creds = verifyAuthorization(tx, unsignedBytes, owner, unsigned.subnetAuthorization, nowSec);
  // verifyPoASubnetAuthorization: fmt.Errorf("%q %w", subnetID, errIsImmutable). (TransformSubnetTx is refused post-Etna before this.)
  if (rule.poa && converted) refuse(`"${subnetID}" is immutable`);
  return creds;
}
