// The decoded objects against the spec's JSON Schemas for platform.getTx and platform.getBlock
// (spec/src/schemas/txs.yaml, blocks.yaml, through the generated validators): the codec and the
// spec describe the same node answers, so each must accept what the other produces.
import { describe, expect, it } from 'vitest';
import { validateResult } from '@avanode/validators';
import { decodeBlock, decodeTx, decodeUnsignedTx, encodeTx, fromHex } from '@avanode/codec';
import { goVectors, plain, readRecordings } from './helpers.js';

const known = (method: string) => !validateResult(method, {}).errors?.some((e) => e.message.startsWith('unknown method'));
// uint64 members above 2^53 are bigints here; on the wire they are bare JSON numbers, which the
// spec's `uint64` schema describes as a number or a decimal string.
const wire = (value: unknown) => JSON.parse(JSON.stringify(plain(value), (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))) as unknown;

const txs = [
  ...readRecordings('platform.getTx')
    .filter((r) => r.request.params?.encoding === 'json')
    .map((r) => ({ name: r.file, tx: decodeTx(encodeTx(r.response.result!.tx as never)) })),
  ...goVectors
    .filter((v) => v.kind === 'unsignedTx')
    .map((v) => {
      const unsignedTx = decodeUnsignedTx(fromHex(v.hex), { network: v.network ?? 1 });
      return { name: `${v.source} ${v.name}`, tx: decodeTx(encodeTx({ unsignedTx, credentials: [] })) };
    }),
];
const blocks = [
  ...readRecordings('platform.getBlock')
    .filter((r) => r.request.params?.encoding === 'hex')
    .map((r) => ({ name: r.file, block: decodeBlock(r.response.result!.block as string) })),
  ...goVectors.filter((v) => v.kind === 'block').map((v) => ({ name: `${v.source} ${v.name}`, block: decodeBlock(fromHex(v.hex)) })),
];

describe.skipIf(!known('platform.getTx'))('spec: platform.getTx json results', () => {
  for (const { name, tx } of txs) {
    it(`${name} (${tx.unsignedTx.type})`, () => {
      expect(validateResult('platform.getTx', { tx: wire(tx), encoding: 'json' })).toEqual({ ok: true });
    });
  }
});

describe.skipIf(!known('platform.getBlock'))('spec: platform.getBlock / getBlockByHeight json results', () => {
  for (const { name, block } of blocks) {
    it(`${name} (${block.type})`, () => {
      expect(validateResult('platform.getBlock', { block: wire(block), encoding: 'json' })).toEqual({ ok: true });
      expect(validateResult('platform.getBlockByHeight', { block: wire(block), encoding: 'json' })).toEqual({ ok: true });
    });
  }
});
