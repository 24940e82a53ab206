// The C-chain's atomic txs, executed as coreth executes them (avalanchego v1.14.2,
// graft/coreth/plugin/evm/atomic): Verify (import_tx.go, export_tx.go), SemanticVerify
// (vm/tx_semantic_verifier.go: the flow check with the fee at the block's base fee, the
// credentials, the UTXOs an import reads from shared memory), then EVMStateTransfer (balances in
// wei, the EVM inputs' nonces). Each refusal is the node's text. An accepted tx returns its
// shared-memory requests (AtomicOps): an import removes what it consumed, an export puts its
// outputs for the destination chain.
import { decodeCB58, parseAddress, shortIdToString, utxoId } from '@avanode/codec';
import { fromHex } from '@avanode/codec/encoding';
import { atomicTxOrderError, encodeAtomicUtxo, type ParsedAtomicTx, type UnsignedExportTx, type UnsignedImportTx } from '@avanode/codec/cchain';
import {
  RuleError,
  WEI_PER_NANO_AVAX,
  atomicTxBurned,
  atomicTxFee,
  atomicTxGas,
  recoverEvmAddress,
  verifySpend,
  verifyTransferInput,
  verifyTransferOutput,
} from '@avanode/wallet/rules';
import { sha256 } from '@noble/hashes/sha2.js';
import { SharedMemoryNotFound, type AtomicRequests, type SharedMemory, type SharedUtxo } from '../../shared-memory.js';
import { balanceOf, nonceOf, type CChainState } from './state.js';

/** What a tx is checked against besides the C-chain's own state. */
export interface AtomicEnv {
  networkID: number;
  avaxAssetID: string;
  /** The primary network's other chains (verify.SameSubnet): the P-chain's and the X-chain's IDs. */
  peers: readonly string[];
  shared: SharedMemory;
  /** The chain time, Unix seconds (the fx's clock for locktimes). */
  nowSec: bigint;
}

/** A refusal on its way up, with the node's text. */
class AtomicRefusal extends Error {}
const refuse = (text: string): never => {
  throw new AtomicRefusal(text);
};
const ruleText = (error: unknown): string => {
  if (error instanceof RuleError) return error.message;
  throw error;
};

const EMPTY_ID = '11111111111111111111111111111111LpoYY';
const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** import_tx.go UnsignedImportTx.Verify (rules of ApricotPhase5 and Banff on). */
function verifyImport(tx: UnsignedImportTx, c: CChainState, env: AtomicEnv): void {
  if (tx.importedInputs.length === 0) refuse('tx has no imported inputs');
  if (tx.networkID !== env.networkID) refuse('tx was issued with a different network ID');
  if (tx.blockchainID !== c.chainID) refuse('tx has wrong chain ID');
  if (tx.outputs.length === 0) refuse('tx has no EVM outputs');
  if (!env.peers.includes(tx.sourceChain)) refuse('tx has wrong chain ID');
  for (const out of tx.outputs) {
    if (BigInt(out.amount) === 0n) refuse('EVM Output failed verification: output has no value');
    if (out.assetID === EMPTY_ID) refuse('EVM Output failed verification: empty asset ID is not valid');
    if (out.assetID !== env.avaxAssetID) refuse('import output cannot contain non-AVAX in Banff');
  }
  for (const input of tx.importedInputs) {
    try {
      verifyTransferInput(input.input as never);
    } catch (error) {
      refuse(`atomic input failed verification: ${ruleText(error)}`);
    }
    if (input.assetID !== env.avaxAssetID) refuse('import input cannot contain non-AVAX in Banff');
  }
  const order = atomicTxOrderError(tx);
  if (order) refuse(order);
}

/** export_tx.go UnsignedExportTx.Verify. */
function verifyExport(tx: UnsignedExportTx, c: CChainState, env: AtomicEnv): void {
  if (tx.exportedOutputs.length === 0) refuse('tx has no export outputs');
  if (tx.networkID !== env.networkID) refuse('tx was issued with a different network ID');
  if (tx.blockchainID !== c.chainID) refuse('tx has wrong chain ID');
  if (!env.peers.includes(tx.destinationChain)) refuse('tx has wrong chain ID');
  for (const input of tx.inputs) {
    if (BigInt(input.amount) === 0n) refuse('input has no value');
    if (input.assetID === EMPTY_ID) refuse('empty asset ID is not valid');
    if (input.assetID !== env.avaxAssetID) refuse('export input cannot contain non-AVAX in Banff');
  }
  for (const out of tx.exportedOutputs) {
    try {
      verifyTransferOutput(out.output as never);
    } catch (error) {
      refuse(ruleText(error));
    }
    if (out.assetID !== env.avaxAssetID) refuse('tx has wrong chain ID');
  }
  const order = atomicTxOrderError(tx);
  if (order) refuse(order);
}

/** The flow check (avax.FlowChecker): the fee at `baseFeeWei` and the outputs against the inputs. */
function flowCheck(parsed: ParsedAtomicTx, env: AtomicEnv, baseFeeWei: bigint, what: 'import' | 'export'): void {
  const unsigned = parsed.tx.unsignedTx;
  const fee = atomicTxFee(atomicTxGas(unsigned, parsed.unsignedBytes), baseFeeWei);
  let burned = -1n;
  try {
    burned = atomicTxBurned(unsigned, env.avaxAssetID);
  } catch {
    // More out than in: the flow checker's insufficient funds, as below.
  }
  if (burned < fee) refuse(`${what} tx flow check failed due to: insufficient funds`);
}

