// A permissioned subnet's validators as avalanchego v1.14.2 checks them (src/executor/
// subnet-validators.ts; packages/mock/REFUSALS.md): AddSubnetValidatorTx and
// RemoveSubnetValidatorTx built and signed by @avanode/wallet, issued over real HTTP on 127.0.0.1
// to a local network (genesis_local.go: 24 hours to a year) from a state file, each refusal with
// the node's text as platform.issueTx answers it, and for each rule the honest neighbour (the
// minimum itself, the validator's last second) committing in a block made at the same second.
import { createClient } from '@avanode/client';
import { EMPTY_ID, encodeCB58, nodeIdToString } from '@avanode/codec';
import { TEST_KEYS, withDerivedIDs, type StateFile } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { TxRefusedError, buildAddSubnetValidatorTx, buildCreateSubnetTx, buildRemoveSubnetValidatorTx, keyAddress, sendTx } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const OTHER_KEY = new Uint8Array(32).fill(0x47);
const OTHER_ADDRESS = keyAddress(OTHER_KEY, 12345);
const AVAX = 1_000_000_000n;
const DAY = 86_400n;
const TIME = 1_767_300_000n;
const nodeID = (n: number) => nodeIdToString(new Uint8Array(20).fill(n));
/** A primary network validator until 60 days on, one until 3 days on, a node that validates nothing. */
const LONG = nodeID(0x51);
const SHORT = nodeID(0x52);
const STRANGER = nodeID(0x53);
const owner = { addresses: [EWOQ_ADDRESS], threshold: 1 };

const state: StateFile = {
  networkID: 12345,
  time: Number(TIME),
  height: 2,
  utxos: Array.from({ length: 12 }, () => ({ address: EWOQ_ADDRESS, amount: String(1_000n * AVAX) })),
  validators: [
    { nodeID: LONG, startTime: Number(TIME - DAY), endTime: Number(TIME + 60n * DAY), weight: String(2_000n * AVAX), rewardOwner: owner },
    { nodeID: SHORT, startTime: Number(TIME - DAY), endTime: Number(TIME + 3n * DAY), weight: String(2_000n * AVAX), rewardOwner: owner },
  ],
  subnets: [
    { owner, validators: [{ nodeID: SHORT, startTime: Number(TIME - DAY), endTime: Number(TIME + 2n * DAY), weight: 10 }] },
    { owner: { addresses: [OTHER_ADDRESS], threshold: 1 }, l1: { conversionID: encodeCB58(new Uint8Array(32).fill(2)), managerChainID: encodeCB58(new Uint8Array(32).fill(3)), managerAddress: '0x11' } },
  ],
};
const ids = withDerivedIDs(state);
const SUBNET = ids.subnets![0]!.id;
const L1 = ids.subnets![1]!.id;

let server: MockServer;
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  server = await startMockServer({ port: 0, host: '127.0.0.1', network: { state } });
  client = createClient({ url: server.url, retry: false });
});
afterAll(() => server?.close());

/** The time of the next block (the clock's; it only moves when a test moves it). */
const now = async () => BigInt(Math.floor((server.control.status().clockMs as number) / 1000));

