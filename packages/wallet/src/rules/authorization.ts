// Which tx types carry an authorization besides their inputs, in which field, and whose owner it
// is checked against (wallet/chain/p/signer/visitor.go and txs/executor at v1.15.0-fuji). One
// exhaustive table: a type the codec gains must be placed here, by the compiler's demand.
import type { UnsignedTx } from '@avanode/codec';

/** What an authorization's owner is: how the node finds it (`backend.GetOwner(ownerID)`). */
export type AuthorizationOwner = 'subnet owner' | 'deactivation owner' | 'validator authority';

export interface Authorization {
  /** The tx's field holding the `secp256k1fx.Input` (its signature indices). */
  readonly field: string;
  /** Whose owner the indices point into. */
  readonly owner: AuthorizationOwner;
  /** The ID the owner is looked up by: a subnet ID, a validation ID, or the auto-renewed validator's tx ID. */
  readonly ownerOf: (tx: Readonly<Record<string, unknown>>) => string;
}

const subnet = (ownerOf: (tx: Readonly<Record<string, unknown>>) => string): Authorization => ({ field: 'subnetAuthorization', owner: 'subnet owner', ownerOf });
const bySubnetID = subnet((tx) => tx.subnetID as string);

/** Per tx type: its authorization, or null when only its inputs are signed (or it is not signed at all). */
export const AUTHORIZATION: Readonly<Record<UnsignedTx['type'], Authorization | null>> = {
  AddValidatorTx: null,
  AddSubnetValidatorTx: subnet((tx) => (tx.validator as { subnetID: string }).subnetID),
  AddDelegatorTx: null,
  CreateChainTx: bySubnetID,
  CreateSubnetTx: null,
  ImportTx: null,
  ExportTx: null,
  AdvanceTimeTx: null,
  RewardValidatorTx: null,
  RemoveSubnetValidatorTx: bySubnetID,
  TransformSubnetTx: bySubnetID,
  AddPermissionlessValidatorTx: null,
  AddPermissionlessDelegatorTx: null,
  TransferSubnetOwnershipTx: bySubnetID,
  BaseTx: null,
  ConvertSubnetToL1Tx: bySubnetID,
  RegisterL1ValidatorTx: null,
  SetL1ValidatorWeightTx: null,
  IncreaseL1ValidatorBalanceTx: null,
  DisableL1ValidatorTx: { field: 'disableAuthorization', owner: 'deactivation owner', ownerOf: (tx) => tx.validationID as string },
  AddAutoRenewedValidatorTx: null,
  // visitor.go#SetAutoRenewedValidatorConfigTx: getAuthSigners(tx.TxID, tx.Auth), the owner being
  // the AddAutoRenewedValidatorTx's ValidatorAuthority.
  SetAutoRenewedValidatorConfigTx: { field: 'auth', owner: 'validator authority', ownerOf: (tx) => tx.txID as string },
  RewardAutoRenewedValidatorTx: null,
};
