// The checks of CreateChainTx and ExportTx beyond BaseTx's, as avalanchego v1.14.2 makes them:
// txs/create_chain_tx.go SyntacticVerify (before BaseTx's checks), txs/export_tx.go
// SyntacticVerify (the exported outputs), and standard_tx_executor.go ExportTx's
// verify.SameSubnet (vms/components/verify/subnet.go, the P-chain's validators.Manager
// GetSubnetID) before its flow check.
import { EMPTY_ID, decodeCB58 } from '@avanode/codec';
import { base64 } from '@scure/base';
import type { Ledger } from '../state/ledger.js';
import { compareBytes } from '../util/bytes.js';
import { Refusal, refuse, refuseWith } from './errors.js';

type Fields = Record<string, unknown>;

/** create_chain_tx.go MaxNameLen and MaxGenesisLen (units.MiB). */
const MAX_NAME_LEN = 128;
const MAX_GENESIS_LEN = 1024 * 1024;


/** A chain name's rune, as `r > unicode.MaxASCII || (!unicode.IsLetter(r) && !unicode.IsNumber(r) && r != ' ')` refuses it. */
const legalRune = (rune: string): boolean => /^[A-Za-z0-9 ]$/.test(rune);

/** CreateChainTx#SyntacticVerify's own checks, which come before BaseTx's. */
export function createChainShape(unsigned: Fields): void {
  const name = unsigned.chainName as string;
  if (unsigned.subnetID === EMPTY_ID) refuseWith('ErrCantValidatePrimaryNetwork');
  // len(tx.ChainName): bytes of UTF-8.
  if (new TextEncoder().encode(name).length > MAX_NAME_LEN) refuseWith('errNameTooLong');
  if (unsigned.vmID === EMPTY_ID) refuseWith('errInvalidVMID');
  const fxIDs = ((unsigned.fxIDs as string[] | undefined) ?? []).map((id) => decodeCB58(id));
  if (!fxIDs.every((id, i) => i === 0 || compareBytes(fxIDs[i - 1]!, id) < 0)) refuseWith('errFxIDsNotSortedAndUnique');
  if (base64.decode((unsigned.genesisData as string | undefined) ?? '').length > MAX_GENESIS_LEN) refuseWith('errGenesisTooLong');
  for (const rune of name) if (!legalRune(rune)) refuseWith('errIllegalNameCharacter');
}

/** ExportTx#SyntacticVerify's opening check, before BaseTx's. */
export function exportShape(unsigned: Fields): void {
  if (((unsigned.exportedOutputs as unknown[] | undefined) ?? []).length === 0) refuseWith('errNoExportOutputs');
}

/** ExportTx#SyntacticVerify after BaseTx's: each exported output verified, none stakeable-locked, in order. */
export function exportedOutputsSyntax(unsigned: Fields, verifyOutput: (out: { assetID: string; output: Fields }) => void, encode: (out: unknown) => Uint8Array): void {
  const outs = unsigned.exportedOutputs as Array<{ assetID: string; output: Fields }>;
  for (const out of outs) {
    verifyOutput(out);
    if (out.output.output !== undefined) refuseWith('ErrWrongLocktime');
  }
  const keys = outs.map(encode);
  if (!keys.every((k, i) => i === 0 || compareBytes(keys[i - 1]!, k) <= 0)) refuseWith('errOutputsNotSorted');
}

/** verify.SameSubnet(P-chain, destination): another chain of the primary network, known to the P-chain. */
export function verifySameSubnet(ledger: Ledger, destination: string): void {
  if (destination === EMPTY_ID) refuseWith('ErrSameChainID');
  const chain = ledger.chains.find((c) => c.id === destination);
  if (!chain) {
    // validators.Manager.GetSubnetID: the chain's CreateChainTx, read by ID.
    const cause = ledger.txs.has(destination) ? `"${destination}" is not a blockchain` : `problem retrieving blockchain "${destination}": not found`;
    refuse(`failed to get subnet of "${destination}": ${cause}`, 'GetSubnetID');
  }
  if (chain!.subnetID !== EMPTY_ID) refuseWith('ErrMismatchedSubnetIDs', `; expected "${EMPTY_ID}" got "${chain!.subnetID}"`);
}

/** standard_tx_executor.go ExportTx wraps its flow check's refusal. */
export function wrapExportSpend(error: unknown): never {
  if (error instanceof Refusal) refuse(`failed verifySpend: ${error.message}`, 'ExportTx');
  throw error;
}
