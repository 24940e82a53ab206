// What a forked node answers when its upstream cannot be read and the fork cannot do without it:
// the upstream stands where a node's database does, so the answer is the node's own text for a
// failed state read in that method (vms/platformvm/service.go v1.14.2, each wrap below), with
// the database's error when it cannot be read (database/errors.go ErrClosed: "closed"). The
// upstream's reason goes to the log, never to the answer.
import { EMPTY_ID } from '@avanode/codec';

/** database.ErrClosed's text. */
const DATABASE_CLOSED = 'closed';

type Params = Record<string, unknown>;
const id = (value: unknown) => (typeof value === 'string' && value !== '' ? value : EMPTY_ID);

/** Service.<Method>'s wrap of the state read's error (the method's `fmt.Errorf("…: %w", err)`), by method. */
const WRAPS: Record<string, (params: Params) => string> = {
  // service.go:341 GetUTXOs.
  'platform.getUTXOs': () => 'problem retrieving UTXOs: ',
  // service.go:155 GetBalance: the addresses as Go's %v prints a []string.
  'platform.getBalance': (p) => `couldn't get UTXO set of [${Array.isArray(p.addresses) ? p.addresses.map(String).join(' ') : ''}]: `,
  // service.go:1443 GetTx.
  'platform.getTx': () => "couldn't get tx: ",
  // service.go:1946 GetBlock, 1979 GetBlockByHeight.
  'platform.getBlock': (p) => `couldn't get block with id ${id(p.blockID)}: `,
  'platform.getBlockByHeight': (p) => `couldn't get block at height ${String(p.height ?? 0)}: `,
  // service.go:1744 GetRewardUTXOs.
  'platform.getRewardUTXOs': () => "couldn't get reward UTXOs: ",
  // service.go:996 GetL1Validator.
  'platform.getL1Validator': (p) => `fetching L1 validator "${id(p.validationID)}" failed: `,
  // service.go:757 GetCurrentValidators (through loadStakerTx… the current stakers' read).
  'platform.getCurrentValidators': () => 'failed to get current validators: ',
  // service.go:1928 GetValidatorsAt, 1817 GetAllValidatorsAt.
  'platform.getValidatorsAt': (p) => `failed to get validator set at ${String(p.height ?? 0)}: `,
  'platform.getAllValidatorsAt': (p) => `failed to get validator sets at ${String(p.height ?? 0)}: `,
  // service.go:1425 IssueTx: the mempool's verification reads the state.
  'platform.issueTx': () => "couldn't issue tx: ",
};

/** The node's text for `method` when the state it reads cannot be read. */
export function unavailableText(method: string, params: Params): string {
  return `${WRAPS[method]?.(params) ?? ''}${DATABASE_CLOSED}`;
}
