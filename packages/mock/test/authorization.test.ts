// Subnet and L1 authorizations against the simulated network over HTTP on 127.0.0.1, built and
// signed by @avanode/wallet as an app does: the tx's last credential is verified against the
// subnet's owner (or the L1 validator's deactivation owner) as avalanchego v1.14.2's
// txs/executor/subnet_tx_verification.go does, and each refusal carries the node's text.
import { createClient } from '@avanode/client';
import { decodeUtxo } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildConvertSubnetToL1Tx, buildCreateChainTx, buildCreateSubnetTx, buildDisableL1ValidatorTx, buildTransferSubnetOwnershipTx, keyAddress, sendTx, TxRefusedError } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const OWNER_KEY = `0x${'31'.repeat(32)}`;
const OTHER_KEY = `0x${'32'.repeat(32)}`;
const AVAX = 1_000_000_000n;
const VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

let server: MockServer;
let client: ReturnType<typeof createClient>;
let owner: { addresses: string[]; threshold: number };
let other: { addresses: string[]; threshold: number };

beforeAll(async () => {
  server = await startMockServer({ port: 0, network: { seed: 8, clock: 'real', blockTimeMs: 50 } });
  client = createClient({ url: server.url });
  const { networkID } = await client.info.getNetworkID();
  const network = Number(networkID);
  owner = { addresses: [keyAddress(OWNER_KEY, network)], threshold: 1 };
  other = { addresses: [keyAddress(OTHER_KEY, network)], threshold: 1 };
  server.control.fund(owner.addresses[0]!, (100n * AVAX).toString());
  server.control.fund(other.addresses[0]!, (100n * AVAX).toString());
});
afterAll(() => server?.close());

/** The node's text of a refused tx (sendTx rejects with TxRefusedError), or '' when it committed. */
async function refusal(send: Promise<unknown>): Promise<string> {
  try {
    await send;
    return '';
  } catch (error) {
    if (error instanceof TxRefusedError) return error.nodeMessage;
    throw error;
  }
}

const chain = (subnetID: string, subnetOwner: typeof owner, keys: string[]) =>
  sendTx(client, { build: buildCreateChainTx, params: { subnetID, subnetOwner, chainName: 'c', vmID: VM_ID, genesisData: '{}' }, keys });

describe('subnet authorization (the last credential, against the subnet owner)', () => {
  it('commits a chain the owner authorizes, and refuses one signed by another key with the node text', async () => {
    const subnet = await sendTx(client, { build: buildCreateSubnetTx, params: { owner }, keys: [OWNER_KEY] });
    const ok = await chain(subnet.txID, owner, [OWNER_KEY]);
    expect(ok.status).toBe('Committed');
    // The other key pays for the tx and signs the authorization as if it owned the subnet.
    const text = await refusal(chain(subnet.txID, other, [OTHER_KEY]));
    expect(text).toMatch(/failed execution: unauthorized modification: wrong signature: expected signature from \S+ but got from \S+$/);
  });

  it('refuses a subnet ID that is no subnet: not found, or "<id>" is not a subnet for another tx', async () => {
    const payment = await sendTx(client, { build: buildCreateChainTx, params: { subnetID: (await sendTx(client, { build: buildCreateSubnetTx, params: { owner }, keys: [OWNER_KEY] })).txID, subnetOwner: owner, chainName: 'x', vmID: VM_ID, genesisData: '{}' }, keys: [OWNER_KEY] });
    expect(await refusal(chain(payment.txID, owner, [OWNER_KEY]))).toMatch(new RegExp(`failed execution: "${payment.txID}" is not a subnet$`));
    expect(await refusal(chain('2TGBXcnwx5PqiXWiqxAKUaNSqDguXNh1mxnp82jui68hxJSZAx', owner, [OWNER_KEY]))).toMatch(/failed execution: not found$/);
  });

  it('moves with TransferSubnetOwnershipTx: the old owner is refused after it, the new one accepted', async () => {
    const subnet = await sendTx(client, { build: buildCreateSubnetTx, params: { owner }, keys: [OWNER_KEY] });
    const moved = await sendTx(client, { build: buildTransferSubnetOwnershipTx, params: { subnetID: subnet.txID, subnetOwner: owner, newOwner: other }, keys: [OWNER_KEY] });
    expect(moved.status).toBe('Committed');
    expect((await client.platform.getSubnet({ subnetID: subnet.txID })).controlKeys).toEqual(other.addresses);
    expect(await refusal(chain(subnet.txID, owner, [OWNER_KEY]))).toMatch(/unauthorized modification: wrong signature/);
    expect((await chain(subnet.txID, other, [OTHER_KEY])).status).toBe('Committed');
  });
});

describe('L1: conversion, immutability, the deactivation owner', () => {
  it('converts, then refuses subnet changes as immutable; disables only with the deactivation owner, returning the balance', async () => {
    const subnet = await sendTx(client, { build: buildCreateSubnetTx, params: { owner }, keys: [OWNER_KEY] });
    const manager = await chain(subnet.txID, owner, [OWNER_KEY]);
    const { nodeID, nodePOP } = await client.info.getNodeID();
    const balance = 2n * AVAX;
    const converted = await sendTx(client, {
      build: buildConvertSubnetToL1Tx,
      params: { subnetID: subnet.txID, subnetOwner: owner, chainID: manager.txID, address: '0x0feedc0de0000000000000000000000000000000', validators: [{ nodeID, weight: 100n, balance, signer: nodePOP, remainingBalanceOwner: owner, deactivationOwner: owner }] },
      keys: [OWNER_KEY],
    });
    expect(converted.status).toBe('Committed');
    const info = await client.platform.getSubnet({ subnetID: subnet.txID });
    expect(info.isPermissioned).toBe(false);
    expect(info.managerAddress).toBe('0x0feedc0de0000000000000000000000000000000');
    expect(await refusal(chain(subnet.txID, owner, [OWNER_KEY]))).toMatch(new RegExp(`failed execution: "${subnet.txID}" is immutable$`));

    const { validators } = await client.platform.getCurrentValidators({ subnetID: subnet.txID });
    const validationID = (validators[0] as { validationID: string }).validationID;
    expect(BigInt((await client.platform.getL1Validator({ validationID })).balance)).toBe(balance);
    const disable = (deactivationOwner: typeof owner, keys: string[]) => sendTx(client, { build: buildDisableL1ValidatorTx, params: { validationID, deactivationOwner }, keys });
    expect(await refusal(disable(other, [OTHER_KEY]))).toMatch(/failed execution: unauthorized modification: wrong signature/);
    expect(await refusal(disable(owner, [OWNER_KEY]).then(() => sendTx(client, { build: buildDisableL1ValidatorTx, params: { validationID: subnet.txID, deactivationOwner: owner }, keys: [OWNER_KEY] })))).toMatch(/failed execution: could not load L1 validator: not found$/);
    expect(BigInt((await client.platform.getL1Validator({ validationID })).balance)).toBe(0n);
    // The remaining balance came back to the remaining balance owner, as a UTXO of the disabling tx.
    const { utxos } = await client.platform.getUTXOs({ addresses: owner.addresses, encoding: 'hex' });
    const amounts = utxos.map((hex) => BigInt((decodeUtxo(hex).output as { amount: number | bigint }).amount));
    expect(amounts).toContain(balance);
  });
});
