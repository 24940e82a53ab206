// What an accepted subnet or L1 tx changes, as avalanchego v1.14.2's standard_tx_executor.go
// writes it: AddSubnetValidatorTx a permissioned validator from the block's time,
// RemoveSubnetValidatorTx its removal, TransferSubnetOwnershipTx the subnet's owner, ConvertSubnetToL1Tx the conversion and
// the L1's first validators, IncreaseL1ValidatorBalanceTx a balance, DisableL1ValidatorTx a
// balance returned as a UTXO of the tx (at the index after its outputs).
import { decodeCB58, decodeHexNC, formatAddress, nodeIdToString, txId } from '@avanode/codec';
import { registerL1Validator, setL1ValidatorWeight } from '../executor/warp-txs.js';
import { makeUtxo, type Ledger, type Owner } from './ledger.js';

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

/** An ID as the node hashes one: sha256 of the bytes (hashing.ComputeHash256Array), cb58 as every ID. */
const hashID = (bytes: Uint8Array): string => txId(bytes);

/** A message.PChainOwner (short IDs) as the ledger keeps owners (`P-…` addresses, no locktime). */
const ownerOf = (ledger: Ledger, owner: PChainOwner): Owner => ({ locktime: 0n, threshold: owner.threshold, addresses: owner.addresses.map((a) => formatAddress(decodeCB58(a), ledger.networkID)) });

/** ids.ID#Append(i): sha256(id ‖ uint32 big-endian i), the validation ID of a converted subnet's i-th validator. */
function appendIndex(id: string, index: number): string {
  const bytes = new Uint8Array(36);
  bytes.set(decodeCB58(id));
  new DataView(bytes.buffer).setUint32(32, index);
  return hashID(bytes);
}

/** message.SubnetToL1ConversionID: sha256 of SubnetToL1ConversionData in the warp message codec (version 0). */
function conversionID(subnetID: string, chainID: string, address: Uint8Array, validators: Array<{ nodeID: Uint8Array; publicKey: Uint8Array; weight: bigint }>): string {
  const size = 2 + 32 + 32 + 4 + address.length + 4 + validators.reduce((n, v) => n + 4 + v.nodeID.length + 48 + 8, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 2; // codec version 0
  const put = (b: Uint8Array) => {
    bytes.set(b, at);
    at += b.length;
  };
  const putLength = (n: number) => {
    view.setUint32(at, n);
    at += 4;
  };
  put(decodeCB58(subnetID));
  put(decodeCB58(chainID));
  putLength(address.length);
  put(address);
  putLength(validators.length);
  for (const v of validators) {
    putLength(v.nodeID.length);
    put(v.nodeID);
    put(v.publicKey);
    view.setBigUint64(at, v.weight);
    at += 8;
  }
  return hashID(bytes);
}

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
    subnet.l1 = { conversionID: conversionID(subnetID, unsigned.chainID as string, address, parts), managerChainID: unsigned.chainID as string, managerAddress: unsigned.address as string };
    validators.forEach((v, i) => {
      ledger.l1Validators.push({
        validationID: appendIndex(subnetID, i),
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
