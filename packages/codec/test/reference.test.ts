// The committed codec reference (docs/codec) is what scripts/reference.mjs renders from the type
// table today: a type, a field or a type ID changed without `pnpm --filter @avanode/codec
// reference` fails here, and so does a page left over from a removed type.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GO_SOURCES, GO_SOURCE_TAGS } from '../src/pchain/sources.js';
import { containers, registry } from '../src/pchain/types.js';
// @ts-expect-error a plain ESM script, without declarations
import { referenceDir, renderReference } from '../scripts/reference.mjs';

const files = renderReference({ registry, containers, sources: GO_SOURCES, tags: GO_SOURCE_TAGS }) as Map<string, string>;

describe('docs/codec', () => {
  it('has a page per registered type and container, an index and a sidebar', () => {
    const registered = registry.byId.filter(Boolean).length;
    expect(registered).toBe(41);
    expect(files.size).toBe(registered + containers.length + 2);
    expect(readdirSync(referenceDir).sort()).toEqual([...files.keys()].sort());
    // Each type has its Go file, and no Go file is listed for a type the table lacks.
    const names = [...registry.byId.filter(Boolean).map((e) => e!.name), ...containers.map((c) => c.name)];
    expect(Object.keys(GO_SOURCES).sort()).toEqual(names.sort());
  });

  for (const [name, text] of files) {
    it(`${name} is up to date`, () => {
      const path = join(referenceDir, name);
      expect(existsSync(path), `${path} is missing: run pnpm --filter @avanode/codec reference`).toBe(true);
      expect(readFileSync(path, 'utf8'), 'run pnpm --filter @avanode/codec reference').toBe(text);
    });
  }

  it('lists each type\'s fields in wire order, with its type ID and Go file', () => {
    const page = files.get('ConvertSubnetToL1Tx.md')!;
    expect(page).toContain('| type ID | 35 |');
    expect(page).toContain('vms/platformvm/txs/convert_subnet_to_l1_tx.go');
    const members = [...page.matchAll(/^\| \d+ \| `(\w+)`/gm)].map((m) => m[1]);
    expect(members).toEqual(['networkID', 'blockchainID', 'outputs', 'inputs', 'memo', 'subnetID', 'chainID', 'address', 'validators', 'subnetAuthorization']);
    expect(page).toContain('| `validators[].nodeID` | []byte: uint32 length, then the bytes | `0x` hex |');
  });

  it('links a type a later release adds at that release, and says so', () => {
    const page = files.get('AddAutoRenewedValidatorTx.md')!;
    expect(page).toContain('| type ID | 40 |');
    expect(page).toContain('https://github.com/ava-labs/avalanchego/blob/v1.15.0-fuji/vms/platformvm/txs/add_auto_renewed_validator_tx.go');
    expect(page).toContain('| since | avalanchego v1.15.0-fuji');
    expect(files.get('index.md')).toContain('| 42 | [RewardAutoRenewedValidatorTx](./RewardAutoRenewedValidatorTx.md) (v1.15.0-fuji) |');
    expect(files.get('ConvertSubnetToL1Tx.md')).not.toContain('| since |');
  });
});