interface AddOptions {
  node?: string;
  subnetID?: string;
  end?: bigint;
  weight?: bigint;
  keys?: Uint8Array[];
  subnetOwner?: { addresses: string[]; threshold: number };
  price?: bigint;
}
/** Issues what the wallet builds (no wait): the node's text when refused, '' when taken (then a block is made at once). */
async function issued(send: Promise<{ txID: string }>): Promise<string> {
  try {
    const { txID } = await send;
    server.control.mine();
    expect((await client.platform.getTxStatus({ txID })).status).toBe('Committed');
    return '';
  } catch (error) {
    if (error instanceof TxRefusedError) return error.nodeMessage;
    throw error;
  }
}
const feeState = async (price?: bigint) => {
  const state = await client.platform.getFeeState();
  return price === undefined ? state : { ...state, price: String(price) };
};
async function add(options: AddOptions = {}) {
  const end = options.end ?? (await now()) + 2n * DAY;
  return issued(
    sendTx(client, {
      build: buildAddSubnetValidatorTx,
      params: { subnetID: options.subnetID ?? SUBNET, subnetOwner: options.subnetOwner ?? owner, nodeID: options.node ?? LONG, start: await now(), end, weight: options.weight ?? 20n, feeState: await feeState(options.price) },
      keys: options.keys ?? [EWOQ.privateKey],
      wait: false,
    }),
  );
}
async function remove(node: string, options: { subnetID?: string; price?: bigint } = {}) {
  return issued(sendTx(client, { build: buildRemoveSubnetValidatorTx, params: { subnetID: options.subnetID ?? SUBNET, subnetOwner: owner, nodeID: node, feeState: await feeState(options.price) }, keys: [EWOQ.privateKey], wait: false }));
}
const executor = (text: string) => new RegExp(`^couldn't issue tx: failed verification: failed execution: standard tx \\S+ failed execution: ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const members = async (subnetID: string) => ((await client.platform.getCurrentValidators({ subnetID })).validators as Array<{ nodeID: string; weight: string; txID: string }>).map((v) => v.nodeID);

describe('AddSubnetValidatorTx (add_subnet_validator_tx.go SyntacticVerify, verifyAddSubnetValidatorTx)', () => {
  it('refuses the primary network as its subnet before anything else', async () => {
    expect(await add({ subnetID: EMPTY_ID, weight: 0n })).toMatch(executor("can't add primary network validator with AddSubnetValidatorTx"));
  });

  it('refuses a weight of 0 (Validator.Verify)', async () => {
    expect(await add({ weight: 0n })).toMatch(executor('weight of this validator is too low'));
  });

  it('refuses a period a second under the 24-hour minimum or a second over the year; the minimum itself commits and the validator joins the subnet', async () => {
    expect(await add({ end: (await now()) + DAY - 1n })).toMatch(executor('staking period is too short'));
    expect(await add({ end: (await now()) + 365n * DAY + 1n })).toMatch(executor('staking period is too long'));
    expect(await members(SUBNET)).toEqual([SHORT]);
    expect(await add({ end: (await now()) + DAY })).toBe('');
    expect((await members(SUBNET)).sort()).toEqual([LONG, SHORT].sort());
  });

  it("refuses a NodeID already validating the subnet as the node's duplicate", async () => {
    expect(await add({ node: SHORT })).toMatch(executor(`attempted to issue duplicate validator for ${SHORT} on subnet ${SUBNET}`));
  });

  it('refuses a node that does not validate the primary network', async () => {
    expect(await add({ node: STRANGER })).toMatch(executor(`${STRANGER} isn't a current or pending validator of the primary network`));
  });

  it("refuses a period that ends after the node's primary network validator; ending with it commits", async () => {
    const subnet2 = await createSubnet();
    const shortEnd = TIME + 3n * DAY;
    expect(await add({ subnetID: subnet2, node: SHORT, end: shortEnd + 1n })).toMatch(executor('proposed staking period is not inside dependent staking period'));
    expect(await add({ subnetID: subnet2, node: SHORT, end: shortEnd })).toBe('');
  });

  it("refuses a subnet the chain does not have, an L1 (immutable), and an authorization its owner did not sign, after the staker checks", async () => {
    const missing = ids.validators![0]!.txID;
    expect(await add({ subnetID: missing })).toMatch(executor(`"${missing}" is not a subnet`));
    expect(await add({ subnetID: L1, subnetOwner: { addresses: [OTHER_ADDRESS], threshold: 1 }, keys: [EWOQ.privateKey, OTHER_KEY] })).toMatch(executor(`"${L1}" is immutable`));
    expect(await add({ subnetID: L1, node: STRANGER })).toMatch(executor(`${STRANGER} isn't a current or pending validator of the primary network`));
    const subnet3 = await createSubnet({ addresses: [OTHER_ADDRESS], threshold: 1 });
    expect(await add({ subnetID: subnet3 })).toMatch(/^couldn't issue tx: failed verification: failed execution: standard tx \S+ failed execution: unauthorized modification: /);
  });

  it('refuses a tx that pays no fee as a failed flow check', async () => {
    const subnet4 = await createSubnet();
    expect(await add({ subnetID: subnet4, price: 0n })).toMatch(/^couldn't issue tx: failed verification: failed execution: standard tx \S+ failed execution: flow check failed: insufficient unlocked funds: needs \d+ more /);
    expect(await add({ subnetID: subnet4 })).toBe('');
  });
});

describe('RemoveSubnetValidatorTx (remove_subnet_validator_tx.go SyntacticVerify, verifyRemoveSubnetValidatorTx)', () => {
  it('refuses the primary network as the subnet to remove from', async () => {
    expect(await remove(LONG, { subnetID: EMPTY_ID })).toMatch(executor("can't remove primary network validator with RemoveSubnetValidatorTx"));
  });

  it("refuses a node that does not validate the subnet; removing one that does commits and it leaves the subnet's set", async () => {
    expect(await remove(STRANGER)).toMatch(executor(`${STRANGER} isn't a current or pending validator of ${SUBNET}: not found`));
    expect(await members(SUBNET)).toContain(SHORT);
    expect(await remove(SHORT, { price: 0n })).toMatch(/failed execution: flow check failed: insufficient unlocked funds: needs \d+ more /);
    expect(await remove(SHORT)).toBe('');
    expect(await members(SUBNET)).not.toContain(SHORT);
  });
});

/** A new subnet (CreateSubnetTx) owned by `subnetOwner`, committed. */
async function createSubnet(subnetOwner = owner): Promise<string> {
  const sent = await sendTx(client, { build: buildCreateSubnetTx, params: { owner: subnetOwner }, keys: [EWOQ.privateKey], wait: false });
  server.control.mine();
  return sent.txID;
}
