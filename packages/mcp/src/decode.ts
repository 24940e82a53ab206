// `avanode_decode`: P-chain bytes as the node prints them (hex answers of getTx, getBlock,
// getUTXOs… with the default `encoding: "hex"`), read with @avanode/codec into the node's JSON shape.
import { decodeBlock, decodeTx, decodeUtxo } from '@avanode/codec';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { standardSchema } from './schemas.js';

export const DECODE_TOOL = 'avanode_decode';

const decoders = { tx: decodeTx, block: decodeBlock, utxo: decodeUtxo } as const;

const INPUT = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: Object.keys(decoders), description: 'What the bytes are: a signed tx (getTx), a block (getBlock, getBlockByHeight) or a UTXO (getUTXOs, getRewardUTXOs).' },
    hex: { type: 'string', pattern: '^0x[0-9a-fA-F]*$', maxLength: 4_000_000, description: 'The bytes as the node sends them with encoding "hex": 0x and hex digits (with or without the 4-byte checksum).' },
    network: { description: 'The network addresses print with (an ID such as 1 or 5, or a name such as "fuji"); by default the one inside the tx, else mainnet.', anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', maxLength: 32 }] },
  },
  required: ['kind', 'hex'],
  additionalProperties: false,
};

const OUTPUT = {
  type: 'object',
  properties: { kind: { type: 'string' }, decoded: { type: 'object', description: 'What the node prints with encoding "json".' } },
  required: ['kind', 'decoded'],
};

/** The decoded value as plain JSON: 64-bit integers the codec gives as bigints become decimal strings. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v))) as Record<string, unknown>;

export const decodeTool = {
  config: {
    title: 'Decode P-chain bytes',
    description: 'Decodes a hex tx, block or UTXO of the P-chain (as getTx, getBlock or getUTXOs answer with encoding "hex") into the JSON the node prints with encoding "json". Runs locally; sends nothing.',
    inputSchema: standardSchema(INPUT),
    outputSchema: standardSchema(OUTPUT),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  run(args: unknown): CallToolResult {
    const { kind, hex, network } = args as { kind: keyof typeof decoders; hex: string; network?: number | string };
    try {
      const decoded = asJson(decoders[kind](hex, network === undefined ? undefined : { network: network as never }));
      // The text is the structured content's JSON, for clients that pass only text to the model.
      const structuredContent = { kind, decoded };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    } catch (error) {
      return { content: [{ type: 'text', text: `hex: not a P-chain ${kind}: ${(error as Error).message}` }], isError: true };
    }
  },
};