/** The UTXOs an import spends, read from shared memory (ctx.SharedMemory.Get). */
function importedUtxos(tx: UnsignedImportTx, c: CChainState, env: AtomicEnv): SharedUtxo[] {
  try {
    return env.shared.get(c.chainID, tx.sourceChain, tx.importedInputs.map((input) => utxoId(input)));
  } catch (error) {
    if (error instanceof SharedMemoryNotFound) return refuse(`failed to fetch import UTXOs from ${tx.sourceChain} due to: not found`);
    throw error;
  }
}

/**
 * SemanticVerify then EVMStateTransfer on the current state, without writing it: the node's
 * refusal text, or undefined when the tx is valid now. `baseFeeWei` is the base fee of the block
 * that would take it.
 */
export function atomicTxError(parsed: ParsedAtomicTx, c: CChainState, env: AtomicEnv, baseFeeWei = c.baseFeeWei): string | undefined {
  try {
    transition(parsed, c, env, baseFeeWei);
    return undefined;
  } catch (error) {
    if (error instanceof AtomicRefusal) return error.message;
    if (error instanceof RuleError) return error.message;
    throw error;
  }
}

/** Executes an accepted tx: writes the EVM state and returns its shared-memory requests, by peer chain. */
export function acceptAtomicTx(parsed: ParsedAtomicTx, c: CChainState, env: AtomicEnv): Map<string, AtomicRequests> {
  const { balances, nonces, requests } = transition(parsed, c, env, c.baseFeeWei);
  for (const [address, wei] of balances) c.balances.set(address, wei);
  for (const [address, nonce] of nonces) c.nonces.set(address, nonce);
  return requests;
}

function transition(parsed: ParsedAtomicTx, c: CChainState, env: AtomicEnv, baseFeeWei: bigint) {
  const unsigned = parsed.tx.unsignedTx;
  const credentials = parsed.tx.credentials as Array<{ signatures: string[] }>;
  const balances = new Map<string, bigint>();
  const nonces = new Map<string, bigint>();
  const requests = new Map<string, AtomicRequests>();
  const balance = (address: string) => balances.get(address) ?? balanceOf(c, address);
  if ('sourceChain' in unsigned) {
    verifyImport(unsigned, c, env);
    flowCheck(parsed, env, baseFeeWei, 'import');
    if (credentials.length !== unsigned.importedInputs.length) refuse(`incorrect number of credentials: (${unsigned.importedInputs.length} vs. ${credentials.length})`);
    const utxos = importedUtxos(unsigned, c, env);
    const hash = sha256(parsed.unsignedBytes);
    unsigned.importedInputs.forEach((input, i) => {
      const utxo = utxos[i]!;
      if (utxo.value.assetID !== input.assetID) refuse("asset IDs in the input don't match the utxo");
      try {
        verifySpend({ txHash: hash, input: input.input as never, credential: credentials[i] as never, utxo: utxo.value.output as never, now: env.nowSec });
      } catch (error) {
        refuse(`import tx transfer failed verification: ${ruleText(error)}`);
      }
    });
    // import_tx.go EVMStateTransfer: each AVAX output credited, nAVAX × X2CRate in wei.
    for (const out of unsigned.outputs) {
      const address = out.address.toLowerCase();
      balances.set(address, balance(address) + BigInt(out.amount) * WEI_PER_NANO_AVAX);
    }
    requests.set(unsigned.sourceChain, { put: [], remove: utxos.map((u) => u.id) });
    return { balances, nonces, requests };
  }
  verifyExport(unsigned, c, env);
  flowCheck(parsed, env, baseFeeWei, 'export');
  if (unsigned.inputs.length !== credentials.length) refuse(`export tx contained incorrect number of credentials want ${unsigned.inputs.length} got ${credentials.length}`);
  const hash = sha256(parsed.unsignedBytes);
  unsigned.inputs.forEach((input, i) => {
    const signatures = credentials[i]!.signatures;
    if (signatures.length !== 1) refuse(`incorrect number of signatures want 1 signature for EVM Input Credential, but got ${signatures.length}`);
    let signer = '';
    try {
      signer = hex(recoverEvmAddress(hash, fromHex(signatures[0]!.slice(2))));
    } catch (error) {
      refuse(ruleText(error));
    }
    if (signer !== input.address.toLowerCase()) refuse("signature doesn't match public key");
  });
  // export_tx.go EVMStateTransfer: the balance (in wei) first, then the nonce, input by input.
  for (const input of unsigned.inputs) {
    const address = input.address.toLowerCase();
    const wei = BigInt(input.amount) * WEI_PER_NANO_AVAX;
    if (balance(address) < wei) refuse('insufficient funds');
    balances.set(address, balance(address) - wei);
    if ((nonces.has(address) ? nonces.get(address)! - 1n : nonceOf(c, address)) !== BigInt(input.nonce)) refuse('invalid nonce');
    nonces.set(address, BigInt(input.nonce) + 1n);
  }
  // AtomicOps: output i of the export is UTXO (txID, i) for the destination chain, indexed by its owners.
  const put = unsigned.exportedOutputs.map((out, outputIndex) => {
    const bytes = encodeAtomicUtxo({ txID: parsed.id, outputIndex, assetID: out.assetID, output: out.output });
    const id = utxoId({ txID: parsed.id, outputIndex });
    const keys = (out.output.addresses as readonly string[]).map((a) => shortIdToString(parseAddress(a).bytes));
    return { id, idBytes: decodeCB58(id), bytes, keys, value: { txID: parsed.id, outputIndex, assetID: out.assetID, output: out.output } };
  });
  requests.set(unsigned.destinationChain, { put, remove: [] });
  return { balances, nonces, requests };
}
