// Numbers are never rounded: 2^63 − 1 sent as a number or as a string arrives exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { raw, startNodeDouble, type NodeDouble } from './node-double.ts';

const MAX_INT64 = '9223372036854775807';
let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

/** Answers with a body written by hand, so numbers beyond 2^53 are on the wire as written. */
const answerText = (result: string) => node.answer((request, res) => res.writeHead(200).end(`{"jsonrpc":"2.0","id":${(request.json as { id: number }).id},"result":${result}}`));

describe('64-bit integers', () => {
  it('with bigint: true, 2^63 − 1 arrives exact as a bigint, sent as a number or as a string', async () => {
    const client = createClient({ url: node.url, bigint: true });
    answerText(`{"height":${MAX_INT64}}`);
    expect(await client.platform.getHeight()).toEqual({ height: 2n ** 63n - 1n });
    answerText(`{"height":"${MAX_INT64}"}`);
    expect(await client.platform.getHeight()).toEqual({ height: 2n ** 63n - 1n });
  });

  it('with bigint: true, nested and mapped uint64s become bigints and other values stay', async () => {
    const client = createClient({ url: node.url, bigint: true });
    answerText(`{"validators":[{"txID":"2R7m35wELWVawAQuNpbYM4Lsj2dUCSz73Lu2MjtTmTWgaivCGN","startTime":"1","endTime":2,"nodeID":"NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf","weight":${MAX_INT64},"delegationFee":"2.0000","delegators":[{"txID":"x","startTime":"3","endTime":"4","weight":"5","nodeID":"n","rewardOwner":{"locktime":"0","threshold":"1","addresses":[]},"potentialReward":"6"}]}]}`);
    const { validators } = await client.platform.getCurrentValidators();
    const [v] = validators as Array<Record<string, unknown>>;
    expect(v).toMatchObject({ startTime: 1n, endTime: 2n, weight: 2n ** 63n - 1n, delegationFee: '2.0000' });
    expect((v!.delegators as Array<Record<string, unknown>>)[0]).toMatchObject({ weight: 5n, potentialReward: 6n, rewardOwner: { locktime: 0n, threshold: '1' } });
    answerText(`{"acps":{"77":{"supportWeight":"10","supporters":[],"objectWeight":0,"objectors":[],"abstainWeight":"${MAX_INT64}"}}}`);
    expect((await client.info.acps()).acps['77']).toEqual({ supportWeight: 10n, supporters: [], objectWeight: 0n, objectors: [], abstainWeight: 2n ** 63n - 1n });
  });

  it('by default, values stay as sent, and an integer beyond 2^53 sent as a number arrives as its exact string', async () => {
    const client = createClient({ url: node.url });
    answerText(`{"height":"${MAX_INT64}"}`);
    expect(await client.platform.getHeight()).toEqual({ height: MAX_INT64 });
    answerText(`{"height":${MAX_INT64}}`);
    expect(await client.platform.getHeight()).toEqual({ height: MAX_INT64 });
    answerText('{"height":9007199254740991}');
    expect(await client.platform.getHeight()).toEqual({ height: 9007199254740991 });
    answerText('{"weights":[1,1000,1000,4],"maxCapacity":1000000,"maxPerSecond":100000,"targetPerSecond":50000,"minPrice":1,"excessConversionConstant":2164043}');
    expect((await client.platform.getFeeConfig()).weights).toEqual([1, 1000, 1000, 4]);
  });

  it('does not touch long digit runs inside strings, nor floats', async () => {
    answerText('{"block":"0x123456789012345678901234567890","encoding":"hex","x":1.2345678901234567e+25,"y":"a:12345678901234567890"}');
    expect(await createClient({ url: node.url }).platform.getBlock({ blockID: '2pHYCUyWzisQdghNZGgAb5eiDzn8xBNKBS2jN9prL37ksH7q1f' })).toEqual({
      block: '0x123456789012345678901234567890', encoding: 'hex', x: Number('1.2345678901234567e+25'), y: 'a:12345678901234567890',
    });
  });

  it('finds an unsafe integer at any depth, even one too deep to walk', async () => {
    const client = createClient({ url: node.url });
    answerText(`{"a":[{"b":[[1,-${MAX_INT64}]]}]}`);
    expect(await client.request('platform.getHeight')).toEqual({ a: [{ b: [[1, `-${MAX_INT64}`]] }] });
    // Deeper than the call stack allows a recursive walk; JSON.parse itself copes.
    const depth = 200_000;
    answerText(`${'['.repeat(depth)}${MAX_INT64}${']'.repeat(depth)}`);
    let value = await client.request('platform.getHeight');
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0] as never;
    expect(value).toBe(MAX_INT64);
  });

  it('sends a bigint param as an exact JSON number', async () => {
    answerText('{"validators":{}}');
    await createClient({ url: node.url }).platform.getValidatorsAt({ height: 2n ** 63n - 1n as unknown as string });
    expect(node.received.at(-1)!.body).toContain(`"height":${MAX_INT64}`);
  });

  it('a bigint uint64 param is checked, with validate: true, as the integer it is sent as', async () => {
    answerText('{"block":"0x00000000aa","encoding":"hex"}');
    const client = createClient({ url: node.url, validate: true });
    await client.platform.getBlockByHeight({ height: 2n ** 64n - 1n, encoding: 'hex' });
    expect(node.received.at(-1)!.body).toContain('"height":18446744073709551615');
    const before = node.received.length;
    for (const height of [2n ** 64n, -1n]) {
      await expect(client.platform.getBlockByHeight({ height, encoding: 'hex' })).rejects.toMatchObject({ name: 'ParamsValidationError', path: '/height' });
    }
    expect(node.received.length).toBe(before);
  });

  it('with validate: true, each member is checked in the form the node writes it', async () => {
    const client = createClient({ url: node.url, validate: true, retry: false });
    // json.Uint64 (utils/json/uint64.go): a decimal string; as a bare number no node sends it.
    answerText('{"height":1204}');
    await expect(client.platform.getHeight()).rejects.toMatchObject({
      name: 'ResponseValidationError',
      path: '/height',
      message: expect.stringContaining('unexpected result at /height: must be a uint64 decimal string (0 to 18446744073709551615)'),
    });
    answerText('{"height":"1204"}');
    expect(await client.platform.getHeight()).toEqual({ height: '1204' });
    // A plain Go uint64 (gas.Gas): a bare number, exact beyond 2^53 (its decimal string without bigint, a bigint with it).
    const feeState = (capacity: string) => `{"capacity":${capacity},"excess":0,"price":1,"timestamp":"2026-11-20T10:15:00Z"}`;
    answerText(feeState('18446744073709551615'));
    expect((await client.platform.getFeeState()).capacity).toBe('18446744073709551615');
    answerText(feeState('18446744073709551615'));
    expect((await createClient({ url: node.url, validate: true, bigint: true }).platform.getFeeState()).capacity).toBe(2n ** 64n - 1n);
    answerText(feeState('"1000"'));
    await expect(client.platform.getFeeState()).rejects.toMatchObject({ name: 'ResponseValidationError', path: '/capacity' });
  });

  it('the health GET answer decodes its uint64s too', async () => {
    node.answer(raw(200, `{"checks":{"P":{"timestamp":"2026-11-20T10:15:00Z","duration":${MAX_INT64}}},"healthy":true}`));
    const answer = await createClient({ url: node.url, bigint: true }).health.get();
    expect(answer.checks.P!.duration).toBe(2n ** 63n - 1n);
  });
});
