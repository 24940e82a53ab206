// What an accepted subnet or L1 tx changes, as avalanchego v1.14.2's standard_tx_executor.go
// writes it: AddSubnetValidatorTx a permissioned validator from the block's time,
// RemoveSubnetValidatorTx its removal, TransferSubnetOwnershipTx the subnet's owner, ConvertSubnetToL1Tx the conversion and
// the L1's first validators, IncreaseL1ValidatorBalanceTx a balance, DisableL1ValidatorTx a
// balance returned as a UTXO of the tx (at the index after its outputs).
import { decodeCB58, decodeHexNC, formatAddress, nodeIdToString } from '@avanode/codec';
import { registerL1Validator, setL1ValidatorWeight } from '../executor/warp-txs.js';
import { makeUtxo, type Ledger, type Owner } from './ledger.js';
import { subnetToL1ConversionID, validationIDOf } from '../state/l1-ids.js';

type Fields = Record<string, unknown>;
interface PChainOwner {
  threshold: number;
  addresses: string[];
}
interface ConvertValidator {
  nodeID: string;
  weight: number | bigint;
  balance: number | bigint;
  signer: { publicKey: string };
  remainingBalanceOwner: PChainOwner;
  deactivationOwner: PChainOwner;
}

/** A message.PChainOwner (short IDs) as the ledger keeps owners (`P-…` addresses, no locktime). */
const ownerOf = (ledger: Ledger, owner: PChainOwner): Owner => ({ locktime: 0n, threshold: owner.threshold, addresses: owner.addresses.map((a) => formatAddress(decodeCB58(a), ledger.networkID)) });

/** Applies an accepted subnet or L1 tx's own changes (its UTXOs are txs.ts acceptTx's). */
export function acceptSubnetTx(ledger: Ledger, id: string, type: string, unsigned: Fields, outputCount: number, blockTime: number): void {
  if (type === 'AddSubnetValidatorTx') {
    const v = unsigned.validator as { nodeID: string; end: number | bigint; weight: number | bigint; subnetID: string };
    ledger.stakers.push({ txID: id, nodeID: v.nodeID, subnetID: v.subnetID, startTime: BigInt(blockTime), endTime: BigInt(v.end), weight: BigInt(v.weight), delegators: [], stake: [], stakeIndex: 0 });
  } else if (type === 'RemoveSubnetValidatorTx') {
    ledger.stakers = ledger.stakers.filter((s) => !(s.subnetID === unsigned.subnetID && s.nodeID === unsigned.nodeID));
  } else if (type === 'TransferSubnetOwnershipTx') {
    const subnet = ledger.subnets.find((s) => s.id === unsigned.subnetID);
    const owner = unsigned.newOwner as { locktime: number | bigint; threshold: number; addresses: string[] };
    if (subnet) subnet.owner = { locktime: BigInt(owner.locktime), threshold: owner.threshold, addresses: [...owner.addresses] };
  } else if (type === 'ConvertSubnetToL1Tx') {
    const subnetID = unsigned.subnetID as string;
    const subnet = ledger.subnets.find((s) => s.id === subnetID);
    if (!subnet) return;
    const validators = unsigned.validators as ConvertValidator[];
    const address = decodeHexNC(unsigned.address as string);
    const parts = validators.map((v) => ({ nodeID: decodeHexNC(v.nodeID), publicKey: decodeHexNC(v.signer.publicKey), weight: BigInt(v.weight) }));
    subnet.l1 = { conversionID: subnetToL1ConversionID(subnetID, unsigned.chainID as string, address, parts), managerChainID: unsigned.chainID as string, managerAddress: unsigned.address as string };
    validators.forEach((v, i) => {
      ledger.l1Validators.push({
        validationID: validationIDOf(subnetID, i),
        subnetID,
        nodeID: nodeIdToString(parts[i]!.nodeID),
        weight: parts[i]!.weight,
        startTime: BigInt(blockTime),
        publicKey: v.signer.publicKey,
        balance: BigInt(v.balance),
        remainingBalanceOwner: ownerOf(ledger, v.remainingBalanceOwner),
        deactivationOwner: ownerOf(ledger, v.deactivationOwner),
        minNonce: 0n,
      });
    });
  } else if (type === 'RegisterL1ValidatorTx') {
    const now = BigInt(blockTime);
    const { validator, expiry } = registerL1Validator(ledger, unsigned, now);
    ledger.l1Validators.push(validator);
    // AdvanceTimeTo removes the entries whose time has come; a later message with the same expiry is refused as expired first.
    for (const key of ledger.l1Expiries) if (BigInt(key.slice(0, key.indexOf('/'))) <= now) ledger.l1Expiries.delete(key);
    ledger.l1Expiries.add(expiry);
  } else if (type === 'SetL1ValidatorWeightTx') {
    const { validator, weight, minNonce } = setL1ValidatorWeight(ledger, unsigned);
    if (weight === 0n) {
      if (validator.balance > 0n) {
        const utxo = makeUtxo(ledger, id, outputCount, ledger.avaxAssetID, validator.balance, validator.remainingBalanceOwner);
        ledger.utxos.set(utxo.id, utxo);
      }
      ledger.l1Validators.splice(ledger.l1Validators.indexOf(validator), 1);
    } else {
      validator.weight = weight;
      validator.minNonce = minNonce;
    }
  } else if (type === 'IncreaseL1ValidatorBalanceTx') {
    const validator = ledger.l1Validators.find((v) => v.validationID === unsigned.validationID);
    if (validator) validator.balance += BigInt(unsigned.balance as number);
  } else if (type === 'DisableL1ValidatorTx') {
    const validator = ledger.l1Validators.find((v) => v.validationID === unsigned.validationID);
    if (!validator || validator.balance === 0n) return;
    const utxo = makeUtxo(ledger, id, outputCount, ledger.avaxAssetID, validator.balance, validator.remainingBalanceOwner);
    ledger.utxos.set(utxo.id, utxo);
    validator.balance = 0n;
  }
}
